/**
 * DecideReply and SendReply: whether the sender gets the summary by SMS (auto-reply, then the outbound gate's
 * checks), and sending it, part by part, through the gate.
 */

import type { Message } from '#core/messages/message';
import { REPLY_LIMIT_LEADS } from '#core/messages/message-outcome';
import { SupersededError } from '#core/messages/pipeline-errors';
import type { AccentedLetters } from '#core/operator/settings';
import { textLanguage } from '#core/texts/catalogue';
import { composeReply } from '#core/texts/service-texts';
import { segmentCount, withAccentedLetters } from '#core/texts/sms-text';
import { callerIdOf } from '#core/texts/voice-reply';
import { effectiveUrgency } from '#core/urgency/urgency-schema';
import type { Counters } from '../../ports/counters';
import { type ReplyCardDeps, replyCardUrls } from '../card-attachments';
import { recordSentText, type SentTextDeps } from '../delivery-status';
import type { MessageChangeDeps } from '../message-changes';
import { createMessageLink } from '../message-link';
import {
  type OutboundCheckDeps,
  outboundRefusal,
  type Refusal,
  refusalReason,
  sendText,
} from '../outbound-sms';
import { currentSettings } from '../settings';
import { loadOwned, type PipelineState, record } from './state';

/**
 * What DecideReply uses: the message (read only: it changes nothing, so it publishes nothing), the settings
 * (auto-reply) and what the outbound gate checks (opt-outs, reply countries, an SMS provider).
 */
export type ReplyDecisionDeps = Pick<MessageChangeDeps, 'messages'> & OutboundCheckDeps;

/**
 * What SendReply uses: DecideReply's, the message changes it publishes, the service name the texts carry, the
 * counters behind the gate's segment caps, where each text's SID is recorded (its delivery status), and the
 * site's URL the message's link is on.
 */
export type SendReplyDeps = ReplyDecisionDeps &
  SentTextDeps &
  /** The sender's CARDS choice, and the links of the files the first text carries. */
  Omit<ReplyCardDeps, 'settings' | 'clock'> & {
    readonly serviceName: string;
    readonly counters: Counters;
    readonly siteUrl: string;
  };

/** What the card says when a reply stopped at a segment cap or the service's budget (after `sent` parts). */
export const REPLY_LIMIT_WARNING = (refusal: SegmentRefusal, sent: number) =>
  `${REPLY_LIMIT_LEADS[sent === 0 ? 'none' : 'rest']}: ${lowerFirst(refusalReason(refusal))}`;

type SegmentRefusal = Extract<Refusal, { status: 'limit-reached' | 'budget-spent' }>;

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Whether (and why not) this message may be answered by SMS right now: auto-reply, then the gate's checks. */
async function replyDecision(
  deps: ReplyDecisionDeps,
  message: Message,
): Promise<{ send: boolean; reason: string }> {
  const settings = await currentSettings(deps);
  if (!settings.auto_reply_enabled) return { send: false, reason: 'Auto-reply is turned off in Settings.' };
  if (!message.phone_number) return { send: false, reason: 'The message has no phone number to reply to.' };
  const refusal = await outboundRefusal(deps, { to: message.phone_number, kind: 'reply' });
  if (refusal) return { send: false, reason: refusalReason(refusal) };
  return { send: true, reason: 'Auto-reply is on and the sender can receive texts.' };
}

/** DecideReply: auto-reply on, a number to reply to, not opted out, an SMS provider configured. */
export async function decideReply(deps: ReplyDecisionDeps, state: PipelineState) {
  return replyDecision(deps, await loadOwned(deps, state));
}

/**
 * The summary and transcript as they are texted: with "Accented letters: replace" (the default) letters
 * outside GSM-7 are written plain (á -> a), so a Spanish reply costs GSM-7 segments, not UCS-2 ones.
 */
function asTexted(message: Message, accents: AccentedLetters) {
  const letters = (text: string) => withAccentedLetters(text, accents);
  const details = message.summary_details ?? {
    summary: message.summary ?? '',
    key_points: [],
    callback_number: null,
    callback_time: null,
    requested_action: null,
  };
  return {
    summary: {
      ...details,
      summary: letters(details.summary),
      callback_time: details.callback_time === null ? null : letters(details.callback_time),
    },
    transcript: letters(message.transcript ?? ''),
  };
}

