/**
 * A text with files attached (CARDS ON) through the outbound gate: it goes as an MMS, counted against the
 * number's caps and the service's budget as the segments its price buys at the saved prices, and counted in
 * usage as an MMS; only to the US and Canada; past a cap it goes as a plain SMS rather than not at all.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_UNIT_PRICES, mmsSegments } from '#core/operator/unit-prices';
import { LibPhoneNumberRegions } from '../../lambdas/adapters/phone/libphonenumber-regions';
import { type OutboundSmsDeps, type OutboundText, sendText } from '../../lambdas/use-cases/outbound-sms';
import {
  InMemoryCounters,
  InMemoryOptOuts,
  InMemorySettings,
  InMemoryUsage,
  RecordingSms,
  settingsWith,
  testClock,
} from '../support/in-memory-ports';

const US = '+14155550123';
const CANADA = '+16135550123';
const UK = '+442079460958';
const FILES = ['https://voice.example/api/c/contact-code', 'https://voice.example/api/c/event-code'];

function setUp(settings: Parameters<typeof settingsWith>[0] = {}) {
  const sms = new RecordingSms();
  const usage = new InMemoryUsage();
  const deps = {
    settings: new InMemorySettings(
      settingsWith({ segments_per_number_per_hour: 40, reply_countries: ['US', 'CA', 'GB'], ...settings }),
    ),
    optOuts: new InMemoryOptOuts(),
    phoneRegions: new LibPhoneNumberRegions(),
    counters: new InMemoryCounters(),
    clock: testClock(),
    usage,
    providers: { smsSender: async () => ({ sender: sms, from: '+15005550006' }) },
  } satisfies OutboundSmsDeps;
  return { deps, sms, usage };
}

const withFiles = (to = US, body = 'Summary: call Dana.'): OutboundText => ({
  to,
  body,
  kind: 'reply',
  messageId: 'MM1-0',
  media: FILES,
});

/** The segments `to` has used this hour. */
const usedThisHour = (deps: ReturnType<typeof setUp>['deps'], to = US) =>
  deps.counters.counts.get(`segments#${to}#${deps.clock().slice(0, 13)}`) ?? 0;

describe('what an MMS counts as, in segments', () => {
  it('counts as the segments its price buys, rounded up: 2 at the default prices', () => {
    expect(mmsSegments(DEFAULT_UNIT_PRICES)).toBe(2);
    // Twilio's list prices without carrier fees: $0.0220 against $0.0083 is 2.65 segments.
    expect(mmsSegments({ mms_message: 0.022, sms_segment: 0.0083 })).toBe(3);
    expect(mmsSegments({ mms_message: 0.02, sms_segment: 0.01 })).toBe(2);
    expect(mmsSegments({ mms_message: 0.03, sms_segment: 0.01 })).toBe(3);
  });

  it('counts at least one segment, whatever the prices', () => {
    expect(mmsSegments({ mms_message: 0.001, sms_segment: 0.01 })).toBe(1);
    expect(mmsSegments({ mms_message: 0, sms_segment: 0.01 })).toBe(1);
    expect(mmsSegments({ mms_message: 0.02, sms_segment: 0 })).toBe(1);
  });
});

describe('a text with files attached', () => {
  it('goes as an MMS, takes its price in segments and is counted as an MMS, not by its segments', async () => {
    const { deps, sms, usage } = setUp();
    const outcome = await sendText(deps, withFiles());
    expect(outcome).toEqual({ status: 'sent', smsId: 'SM1', media: 2 });
    expect(sms.sent).toEqual([
      { to: US, from: '+15005550006', body: 'Summary: call Dana.', messageId: 'MM1-0', media: FILES },
    ]);
    expect(usedThisHour(deps)).toBe(2);
    expect(usage.days.get(deps.clock().slice(0, 10))).toMatchObject({
      texts_sent: 1,
      mms_sent: 1,
      segments: 0,
    });
  });

  it('takes the price the operator saved: an MMS at three segments’ price counts three', async () => {
    const { deps } = setUp({ unit_prices: { ...DEFAULT_UNIT_PRICES, mms_message: 0.0339 } });
    await sendText(deps, withFiles());
    expect(usedThisHour(deps)).toBe(3);
  });

  it('goes to Canada as to the US, and without its files where Twilio sends no MMS', async () => {
    const { deps, sms, usage } = setUp();
    expect(await sendText(deps, withFiles(CANADA))).toMatchObject({ status: 'sent', media: 2 });
    expect(await sendText(deps, withFiles(UK))).toMatchObject({ status: 'sent', media: 0 });
    expect(sms.sent[1]?.media).toBeUndefined();
    expect(usedThisHour(deps, UK)).toBe(1);
    expect(usage.days.get(deps.clock().slice(0, 10))).toMatchObject({ mms_sent: 1, segments: 1 });
  });

  it('past the number’s hourly cap goes as a plain SMS, by its own segments, rather than not at all', async () => {
    const { deps, sms } = setUp({ segments_per_number_per_hour: 4 });
    await sendText(deps, { to: US, body: 'Help text', kind: 'help', messageId: null });
    // One segment used, three left: the MMS (two) fits once; then one is left and only the plain text fits.
    expect(await sendText(deps, withFiles())).toMatchObject({ status: 'sent', media: 2 });
    expect(await sendText(deps, withFiles())).toMatchObject({ status: 'sent', media: 0 });
    expect(sms.sent.map((text) => text.media?.length ?? 0)).toEqual([0, 2, 0]);
    expect(usedThisHour(deps)).toBe(4);
    // Nothing fits any more: refused as any text is, and nothing more is taken.
    expect(await sendText(deps, withFiles())).toEqual({ status: 'limit-reached', per: 'hour', segments: 4 });
    expect(usedThisHour(deps)).toBe(4);
  });

  it('may take the last of the service’s budget as any text may, and is refused once it is spent', async () => {
    const { deps, sms } = setUp({ service_segments_per_day: 2 });
    await sendText(deps, { to: CANADA, body: 'Help text', kind: 'reply', messageId: null });
    expect(await sendText(deps, withFiles())).toMatchObject({ status: 'sent', media: 2 });
    expect(await sendText(deps, withFiles())).toEqual({
      status: 'budget-spent',
      budget: 'service',
      segments: 2,
    });
    expect(sms.sent).toHaveLength(2);
  });
});
