/**
 * A sign-up's SMS consent counts only after its phone texts JOIN and the sign-up's code (issue 31): the
 * sign-up texts nothing, whatever number it names; the phone proves itself. The sign-up and the webhook as use
 * cases over in-memory ports sharing one clock, counters and opt-outs.
 */
import { describe, expect, it } from 'vitest';
import { JOIN_CODE_TRIES, smsConsentStatus } from '#core/senders/consent';
import type { Signup } from '#core/senders/signup';
import { JOIN_NOT_CONFIRMED_TEXT, SMS_CONSENT_CONFIRMED_TEXT } from '#core/texts/service-texts';
import { receiveSms } from '../../lambdas/use-cases/inbound/receive-sms';
import { registerSignup, signupsCsv } from '../../lambdas/use-cases/signups';
import { inboundDeps } from '../support/inbound-deps';

const PHONE = '+14155550142';
const CLIENT = { ip: '203.0.113.7', userAgent: 'test browser' };

const signup = (email: string, changes: Partial<Signup> = {}): Signup => ({
  name: 'Lin',
  email,
  phone: PHONE,
  sms_opt_in: true,
  consent_version: '2025-10-15',
  ...changes,
});

let sids = 0;
const text = (body: string, from = PHONE) => ({
  MessageSid: `SM${String(++sids).padStart(32, '0')}`,
  From: from,
  Body: body,
  NumMedia: 0,
});

function setUp() {
  const { deps, sms } = inboundDeps();
  const status = async (email: string) => smsConsentStatus((await deps.signups.get(email))!);
  /** Signs `email` up and answers the code its page shows. */
  const codeFor = async (email: string, changes: Partial<Signup> = {}) => {
    const answer = await registerSignup(deps, signup(email, changes), CLIENT);
    return answer.join!.code;
  };
  return { deps, sms, status, codeFor };
}

/** A code other than `code`, of the same length. */
const another = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('a sign-up that asks for texts', () => {
  it('texts nothing, and answers with the JOIN code its phone must text, for an hour', async () => {
    const { deps, sms, status } = setUp();
    const answer = await registerSignup(deps, signup('lin@example.com'), CLIENT);

    expect(answer).toEqual({
      ok: true,
      join: { code: expect.stringMatching(/^\d{4}$/), expires_at: '2026-01-01T13:00:00.000Z' },
    });
    expect(sms.sent).toEqual([]);
    expect(await status('lin@example.com')).toBe('awaiting-join');
    expect(deps.consents.records).toEqual([
      expect.objectContaining({ source: 'web-signup', phone: PHONE, ip: '203.0.113.7', sms_opt_in: true }),
    ]);
    expect(await registerSignup(deps, signup('none@example.com', { sms_opt_in: false }), CLIENT)).toEqual({
      ok: true,
      join: null,
    });
  });

  it('cannot be used to text strangers: 500 sign-ups naming 100 numbers send no text at all', async () => {
    const { deps, sms } = setUp();
    for (let i = 0; i < 500; i++) {
      const phone = `+1415555${String(1000 + (i % 100))}`;
      await registerSignup(deps, signup(`pump${i}@example.com`, { phone }), CLIENT);
    }
    expect(sms.sent).toEqual([]);
    expect(await deps.counters.read('segments#service#2026-01-01')).toBe(0);
  });
});

