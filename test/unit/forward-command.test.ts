/**
 * FORWARD's answer and the number's life by text (issue 33) over in-memory ports: who gets a number, nothing
 * half-written when the provider refuses or the record cannot be stored, one purchase at a time, and STOP,
 * DELETE and START moving `release_after`.
 */
import { describe, expect, it } from 'vitest';
import { PermanentError } from '#core/messages/pipeline-errors';
import { selectPhoneNumbers } from '../../lambdas/composition/provider-choice';
import { forwardingNumberFor, RELEASE_GRACE_DAYS } from '../../lambdas/use-cases/forwarding-numbers';
import { receiveSms } from '../../lambdas/use-cases/inbound/receive-sms';
import { InMemorySettings, settingsWith } from '../support/in-memory-ports';
import { inboundDeps } from '../support/inbound-deps';

const FROM = '+14155550123';
let sids = 0;
const text = (body: string, from = FROM) => ({
  MessageSid: `SM${String(++sids).padStart(16, '0')}`,
  From: from,
  Body: body,
  NumMedia: 0,
});

describe('FORWARD', () => {
  it('buys one number for a US subscriber, shows the same one again, and remembers the carrier', async () => {
    const { deps, sms, phoneNumbers } = inboundDeps();
    await receiveSms(deps, text('FORWARD'));
    expect(phoneNumbers.bought).toHaveLength(1);
    expect(phoneNumbers.bought[0]?.voiceUrl).toBe(deps.callUrls.voice);
    const record = await deps.forwardingNumbers.findBySubscriber(FROM);
    expect(sms.sent.at(-1)?.body).toContain('your forwarding number is (312) 555-0001');
    await receiveSms(deps, text('forward'));
    expect(phoneNumbers.bought).toHaveLength(1);
    expect(sms.sent.at(-1)?.body).toContain('(312) 555-0001');
    await receiveSms(deps, text('T-Mobile'));
    expect(sms.sent.at(-1)?.body).toContain(`**004*${record?.number}#`);
    expect((await deps.forwardingNumbers.get(record!.number))?.carrier).toBe('gsm');
  });

  it('buys nothing for someone who opted out, and tells a non-US number it is for US numbers only', async () => {
    const { deps, sms, phoneNumbers } = inboundDeps();
    await deps.optOuts.optOut(FROM, deps.clock());
    await receiveSms(deps, text('FORWARD'));
    deps.settings.record = settingsWith({ reply_countries: ['US', 'CA'] });
    await receiveSms(deps, text('FORWARD', '+14165550123'));
    expect(phoneNumbers.bought).toEqual([]);
    expect(sms.sent.map((s) => s.body)).toEqual([
      'Voice Summary: forwarding numbers are for US phone numbers only.',
    ]);
  });

  it('says calls are not set up when there is no provider', async () => {
    const { deps, sms } = inboundDeps();
    const withoutProvider = { ...deps, providers: { ...deps.providers, phoneNumbers: async () => null } };
    await receiveSms(withoutProvider, text('FORWARD'));
    expect(sms.sent.at(-1)?.body).toBe(
      'Voice Summary: voicemail by call forwarding is not set up on this service yet.',
    );
    expect(await deps.forwardingNumbers.list()).toEqual([]);
  });

  it('releases a number it bought but could not store, and keeps no record', async () => {
    const { deps, phoneNumbers } = inboundDeps();
    deps.forwardingNumbers.put = async () => {
      throw new Error('table unavailable');
    };
    await expect(forwardingNumberFor(deps, FROM)).rejects.toThrow('table unavailable');
    expect(phoneNumbers.released).toEqual([phoneNumbers.bought[0]?.sid]);
    expect(await deps.forwardingNumbers.list()).toEqual([]);
    // The lock is given back: the next FORWARD can buy.
    expect(await deps.counters.read(`forwarding-buy#${FROM}#${deps.clock().slice(0, 10)}`)).toBe(0);
  });

  it('gives the day back when the provider refuses, and texts why', async () => {
    const { deps, sms, phoneNumbers } = inboundDeps();
    phoneNumbers.failure = new PermanentError('Twilio refused to buy a number (400).');
    await receiveSms(deps, text('FORWARD'));
    expect(sms.sent.at(-1)?.body).toContain('could not get you a forwarding number just now');
    expect(await deps.counters.read(`forwarding-numbers#${deps.clock().slice(0, 10)}`)).toBe(0);
    expect(await deps.forwardingNumbers.list()).toEqual([]);
  });

  it('buys once when two FORWARDs arrive together', async () => {
    const { deps, phoneNumbers } = inboundDeps();
    const outcomes = await Promise.all([forwardingNumberFor(deps, FROM), forwardingNumberFor(deps, FROM)]);
    expect(phoneNumbers.bought).toHaveLength(1);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['bought', 'busy']);
  });
});

