/**
 * A sign-up's SMS consent counts only after its phone answers YES, end to end on the local runtime with the
 * real `twilio` SDK against its local fake: the sign-up texts one confirmation (through the gate, once a
 * number a day), a signed YES webhook confirms it, the consent record keeps both events, and the dashboard's
 * list and the export say which sign-ups are confirmed. Records are read from the runtime's real (dynalite)
 * tables.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignupRecord } from '#core/senders/signup';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import type { FakeTwilio } from '../support/fake-twilio';
import type { RunningRuntime } from '../support/local-runtime';
import { incomingForm, postWebhook } from '../support/pipeline';
import { type ProviderRuntime, startWithFakeProviders } from '../support/provider-runtime';

const TWILIO = {
  accountSid: `AC${'ef'.repeat(16)}`,
  authToken: 'fake-twilio-auth-token-consent-01234',
  number: '+15005550006',
};

let twilio: FakeTwilio;
let runtime: RunningRuntime;
let providers: ProviderRuntime;
let db: ReturnType<typeof createDocumentClient>;

beforeAll(async () => {
  providers = await startWithFakeProviders({
    openaiKey: 'sk-test-fake-openai-key-consent-0123456',
    twilio: TWILIO,
  });
  ({ twilio, runtime } = providers);
  db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
}, 120_000);

afterAll(async () => {
  db?.destroy();
  await providers?.close();
});

const textsTo = (to: string) => twilio.messages.filter((m) => m.to === to).map((m) => m.body);

async function signUp(email: string, phone: string) {
  const response = await fetch(`${runtime.url}/api/signups`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'consent test browser' },
    body: JSON.stringify({ name: 'Lin Consent', email, phone, sms_opt_in: true }),
  });
  expect(response.status).toBe(201);
}

async function admin(path: string): Promise<Response> {
  return fetch(`${runtime.url}/api${path}`, {
    headers: { authorization: `Bearer ${await runtime.adminToken()}` },
  });
}

async function signupOf(email: string): Promise<SignupRecord> {
  const { signups } = (await (await admin('/signups?limit=100')).json()) as { signups: SignupRecord[] };
  return signups.find((signup) => signup.email === email)!;
}

async function consentRecords(email: string) {
  const { Items } = await db.send(
    new QueryCommand({
      TableName: runtime.info.tables.signupConsents,
      KeyConditionExpression: 'email = :email',
      ExpressionAttributeValues: { ':email': email },
    }),
  );
  return Items ?? [];
}

describe('a sign-up that asks for texts', () => {
  it('counts only after its phone answers YES to the one confirmation text, and keeps both events', async () => {
    const phone = '+14155550181';
    await signUp('lin@example.com', phone);

    expect(textsTo(phone)).toEqual([
      expect.stringMatching(
        /^Voice Summary: reply YES to confirm .* Msg & data rates may apply\. Reply STOP to opt out, HELP for help\./,
      ),
    ]);
    expect(await signupOf('lin@example.com')).toMatchObject({ sms_opt_in: true, sms_confirmed_at: null });

    const yes = incomingForm({ from: phone, body: 'YES' });
    expect((await postWebhook(runtime, yes, { token: TWILIO.authToken })).status).toBe(200);

    expect(textsTo(phone).at(-1)).toMatch(/^Voice Summary: thanks, your sign-up is confirmed\./);
    const confirmed = await signupOf('lin@example.com');
    expect(Date.parse(confirmed.sms_confirmed_at!)).not.toBeNaN();
    const records = await consentRecords('lin@example.com');
    expect(records).toEqual([
      expect.objectContaining({ source: 'web-signup', user_agent: 'consent test browser', phone }),
      expect.objectContaining({
        source: 'sms-confirmation',
        phone,
        message_sid: yes.MessageSid,
        recorded_at: confirmed.sms_confirmed_at,
      }),
    ]);

    const csv = await (await admin('/signups/export')).text();
    expect(csv.split('\r\n').find((line) => line.includes('"lin@example.com"'))).toContain(
      `"true","Confirmed","${confirmed.sms_confirmed_at}"`,
    );
  });

  it('texts a number once a day however many sign-ups name it, and a forged YES confirms nothing', async () => {
    const phone = '+14155550182';
    await signUp('first@example.com', phone);
    await signUp('second@example.com', phone);
    expect(textsTo(phone)).toHaveLength(1);

    // Unsigned: the webhook refuses it before anything is read.
    const forged = await postWebhook(runtime, incomingForm({ from: phone, body: 'YES' }), {
      token: 'not-the-auth-token-0123456789abcdef',
    });
    expect(forged.status).toBe(403);
    expect((await signupOf('first@example.com')).sms_confirmed_at).toBeNull();

    const csv = await (await admin('/signups/export')).text();
    expect(csv.split('\r\n').find((line) => line.includes('"second@example.com"'))).toContain(
      '"true","Waiting for YES",""',
    );
  });
});
