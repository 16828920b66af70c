/**
 * Asks Twilio's REST API whether an Account SID and auth token are valid (the Account resource), and lists the
 * account's numbers with where each sends its texts and calls (IncomingPhoneNumbers, page by page): whether a
 * number belongs to the account, and whether its webhooks point at this service (issue 33), with fetch.
 */
import * as z from 'zod';
import type { TwilioAccountCheck, TwilioAnswer, TwilioNumberUrls } from '../../ports/credential-checks';

const TWILIO_API = 'https://api.twilio.com';
/** Numbers a page, Twilio's largest. */
const PAGE_SIZE = 1000;
/** Pages read at most: 20,000 numbers, far past a deployment of this size. */
const MAX_PAGES = 20;

const numbersPage = z.object({
  incoming_phone_numbers: z.array(
    z.object({
      phone_number: z.string(),
      sms_url: z.string().nullish(),
      voice_url: z.string().nullish(),
    }),
  ),
  next_page_uri: z.string().nullish(),
});

/** Twilio's next page: a path on its API's origin, never anywhere else (the credentials go with it). */
function nextPage(origin: string, uri: string | null | undefined): string | null {
  if (!uri?.startsWith('/') || uri.startsWith('//')) return null;
  const url = new URL(uri, origin);
  return url.origin === new URL(origin).origin ? url.href : null;
}

export class TwilioRestAccountCheck implements TwilioAccountCheck {
  constructor(private readonly options: { readonly apiBaseUrl?: string; readonly timeoutMs?: number } = {}) {}

  async check({
    accountSid,
    authToken,
    phoneNumber,
  }: {
    accountSid: string;
    authToken: string;
    phoneNumber: string;
  }): Promise<TwilioAnswer> {
    const origin = (this.options.apiBaseUrl ?? TWILIO_API).replace(/\/$/, '');
    const base = `${origin}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}`;
    const timeoutMs = this.options.timeoutMs ?? 10_000;
    const get = async (url: string) => {
      const response = await fetch(url, {
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          accept: 'application/json',
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
      return {
        status: response.status,
        body: (await response.json().catch(() => ({}))) as Record<string, unknown>,
      };
    };
    try {
      const account = await get(`${base}.json`);
      if (account.status === 401 || account.status === 403 || account.status === 404) {
        return { outcome: 'refused' };
      }
      if (account.status === 429) return { outcome: 'rate-limited' };
      if (account.status !== 200)
        return { outcome: 'unreachable', reason: `Twilio answered ${account.status}` };
      const status = String(account.body.status ?? 'active');
      if (status !== 'active') return { outcome: 'inactive', status };
      const numbers: TwilioNumberUrls[] = [];
      let next: string | null = `${base}/IncomingPhoneNumbers.json?PageSize=${PAGE_SIZE}`;
      for (let page = 0; next !== null && page < MAX_PAGES; page++) {
        const answer = await get(next);
        if (answer.status !== 200) {
          return { outcome: 'unreachable', reason: `Twilio answered ${answer.status} about the numbers` };
        }
        const parsed = numbersPage.safeParse(answer.body);
        if (!parsed.success)
          return { outcome: 'unreachable', reason: 'Twilio listed the numbers unreadably' };
        for (const n of parsed.data.incoming_phone_numbers) {
          numbers.push({ number: n.phone_number, smsUrl: n.sms_url || null, voiceUrl: n.voice_url || null });
        }
        next = nextPage(origin, parsed.data.next_page_uri);
      }
      return {
        outcome: 'accepted',
        ownsNumber: numbers.some((n) => n.number === phoneNumber),
        numbers,
      };
    } catch (error) {
      const name = (error as { name?: unknown }).name;
      return {
        outcome: 'unreachable',
        reason:
          name === 'TimeoutError' || name === 'AbortError'
            ? `no answer within ${Math.round(timeoutMs / 1000)} s`
            : 'connection failed',
      };
    }
  }
}
