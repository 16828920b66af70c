/**
 * A sign-up's SMS consent counts only after its phone answers YES to one confirmation text (double opt-in):
 * the sign-up and the webhook as use cases over in-memory ports sharing one clock, counters and opt-outs.
 */
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '#core/delivery/day-window';
import { smsConsentStatus } from '#core/senders/consent';
import type { Signup } from '#core/senders/signup';
import { OPT_IN_CONFIRMATION, SMS_CONSENT_CONFIRMED_TEXT } from '#core/texts/service-texts';
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
  return { deps, sms, status };
}

describe('a sign-up that asks for texts', () => {
  it('texts its phone one confirmation with the program’s name, rates, HELP and STOP, and is not confirmed yet', async () => {
    const { deps, sms, status } = setUp();
    await registerSignup(deps, signup('lin@example.com'), CLIENT);

    expect(sms.sent).toEqual([
      expect.objectContaining({
        to: PHONE,
        body: expect.stringMatching(
          /^Voice Summary: reply YES to confirm .*Msg frequency varies\. Msg & data rates may apply\. Reply STOP to opt out, HELP for help\./,
        ),
      }),
    ]);
    expect(await status('lin@example.com')).toBe('awaiting-yes');
    expect(deps.consents.records).toEqual([
      expect.objectContaining({ source: 'web-signup', phone: PHONE, ip: '203.0.113.7', sms_opt_in: true }),
    ]);
  });

  it('texts a number at most once a day, however many sign-ups name it', async () => {
    const { deps, sms } = setUp();
    for (const email of ['a@example.com', 'b@example.com', 'a@example.com']) {
      await registerSignup(deps, signup(email), CLIENT);
    }
    expect(sms.sent).toHaveLength(1);
    deps.clock.advance(DAY_MS);
    await registerSignup(deps, signup('c@example.com'), CLIENT);
    expect(sms.sent).toHaveLength(2);
  });

  it('texts nothing without SMS consent, and nothing to a number that texted STOP (it stays opted out)', async () => {
    const { deps, sms, status } = setUp();
    await registerSignup(deps, signup('email-only@example.com', { sms_opt_in: false }), CLIENT);
    await deps.optOuts.optOut(PHONE, deps.clock());
    await registerSignup(deps, signup('stopped@example.com'), CLIENT);

    expect(sms.sent).toEqual([]);
    expect(await deps.optOuts.get(PHONE)).not.toBeNull();
    expect(await status('email-only@example.com')).toBe('none');
    expect(await status('stopped@example.com')).toBe('awaiting-yes');
  });
});

describe('the phone’s YES', () => {
  it('confirms every sign-up waiting for it, records it with its time and MessageSid, and says so', async () => {
    const { deps, sms, status } = setUp();
    await registerSignup(deps, signup('a@example.com'), CLIENT);
    await registerSignup(deps, signup('b@example.com'), CLIENT);
    deps.clock.advance(60_000);
    const yes = text('Yes!');

    expect((await receiveSms(deps, yes)).action).toBe('opt-in');

    expect(await status('a@example.com')).toBe('confirmed');
    expect(await status('b@example.com')).toBe('confirmed');
    expect((await deps.signups.get('a@example.com'))?.sms_confirmed_at).toBe(deps.clock());
    expect(deps.consents.records.filter((r) => r.source === 'sms-confirmation')).toEqual(
      ['a@example.com', 'b@example.com'].map((email) =>
        expect.objectContaining({
          email,
          phone: PHONE,
          message_sid: yes.MessageSid,
          recorded_at: deps.clock(),
        }),
      ),
    );
    expect(sms.sent.at(-1)?.body).toBe(SMS_CONSENT_CONFIRMED_TEXT('Voice Summary'));
  });

  it('confirms nothing from another number, for START, or after 30 days', async () => {
    const { deps, sms, status } = setUp();
    await registerSignup(deps, signup('lin@example.com'), CLIENT);
    await receiveSms(deps, text('YES', '+14155550199'));
    await receiveSms(deps, text('START'));
    expect(await status('lin@example.com')).toBe('awaiting-yes');
    expect(sms.sent.at(-1)?.body).toBe(OPT_IN_CONFIRMATION);

    deps.clock.advance(30 * DAY_MS);
    await receiveSms(deps, text('YES'));
    expect(await status('lin@example.com')).toBe('awaiting-yes');
    expect(sms.sent.at(-1)?.body).toBe(OPT_IN_CONFIRMATION);
  });

  it('re-subscribes a number that texted STOP, as YES always has, and confirms its sign-up', async () => {
    const { deps, status } = setUp();
    await deps.optOuts.optOut(PHONE, deps.clock());
    await registerSignup(deps, signup('lin@example.com'), CLIENT);
    await receiveSms(deps, text('yes'));
    expect(await deps.optOuts.get(PHONE)).toBeNull();
    expect(await status('lin@example.com')).toBe('confirmed');
  });

  it('stays with a sign-up that keeps its phone; a new phone must confirm again', async () => {
    const { deps, sms, status } = setUp();
    await registerSignup(deps, signup('lin@example.com'), CLIENT);
    await receiveSms(deps, text('YES'));
    const texts = sms.sent.length;

    await registerSignup(deps, signup('lin@example.com', { name: 'Lin Q.' }), CLIENT);
    expect(await status('lin@example.com')).toBe('confirmed');
    expect(sms.sent).toHaveLength(texts);

    await registerSignup(deps, signup('lin@example.com', { phone: '+14155550143' }), CLIENT);
    expect(await status('lin@example.com')).toBe('awaiting-yes');
    expect(sms.sent.at(-1)?.to).toBe('+14155550143');
    await receiveSms(deps, text('YES'));
    expect(await status('lin@example.com')).toBe('awaiting-yes');
  });
});

describe('the sign-ups export', () => {
  it('says which sign-ups’ texts are confirmed, and when', async () => {
    const { deps } = setUp();
    await registerSignup(deps, signup('confirmed@example.com'), CLIENT);
    await receiveSms(deps, text('YES'));
    await registerSignup(deps, signup('waiting@example.com', { phone: '+14155550144' }), CLIENT);
    await registerSignup(deps, signup('none@example.com', { phone: null, sms_opt_in: false }), CLIENT);

    const lines = (await signupsCsv(deps)).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"name","email","phone","sms_opt_in","sms_consent","sms_confirmed_at","created_at","updated_at"',
    );
    const row = (email: string) => lines.find((line) => line.includes(`"${email}"`))!;
    expect(row('confirmed@example.com')).toContain(`"true","Confirmed","${deps.clock()}"`);
    expect(row('waiting@example.com')).toContain('"true","Waiting for YES",""');
    expect(row('none@example.com')).toContain('"false","No",""');
  });
});