describe('the phone’s JOIN', () => {
  it('confirms exactly its own sign-up, records what it texted, when and its MessageSid, and says so', async () => {
    const { deps, sms, status, codeFor } = setUp();
    const mine = await codeFor('lin@example.com');
    await codeFor('other@example.com');
    deps.clock.advance(60_000);
    const join = text(`join ${mine}`);

    expect((await receiveSms(deps, join)).action).toBe('opt-in');

    expect(await status('lin@example.com')).toBe('confirmed');
    expect(await status('other@example.com')).toBe('awaiting-join');
    expect((await deps.signups.get('lin@example.com'))?.sms_confirmed_at).toBe(deps.clock());
    expect(deps.consents.records.filter((r) => r.source === 'sms-confirmation')).toEqual([
      {
        email: 'lin@example.com',
        event_id: expect.stringMatching(new RegExp(`^${deps.clock()}#`)),
        recorded_at: deps.clock(),
        phone: PHONE,
        message_sid: join.MessageSid,
        keyword: 'JOIN',
        text: `join ${mine}`,
        source: 'sms-confirmation',
      },
    ]);
    expect(sms.sent.map((s) => s.body)).toEqual([SMS_CONSENT_CONFIRMED_TEXT('Voice Summary')]);
  });

  it('confirms nothing from another phone, for YES, a wrong code, a used one, or one past its hour', async () => {
    const { deps, sms, status, codeFor } = setUp();
    const code = await codeFor('lin@example.com');
    await receiveSms(deps, text(`JOIN ${code}`, '+14155550199'));
    await receiveSms(deps, text('YES'));
    await receiveSms(deps, text(`JOIN ${another(code)}`));
    expect(await status('lin@example.com')).toBe('awaiting-join');
    expect(sms.sent.at(-1)?.body).toBe(JOIN_NOT_CONFIRMED_TEXT('Voice Summary'));

    await receiveSms(deps, text(`JOIN ${code}`));
    expect(await status('lin@example.com')).toBe('confirmed');
    await deps.signups.save(
      { ...(await deps.signups.get('lin@example.com'))!, sms_confirmed_at: null },
      deps.clock(),
    );
    await receiveSms(deps, text(`JOIN ${code}`));
    expect(await status('lin@example.com')).toBe('awaiting-join');

    const late = await codeFor('late@example.com');
    deps.clock.advance(60 * 60_000);
    await receiveSms(deps, text(`JOIN ${late}`));
    expect(await status('late@example.com')).toBe('awaiting-join');
  });

  it('is spent by the phone’s wrong tries: guessing cannot reach a code', async () => {
    const { deps, status, codeFor } = setUp();
    const code = await codeFor('lin@example.com');
    for (let i = 0; i < JOIN_CODE_TRIES; i++) await receiveSms(deps, text(`JOIN ${another(code)}`));
    await receiveSms(deps, text(`JOIN ${code}`));
    expect(await status('lin@example.com')).toBe('awaiting-join');
    // A new sign-up is a new code, and its tries start again.
    const again = await codeFor('lin@example.com');
    await receiveSms(deps, text(`JOIN ${again}`));
    expect(await status('lin@example.com')).toBe('confirmed');
  });

  it('keeps at most 3 sign-ups waiting for a phone, and confirms in one write however many named it', async () => {
    const { deps, status, codeFor } = setUp();
    for (let i = 0; i < 300; i++) await codeFor(`someone${i}@example.com`);
    const mine = await codeFor('lin@example.com');
    expect(deps.joinCodes.phones.get(PHONE)?.codes.size).toBe(3);

    const writes = deps.joinCodes.redeemWrites;
    await receiveSms(deps, text(`JOIN ${mine}`));
    expect(deps.joinCodes.redeemWrites - writes).toBe(1);
    expect(await status('lin@example.com')).toBe('confirmed');
    expect(await status('someone299@example.com')).toBe('awaiting-join');
  });

  it('re-subscribes a number that texted STOP, and a new phone must confirm again', async () => {
    const { deps, status, codeFor } = setUp();
    await deps.optOuts.optOut(PHONE, deps.clock());
    await receiveSms(deps, text(`JOIN ${await codeFor('lin@example.com')}`));
    expect(await deps.optOuts.get(PHONE)).toBeNull();
    expect(await status('lin@example.com')).toBe('confirmed');

    await registerSignup(deps, signup('lin@example.com', { name: 'Lin Q.' }), CLIENT);
    expect(await status('lin@example.com')).toBe('confirmed');
    const other = await codeFor('lin@example.com', { phone: '+14155550143' });
    expect(await status('lin@example.com')).toBe('awaiting-join');
    await receiveSms(deps, text(`JOIN ${other}`));
    expect(await status('lin@example.com')).toBe('awaiting-join');
    await receiveSms(deps, text(`JOIN ${other}`, '+14155550143'));
    expect(await status('lin@example.com')).toBe('confirmed');
  });
});

describe('the sign-ups export', () => {
  it('says which sign-ups’ texts are confirmed, and when', async () => {
    const { deps, codeFor } = setUp();
    await receiveSms(deps, text(`JOIN ${await codeFor('confirmed@example.com')}`));
    await registerSignup(deps, signup('waiting@example.com', { phone: '+14155550144' }), CLIENT);
    await registerSignup(deps, signup('none@example.com', { phone: null, sms_opt_in: false }), CLIENT);

    const lines = (await signupsCsv(deps)).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"name","email","phone","sms_opt_in","sms_consent","sms_confirmed_at","created_at","updated_at"',
    );
    const row = (email: string) => lines.find((line) => line.includes(`"${email}"`))!;
    expect(row('confirmed@example.com')).toContain(`"true","Confirmed","${deps.clock()}"`);
    expect(row('waiting@example.com')).toContain('"true","Waiting for JOIN",""');
    expect(row('none@example.com')).toContain('"false","No",""');
  });
});
