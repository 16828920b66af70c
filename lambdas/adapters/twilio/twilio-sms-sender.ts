/**
 * Sends SMS through Twilio's Messages resource (`POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form
 * encoded, HTTP Basic auth), with fetch. The twilio SDK would do the same one request, but it brings 3 MB of
 * minified code (every Twilio API, axios, mime-db) into each function that sends a text.
 */
import { PermanentError, RecipientOptedOutError, TransientError } from '#core/messages/pipeline-errors';
import type { OutgoingSms, SmsSender } from '../../ports/sms-sender';
import {
  type TwilioAsked,
  type TwilioErrorBody,
  TwilioRestError,
  twilioReference,
  twilioRefusal,
  twilioTransportFailure,
} from './twilio-errors';

export type TwilioSmsSenderOptions = {
  readonly accountSid: string;
  readonly authToken: string;
  /** The service's number in E.164, or a Messaging Service SID (MG…); used when the SMS names no `from`. */
  readonly from: string;
  /**
   * Where Twilio posts each text's delivery status (queued, sent, delivered, undelivered, failed): asked for
   * on every text. None: no callbacks.
   */
  readonly statusCallback?: string;
  /** Send requests here instead of https://api.twilio.com (tests: a local fake). */
  readonly apiBaseUrl?: string;
  /** @default 15_000 */
  readonly timeoutMs?: number;
};

const TWILIO_API = 'https://api.twilio.com';

/** Sends SMS through Twilio's Messages API; one attempt per call, because Step Functions owns the retries. */
export class TwilioSmsSender implements SmsSender {
  private readonly url: string;
  private readonly authorization: string;
  private readonly from: string;
  private readonly authToken: string;
  private readonly timeoutMs: number;
  private readonly statusCallback: string | undefined;

  constructor(options: TwilioSmsSenderOptions) {
    // Say it in the operator's terms before any request.
    if (!/^AC[0-9a-f]{32}$/i.test(options.accountSid)) {
      throw new PermanentError(
        'The Twilio Account SID must be AC followed by 32 hex digits: check it in Settings.',
      );
    }
    const base = (options.apiBaseUrl ?? TWILIO_API).replace(/\/$/, '');
    this.url = `${base}/2010-04-01/Accounts/${options.accountSid}/Messages.json`;
    this.authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
    this.from = options.from;
    this.authToken = options.authToken;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.statusCallback = options.statusCallback;
  }

  async send(sms: OutgoingSms): Promise<{ readonly id: string }> {
    const from = sms.from ?? this.from;
    const form = new URLSearchParams({ To: sms.to, Body: sms.body });
    form.set(from.startsWith('MG') ? 'MessagingServiceSid' : 'From', from);
    // Twilio fetches each file from its URL when it sends the MMS (ten at most, one `MediaUrl` each).
    for (const url of sms.media ?? []) form.append('MediaUrl', url);
    if (this.statusCallback) form.set('StatusCallback', this.statusCallback);
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: {
          authorization: this.authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const body = (await response.json().catch(() => ({}))) as TwilioErrorBody & { sid?: unknown };
      if (!response.ok) {
        throw TwilioRestError.from(response.status, body);
      }
      if (typeof body.sid !== 'string') throw new TransientError('Twilio accepted the SMS but sent no SID.');
      return { id: body.sid };
    } catch (error) {
      throw mapTwilioError(error, this.timeoutMs, [this.authToken]);
    }
  }
}

/** Twilio error codes that name a problem with the recipient or the sender a retry cannot fix. */
const PERMANENT_CODE_HINTS: Readonly<Record<number, string>> = {
  21211: 'the recipient number is not a valid phone number',
  21408: 'sending to this region is not enabled in the Twilio geo permissions',
  21610: 'the recipient replied STOP; Twilio will not deliver to them until they text START',
  21612: 'Twilio cannot route a message between these two numbers',
  21614: 'the recipient number is not a mobile number',
  21606: 'the From number is not an SMS-capable number of this account',
  21617: 'the message body is longer than 1,600 characters',
};

/** How the SMS sender words Twilio's refusals. */
const SMS_ASKED: TwilioAsked = {
  refused: 'the SMS',
  transient: '; will retry.',
  hints: PERMANENT_CODE_HINTS,
};

/** Maps Twilio's refusals and transport failures to Transient/PermanentError, never carrying the token. */
export function mapTwilioError(error: unknown, timeoutMs: number, secrets: readonly string[]): Error {
  if (!(error instanceof TwilioRestError)) return twilioTransportFailure(error, timeoutMs);
  if (error.code === 21610) {
    return new RecipientOptedOutError(
      `Twilio refused the SMS (${twilioReference(error)}): ${PERMANENT_CODE_HINTS[21610]}.`,
    );
  }
  return twilioRefusal(error, SMS_ASKED, secrets);
}
