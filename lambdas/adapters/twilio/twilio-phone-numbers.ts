/**
 * Buys and releases forwarding numbers (issue 33) through Twilio's REST API with fetch, like the SMS sender:
 * `GET AvailablePhoneNumbers/US/Local.json` (in the area code, voice-capable), `POST IncomingPhoneNumbers.json`
 * with the voice webhook and status callback set, and `DELETE IncomingPhoneNumbers/<sid>.json`. Basic auth with
 * the account's SID and token; Twilio's refusals become TransientError or PermanentError, never carrying the token.
 */
import { PermanentError, TransientError } from '#core/messages/pipeline-errors';
import type { BoughtNumber, PhoneNumberProvider } from '../../ports/phone-numbers';
import { TwilioRestError, twilioRefusal, twilioTransportFailure } from './twilio-errors';

export type TwilioPhoneNumbersOptions = {
  readonly accountSid: string;
  readonly authToken: string;
  /** Send requests here instead of https://api.twilio.com (tests: a local fake; locally: the stand-in). */
  readonly apiBaseUrl?: string;
  /** @default 15_000 */
  readonly timeoutMs?: number;
};

const TWILIO_API = 'https://api.twilio.com';

/** How many of the numbers offered are tried when another buyer takes one first (Twilio error 21422). */
const CANDIDATES_TRIED = 3;

/** Twilio's "the phone number you requested is not available" when buying. */
const NUMBER_TAKEN_CODES = new Set([21422, 21452]);

type Json = Record<string, unknown>;

export class TwilioPhoneNumbers implements PhoneNumberProvider {
  private readonly base: string;
  private readonly authorization: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: TwilioPhoneNumbersOptions) {
    if (!/^AC[0-9a-f]{32}$/i.test(options.accountSid)) {
      throw new PermanentError(
        'The Twilio Account SID must be AC followed by 32 hex digits: check it in Settings.',
      );
    }
    const origin = (options.apiBaseUrl ?? TWILIO_API).replace(/\/$/, '');
    this.base = `${origin}/2010-04-01/Accounts/${options.accountSid}`;
    this.authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  async buy(options: Parameters<PhoneNumberProvider['buy']>[0]): Promise<BoughtNumber> {
    return this.guarded('buy a number', async () => {
      let offered = options.areaCode ? await this.available(options.areaCode) : [];
      // None free in that area code (or none asked for): any US local number with voice.
      if (offered.length === 0) offered = await this.available(null);
      if (offered.length === 0) {
        throw new PermanentError('Twilio has no US local number with voice to sell right now.');
      }
      let lastTaken: TwilioRestError | null = null;
      for (const number of offered.slice(0, CANDIDATES_TRIED)) {
        try {
          return await this.purchase(number, options);
        } catch (error) {
          // Someone else bought it between the search and the purchase: the next one.
          if (
            !(error instanceof TwilioRestError && error.code !== null && NUMBER_TAKEN_CODES.has(error.code))
          )
            throw error;
          lastTaken = error;
        }
      }
      throw lastTaken ?? new TransientError('Twilio sold none of the numbers it offered.');
    });
  }

  async release(sid: string): Promise<void> {
    if (!/^PN[0-9a-f]{32}$/i.test(sid)) {
      throw new PermanentError('Not a Twilio phone number id (PN followed by 32 hex digits).');
    }
    await this.guarded('release a number', async () => {
      const response = await this.request('DELETE', `/IncomingPhoneNumbers/${sid}.json`);
      // 404: already released (by an earlier try, or in Twilio's console), which is what was wanted.
      if (response.status === 404) return;
      if (!response.ok) throw restError(response.status, response.body);
    });
  }

  /** The numbers Twilio offers (E.164), in an area code or anywhere in the US. */
  private async available(areaCode: string | null): Promise<string[]> {
    const query = new URLSearchParams({ VoiceEnabled: 'true', PageSize: '5' });
    if (areaCode) query.set('AreaCode', areaCode);
    const response = await this.request('GET', `/AvailablePhoneNumbers/US/Local.json?${query}`);
    if (!response.ok) throw restError(response.status, response.body);
    const list = response.body.available_phone_numbers;
    return Array.isArray(list)
      ? list.flatMap((entry) => {
          const number = (entry as Json | null)?.phone_number;
          return typeof number === 'string' && /^\+1\d{10}$/.test(number) ? [number] : [];
        })
      : [];
  }

  private async purchase(
    number: string,
    options: Parameters<PhoneNumberProvider['buy']>[0],
  ): Promise<BoughtNumber> {
    const form = new URLSearchParams({
      PhoneNumber: number,
      VoiceUrl: options.voiceUrl,
      VoiceMethod: 'POST',
      StatusCallback: options.statusCallbackUrl,
      StatusCallbackMethod: 'POST',
      FriendlyName: options.friendlyName.slice(0, 64),
    });
    const response = await this.request('POST', '/IncomingPhoneNumbers.json', form);
    if (!response.ok) throw restError(response.status, response.body);
    const { sid, phone_number: bought } = response.body;
    if (typeof sid !== 'string' || typeof bought !== 'string') {
      // Bought or not, we cannot tell which: a retry searches again rather than guess.
      throw new TransientError('Twilio answered the purchase without the number or its id.');
    }
    return { number: bought, sid };
  }

  private async request(method: string, path: string, form?: URLSearchParams) {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        authorization: this.authorization,
        accept: 'application/json',
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as Json;
    return { ok: response.ok, status: response.status, body };
  }

  /** Runs one call to Twilio, its failures mapped to TransientError or PermanentError. */
  private async guarded<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw mapNumberError(error, what, this.timeoutMs, [this.options.authToken]);
    }
  }
}

const restError = (status: number, body: Json) => TwilioRestError.from(status, body);

/** Twilio's refusals in the operator's words, naming what was asked; transport failures as for any request. */
function mapNumberError(error: unknown, what: string, timeoutMs: number, secrets: readonly string[]): Error {
  if (!(error instanceof TwilioRestError)) return twilioTransportFailure(error, timeoutMs);
  return twilioRefusal(
    error,
    { refused: `to ${what}`, transient: ` when asked to ${what}; try again later.` },
    secrets,
  );
}
