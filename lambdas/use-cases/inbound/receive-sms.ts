/**
 * What arrives from the SMS provider's webhook: a text, voice messages, or both. This module sorts an
 * incoming message into its parts and hands each on (voice messages to `voice.ts`, what the text asks for to
 * `text-commands.ts`); the work on a voice message happens afterwards, in the pipeline.
 */
import * as z from 'zod';
import { isAudioMime } from '#core/audio/audio-format';
import { classifyInboundText } from '#core/commands/keywords';
import { DAY_MS } from '#core/delivery/day-window';
import type { AudioStore } from '../../ports/audio-store';
import type { ConsentRecordRepository } from '../../ports/consent-record-repository';
import type { Counters } from '../../ports/counters';
import type { OptOutRepository } from '../../ports/opt-out-repository';
import type { PhoneRegions } from '../../ports/phone-regions';
import type { PipelineStarter } from '../../ports/pipeline-starter';
import type { Providers } from '../../ports/providers';
import type { SenderPreferencesRepository } from '../../ports/sender-preferences';
import type { SentTextRepository } from '../../ports/sent-text-repository';
import type { SettingsRepository } from '../../ports/settings-repository';
import type {
  CardLinkStore,
  DeleteCodeStore,
  PendingSmsConsents,
  UploadCodeStore,
} from '../../ports/short-lived-codes';
import type { SignupRepository } from '../../ports/signup-repository';
import type { MessageChangeDeps } from '../message-changes';
import type { UsageDeps } from '../usage';
import { answerText, honourOptOut, type TextAnswer } from './text-commands';
import { receiveVoice, type VoiceAttachment } from './voice';

/** What the webhook uses. */
export type InboundDeps = MessageChangeDeps &
  UsageDeps & {
    /** DELETE erases the sender's stored audio. */
    readonly audio: AudioStore;
    /** The limits (voice messages a day, segments an hour and a day, one how-to a day) and the replay guard. */
    readonly counters: Counters;
    /** The limits an operator set (Settings), and the countries replies may go to. */
    readonly settings: SettingsRepository;
    readonly optOuts: OptOutRepository;
    /** What each sender chose by text (LANG): the answers' language; LANG writes it, DELETE erases it. */
    readonly preferences: SenderPreferencesRepository;
    /** Which country a number is in (texts go only to the countries Settings allows). */
    readonly phoneRegions: PhoneRegions;
    readonly pipeline: PipelineStarter;
    /** Texts, and Twilio's media API: DELETE erases media Twilio still holds for us. */
    readonly providers: Pick<Providers, 'smsSender' | 'mediaFetcher'>;
    readonly serviceName: string;
    readonly contactEmail: string;
    /** UPLOAD: the pending links, and the site they are on. */
    readonly uploadCodes: UploadCodeStore;
    readonly siteUrl: string;
    /** FULL's texts are recorded on the message they carry (their SID -> message link). */
    readonly sentTexts: SentTextRepository;
    /** DELETE: each number's pending code (it erases only with the code it texted). */
    readonly deleteCodes: DeleteCodeStore;
    /** DELETE: the links of its messages' MMS attachments go with them. */
    readonly cardLinks: Pick<CardLinkStore, 'revokeAll'>;
    /** YES: the sign-ups waiting for this phone's confirmation, and their records. */
    readonly pendingConsents: PendingSmsConsents;
    readonly signups: Pick<SignupRepository, 'confirmSms'>;
    readonly consents: Pick<ConsentRecordRepository, 'append'>;
    readonly warn: (message: string, details?: Record<string, unknown>) => void;
  };

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
   * a keyword's action, `usage` or `unsupported-media` (a how-to, at most one a day, and a record of it),
   * `opted-out-sender` (only a record), or `replay` (a text webhook seen before: nothing done).
   */
  readonly action: TextAnswer | 'opt-out' | 'replay';
  /** Voice messages kept untranscribed because the sender is past today's limit. */
  readonly overLimit?: number;
};

/** How long a text webhook's MessageSid is remembered: far beyond Twilio's retries, short enough to expire. */
export const REPLAY_WINDOW_DAYS = 7;

/**
 * An incoming SMS/MMS (already signature-checked).
 *
 * - An opt-out (a keyword, or the sender's own words such as "please stop texting me") is honoured whatever
 *   comes with it: recorded, nothing attached is processed, and only the own-words kind is confirmed (once:
 *   Twilio confirms its keywords itself).
 * - DELETE texts a one-time code; DELETE with that code, within 10 minutes, erases the sender's voice
 *   messages, audio and preferences and says so.
 * - LANG sets, shows or clears the language the sender's replies are written in; MODE their reply mode;
 *   SPELL their list of words to spell right; FULL texts the transcript of their latest voice message.
 * - Each audio attachment becomes one message: within the sender's voice messages a day it is handed to the
 *   pipeline; past it, it is kept on the dashboard as failed (an operator can retry it) and the sender gets
 *   one notice a day (while auto-reply is on). A retried webhook (same MessageSid) finds its messages and starts nothing new.
 * - START and HELP are answered (YES also confirms the sign-ups waiting for this phone's confirmation); any other text, or an attachment that is not audio, gets a how-to, once a
 *   day per sender, and is kept on the dashboard as failed, with what we answered (refused.ts); from a number
 *   that opted out it is only kept there.
 * - A text's MessageSid is remembered, so a replayed webhook (a captured START, say) does nothing.
 */
export async function receiveSms(
  deps: InboundDeps,
  form: z.output<typeof twilioWebhookSchema>,
): Promise<InboundResult> {
  const from = form.From;
  const kind = classifyInboundText(form.Body);
  if (kind === 'opt-out' || kind === 'revocation') {
    await honourOptOut(deps, from, kind);
    return { messageIds: [], created: 0, action: 'opt-out' };
  }

  const media: VoiceAttachment[] = [];
  for (let i = 0; i < form.NumMedia; i++) {
    const url = form[`MediaUrl${i}`];
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) continue;
    const contentType = form[`MediaContentType${i}`];
    media.push({ url, contentType: typeof contentType === 'string' ? contentType : null });
  }
  const audio = media.filter((m) => isAudioMime(m.contentType));

  // Voice messages are idempotent by their ids (MessageSid and index); everything else by the MessageSid.
  const voice = audio.length > 0 && kind !== 'delete' ? await receiveVoice(deps, form, audio) : null;
  if (voice && (kind === 'other' || kind === 'empty')) return { ...voice, action: 'voice' };
  const textAction = await onceForSid(deps, form.MessageSid, () =>
    answerText(deps, from, kind, media, audio, form.Body, form.MessageSid),
  );
  if (voice) return { ...voice, action: 'voice' };
  return { messageIds: [], created: 0, action: textAction ?? 'replay' };
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
