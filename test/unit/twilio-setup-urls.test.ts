/**
 * Issue 33, "Reachable by Twilio, and said so": the URLs Twilio is given are one list on the webhook's origin,
 * and the Twilio check says that Twilio cannot reach a service on this machine's own address, and how to fix
 * it, instead of comparing numbers' webhooks with an address Twilio could never post to.
 */
import { describe, expect, it, vi } from 'vitest';
import { callUrlsOn, isThisMachineOnly, twilioUrlsOn } from '#core/calls/twilio-urls';
import type { SettingsRecord } from '#core/operator/settings';
import { TwilioRestAccountCheck } from '../../lambdas/adapters/twilio/twilio-account-check';
import { HTTP_ROUTES } from '../../lambdas/http/routes';
import type { TwilioAnswer } from '../../lambdas/ports/credential-checks';
import { type CredentialCheckDeps, checkTwilio } from '../../lambdas/use-cases/credential-checks';

describe('the URLs Twilio is given', () => {
  it('are on the webhook origin: texts, delivery status and the voice webhook', () => {
    expect(twilioUrlsOn('https://voice.example.com/api/receive-message')).toEqual({
      sms: 'https://voice.example.com/api/receive-message',
      smsStatus: 'https://voice.example.com/api/sms-status',
      voice: 'https://voice.example.com/api/voice',
    });
    expect(callUrlsOn('https://voice.example.com/api/receive-message')).toEqual({
      voice: 'https://voice.example.com/api/voice',
      status: 'https://voice.example.com/api/voice/status',
      recorded: 'https://voice.example.com/api/voice/recorded',
      recording: 'https://voice.example.com/api/voice/recording',
    });
    // The delivery status path is the sms-status route's.
    expect(HTTP_ROUTES.some((r) => r.path === '/api/sms-status' && r.fn === 'sms-status')).toBe(true);
  });

  it("tells this machine's own addresses from public ones", () => {
    for (const url of [
      'http://localhost:4100/api/receive-message',
      'http://127.0.0.1:3000/x',
      'http://[::1]:80/',
    ]) {
      expect(isThisMachineOnly(url)).toBe(true);
    }
    for (const url of ['https://abc.trycloudflare.com/api/receive-message', 'https://voice.example.com/']) {
      expect(isThisMachineOnly(url)).toBe(false);
    }
  });
});

describe('the Twilio check without a public address', () => {
  const accepted: TwilioAnswer = {
    outcome: 'accepted',
    ownsNumber: true,
    numbers: [{ number: '+14155550177', smsUrl: null, voiceUrl: null }],
  };
  const deps = (reachable: boolean): CredentialCheckDeps => ({
    settings: {
      // Only what the check reads of the saved row.
      get: async () =>
        ({
          twilio_account_sid: `AC${'1'.repeat(32)}`,
          twilio_phone_number: '+14155550177',
        }) as unknown as SettingsRecord,
    },
    secrets: { get: async () => 'token-0123456789abcdef', put: async () => {} },
    openAi: { check: async () => ({ outcome: 'accepted' }) },
    twilio: { check: async () => accepted },
    webhooks: {
      urls: { sms: 'http://localhost:4100/api/receive-message', voice: 'http://localhost:4100/api/voice' },
      forwardingNumbers: {
        list: async () => {
          throw new Error('not asked when Twilio cannot reach this machine');
        },
      },
      reachable,
    },
  });

  it('says Twilio cannot reach this computer and how to give it an address (PUBLIC_URL and a tunnel)', async () => {
    const result = await checkTwilio(deps(false));
    expect(result.ok).toBe(false);
    expect(result.message).toBe(
      "Twilio accepted the Account SID and auth token, and (415) 555-0177 is a number of that account. But Twilio cannot reach this computer: http://localhost:4100 is this machine's own address. Run an HTTPS tunnel to it (for example cloudflared tunnel --url http://localhost:4100), start the service again with PUBLIC_URL=<the tunnel's https address>, give Twilio the URLs shown here, and check again.",
    );
  });
});

describe("the account's numbers, page by page", () => {
  const SID = `AC${'2'.repeat(32)}`;
  const page = (numbers: string[], next: string | null) => ({
    incoming_phone_numbers: numbers.map((phone_number) => ({
      phone_number,
      sms_url: `https://voice.example.com/api/receive-message`,
      voice_url: '',
    })),
    next_page_uri: next,
  });

  async function listed(nextOfFirst: string) {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      const body = url.endsWith(`${SID}.json`)
        ? { status: 'active' }
        : url.includes('Page=1')
          ? page(['+13125550102'], null)
          : page(['+14155550177', '+13125550101'], nextOfFirst);
      return new Response(JSON.stringify(body), { status: 200 });
    });
    try {
      const answer = await new TwilioRestAccountCheck({ apiBaseUrl: 'https://api.twilio.test' }).check({
        accountSid: SID,
        authToken: 'token-0123456789abcdef',
        phoneNumber: '+14155550177',
      });
      return { answer, asked };
    } finally {
      vi.unstubAllGlobals();
    }
  }

  it("follows Twilio's next page on its own origin and lists every number with its webhooks", async () => {
    const next = `/2010-04-01/Accounts/${SID}/IncomingPhoneNumbers.json?PageSize=1000&Page=1&PageToken=PA1`;
    const { answer, asked } = await listed(next);
    expect(answer).toEqual({
      outcome: 'accepted',
      ownsNumber: true,
      numbers: [
        { number: '+14155550177', smsUrl: 'https://voice.example.com/api/receive-message', voiceUrl: null },
        { number: '+13125550101', smsUrl: 'https://voice.example.com/api/receive-message', voiceUrl: null },
        { number: '+13125550102', smsUrl: 'https://voice.example.com/api/receive-message', voiceUrl: null },
      ],
    });
    expect(asked.at(-1)).toBe(`https://api.twilio.test${next}`);
  });

  it('never sends the credentials to another host a next page names', async () => {
    const { answer, asked } = await listed('@evil.example/steal?Page=1');
    expect(asked.every((url) => url.startsWith('https://api.twilio.test/'))).toBe(true);
    expect(answer.outcome === 'accepted' && answer.numbers).toHaveLength(2);
  });
});
