/**
 * The Settings modal's "Check" buttons: whether OpenAI takes the saved key, and whether Twilio takes the saved
 * Account SID and auth token and owns the saved number. The answer is a sentence for the operator; it never
 * carries a secret.
 */
import { checkWebhooks } from '#core/calls/webhook-check';
import { formatPhoneNumber } from '#core/delivery/phone';
import type { OpenAiKeyCheck, TwilioAccountCheck } from '../ports/credential-checks';
import type { ForwardingNumberRepository } from '../ports/forwarding-numbers';
import type { SecretStore } from '../ports/secret-store';
import type { SettingsRepository } from '../ports/settings-repository';

export type CredentialCheckResult = { readonly ok: boolean; readonly message: string };

export const CHECKED_PROVIDERS = ['openai', 'twilio'] as const;
export type CheckedProvider = (typeof CHECKED_PROVIDERS)[number];

export type CredentialCheckDeps = {
  readonly settings: Pick<SettingsRepository, 'get'>;
  readonly secrets: SecretStore;
  readonly openAi: OpenAiKeyCheck;
  readonly twilio: TwilioAccountCheck;
  /**
   * Where Twilio must send texts and calls (issue 33): the URLs, the subscribers' forwarding numbers, and
   * whether Twilio can reach these URLs at all (not when they are this machine's own: `npm start` without
   * PUBLIC_URL, talking to the real Twilio).
   */
  readonly webhooks: {
    readonly urls: { readonly sms: string; readonly voice: string };
    readonly forwardingNumbers: Pick<ForwardingNumberRepository, 'list'>;
    readonly reachable: boolean;
  };
};

const TRY_AGAIN = 'Try again in a minute.';

export async function checkOpenAi(deps: CredentialCheckDeps): Promise<CredentialCheckResult> {
  const key = await deps.secrets.get('openai_api_key');
  if (!key) {
    return { ok: false, message: 'No OpenAI API key is saved: paste one and save, then check again.' };
  }
  const answer = await deps.openAi.check(key);
  switch (answer.outcome) {
    case 'accepted':
      return { ok: true, message: 'OpenAI accepted the saved API key.' };
    case 'refused':
      return {
        ok: false,
        message:
          'OpenAI refused the saved API key: it may be mistyped, revoked or in another project. Save a current key.',
      };
    case 'rate-limited':
      return { ok: false, message: `OpenAI is limiting requests from this key right now. ${TRY_AGAIN}` };
    case 'unreachable':
      return { ok: false, message: `OpenAI could not be asked (${answer.reason}). ${TRY_AGAIN}` };
  }
}

export async function checkTwilio(deps: CredentialCheckDeps): Promise<CredentialCheckResult> {
  const [settings, authToken] = await Promise.all([
    deps.settings.get(),
    deps.secrets.get('twilio_auth_token'),
  ]);
  const accountSid = settings?.twilio_account_sid ?? null;
  const phoneNumber = settings?.twilio_phone_number ?? null;
  const missing = [
    accountSid ? null : 'the Account SID',
    authToken ? null : 'the auth token',
    phoneNumber ? null : 'the SMS number',
  ].filter((m): m is string => m !== null);
  if (!accountSid || !authToken || !phoneNumber) {
    return { ok: false, message: `Save ${list(missing)} first, then check again.` };
  }
  const number = formatPhoneNumber(phoneNumber);
  const answer = await deps.twilio.check({ accountSid, authToken, phoneNumber });
  switch (answer.outcome) {
    case 'accepted': {
      if (!answer.ownsNumber) {
        return {
          ok: false,
          message: `Twilio accepted the Account SID and auth token, but ${number} is not a number of that account: save one of its numbers.`,
        };
      }
      const accepted = `Twilio accepted the Account SID and auth token, and ${number} is a number of that account.`;
      const { urls, forwardingNumbers, reachable } = deps.webhooks;
      if (!reachable) {
        const origin = new URL(urls.sms).origin;
        return {
          ok: false,
          message: `${accepted} But Twilio cannot reach this computer: ${origin} is this machine's own address. Run an HTTPS tunnel to it (for example cloudflared tunnel --url ${origin}), start the service again with PUBLIC_URL=<the tunnel's https address>, give Twilio the URLs shown here, and check again.`,
        };
      }
      const forwarding = (await forwardingNumbers.list()).map((n) => n.number);
      const webhooks = checkWebhooks({
        smsNumber: phoneNumber,
        expected: urls,
        forwarding,
        listed: answer.numbers,
      });
      return { ok: webhooks.ok, message: [accepted, ...webhooks.sentences].join(' ') };
    }
    case 'inactive':
      return { ok: false, message: `Twilio says this account is ${answer.status}: it cannot send texts.` };
    case 'refused':
      return {
        ok: false,
        message:
          'Twilio refused the saved Account SID and auth token: copy both again from the Twilio Console and save.',
      };
    case 'rate-limited':
      return { ok: false, message: `Twilio is limiting requests right now. ${TRY_AGAIN}` };
    case 'unreachable':
      return { ok: false, message: `Twilio could not be asked (${answer.reason}). ${TRY_AGAIN}` };
  }
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
