/**
 * The outbound gate over in-memory ports: each outcome (sent with the provider's id, opted out, country
 * refused, no provider, a segment cap reached, the service's budget spent, 21610 recorded), and the order its
 * checks run in, which decides what a text refused for several reasons reports and what it costs.
 */
import { describe, expect, it } from 'vitest';
import { RecipientOptedOutError, TransientError } from '#core/messages/pipeline-errors';
import { segmentCount } from '#core/texts/sms-text';
import { LibPhoneNumberRegions } from '../../lambdas/adapters/phone/libphonenumber-regions';
import {
  type OutboundSmsDeps,
  type OutboundText,
  outboundRefusal,
  sendText,
  TEXT_KINDS,
} from '../../lambdas/use-cases/outbound-sms';
import {
  InMemoryCounters,
  InMemoryOptOuts,
  InMemorySettings,
  RecordingSms,
  settingsWith,
  testClock,
} from '../support/in-memory-ports';

const US = '+14155550123';
const UK = '+442079460958';

function setUp(options: { provider?: boolean } = {}) {
  const sms = new RecordingSms();
  const deps = {
    settings: new InMemorySettings(settingsWith({ segments_per_number_per_hour: 2 })),
    optOuts: new InMemoryOptOuts(),
    phoneRegions: new LibPhoneNumberRegions(),
    counters: new InMemoryCounters(),
    clock: testClock(),
    providers: {
      smsSender: async () => (options.provider === false ? null : { sender: sms, from: '+15005550006' }),
    },
  } satisfies OutboundSmsDeps;
  return { deps, sms };
}

const help = (to = US): OutboundText => ({ to, body: 'Help text', kind: 'help', messageId: null });

/** How many of this hour's segments `to` has used. */
const used = (deps: ReturnType<typeof setUp>['deps'], to = US) =>
  [...deps.counters.counts.entries()]
    .filter(([key]) => key === `segments#${to}#${deps.clock().slice(0, 13)}`)
    .reduce((n, [, c]) => n + c, 0);

/** A text of `segments` GSM-7 segments. */
const long = (segments: number, kind: OutboundText['kind'] = 'reply'): OutboundText => ({
  to: US,
  body: 'x'.repeat(segments === 1 ? 160 : 153 * segments),
  kind,
  messageId: null,
});

describe('the outbound gate', () => {
  it('sends a text and returns the provider’s id for it', async () => {
    const { deps, sms } = setUp();
    const outcome = await sendText(deps, {
      to: US,
      body: 'Summary: call Dana.',
      kind: 'reply',
      messageId: 'MM1-0',
    });
    expect(outcome).toEqual({ status: 'sent', smsId: 'SM1', media: 0 });
    expect(sms.sent).toEqual([
      { to: US, from: '+15005550006', body: 'Summary: call Dana.', messageId: 'MM1-0' },
    ]);
  });

  it('sends nothing to a number that opted out', async () => {
    const { deps, sms } = setUp();
    await deps.optOuts.optOut(US, deps.clock());
    expect(await sendText(deps, help())).toEqual({ status: 'opted-out', atCarrier: false });
    expect(sms.sent).toEqual([]);
  });

  it('sends only the opt-out confirmation to a number that just opted out', async () => {
    const { deps, sms } = setUp();
    await deps.optOuts.optOut(US, deps.clock());
    for (const kind of TEXT_KINDS) {
      await sendText(deps, { to: US, body: kind, kind, messageId: null });
    }
    expect(sms.sent.map((s) => s.body)).toEqual(['opt-out-confirmation']);
  });

  it('refuses a country Settings does not allow, and sends once it is allowed', async () => {
    const { deps, sms } = setUp();
    expect(await sendText(deps, help(UK))).toEqual({ status: 'country-refused', country: 'GB' });
    expect(await sendText(deps, help('+1555'))).toEqual({ status: 'country-refused', country: null });
    deps.settings.record = settingsWith({ reply_countries: ['US', 'CA', 'GB'] });
    expect(await sendText(deps, help(UK))).toMatchObject({ status: 'sent' });
    expect(sms.sent.map((s) => s.to)).toEqual([UK]);
  });

  it('says when no SMS provider is configured', async () => {
    const { deps } = setUp({ provider: false });
    expect(await sendText(deps, help())).toEqual({ status: 'no-provider' });
  });

  it('stops at the segments a number may get an hour, every kind counting, until the next hour', async () => {
    const { deps, sms } = setUp();
    await sendText(deps, { ...help(), kind: 'opt-out-confirmation' });
    await sendText(deps, { ...help(), kind: 'reply' });
    expect(await sendText(deps, help())).toEqual({ status: 'limit-reached', per: 'hour', segments: 2 });
    expect(sms.sent).toHaveLength(2);
    deps.clock.advance(60 * 60 * 1000);
    expect(await sendText(deps, help())).toMatchObject({ status: 'sent' });
  });

  it('records Twilio’s 21610 as an opt-out and reports the text as opted out', async () => {
    const { deps, sms } = setUp();
    sms.failures = [new RecipientOptedOutError('Twilio refused the SMS (400, Twilio error 21610).')];
    expect(await sendText(deps, help())).toEqual({ status: 'opted-out', atCarrier: true });
    expect(await deps.optOuts.get(US)).not.toBeNull();
    expect(await sendText(deps, help())).toEqual({ status: 'opted-out', atCarrier: false });
    expect(sms.sent).toEqual([]);
  });

  it('lets any other provider failure through for the caller (a pipeline step retries it)', async () => {
    const { deps, sms } = setUp();
    sms.failures = [new TransientError('Twilio answered 503.')];
    await expect(sendText(deps, help())).rejects.toBeInstanceOf(TransientError);
    expect(await deps.optOuts.get(US)).toBeNull();
  });
});