/**
 * SendReply: the summary first, then (in full mode: the sender's MODE when Summarize recorded one, else the
 * operator's setting) the transcript in numbered parts, in order. The fixed
 * words around them are in the sender's LANG, else the message's language (English or Spanish). Parts already
 * accepted are not sent again when the step is retried. Each part passes the outbound gate on its own, so a
 * STOP (or Twilio's 21610), a segment cap or the service's budget reached mid-reply stops the rest. For a
 * sender with CARDS ON the first text carries the message's contact card and event (an MMS, when the gate
 * lets it: past a cap it goes without them).
 */
export async function sendReply(deps: SendReplyDeps, state: PipelineState) {
  let message = await loadOwned(deps, state);
  const settings = await currentSettings(deps);
  // Only the first text carries the link, made just before it is sent: a retry that resumes after it needs
  // none (the code is not kept, only its hash), and a retry before it makes a new one.
  const wantsLink =
    settings.message_link_enabled && message.phone_number !== null && (message.reply_parts_sent ?? 0) === 0;
  const link = wantsLink ? await createMessageLink(deps, message.id, state.attempt, deps.siteUrl) : null;
  if (wantsLink && link === null) {
    throw new SupersededError('The message is no longer being processed by this run.');
  }
  const parts = composeReply({
    mode: message.sender_reply_mode ?? settings.reply_mode,
    ...asTexted(message, settings.accented_letters),
    serviceName: deps.serviceName,
    warnings: message.warnings ?? [],
    ...(link ? { link } : {}),
    language: textLanguage(message.reply_language, message.language),
    facts: message.stated_facts ?? null,
    translated: message.reply_language != null && message.reply_language !== message.language,
    urgency: textedUrgency(message),
    caller: callerIdOf(message),
  });
  const to = message.phone_number;
  if (!to) return { parts: parts.length, sent: 0, complete: false, segments: 0, reason: 'No number.' };
  // Segments sent by this run (what the carrier bills), for the operator's metrics.
  let segments = 0;
  for (let index = message.reply_parts_sent ?? 0; index < parts.length; index++) {
    // The first text carries the contact card and the event for a sender with CARDS ON (card-files.ts).
    const media = index === 0 ? await replyCardUrls(deps, message, deps.siteUrl) : [];
    const text = { to, body: parts[index]!, kind: 'reply' as const, messageId: message.id, media };
    const outcome = await sendText(deps, text);
    // Links of files that did not go (refused, or sent without them past a cap) are not left working.
    if (media.length > 0 && (outcome.status !== 'sent' || outcome.media === 0)) {
      await deps.cardLinks.revokeAll(message.id);
    }
    if (outcome.status !== 'sent') {
      if (outcome.status === 'limit-reached' || outcome.status === 'budget-spent') {
        await record(deps, state, {
          warnings: [...(message.warnings ?? []), REPLY_LIMIT_WARNING(outcome, index)],
        });
      }
      return {
        parts: parts.length,
        sent: index,
        complete: false,
        segments,
        reason: stopReason(outcome),
      };
    }
    if (outcome.media === 0) segments += segmentCount(parts[index]!);
    await recordSentText(deps, {
      messageId: message.id,
      sid: outcome.smsId,
      kind: 'reply',
      index,
      body: parts[index]!,
      attempt: state.attempt,
      media: outcome.media,
    });
    message = await record(deps, state, { reply_parts_sent: index + 1 });
  }
  await record(deps, state, { reply_sent: true });
  return { parts: parts.length, sent: parts.length, complete: true, segments };
}

/**
 * The urgency the texts follow: the operator's correction when there is one (a retry after it), else the
 * pipeline's; the reason only while it goes with the level kept.
 */
function textedUrgency(message: Message) {
  const level = effectiveUrgency(message);
  if (level === null) return null;
  return { level, reason: message.urgency?.level === level ? message.urgency.reason : '' };
}

/** Why SendReply stopped before the last part, for the step's output. */
function stopReason(refusal: Refusal): string {
  if (refusal.status === 'opted-out' && !refusal.atCarrier) return 'The sender opted out.';
  return refusalReason(refusal);
}
