/**
 * The forwarding numbers' adapter (issue 33) against the fake of Twilio's REST API: searching an area code
 * (and anywhere when it has none), buying with the voice webhook and status callback set, releasing, and
 * Twilio's refusals mapped to errors an operator can act on, never carrying the token.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PermanentError, TransientError } from '#core/messages/pipeline-errors';
import { TwilioPhoneNumbers } from '../../lambdas/adapters/twilio/twilio-phone-numbers';
import { type FakeTwilio, startFakeTwilio } from '../support/fake-twilio';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = '9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const URLS = {
  voiceUrl: 'https://voice.example.com/api/voice',
  statusCallbackUrl: 'https://voice.example.com/api/voice/status',
  friendlyName: 'Forwarding for subscriber 1a2b',
};

let fake: FakeTwilio;
beforeAll(async () => {
  fake = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
});
afterAll(async () => fake.close());
beforeEach(() => fake.reset());

const numbers = (authToken = AUTH_TOKEN) =>
  new TwilioPhoneNumbers({ accountSid: ACCOUNT_SID, authToken, apiBaseUrl: fake.url, timeoutMs: 2_000 });

async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('buying a forwarding number', () => {
  it('buys one in the area code asked for, its voice webhook and status callback posted to the service', async () => {
    fake.numbers.forSale = ['+14155550190', '+16465550191', '+16465550192'];
    const bought = await numbers().buy({ areaCode: '646', ...URLS });
    expect(bought.number).toBe('+16465550191');
    expect(bought.sid).toMatch(/^PN[0-9a-f]{32}$/);
    expect(fake.numbers.bought).toEqual([
      {
        sid: bought.sid,
        phoneNumber: '+16465550191',
        voiceUrl: URLS.voiceUrl,
        voiceMethod: 'POST',
        statusCallback: URLS.statusCallbackUrl,
        statusCallbackMethod: 'POST',
        friendlyName: URLS.friendlyName,
      },
    ]);
    const search = fake.requests.find((r) => r.path.includes('AvailablePhoneNumbers'));
    expect(search?.path).toContain('AreaCode=646');
    expect(search?.path).toContain('VoiceEnabled=true');
  });

  it('buys one anywhere when none is free in the area code, or none is asked for', async () => {
    fake.numbers.forSale = ['+14155550190'];
    expect((await numbers().buy({ areaCode: '212', ...URLS })).number).toBe('+14155550190');
    fake.numbers.forSale = ['+13125550193'];
    expect((await numbers().buy({ areaCode: null, ...URLS })).number).toBe('+13125550193');
  });

  it('says so when Twilio has no number at all to sell', async () => {
    fake.numbers.forSale = [];
    const error = await rejectionOf(numbers().buy({ areaCode: '312', ...URLS }));
    expect(error).toBeInstanceOf(PermanentError);
    expect(error.message).toMatch(/no US local number/);
    expect(fake.numbers.bought).toEqual([]);
  });

  it('tries the next number offered when another buyer takes the first', async () => {
    fake.numbers.forSale = ['+13125550194', '+13125550195'];
    fake.failNext(
      1,
      400,
      { code: 21422, message: 'PhoneNumber requested is not available', status: 400 },
      'POST',
    );
    expect((await numbers().buy({ areaCode: '312', ...URLS })).number).toBe('+13125550195');
  });

  it('maps a wrong token to a permanent error naming Settings, without the token', async () => {
    const wrong = '00112233445566778899aabbccddeeff';
    const error = await rejectionOf(numbers(wrong).buy({ areaCode: '312', ...URLS }));
    expect(error).toBeInstanceOf(PermanentError);
    expect(error.message).toMatch(/Settings/);
    expect(error.message).not.toContain(wrong);
    expect(fake.numbers.bought).toEqual([]);
  });

  it('maps 429 and 5xx to transient errors', async () => {
    fake.failNext(1, 503, undefined, 'GET');
    expect(await rejectionOf(numbers().buy({ areaCode: '312', ...URLS }))).toBeInstanceOf(TransientError);
    fake.failNext(1, 429, undefined, 'POST');
    expect(await rejectionOf(numbers().buy({ areaCode: '312', ...URLS }))).toBeInstanceOf(TransientError);
    expect(fake.numbers.bought).toEqual([]);
  });

  it('refuses a Twilio refusal it cannot retry as permanent, the number redacted', async () => {
    fake.failNext(
      1,
      400,
      { code: 21404, message: 'Trial accounts cannot buy +13125550100', status: 400 },
      'POST',
    );
    const error = await rejectionOf(numbers().buy({ areaCode: '312', ...URLS }));
    expect(error).toBeInstanceOf(PermanentError);
    expect(error.message).toContain('21404');
    expect(error.message).not.toContain('+13125550100');
  });
});

describe('releasing a forwarding number', () => {
  it('releases a bought number, and a second release of it is fine (already gone)', async () => {
    const { sid } = await numbers().buy({ areaCode: '312', ...URLS });
    await numbers().release(sid);
    expect(fake.numbers.bought).toEqual([]);
    expect(fake.numbers.released).toEqual([sid]);
    await expect(numbers().release(sid)).resolves.toBeUndefined();
  });

  it('leaves the number when Twilio fails, as a transient error to retry', async () => {
    const { sid } = await numbers().buy({ areaCode: '312', ...URLS });
    fake.failNext(1, 500, undefined, 'DELETE');
    expect(await rejectionOf(numbers().release(sid))).toBeInstanceOf(TransientError);
    expect(fake.numbers.bought.map((n) => n.sid)).toEqual([sid]);
  });

  it('refuses what is not a number id before asking Twilio', async () => {
    expect(await rejectionOf(numbers().release('../Messages'))).toBeInstanceOf(PermanentError);
    expect(fake.requests).toEqual([]);
  });
});
