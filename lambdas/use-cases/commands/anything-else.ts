/**
 * What answers anything else (issue 26): an incoming message that holds no voice message and asks for no
 * command, that is an attachment that is not audio, a text that is no command, or either from a number that
 * opted out. The sender gets a how-to (at most one a day, never after STOP), the attachments are deleted at
 * Twilio (nothing fetches them), and it is kept on the record (core/messages/refused-inbound.ts) and counted
 * in usage. The record is a failed message that nothing starts, retries or counts against the voice messages
 * a day.
 */

import { dayWindow } from '#core/delivery/day-window';
import type { Message } from '#core/messages/message';
import { newMessage } from '#core/messages/new-message';
import {
  mergeContentTypes,
  REFUSAL_WORDS,
  type RefusalReason,
  type RefusedKind,
  refusedContentType,
  refusedTextExcerpt,
} from '#core/messages/refused-inbound';
import type { InboundRefusal } from '#core/messages/refused-inbound-schema';
import type { UsageCount } from '#core/operator/usage';
import { USAGE_TEXT, unsupportedMediaText } from '#core/texts/service-texts';
import type { Providers } from '../../ports/providers';
import type { VoiceAttachment } from '../inbound/voice';
import { changeMessage, createMessage, type MessageChangeDeps } from '../message-changes';
import { refusalReason } from '../outbound-sms';
import { type PreferencesReader, senderLanguage } from '../sender-language';
import { countUsage } from '../usage';
import { type AnswerTurn, type AskedText, type ReplyDeps, replyTo } from './text-command';

/** What refusing uses: the messages (the record), the gate (the how-to), Twilio's media API and the LANG. */
export type AnythingElseDeps = MessageChangeDeps &
  ReplyDeps & {
    readonly providers: Pick<Providers, 'smsSender' | 'mediaFetcher'>;
    readonly preferences: PreferencesReader;
    readonly serviceName: string;
  };

/** What the webhook reports it did: a how-to (or the not-audio text), or nothing for a number that opted out. */
export type RefusedAction = 'usage' | 'unsupported-media' | 'opted-out-sender';

/**
 * The table's last word: a text that is no command (or attachments none of them audio), answered only when
 * no voice message came with it. `sid` is the record's id when it is the first of its kind that day.
 */
export const anythingElse: {
  readonly turn: AnswerTurn;
  readonly answer: (deps: AnythingElseDeps, text: AskedText) => Promise<RefusedAction>;
} = { turn: 'unless-voice', answer: refuseInbound };

/** The usage counter each reason raises. */
const COUNTED_AS: Readonly<Record<RefusalReason, UsageCount>> = {
  'not-audio': 'refused_attachments',
  'not-a-command': 'unknown_texts',
  'opted-out': 'opted_out_messages',
};

/** What we answered: the text sent, or null with the reason in the operator's words. */
type Answer = { readonly text: string } | { readonly text: null; readonly note: string | null };

/**
 * Answers (unless the number opted out), deletes the attachments at Twilio, keeps it on the record and counts
 * it. The caller runs this once per MessageSid (the webhook's replay guard).
 */
export async function refuseInbound(deps: AnythingElseDeps, inbound: AskedText): Promise<RefusedAction> {
  const kind: RefusedKind = inbound.media.length > 0 ? 'attachment' : 'text';
  const optedOut = (await deps.optOuts.get(inbound.from)) !== null;
  const reason: RefusalReason = optedOut
    ? 'opted-out'
    : kind === 'attachment'
      ? 'not-audio'
      : 'not-a-command';
  await deleteAtProvider(deps, inbound.media);
  const answer: Answer = optedOut ? { text: null, note: null } : await answerHowTo(deps, inbound.from, kind);
  await keepOnRecord(deps, inbound, reason, kind, answer);
  await countUsage(deps, { [COUNTED_AS[reason]]: 1 });
  return optedOut ? 'opted-out-sender' : kind === 'attachment' ? 'unsupported-media' : 'usage';
}