describe('the number after STOP, DELETE and START', () => {
  it('is marked for release a grace period after STOP, and kept again by START or FORWARD', async () => {
    const { deps } = inboundDeps();
    await receiveSms(deps, text('FORWARD'));
    const { number } = (await deps.forwardingNumbers.findBySubscriber(FROM))!;
    await receiveSms(deps, text('STOP'));
    const expected = new Date(Date.parse(deps.clock()) + RELEASE_GRACE_DAYS * 86_400_000).toISOString();
    expect((await deps.forwardingNumbers.get(number))?.release_after).toBe(expected);
    await receiveSms(deps, text('START'));
    expect((await deps.forwardingNumbers.get(number))?.release_after).toBeNull();
    await receiveSms(deps, text('please stop texting me'));
    expect((await deps.forwardingNumbers.get(number))?.release_after).toBe(expected);
    await deps.optOuts.optIn(FROM);
    await receiveSms(deps, text('FORWARD'));
    expect((await deps.forwardingNumbers.get(number))?.release_after).toBeNull();
  });

  it('is marked for release when DELETE with its code erases the subscriber', async () => {
    const { deps, sms } = inboundDeps();
    await receiveSms(deps, text('FORWARD'));
    const { number } = (await deps.forwardingNumbers.findBySubscriber(FROM))!;
    await receiveSms(deps, text('DELETE'));
    const code = /DELETE (\d+)/.exec(sms.sent.at(-1)?.body ?? '')?.[1];
    await receiveSms(deps, text(`DELETE ${code}`));
    expect((await deps.forwardingNumbers.get(number))?.release_after).not.toBeNull();
  });
});

describe('the phone-number provider chosen', () => {
  const secretsWith = (token: string | null) => ({
    get: async () => token,
    put: async () => {},
  });
  const choose = (options: { token: string | null; sid: string | null; local: boolean }) => {
    const made: { accountSid: string; apiBaseUrl: string | null }[] = [];
    const selected = selectPhoneNumbers({
      settings: new InMemorySettings(settingsWith({ twilio_account_sid: options.sid })),
      secrets: secretsWith(options.token) as never,
      twilio: (o) => {
        made.push({ accountSid: o.accountSid, apiBaseUrl: o.apiBaseUrl });
        return { buy: async () => ({ number: '+13125550100', sid: 'PN1' }), release: async () => {} };
      },
      local: options.local ? { apiBaseUrl: 'http://127.0.0.1:4999', token: async () => 'local-token' } : null,
      apiBaseUrl: null,
    });
    return { selected, made };
  };

  it('is Twilio with saved credentials, else the local stand-in, else none', async () => {
    const saved = choose({ token: 'tok', sid: `AC${'1'.repeat(32)}`, local: true });
    expect(await saved.selected.phoneNumbers()).not.toBeNull();
    expect(saved.made).toEqual([{ accountSid: `AC${'1'.repeat(32)}`, apiBaseUrl: null }]);
    const local = choose({ token: null, sid: null, local: true });
    expect(await local.selected.phoneNumbers()).not.toBeNull();
    expect(local.made).toEqual([{ accountSid: `AC${'0'.repeat(32)}`, apiBaseUrl: 'http://127.0.0.1:4999' }]);
    const none = choose({ token: null, sid: null, local: false });
    expect(await none.selected.phoneNumbers()).toBeNull();
  });
});
