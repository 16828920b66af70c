import { describe, expect, it } from 'vitest';
import type { SmsPart } from '#core/delivery/delivery-status';
import { type RunStep, runView } from '#core/messages/run-steps';
import { settingsRecordSchema, settingsUpdateSchema } from '#core/operator/settings';
import { DEFAULT_UNIT_PRICES, estimateCost, type UnitPrices } from '#core/operator/unit-prices';
import { emptyUsageDay, usageDates, usageQuerySchema, usageReport } from '#core/operator/usage';

const PRICES: UnitPrices = {
  sms_segment: 0.01,
  mms_message: 0.025,
  inbound_message: 0.02,
  aws_per_message: 0.001,
  openai_per_audio_minute: 0.006,
  openai_per_million_input_tokens: 1,
  openai_per_million_output_tokens: 2,
  voice_minute: 0.01,
  phone_number_month: 3,
};

const step = (name: string, extra: Partial<RunStep> = {}): RunStep => ({
  step: name,
  started_at: '2026-11-24T10:00:00.000Z',
  duration_ms: 100,
  attempt: 1,
  outcome: 'ok',
  error_name: null,
  ...extra,
});

describe('the estimated cost', () => {
  it('multiplies what was used by the prices set', () => {
    const used = {
      received: 10,
      received_sms: 8,
      segments: 30,
      mms_sent: 0,
      openai_audio_seconds: 600,
      openai_input_tokens: 1_000_000,
      openai_output_tokens: 500_000,
    };
    // 10 x 0.001 + 8 x 0.02 + 30 x 0.01 + 10 min x 0.006 + 1 x 1 + 0.5 x 2 = 0.01 + 0.16 + 0.3 + 0.06 + 2
    expect(estimateCost(used, PRICES)).toBe(2.53);
  });

  it("uses docs/operations.md's model by default: a one-minute summary_only message about 4.8 cents", () => {
    const cost = estimateCost(
      {
        received: 1,
        received_sms: 1,
        segments: 2,
        mms_sent: 0,
        openai_audio_seconds: 60,
        openai_input_tokens: 700,
        openai_output_tokens: 150,
      },
      DEFAULT_UNIT_PRICES,
    );
    expect(cost).toBeCloseTo(0.048, 3);
  });

  it('is kept in Settings: old rows get the defaults, an update may change one price and refuses a negative one', () => {
    const old = settingsRecordSchema.parse({
      id: 'app',
      reply_mode: 'full',
      twilio_account_sid: null,
      twilio_phone_number: null,
      auto_reply_enabled: true,
      updated_at: null,
    });
    expect(old.unit_prices).toEqual(DEFAULT_UNIT_PRICES);
    expect(settingsUpdateSchema.parse({ unit_prices: { sms_segment: 0.02 } }).unit_prices).toEqual({
      sms_segment: 0.02,
    });
    expect(settingsUpdateSchema.safeParse({ unit_prices: { sms_segment: -1 } }).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ unit_prices: { bitcoin: 1 } }).success).toBe(false);
  });
});

describe('the usage range', () => {
  it('is the days ending today, oldest first, the missing ones as zeros, with totals and costs', () => {
    const dates = usageDates('2026-03-01T08:00:00.000Z', 3);
    expect(dates).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    const report = usageReport(
      dates,
      [
        {
          ...emptyUsageDay('2026-02-27'),
          received: 2,
          received_sms: 2,
          failed: 1,
          failed_by_reason: { 'no-speech': 1 },
        },
        {
          ...emptyUsageDay('2026-03-01'),
          received: 1,
          segments: 4,
          failed: 1,
          failed_by_reason: { 'no-speech': 1 },
        },
      ],
      PRICES,
    );
    expect(report.days.map((d) => [d.date, d.received, d.estimated_cost])).toEqual([
      ['2026-02-27', 2, 0.042],
      ['2026-02-28', 0, 0],
      ['2026-03-01', 1, 0.041],
    ]);
    expect(report.totals).toMatchObject({ received: 3, failed: 2, failed_by_reason: { 'no-speech': 2 } });
    expect(report.estimated_cost).toBe(0.083);
  });

  it('takes 1 to 366 days, 30 when not given', () => {
    expect(usageQuerySchema.parse({}).days).toBe(30);
    expect(usageQuerySchema.parse({ days: '366' }).days).toBe(366);
    for (const days of ['0', '367', '1.5', 'x'])
      expect(usageQuerySchema.safeParse({ days }).success).toBe(false);
  });
});

const text = (
  index: number,
  status: SmsPart['status'],
  attempt: number,
  extra: Partial<SmsPart> = {},
): SmsPart => ({
  sid: `SM${String(attempt)}${String(index).padStart(31, '0')}`,
  index,
  kind: 'reply',
  segments: 1,
  status,
  error_code: status === 'undelivered' ? 30007 : null,
  status_updated_at: '2026-11-24T10:00:00.000Z',
  attempt,
  ...extra,
});