/** The how-to (or, for attachments, the formats that work), at most once a number a UTC day, through the gate. */
async function answerHowTo(deps: AnythingElseDeps, from: string, kind: RefusedKind): Promise<Answer> {
  const { day, expires } = dayWindow(deps.clock());
  if (!(await deps.counters.take(`howto#${from}#${day}`, 1, expires))) {
    return {
      text: null,
      note: 'Not answered: a number gets this answer once a day, and this one had it already.',
    };
  }
  const language = await senderLanguage(deps.preferences, from);
  const body = kind === 'text' ? USAGE_TEXT(deps.serviceName, language) : unsupportedMediaText(language);
  const outcome = await replyTo(deps, from, body, 'how-to');
  if (outcome?.status === 'sent') return { text: body };
  const why = outcome ? refusalReason(outcome) : 'The text could not be sent (the logs say why).';
  return { text: null, note: `Not answered: ${why.charAt(0).toLowerCase()}${why.slice(1)}` };
}

/**
 * Media nothing will fetch is deleted at Twilio at once, all in parallel: we keep no picture, and Twilio
 * should not either. A failed delete is logged; the webhook goes on.
 */
async function deleteAtProvider(deps: AnythingElseDeps, media: readonly VoiceAttachment[]): Promise<void> {
  if (media.length === 0) return;
  const fetcher = await deps.providers.mediaFetcher();
  const results = await Promise.allSettled(media.map((item) => fetcher.delete(item.url)));
  for (const result of results) {
    if (result.status === 'fulfilled') continue;
    deps.warn('A refused attachment could not be deleted at Twilio', {
      reason: result.reason instanceof Error ? result.reason.message : String(result.reason),
    });
  }
}

/**
 * One record a number a UTC day a reason: the first creates it (its MessageSid the id), the next ones that
 * day add to its count, latest text and types. Two arriving at the same moment may make two records.
 */
async function keepOnRecord(
  deps: AnythingElseDeps,
  inbound: AskedText,
  reason: RefusalReason,
  kind: RefusedKind,
  answer: Answer,
): Promise<void> {
  const now = deps.clock();
  const types = inbound.media.map((item) => refusedContentType(item.contentType));
  // A number that opted out asked for silence: not a word of what it sends is kept.
  const text = reason === 'opted-out' ? null : refusedTextExcerpt(inbound.body);
  const today = await todaysRecord(deps, inbound.from, reason, kind, now);
  if (today) {
    const refusal: InboundRefusal = {
      ...today.refusal,
      content_types: mergeContentTypes(today.refusal.content_types, types),
      text: text ?? today.refusal.text,
      count: today.refusal.count + 1,
      last_at: now,
    };
    await changeMessage(deps, today.id, { whileIn: ['failed'], patch: { refusal } });
    return;
  }
  const note = answer.text === null ? answer.note : null;
  await createMessage(
    deps,
    newMessage({
      id: inbound.sid,
      created_at: now,
      sender: inbound.from,
      phone_number: inbound.from,
      audio_url: null,
      source: 'sms',
      status: 'failed',
      error_message: note ? `${REFUSAL_WORDS[reason]} ${note}` : REFUSAL_WORDS[reason],
      error_retryable: false,
      refusal: {
        reason,
        kind,
        content_types: mergeContentTypes([], types),
        text,
        count: 1,
        last_at: now,
        answered: answer.text,
      },
    }),
  );
}

/** Today's record of this number for this reason, read from the number's own index. */
async function todaysRecord(
  deps: AnythingElseDeps,
  from: string,
  reason: RefusalReason,
  kind: RefusedKind,
  now: string,
): Promise<(Message & { readonly refusal: InboundRefusal }) | null> {
  const dayStart = `${dayWindow(now).day}T00:00:00.000Z`;
  const page = await deps.messages.listPage({ sender: from, from: dayStart, kind }, 10);
  const found = page.messages.find((message) => message.refusal?.reason === reason);
  return found?.refusal ? { ...found, refusal: found.refusal } : null;
}
