import { describe, expect, it } from 'vitest';
import { type RunStep, runView } from '../../lambdas/core/run-steps';
import { settingsRecordSchema, settingsUpdateSchema } from '../../lambdas/core/schemas';
import { DEFAULT_UNIT_PRICES, estimateCost, type UnitPrices } from '../../lambdas/core/unit-prices';
import { emptyUsageDay, usageDates, usageQuerySchema, usageReport } from '../../lambdas/core/usage';

const PRICES: UnitPrices = {
  sms_segment: 0.01,
  inbound_message: 0.02,
  aws_per_message: 0.001,
  openai_per_audio_minute: 0.006,
  openai_per_million_input_tokens: 1,
  openai_per_million_output_tokens: 2,
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

describe('a run step by step', () => {
  it('numbers the tries of each step within its run, keeps runs apart, and adds up the reply parts and the cost', () => {
    const view = runView(
      { id: 'm1', source: 'sms' },
      [
        step('Transcribe', { outcome: 'error', error_name: 'TransientError' }),
        step('Transcribe', { usage: { audio_seconds: 60, openai_audio_seconds: 60 } }),
        step('SendReply', { usage: { part_segments: [2, 3] } }),
        step('Transcribe', { attempt: 2 }),
        step('SendReply', {
          attempt: 2,
          outcome: 'error',
          error_name: 'TransientError',
          usage: { part_segments: [9] },
        }),
      ],
      PRICES,
    );
    expect(view.runs.map((run) => run.steps.map((s) => `${run.attempt}:${s.step}#${s.try}`))).toEqual([
      ['1:Transcribe#1', '1:Transcribe#2', '1:SendReply#1'],
      ['2:Transcribe#1', '2:SendReply#1'],
    ]);
    expect(view.reply_parts).toEqual([
      { part: 1, segments: 2, delivery: null },
      { part: 2, segments: 3, delivery: null },
    ]);
    // AWS 0.001 + MMS received 0.02 + 5 segments 0.05 + one OpenAI minute 0.006; not the failed try's part.
    expect(view.estimated_cost).toBe(0.077);
  });

  it("gives each reply part the delivery its latest run's text last reported", () => {
    const part = (index: number, status: 'delivered' | 'undelivered', attempt: number) => ({
      sid: `SM${String(index).padStart(32, '0')}`,
      index,
      kind: 'reply' as const,
      segments: 1,
      status,
      error_code: status === 'undelivered' ? 30007 : null,
      status_updated_at: '2026-11-24T10:00:00.000Z',
      attempt,
    });
    const view = runView(
      {
        id: 'm1',
        source: 'sms',
        // The first run's part 1 was undelivered; the latest run's part 1 was delivered, its part 2 not.
        sms_parts: [part(0, 'undelivered', 1), part(0, 'delivered', 2), part(1, 'undelivered', 2)],
      },
      [step('SendReply', { attempt: 2, usage: { part_segments: [1, 1, 1] } })],
      PRICES,
    );
    expect(view.reply_parts.map((p) => p.delivery)).toEqual([
      { status: 'delivered', error_code: null },
      { status: 'undelivered', error_code: '30007' },
      null,
    ]);
  });
});