describe('a run step by step', () => {
  it('numbers the tries of each step within its run, keeps runs apart, and adds up the reply parts and the cost', () => {
    const view = runView(
      {
        id: 'm1',
        source: 'sms',
        sms_parts: [text(0, 'sent', 1, { segments: 2 }), text(1, 'sent', 1, { segments: 3 })],
      },
      [
        step('Transcribe', { outcome: 'error', error_name: 'TransientError' }),
        step('Transcribe', { usage: { audio_seconds: 60, openai_audio_seconds: 60 } }),
        step('SendReply'),
        step('Transcribe', { attempt: 2 }),
        step('SendReply', { attempt: 2, outcome: 'error', error_name: 'TransientError' }),
      ],
      PRICES,
    );
    expect(view.runs.map((run) => run.steps.map((s) => `${run.attempt}:${s.step}#${s.try}`))).toEqual([
      ['1:Transcribe#1', '1:Transcribe#2', '1:SendReply#1'],
      ['2:Transcribe#1', '2:SendReply#1'],
    ]);
    expect(view.reply_parts).toEqual([
      { part: 1, segments: 2, delivery: { status: 'sent', error_code: null } },
      { part: 2, segments: 3, delivery: { status: 'sent', error_code: null } },
    ]);
    // AWS 0.001 + MMS received 0.02 + 5 segments 0.05 + one OpenAI minute 0.006.
    expect(view.estimated_cost).toBe(0.077);
  });

  it('bills a part sent as an MMS with cards (CARDS ON) at the MMS price, not by its segments', () => {
    const view = runView(
      {
        id: 'm1',
        source: 'sms',
        sms_parts: [text(0, 'sent', 1, { segments: 2, media: 2 }), text(1, 'sent', 1, { segments: 3 })],
      },
      [step('SendReply')],
      PRICES,
    );
    expect(view.reply_parts.map((part) => part.media)).toEqual([2, undefined]);
    // AWS 0.001 + MMS received 0.02 + one MMS sent 0.025 + 3 segments 0.03.
    expect(view.estimated_cost).toBe(0.076);
  });

  it("gives each reply part the delivery its latest run's text last reported", () => {
    const view = runView(
      {
        id: 'm1',
        source: 'sms',
        // The first run's part 1 was undelivered; the latest run's part 1 was delivered, its part 2 not.
        sms_parts: [text(0, 'undelivered', 1), text(0, 'delivered', 2), text(1, 'undelivered', 2)],
      },
      [step('SendReply', { attempt: 2 })],
      PRICES,
    );
    expect(view.reply_parts.map((p) => p.delivery)).toEqual([
      { status: 'delivered', error_code: null },
      { status: 'undelivered', error_code: '30007' },
    ]);
  });

  it("shows a retried message's latest run's parts only, each with its own delivery, and bills every text", () => {
    const view = runView(
      {
        id: 'm1',
        source: 'sms',
        // Two runs of two parts each (recorded out of order), and a failure notice of the first run.
        sms_parts: [
          text(1, 'undelivered', 2, { segments: 3 }),
          text(0, 'delivered', 1, { segments: 2 }),
          text(0, 'failed', 1, { kind: 'failure-notice', error_code: 30003 }),
          text(1, 'delivered', 1, { segments: 2 }),
          text(0, 'delivered', 2, { segments: 4 }),
        ],
      },
      [step('SendReply'), step('SendReply', { attempt: 2 })],
      PRICES,
    );
    expect(view.reply_parts).toEqual([
      { part: 1, segments: 4, delivery: { status: 'delivered', error_code: null } },
      { part: 2, segments: 3, delivery: { status: 'undelivered', error_code: '30007' } },
    ]);
    // AWS 0.001 + MMS received 0.02 + all 12 segments sent (both runs and the notice) 0.12.
    expect(view.estimated_cost).toBe(0.141);
  });

  it('lists every other text sent about the message, whichever run sent it: FULL answers and notices', () => {
    const view = runView(
      {
        id: 'm1',
        source: 'sms',
        sms_parts: [
          text(0, 'delivered', 2),
          text(1, 'sent', 2, { kind: 'full-transcript', segments: 2 }),
          text(0, 'failed', 1, { kind: 'failure-notice', error_code: 30003 }),
          text(0, 'delivered', 2, { kind: 'full-transcript', segments: 3 }),
        ],
      },
      [step('SendReply'), step('SendReply', { attempt: 2 })],
      PRICES,
    );
    expect(view.reply_parts).toHaveLength(1);
    expect(view.other_texts).toEqual([
      {
        kind: 'full-transcript',
        attempt: 2,
        part: 1,
        segments: 3,
        delivery: { status: 'delivered', error_code: null },
      },
      {
        kind: 'full-transcript',
        attempt: 2,
        part: 2,
        segments: 2,
        delivery: { status: 'sent', error_code: null },
      },
      {
        kind: 'failure-notice',
        attempt: 1,
        part: 1,
        segments: 1,
        delivery: { status: 'failed', error_code: '30003' },
      },
    ]);
  });

  it('keeps the part a resumed SendReply sent before it threw, with its segments', () => {
    // The first try sent part 1 then failed; the retry (same run) sent part 2 only.
    const view = runView(
      {
        id: 'm1',
        source: 'sms',
        sms_parts: [text(0, 'delivered', 1, { segments: 2 }), text(1, 'sent', 1, { segments: 1 })],
      },
      [step('SendReply', { outcome: 'error', error_name: 'TransientError' }), step('SendReply')],
      PRICES,
    );
    expect(view.reply_parts).toEqual([
      { part: 1, segments: 2, delivery: { status: 'delivered', error_code: null } },
      { part: 2, segments: 1, delivery: { status: 'sent', error_code: null } },
    ]);
    expect(view.estimated_cost).toBe(0.051);
  });
});
