/**
 * Delivery status: each text sent about a message is recorded on it with the provider's id (the reply's
 * parts, the failure notice), and Twilio's status callbacks (POST /api/sms-status) move that record forward.
 * A callback for a text not tied to a message (HELP answers, confirmations) or not ours changes nothing.
 */
import * as z from 'zod';
import {
  type SmsPart,
  TWILIO_OUTBOUND_STATUSES,
  type TwilioOutboundStatus,
} from '#core/delivery/delivery-status';
import type { Message } from '#core/messages/message';
import { segmentCount } from '#core/texts/sms-text';
import type { SentTextRepository } from '../ports/sent-text-repository';
import { addSmsPart, changeSmsPartStatus, type MessageChangeDeps } from './message-changes';
import { countUsage, type UsageDeps } from './usage';

/** How long a text's SID finds its message: Twilio's last status for a text comes within hours. */
const LINK_DAYS = 7;

/** Twilio's ids of messages: SM (SMS) or MM (MMS) and 32 hex digits. */
const MESSAGE_SID = /^(SM|MM)[0-9a-f]{32}$/i;

const twilioStatuses = Object.keys(TWILIO_OUTBOUND_STATUSES) as [
  TwilioOutboundStatus,
  ...TwilioOutboundStatus[],
];

/**
 * The fields of Twilio's status callback form this service reads (it sends more: To, From, AccountSid,
 * SmsStatus, RawDlrDoneDate...; those are ignored).
 */
export const smsStatusCallbackSchema = z.object({
  MessageSid: z
    .string({ error: 'MessageSid is required.' })
    .regex(MESSAGE_SID, { error: 'MessageSid must be SM or MM followed by 32 hex digits.' }),
  MessageStatus: z.enum(twilioStatuses, {
    error: `MessageStatus must be one of ${twilioStatuses.join(', ')}.`,
  }),
  ErrorCode: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^\d{1,6}$/, { error: 'ErrorCode must be a number.' })
      .transform(Number)
      .optional(),
  ),
});
export type SmsStatusCallback = z.infer<typeof smsStatusCallbackSchema>;

/** What recording a sent text uses: the message changes and the SID -> message links. */
export type SentTextDeps = MessageChangeDeps & {
  readonly sentTexts: SentTextRepository;
  /** Told when a text went out but could not be recorded (the text itself is not affected). */
  readonly warn: (message: string, details?: Record<string, unknown>) => void;
};

/**
 * Records a text the gate sent about a message, as `sent` (Twilio accepted it): the SID -> message link
 * first (so its callbacks find the message), then the part on the message. Best effort: the text is gone
 * already, so a failure here is logged, never thrown (a retried step would send it twice).
 */
export async function recordSentText(
  deps: SentTextDeps,
  text: {
    readonly messageId: string;
    readonly sid: string;
    readonly kind: SmsPart['kind'];
    readonly index: number;
    readonly body: string;
    /** The processing run that sent it. */
    readonly attempt: number;
    /** Files it carried (an MMS); 0 or absent: a plain SMS. */
    readonly media?: number;
  },
): Promise<void> {
  const now = deps.clock();
  try {
    const expires = new Date(Date.parse(now) + LINK_DAYS * 24 * 60 * 60 * 1000).toISOString();
    await deps.sentTexts.link(text.sid, text.messageId, expires);
    await addSmsPart(deps, text.messageId, {
      sid: text.sid,
      index: text.index,
      kind: text.kind,
      segments: segmentCount(text.body),
      status: 'sent',
      error_code: null,
      status_updated_at: now,
      attempt: text.attempt,
      ...(text.media ? { media: text.media } : {}),
    });
  } catch (error) {
    deps.warn('A text was sent but its delivery cannot be followed', {
      messageId: text.messageId,
      sid: text.sid,
      error: (error as Error).message,
    });
  }
}

/** What became of a callback: applied, not news (a duplicate or out of order), or about no text of ours. */
export type StatusCallbackOutcome =
  | { readonly outcome: 'recorded'; readonly message: Message }
  | { readonly outcome: 'not-news' }
  | { readonly outcome: 'unknown-sms' };

/** Applies one of Twilio's status callbacks to the text it names, when that text is ours and it is news. */
export async function receiveStatusCallback(
  deps: MessageChangeDeps & UsageDeps & { readonly sentTexts: SentTextRepository },
  callback: SmsStatusCallback,
): Promise<StatusCallbackOutcome> {
  const messageId = await deps.sentTexts.messageIdOf(callback.MessageSid);
  if (!messageId) return { outcome: 'unknown-sms' };
  const status = TWILIO_OUTBOUND_STATUSES[callback.MessageStatus];
  const final = status === 'undelivered' || status === 'failed';
  const message = await changeSmsPartStatus(deps, messageId, {
    sid: callback.MessageSid,
    status,
    error_code: final ? (callback.ErrorCode ?? null) : null,
    status_updated_at: deps.clock(),
  });
  if (!message) return { outcome: 'not-news' };
  // Counted once per text: the first final status is the only one recorded (later callbacks are not news).
  if (status === 'delivered') await countUsage(deps, { delivered: 1 });
  else if (final) await countUsage(deps, { undelivered: 1 });
  return { outcome: 'recorded', message };
}