describe('what a number and the service may cost, in segments', () => {
  it('counts segments, not texts: a text that does not fit whole in the hour is not sent, a smaller one is', async () => {
    const { deps, sms } = setUp();
    deps.settings.record = settingsWith({ segments_per_number_per_hour: 5 });
    expect(await sendText(deps, long(3))).toMatchObject({ status: 'sent' });
    expect(await sendText(deps, long(3))).toEqual({ status: 'limit-reached', per: 'hour', segments: 5 });
    expect(await sendText(deps, long(2))).toMatchObject({ status: 'sent' });
    expect(sms.sent).toHaveLength(2);
    expect(used(deps)).toBe(5);
  });

  it('stops at the segments a number may get a day, whatever the hour, until the next UTC day', async () => {
    const { deps, sms } = setUp();
    deps.settings.record = settingsWith({ segments_per_number_per_hour: 10, segments_per_number_per_day: 6 });
    expect(await sendText(deps, long(4))).toMatchObject({ status: 'sent' });
    deps.clock.advance(60 * 60 * 1000); // 13:00
    expect(await sendText(deps, long(3))).toEqual({ status: 'limit-reached', per: 'day', segments: 6 });
    // Refused by the day, the text gives back what it took from the hour.
    expect(used(deps)).toBe(0);
    expect(await sendText(deps, long(2))).toMatchObject({ status: 'sent' });
    deps.clock.advance(11 * 60 * 60 * 1000); // 00:00 the next day
    expect(await sendText(deps, long(6))).toMatchObject({ status: 'sent' });
    expect(sms.sent.map((s) => segmentCount(s.body))).toEqual([4, 2, 6]);
  });

  it('past the service’s budget, sends no reply and no answer but those the carriers require (STOP, START, HELP) and DELETE’s code', async () => {
    const { deps, sms } = setUp();
    deps.settings.record = settingsWith({ service_segments_per_day: 5 });
    const to = (n: number) => `+1415555020${n}`;
    // Two numbers use the budget (the last text may take it over: it goes out while the budget is not spent).
    expect(await sendText(deps, { ...long(3), to: to(1) })).toMatchObject({ status: 'sent' });
    expect(await sendText(deps, { ...long(3), to: to(2) })).toMatchObject({ status: 'sent' });
    const required = ['help', 'opt-in-confirmation', 'opt-out-confirmation', 'delete-code'];
    for (const kind of TEXT_KINDS) {
      const outcome = await sendText(deps, { ...help(to(3)), body: kind, kind });
      expect(outcome, kind).toEqual(
        required.includes(kind)
          ? expect.objectContaining({ status: 'sent' })
          : { status: 'budget-spent', budget: 'service', segments: 5 },
      );
    }
    expect(sms.sent.filter((s) => s.to === to(3))).toHaveLength(required.length);
    // The answers the carriers require are counted in both budgets.
    expect(await deps.counters.read('segments#service#2026-01-01')).toBe(6 + required.length);
    // A text the budget refused took nothing from its number.
    expect(used(deps, to(3))).toBe(required.length);
    deps.clock.advance(12 * 60 * 60 * 1000);
    expect(await sendText(deps, { ...long(1), to: to(3) })).toMatchObject({ status: 'sent' });
  });

  it('keeps the answers to texts on a fifth of the budget, so strangers texting us leave the replies four fifths', async () => {
    const { deps, sms } = setUp();
    deps.settings.record = settingsWith({ service_segments_per_day: 100 });
    const stranger = (n: number) => `+1415555${String(3000 + n)}`;
    // 25 strangers each make us answer once: the answers' budget (20) is spent, a fifth of the service's.
    const outcomes = [];
    for (let n = 0; n < 25; n++) {
      outcomes.push(await sendText(deps, { ...help(stranger(n)), body: 'how-to', kind: 'how-to' }));
    }
    expect(outcomes.filter((o) => o.status === 'sent')).toHaveLength(20);
    expect(outcomes.at(-1)).toEqual({ status: 'budget-spent', budget: 'answers', segments: 20 });
    for (const kind of TEXT_KINDS) {
      const outcome = await sendText(deps, { ...help(stranger(30)), body: kind, kind });
      const goes = [
        'reply',
        'failure-notice',
        'voice-limit-notice',
        'help',
        'opt-in-confirmation',
        'delete-code',
        // The "forwarding may be off" text is the service's own word, in the service's budget (issue 33).
        'forwarding-idle',
      ];
      expect(outcome.status, kind).toBe(
        goes.includes(kind) || kind === 'opt-out-confirmation' ? 'sent' : 'budget-spent',
      );
    }
    // The service's budget holds the answers too (20 + the 4 that go past it) and the 4 texts of its own (the
    // replies' 3 and the forwarding one): the day stays within the budget Settings names, and the replies had
    // four fifths of it.
    expect(await deps.counters.read('segments#service#2026-01-01')).toBe(28);
    expect(await deps.counters.read('segments#answers#2026-01-01')).toBe(24);
    expect(sms.sent.filter((s) => s.body === 'reply')).toHaveLength(1);
    for (let n = 0; n < 72; n++) {
      expect(await sendText(deps, { ...help(stranger(40 + n)), body: 'reply', kind: 'reply' })).toMatchObject(
        {
          status: 'sent',
        },
      );
    }
    expect(await sendText(deps, { ...help(stranger(200)), body: 'reply', kind: 'reply' })).toEqual({
      status: 'budget-spent',
      budget: 'service',
      segments: 100,
    });
  });

  it('bounds HELP by the number’s own caps even past the budget', async () => {
    const { deps, sms } = setUp();
    deps.settings.record = settingsWith({ service_segments_per_day: 1, segments_per_number_per_hour: 3 });
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push((await sendText(deps, help())).status);
    expect(outcomes).toEqual(['sent', 'sent', 'sent', 'limit-reached', 'limit-reached']);
    expect(sms.sent).toHaveLength(3);
  });
});

