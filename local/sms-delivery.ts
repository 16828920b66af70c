/**
 * What Twilio does around the local service, done by `npm run sms` (the helper stands in for Twilio):
 *
 * - `npm run sms -- --delivery <sid> <status> [--error <code>]`: posts a text's delivery status to the running
 *   local service the way Twilio does (a form signed with X-Twilio-Signature for the status callback URL), so
 *   the real callback path runs. The local outbox never reports a delivery itself: a text stays "sent" until
 *   this says what the carrier would have.
 * - Twilio's opt-out handling (issue 31): an opt-out keyword (STOP, STOPALL, UNSUBSCRIBE...) is confirmed by
 *   Twilio itself, with its own text, before the service sees it (the service confirms only an opt-out in
 *   the sender's own words). Locally nothing else would, so the helper writes Twilio's confirmation to the
 *   outbox, where the service's own texts go.
 */

import { parseOptOut } from '#core/commands/stop';
import { TWILIO_OUTBOUND_STATUSES } from '#core/delivery/delivery-status';
import { LOCAL_ACCOUNT_SID } from '../lambdas/adapters/twilio/local-account';
import { OutboxSmsSender, readOutbox } from './adapters/outbox-sms-sender';
import { postAsTwilio } from './as-twilio';
import type { RuntimeInfo } from './runtime-info';

/** Twilio's default confirmation of an opt-out keyword (Advanced Opt-Out's STOP reply, unchanged). */
export const TWILIO_OPT_OUT_REPLY =
  'You have successfully been unsubscribed. You will not receive any more messages from this number. Reply START to resubscribe.';

/**
 * What Twilio's opt-out handling answers a text from `from` to `to` before the webhook: its confirmation of
 * an opt-out keyword, written to the outbox and returned; null for any other text.
 */
export async function answerAsTwilio(
  info: Pick<RuntimeInfo, 'outbox'>,
  text: { readonly from: string; readonly to: string; readonly body: string | undefined },
): Promise<{ readonly sid: string; readonly body: string } | null> {
  if (parseOptOut(text.body) !== 'opt-out') return null;
  const { id } = await new OutboxSmsSender(info.outbox).send({
    to: text.from,
    from: text.to,
    body: TWILIO_OPT_OUT_REPLY,
    messageId: null,
  });
  return { sid: id, body: TWILIO_OPT_OUT_REPLY };
}

export const DELIVERY_USAGE =
  'npm run sms -- --delivery <sid> <queued|sent|delivered|undelivered|failed> [--error 30007]';

/** The callback Twilio would send; throws an Error with a sentence a person can act on. */
export async function sendDeliveryStatus(
  service: { readonly info: RuntimeInfo; readonly token: string },
  request: { readonly sid: string; readonly status: string; readonly error?: string | undefined },
): Promise<string> {
  const { info, token } = service;
  if (!(request.status in TWILIO_OUTBOUND_STATUSES)) {
    throw new Error(
      `"${request.status}" is not a status Twilio sends for a text: use one of ${Object.keys(TWILIO_OUTBOUND_STATUSES).join(', ')}.`,
    );
  }
  if (request.error !== undefined && !/^\d{1,6}$/.test(request.error)) {
    throw new Error(`--error takes Twilio's numeric error code, for example 30007 (not "${request.error}").`);
  }
  const sent = (await readOutbox(info.outbox)).find((entry) => entry.sid === request.sid);
  const params: Record<string, string> = {
    AccountSid: LOCAL_ACCOUNT_SID,
    ApiVersion: '2010-04-01',
    MessageSid: request.sid,
    SmsSid: request.sid,
    MessageStatus: request.status,
    SmsStatus: request.status,
    To: sent?.to ?? '',
    From: sent?.from ?? '',
    ...(request.error === undefined ? {} : { ErrorCode: request.error }),
  };
  // Signed for the public status URL (PUBLIC_URL's, if set), sent straight to this machine.
  const response = await postAsTwilio({ info, token }, info.smsStatusUrl, params, 'npm run sms --delivery');
  if (response.status !== 204 && response.status !== 200) {
    throw new Error(`the service answered ${response.status}: ${await response.text()}`);
  }
  const code = request.error === undefined ? '' : ` (error ${request.error})`;
  const note = sent
    ? ''
    : ' No text with this SID is in the outbox: the service acknowledges it and changes nothing.';
  return `Posted "${request.status}"${code} for ${request.sid}.${note}`;
}
