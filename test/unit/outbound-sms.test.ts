/**
 * The outbound gate over in-memory ports: each outcome (sent with the provider's id, opted out, country
 * refused, no provider, limit reached, 21610 recorded), and the order its checks run in, which decides what a
 * text refused for several reasons reports and what it costs.
 */
import { describe, expect, it } from 'vitest';
import { LibPhoneNumberRegions } from '../../lambdas/adapters/phone/libphonenumber-regions';
import { RecipientOptedOutError, TransientError } from '../../lambdas/core/pipeline-errors';
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
    settings: new InMemorySettings(settingsWith({ replies_per_sender_per_hour: 2 })),
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

/** How many of this hour's texts `to` has used. */
const used = (deps: ReturnType<typeof setUp>['deps'], to = US) =>
  [...deps.counters.counts.entries()]
    .filter(([key]) => key.startsWith(`replies#${to}#`))
    .reduce((n, [, c]) => n + c, 0);

describe('the outbound gate', () => {
  it('sends a text and returns the provider’s id for it', async () => {
    const { deps, sms } = setUp();
    const outcome = await sendText(deps, {
      to: US,
      body: 'Summary: call Dana.',
      kind: 'reply',
      messageId: 'MM1-0',
    });
    expect(outcome).toEqual({ status: 'sent', smsId: 'SM1' });
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

  it('stops at the texts a number may get an hour, every kind counting, until the next hour', async () => {
    const { deps, sms } = setUp();
    await sendText(deps, { ...help(), kind: 'opt-out-confirmation' });
    await sendText(deps, { ...help(), kind: 'reply' });
    expect(await sendText(deps, help())).toEqual({ status: 'limit-reached', perHour: 2 });
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