describe('the order of the gate’s checks', () => {
  it('reports an opted-out number in a refused country as opted out', async () => {
    const { deps } = setUp();
    await deps.optOuts.optOut(UK, deps.clock());
    expect(await sendText(deps, help(UK))).toMatchObject({ status: 'opted-out' });
  });

  it('reports a refused country before a missing provider', async () => {
    const { deps } = setUp({ provider: false });
    expect(await sendText(deps, help(UK))).toMatchObject({ status: 'country-refused' });
  });

  it('reports a missing provider before the hourly cap, and a refused text takes nothing from the cap', async () => {
    const { deps } = setUp({ provider: false });
    for (let i = 0; i < 3; i++) expect(await sendText(deps, help())).toEqual({ status: 'no-provider' });
    await deps.optOuts.optOut(US, deps.clock());
    await sendText(deps, help());
    await sendText(deps, help(UK));
    expect(used(deps)).toBe(0);
    expect(used(deps, UK)).toBe(0);
  });

  it('spends the cap on a text the provider then fails to take (as before the gate)', async () => {
    const { deps, sms } = setUp();
    sms.failures = [new TransientError('Twilio answered 503.')];
    await sendText(deps, help()).catch(() => {});
    expect(used(deps)).toBe(1);
  });

  it('answers the same refusals without sending or counting when only asked (DecideReply)', async () => {
    const { deps, sms } = setUp();
    expect(await outboundRefusal(deps, { to: US, kind: 'reply' })).toBeNull();
    expect(await outboundRefusal(deps, { to: UK, kind: 'reply' })).toEqual({
      status: 'country-refused',
      country: 'GB',
    });
    await deps.optOuts.optOut(UK, deps.clock());
    expect(await outboundRefusal(deps, { to: UK, kind: 'reply' })).toMatchObject({ status: 'opted-out' });
    expect(sms.sent).toEqual([]);
    expect(used(deps)).toBe(0);
  });
});
