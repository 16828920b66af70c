/**
 * Issue 33, "Reachable by Twilio, and said so": Settings' Twilio check, through the local runtime and the fake
 * of Twilio's REST API, also reads the account's numbers (IncomingPhoneNumbers) and says whether the SMS
 * number sends its texts to the webhook and each forwarding number (put straight into its table) its calls
 * to the voice URL, naming the wrong ones, where they point now, and what to paste where.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrlsOn } from '#core/calls/twilio-urls';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { DynamoForwardingNumberRepository } from '../../lambdas/adapters/aws/dynamo-forwarding-numbers';
import { type FakeTwilio, startFakeTwilio } from '../support/fake-twilio';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';

const SID = `AC${'9a'.repeat(16)}`;
const TOKEN = 'twilio-token-webhooks-check-0123456789';
const SMS_NUMBER = '+14155550177';

let runtime: RunningRuntime;
let twilio: FakeTwilio;
let token: string;

beforeAll(async () => {
  twilio = await startFakeTwilio({ accountSid: SID, authToken: TOKEN });
  runtime = await startLocalRuntime({ env: { TWILIO_API_BASE_URL: twilio.url } });
  token = await runtime.adminToken();
  const saved = await api('/api/settings', {
    method: 'PUT',
    body: { twilio_account_sid: SID, twilio_auth_token: TOKEN, twilio_phone_number: SMS_NUMBER },
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await runtime?.dispose();
  await twilio?.close();
});

async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${runtime.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: response.status, json: (await response.json()) as { ok: boolean; message: string } };
}

const check = async () => (await api('/api/settings/check/twilio', { method: 'POST' })).json;

async function forwardingNumbers(...numbers: string[]) {
  const db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  const repo = new DynamoForwardingNumberRepository(db, runtime.info.tables.forwardingNumbers);
  for (const number of numbers) {
    await repo.put({
      number,
      provider_sid: `PN${'b'.repeat(32)}`,
      subscriber: '+14155550111',
      created_at: '2026-11-02T10:00:00.000Z',
      carrier: null,
      confirmed_at: null,
      last_call_at: null,
      idle_notice_at: null,
      release_after: null,
    });
  }
}

describe("Setup's Twilio check of where texts and calls go (issue 33)", () => {
  it('says where the SMS number sends its texts when it is not this service, and what to paste there', async () => {
    twilio.phoneNumbers = [SMS_NUMBER];
    twilio.numberWebhooks = { [SMS_NUMBER]: { sms_url: 'https://old-tunnel.example/api/receive-message' } };
    expect(await check()).toEqual({
      ok: false,
      message: `Twilio accepted the Account SID and auth token, and (415) 555-0177 is a number of that account. Texts to (415) 555-0177 go to https://old-tunnel.example/api/receive-message, not to this service: in the Twilio Console open the number (Phone Numbers, Active numbers) and under Messaging Configuration set "A message comes in" to ${runtime.info.webhookUrl} (HTTP POST).`,
    });
    twilio.numberWebhooks = {};
    expect((await check()).message).toContain('Texts to (415) 555-0177 go nowhere (no webhook set)');
  });

  it('names each forwarding number whose calls go elsewhere or that the account does not hold, and counts the right ones', async () => {
    const voice = callUrlsOn(runtime.info.webhookUrl).voice;
    expect(voice).toBe(`${new URL(runtime.info.webhookUrl).origin}/api/voice`);
    await forwardingNumbers('+13125550100', '+13125550101', '+13125550102', '+13125550103');
    twilio.phoneNumbers = [SMS_NUMBER, '+13125550100', '+13125550101', '+13125550102'];
    twilio.numberWebhooks = {
      [SMS_NUMBER]: { sms_url: runtime.info.webhookUrl },
      '+13125550100': { voice_url: voice },
      '+13125550101': { voice_url: voice },
      '+13125550102': { voice_url: 'https://demo.twilio.com/welcome/voice/' },
    };
    const answer = await check();
    expect(answer.ok).toBe(false);
    expect(answer.message).toBe(
      [
        'Twilio accepted the Account SID and auth token, and (415) 555-0177 is a number of that account.',
        'Texts to (415) 555-0177 come to this service.',
        `Calls to the forwarding number go elsewhere ((312) 555-0102 to https://demo.twilio.com/welcome/voice/): in the Twilio Console open it and under Voice Configuration set "A call comes in" to ${voice} (HTTP POST).`,
        '(312) 555-0103 is a forwarding number of a subscriber but not a number of this Twilio account: calls to it cannot reach the service.',
        'Calls to 2 forwarding numbers (the others) come to this service.',
      ].join(' '),
    );

    twilio.phoneNumbers.push('+13125550103');
    twilio.numberWebhooks['+13125550102'] = { voice_url: voice };
    twilio.numberWebhooks['+13125550103'] = { voice_url: voice };
    expect(await check()).toEqual({
      ok: true,
      message:
        'Twilio accepted the Account SID and auth token, and (415) 555-0177 is a number of that account. Texts to (415) 555-0177 come to this service. Calls to 4 forwarding numbers come to this service.',
    });
    // Only Twilio's own origin was asked, with the account's credentials.
    expect(
      twilio.requests.some((r) => r.path.startsWith(`/2010-04-01/Accounts/${SID}/IncomingPhoneNumbers.json`)),
    ).toBe(true);
  });
});
