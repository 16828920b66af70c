import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { PermanentError, TransientError } from '../../core/pipeline-errors';
import type { OutgoingSms, SmsSender } from '../../ports/sms-sender';
import { redactSecrets } from '../redact';

export type TwilioSmsSenderOptions = {
  readonly accountSid: string;
  readonly authToken: string;
  /** The service's number in E.164, or a Messaging Service SID (MG…); used when the SMS names no `from`. */
  readonly from: string;
  /** Send the SDK's requests here instead of https://api.twilio.com (tests: a local fake). */
  readonly apiBaseUrl?: string;
  /** @default 15_000 */
  readonly timeoutMs?: number;
};

const TWILIO_API = 'https://api.twilio.com';

/**
 * The twilio SDK's own HTTP client with the API origin swapped: the SDK's supported seam for changing transport
 * (`httpClient` option), so everything else (auth, form encoding, RestException) stays the real SDK's.
 */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(
    private readonly apiBaseUrl: string | undefined,
    timeoutMs: number,
  ) {
    super({ timeout: timeoutMs, autoRetry: false });
  }

  override request<TData>(options: RequestClient.RequestOptions<TData>) {
    const uri =
      this.apiBaseUrl && options.uri.startsWith(TWILIO_API)
        ? this.apiBaseUrl.replace(/\/$/, '') + options.uri.slice(TWILIO_API.length)
        : options.uri;
    return super.request<TData>({ ...options, uri });
  }
}

/** Sends SMS through Twilio's Messages API; one attempt per call, because Step Functions owns the retries. */
export class TwilioSmsSender implements SmsSender {
  private readonly client: twilio.Twilio;
  private readonly from: string;
  private readonly authToken: string;
  private readonly timeoutMs: number;

  constructor(options: TwilioSmsSenderOptions) {
    // The SDK throws a plain Error for this; say it in the operator's terms instead.
    if (!/^AC[0-9a-f]{32}$/i.test(options.accountSid)) {
      throw new PermanentError(
        'The Twilio Account SID must be AC followed by 32 hex digits: check it in Settings.',
      );
    }
    this.from = options.from;
    this.authToken = options.authToken;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.client = twilio(options.accountSid, options.authToken, {
      httpClient: new RebasedRequestClient(options.apiBaseUrl, this.timeoutMs),
      autoRetry: false,
    });
  }

  async send(sms: OutgoingSms): Promise<{ readonly id: string }> {
    const from = sms.from ?? this.from;
    const sender = from.startsWith('MG') ? { messagingServiceSid: from } : { from };
    try {
      const message = await this.client.messages.create({ to: sms.to, body: sms.body, ...sender });
      return { id: message.sid };
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

/** Maps what the twilio SDK throws (RestException, axios transport errors) to Transient/PermanentError. */
export function mapTwilioError(error: unknown, timeoutMs: number, secrets: readonly string[]): Error {
  if (error instanceof TransientError || error instanceof PermanentError) return error;
  if (error instanceof twilio.RestException) {
    const status = error.status;
    const code = typeof error.code === 'number' ? error.code : null;
    const reference = code === null ? `${status}` : `${status}, Twilio error ${code}`;
    if (status === 401 || code === 20003) {
      return new PermanentError(
        `Twilio rejected the Account SID or auth token (${reference}): check them in Settings.`,
      );
    }
    if (status === 429 || status >= 500 || code === 20429) {
      return new TransientError(`Twilio answered ${reference}; will retry.`);
    }
    const hint = code === null ? undefined : PERMANENT_CODE_HINTS[code];
    const said = redactSecrets(error.message ?? '', secrets).slice(0, 200);
    const docs = code === null ? '' : ` See https://www.twilio.com/docs/errors/${code}.`;
    return new PermanentError(`Twilio refused the SMS (${reference}): ${hint ?? said}.${docs}`);
  }
  // The SDK's transport is axios; its errors carry the request config (Authorization header included), so
  // only the error code is kept, never the error itself as a cause.
  const transport = error as { isAxiosError?: unknown; code?: unknown } | null;
  if (transport?.isAxiosError !== true) return error instanceof Error ? error : new Error(String(error));
  if (transport.code === 'ECONNABORTED' || transport.code === 'ETIMEDOUT') {
    return new TransientError(`Twilio did not answer within ${Math.round(timeoutMs / 1000)} s.`);
  }
  const code = typeof transport.code === 'string' ? transport.code : 'connection failed';
  return new TransientError(`Could not reach Twilio: ${code}.`);
}
