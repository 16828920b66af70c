/**
 * Asks Twilio's REST API whether an Account SID and auth token are valid (the Account resource) and whether a
 * number belongs to that account (IncomingPhoneNumbers filtered by PhoneNumber), with fetch.
 */
import type { TwilioAccountCheck, TwilioAnswer } from '../../ports/credential-checks';

const TWILIO_API = 'https://api.twilio.com';

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
    const base = `${(this.options.apiBaseUrl ?? TWILIO_API).replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}`;
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
      const numbers = await get(
        `${base}/IncomingPhoneNumbers.json?PhoneNumber=${encodeURIComponent(phoneNumber)}`,
      );
      if (numbers.status !== 200) {
        return { outcome: 'unreachable', reason: `Twilio answered ${numbers.status} about the number` };
      }
      const owned = numbers.body.incoming_phone_numbers;
      return {
        outcome: 'accepted',
        ownsNumber:
          Array.isArray(owned) &&
          owned.some((n) => (n as { phone_number?: unknown }).phone_number === phoneNumber),
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
