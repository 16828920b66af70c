/**
 * A sign-up's SMS consent counts only after its phone texts JOIN and the sign-up's code (issue 31), end to
 * end on the local runtime with the real `twilio` SDK against its local fake: the sign-up texts nothing (so
 * sign-ups naming strangers' phones cannot pump texts), a signed JOIN webhook from the phone confirms that one
 * sign-up, the consent record keeps both events, and the dashboard's list and the export say which sign-ups
 * are confirmed. Records are read from the runtime's real (dynalite) tables.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageReport } from '#core/operator/usage';
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

type Answer = { ok: true; join: { code: string; expires_at: string } | null };

async function signUp(email: string, phone: string): Promise<Answer> {
  const response = await fetch(`${runtime.url}/api/signups`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'consent test browser' },
    body: JSON.stringify({ name: 'Lin Consent', email, phone, sms_opt_in: true }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Answer;
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

const text = (from: string, body: string) =>
  postWebhook(runtime, incomingForm({ from, body }), { token: TWILIO.authToken });

// Hundreds of sign-ups are in test/unit/sms-consent.test.ts; here as many as one client may make at once.
describe('sign-ups naming strangers’ phones (SMS pumping)', () => {
  it('text no one: 25 sign-ups naming 25 numbers send nothing and spend none of the budget', async () => {
    const numbers = Array.from({ length: 25 }, (_, i) => `+1415555${2000 + i}`);
    for (const [i, phone] of numbers.entries()) {
      expect((await signUp(`pump${i}@example.com`, phone)).join?.code).toMatch(/^\d{4}$/);
    }
    expect(twilio.messages.filter((m) => numbers.includes(m.to))).toEqual([]);
    const usage = (await (await admin('/usage?days=1')).json()) as UsageReport;
    expect(usage.budget.used).toBe(0);
  });
});

describe('a sign-up that asks for texts', () => {
  it('counts only after its phone texts JOIN and its code, and keeps both events', async () => {
    const phone = '+14155550181';
    const { join } = await signUp('lin@example.com', phone);
    const other = await signUp('other@example.com', phone);
    expect(textsTo(phone)).toEqual([]);
    expect(await signupOf('lin@example.com')).toMatchObject({ sms_opt_in: true, sms_confirmed_at: null });

    const form = incomingForm({ from: phone, body: `JOIN ${join!.code}` });
    expect((await postWebhook(runtime, form, { token: TWILIO.authToken })).status).toBe(200);

    expect(textsTo(phone)).toEqual([
      expect.stringMatching(/^Voice Summary: thanks, your sign-up is confirmed\./),
    ]);
    const confirmed = await signupOf('lin@example.com');
    expect(Date.parse(confirmed.sms_confirmed_at!)).not.toBeNaN();
    expect((await signupOf('other@example.com')).sms_confirmed_at).toBeNull();
    const records = await consentRecords('lin@example.com');
    expect(records).toEqual([
      expect.objectContaining({ source: 'web-signup', user_agent: 'consent test browser', phone }),
      expect.objectContaining({
        source: 'sms-confirmation',
        phone,
        message_sid: form.MessageSid,
        keyword: 'JOIN',
        text: `JOIN ${join!.code}`,
        recorded_at: confirmed.sms_confirmed_at,
      }),
    ]);

    const csv = await (await admin('/signups/export')).text();
    const row = (email: string) => csv.split('\r\n').find((line) => line.includes(`"${email}"`));
    expect(row('lin@example.com')).toContain(`"true","Confirmed","${confirmed.sms_confirmed_at}"`);
    expect(row('other@example.com')).toContain('"true","Waiting for JOIN",""');
    expect(other.join!.code).toMatch(/^\d{4}$/);
  });

  it('is confirmed by nothing from another phone, by YES, or by a forged (unsigned) JOIN', async () => {
    const phone = '+14155550182';
    const { join } = await signUp('first@example.com', phone);
    expect((await text('+14155550183', `JOIN ${join!.code}`)).status).toBe(200);
    expect((await text(phone, 'YES')).status).toBe(200);
    // Unsigned: the webhook refuses it before anything is read.
    const forged = await postWebhook(runtime, incomingForm({ from: phone, body: `JOIN ${join!.code}` }), {
      token: 'not-the-auth-token-0123456789abcdef',
    });
    expect(forged.status).toBe(403);
    expect((await signupOf('first@example.com')).sms_confirmed_at).toBeNull();
    expect(textsTo('+14155550183')).toEqual([expect.stringMatching(/matches no sign-up/)]);
  });
});
