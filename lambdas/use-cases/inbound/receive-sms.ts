/**
 * What arrives from the SMS provider's webhook: a text, voice messages, or both. This module sorts an
 * incoming message into its parts and hands each on (voice messages to `voice.ts`, what the text asks for to
 * its entry in the table of texted commands, use-cases/commands/command-table.ts); the work on a voice
 * message happens afterwards, in the pipeline.
 */
import * as z from 'zod';
import { isAudioMime } from '#core/audio/audio-format';
import { DAY_MS } from '#core/delivery/day-window';
import { refuseInbound } from '../commands/anything-else';
import { type TextAnswer, type TextAsked, type TextCommandDeps, textAsked } from '../commands/command-table';
import { receiveVoice, type VoiceAttachment, type VoiceDeps } from './voice';

/** What the webhook uses: what its voice messages use, and what each texted command's entry uses. */
export type InboundDeps = VoiceDeps & TextCommandDeps;

/** Twilio's incoming-message webhook form (the fields we use; Twilio sends more). */
export const twilioWebhookSchema = z.looseObject({
  MessageSid: z
    .string({ error: 'MessageSid is missing.' })
    .regex(/^[A-Za-z0-9]{10,64}$/, { error: 'MessageSid is not a Twilio message id.' }),
  From: z.string({ error: 'From is missing.' }).min(1).max(64),
  To: z.string().max(64).optional(),
  Body: z.string().max(5000).optional(),
  NumMedia: z.coerce.number().int().min(0).max(10).default(0),
});

export type InboundResult = {
  /** Messages created (or found again, for a retried webhook) for the audio attachments. */
  readonly messageIds: readonly string[];
  /** How many of them are new (a retried webhook creates none). */
  readonly created: number;
  /**
   * What the service did: `voice` (audio handed to the pipeline, or kept untranscribed past the daily limit),
   * a command's action (`opt-out` for STOP), `usage` or `unsupported-media` (a how-to, at most one a day, and
   * a record of it), `opted-out-sender` (only a record), or `replay` (a text webhook seen before: nothing done).
   */
  readonly action: TextAnswer | 'voice' | 'replay';
  /** Voice messages kept untranscribed because the sender is past today's limit. */
  readonly overLimit?: number;
};

/** How long a text webhook's MessageSid is remembered: far beyond Twilio's retries, short enough to expire. */
export const REPLAY_WINDOW_DAYS = 7;

/**
 * An incoming SMS/MMS (already signature-checked). What its text asks for is found in the table of texted
 * commands, and answered in its entry's turn beside the voice messages that came with it:
 *
 * - An opt-out (STOP, its synonyms, or the sender's own words such as "please stop texting me") is honoured
 *   before anything and whatever comes with it: nothing attached is processed.
 * - Voice messages from a number that opted out are not processed (issue 31): unless the text is START, they
 *   are kept on the record as refused (one record a number a day, counted in usage as opted-out messages) and
 *   deleted at Twilio, never fetched; a command sent with them is still answered in its turn.
 * - Each audio attachment becomes one message: within the sender's voice messages a day it is handed to the
 *   pipeline; past it, it is kept on the dashboard as failed (an operator can retry it) and the sender gets
 *   one notice a day (while auto-reply is on). A retried webhook (same MessageSid) finds its messages and
 *   starts nothing new. DELETE keeps none: it erases.
 * - Any other command is answered once per MessageSid, so a replayed webhook (a captured START, say) does
 *   nothing; a text that is no command, or attachments none of them audio, get a how-to and are kept on the
 *   record (commands/anything-else.ts), unless a voice message came with them.
 */
export async function receiveSms(
  deps: InboundDeps,
  form: z.output<typeof twilioWebhookSchema>,
): Promise<InboundResult> {
  const asked = textAsked(form.Body);
  const media: VoiceAttachment[] = [];
  for (let i = 0; i < form.NumMedia; i++) {
    const url = form[`MediaUrl${i}`];
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) continue;
    const contentType = form[`MediaContentType${i}`];
    media.push({ url, contentType: typeof contentType === 'string' ? contentType : null });
  }
  const text = { from: form.From, sid: form.MessageSid, body: form.Body, media };
  if (asked.turn === 'before-anything') {
    return { messageIds: [], created: 0, action: await asked.answer(deps, text) };
  }

  const audio = media.filter((m) => isAudioMime(m.contentType));
  if (audio.length > 0 && (await refusesVoice(deps, form.From, asked))) {
    const action = await onceForSid(deps, form.MessageSid, async () => {
      const refused = await refuseInbound(deps, text);
      return asked.name === null ? refused : await asked.answer(deps, text);
    });
    return { messageIds: [], created: 0, action: action ?? 'replay' };
  }
  // Voice messages are idempotent by their ids (MessageSid and index); everything else by the MessageSid.
  const voice =
    audio.length > 0 && asked.turn !== 'instead-of-voice' ? await receiveVoice(deps, form, audio) : null;
  if (voice && asked.turn === 'unless-voice') return { ...voice, action: 'voice' };
  const textAction = await onceForSid(deps, form.MessageSid, () => asked.answer(deps, text));
  if (voice) return { ...voice, action: 'voice' };
  return { messageIds: [], created: 0, action: textAction ?? 'replay' };
}

/**
 * Whether the voice messages that came with this text are refused: the number opted out and the text is not
 * START (which takes it back, so what it sends is processed). DELETE keeps no voice message either way.
 */
async function refusesVoice(deps: InboundDeps, from: string, asked: TextAsked): Promise<boolean> {
  if (asked.name === 'START' || asked.turn === 'instead-of-voice') return false;
  return (await deps.optOuts.get(from)) !== null;
}

/**
 * Runs `act` unless this MessageSid was handled before (then null). The sid is taken first, so a replay
 * arriving meanwhile does nothing, and given back when `act` fails, so Twilio's retry is not taken for one.
 */
async function onceForSid<T>(deps: InboundDeps, sid: string, act: () => Promise<T>): Promise<T | null> {
  const key = `sid#${sid}`;
  const expires = new Date(Date.parse(deps.clock()) + REPLAY_WINDOW_DAYS * DAY_MS).toISOString();
  if (!(await deps.counters.take(key, 1, expires))) return null;
  try {
    return await act();
  } catch (error) {
    await deps.counters.giveBack(key).catch(() => {});
    throw error;
  }
}
