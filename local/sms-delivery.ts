/**
 * `npm run sms -- --delivery <sid> <status> [--error <code>]`: posts a text's delivery status to the running
 * local service the way Twilio does (a form signed with X-Twilio-Signature for the status callback URL), so
 * the real callback path runs. The local outbox never reports a delivery itself: a text stays "sent" until
 * this says what the carrier would have.
 */

import { TWILIO_OUTBOUND_STATUSES } from '#core/delivery/delivery-status';
import { LOCAL_ACCOUNT_SID } from '../lambdas/adapters/twilio/local-account';
import { twilioSignature } from '../lambdas/adapters/twilio/twilio-signature';
import { readOutbox } from './adapters/outbox-sms-sender';
import type { RuntimeInfo } from './runtime-info';

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
  const response = await fetch(new URL(new URL(info.smsStatusUrl).pathname, info.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(token, info.smsStatusUrl, params),
      'user-agent': 'TwilioProxy/1.1 (npm run sms --delivery)',
    },
    body: new URLSearchParams(params).toString(),
  });
  if (response.status !== 204 && response.status !== 200) {
    throw new Error(`the service answered ${response.status}: ${await response.text()}`);
  }
  const code = request.error === undefined ? '' : ` (error ${request.error})`;
  const note = sent
    ? ''
    : ' No text with this SID is in the outbox: the service acknowledges it and changes nothing.';
  return `Posted "${request.status}"${code} for ${request.sid}.${note}`;
}
