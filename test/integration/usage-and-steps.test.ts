/**
 * Issue 19, a run step by step and usage: on the local runtime with the real `openai` and `twilio` SDKs
 * against the local fakes, each pipeline try is recorded on its message (a retried step shows twice, the
 * failed try with its error's name), the daily counters follow a mix of completed, failed and limited
 * messages, and the estimated costs apply the prices set in Settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunView } from '#core/messages/run-steps';
import { estimateCost, type UnitPrices } from '#core/operator/unit-prices';
import type { UsageReport } from '#core/operator/usage';
import type { FakeOpenAi } from '../support/fake-openai';
import type { FakeTwilio } from '../support/fake-twilio';
import type { RunningRuntime } from '../support/local-runtime';
import { incomingForm, postWebhook, upload, waitForMessage } from '../support/pipeline';
import { type ProviderRuntime, startWithFakeProviders } from '../support/provider-runtime';
import { SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

const OPENAI_KEY = 'sk-test-fake-openai-key-usage-0123456789';
const TWILIO = {
  accountSid: `AC${'cd'.repeat(16)}`,
  authToken: 'fake-twilio-auth-token-usage-0123456789',
  number: '+15005550006',
};
/** Round prices, so the expected cost is easy to check by hand. */
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

let openai: FakeOpenAi;
let twilio: FakeTwilio;
let runtime: RunningRuntime;
let providers: ProviderRuntime;
const clips = new SpeechClips();
const sentence = SPEECH_CORPUS.find((s) => s.id === 'callback')!;

beforeAll(async () => {
  providers = await startWithFakeProviders({
    openaiKey: OPENAI_KEY,
    twilio: TWILIO,
    env: {
      LOG_LEVEL: 'WARN',
    },
    settings: {
      reply_mode: 'summary_only',
      auto_reply_enabled: true,
      voice_messages_per_sender_per_day: 1,
      unit_prices: PRICES,
    },
  });
  ({ openai, twilio, runtime } = providers);
});

afterAll(async () => {
  await providers?.close();
  await clips.dispose();
});

async function adminGet<T>(path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${runtime.url}${path}`, {
    headers: { authorization: `Bearer ${await runtime.adminToken()}` },
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A texted voice message from `from`, as Twilio posts it. */
async function textVoiceMessage(from: string) {
  const clip = await clips.clip({ sentence, format: 'm4a' });
  const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
  const form = incomingForm({ from, mediaUrl: media.url, mediaType: clip.contentType });
  expect((await postWebhook(runtime, form, { token: TWILIO.authToken })).status).toBe(200);
  return `${form.MessageSid}-0`;
}

describe('a run step by step', () => {
  it('records every try: a transcription that failed once shows twice, the failed try with its error, then the reply parts and the cost', async () => {
    openai.failAlways(null);
    openai.failNext(1, 500, undefined, 'POST');
    const id = await textVoiceMessage('+14155550301');
    const done = await waitForMessage(runtime, id, ['completed', 'failed']);
    expect(done.status).toBe('completed');

    // A step is recorded once its function has returned: MarkCompleted's record lands just after the status.
    let run!: RunView;
    await expect
      .poll(async () => {
        const answer = await adminGet<RunView>(`/api/messages/${id}/run`);
        expect(answer.status).toBe(200);
        run = answer.body;
        return run.runs[0]?.steps.at(-1)?.step;
      })
      .toBe('MarkCompleted');
    expect(run.runs).toHaveLength(1);
    const steps = run.runs[0]!.steps;
    expect(steps.map((s) => s.step)).toEqual([
      'MarkProcessing',
      'PrepareAudio',
      'Transcribe',
      'Transcribe',
      'Summarize',
      'DecideReply',
      'SendReply',
      'MarkCompleted',
    ]);
    const [failedTry, retry] = steps.filter((s) => s.step === 'Transcribe');
    expect(failedTry).toMatchObject({ try: 1, attempt: 1, outcome: 'error', error_name: 'TransientError' });
    expect(retry).toMatchObject({ try: 2, attempt: 1, outcome: 'ok', error_name: null });
    expect(Date.parse(retry!.started_at)).toBeGreaterThanOrEqual(Date.parse(failedTry!.started_at));
    for (const step of steps) expect(step.duration_ms).toBeGreaterThanOrEqual(0);

    // summary_only: one part, its segments as the gate counted them.
    expect(run.reply_parts).toHaveLength(1);
    const segments = run.reply_parts[0]!.segments;
    expect(segments).toBeGreaterThanOrEqual(1);
    // Handed to the provider, and no status callback yet: sent, not delivered.
    expect(run.reply_parts[0]!.delivery).toEqual({ status: 'sent', error_code: null });
    const seconds = retry!.usage?.openai_audio_seconds ?? 0;
    expect(seconds).toBeGreaterThan(0);
    expect(run.estimated_cost).toBe(
      estimateCost(
        {
          received: 1,
          received_sms: 1,
          segments,
          mms_sent: 0,
          openai_audio_seconds: seconds,
          // The fake OpenAI bills every summary 120 input and 60 output tokens.
          openai_input_tokens: 120,
          openai_output_tokens: 60,
        },
        PRICES,
      ),
    );
  });

  it('answers 404 for a message that does not exist, and 401 without a token', async () => {
    expect((await adminGet(`/api/messages/no-such-message/run`)).status).toBe(404);
    const anonymous = await fetch(`${runtime.url}/api/messages/x/run`);
    expect(anonymous.status).toBe(401);
  });
});

describe('usage', () => {
  it('counts a mix of completed, failed and limited messages, and prices them with the prices set', async () => {
    const before = (await adminGet<UsageReport>('/api/usage?days=1')).body.totals;

    openai.failAlways(null);
    // Completed by SMS; then the same sender again, past its limit of one a day.
    const sender = '+14155550302';
    const completed = await textVoiceMessage(sender);
    expect((await waitForMessage(runtime, completed, ['completed', 'failed'])).status).toBe('completed');
    const limited = await textVoiceMessage(sender);
    expect((await waitForMessage(runtime, limited, ['failed'])).error_message).toMatch(/daily limit/);
    // An upload that fails: OpenAI keeps answering 500.
    openai.failAlways(500);
    const clip = await clips.clip({ sentence, format: 'wav' });
    const failedId = String((await upload(runtime, clip)).json.messageId);
    await waitForMessage(runtime, failedId, ['failed']);
    openai.failAlways(null);

    // A run's last count lands just after its status shows: read until the three outcomes are in.
    let report = (await adminGet<UsageReport>('/api/usage?days=30')).body;
    for (let i = 0; i < 50 && report.totals.failed - before.failed < 1; i++) {
      await new Promise((r) => setTimeout(r, 100));
      report = (await adminGet<UsageReport>('/api/usage?days=30')).body;
    }
    expect(report.days).toHaveLength(30);
    const dates = report.days.map((d) => d.date);
    expect(dates).toEqual([...dates].sort());
    expect(dates.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    const today = report.days.at(-1)!;
    const delta = (name: keyof typeof before) => (today[name] as number) - (before[name] as number);
    expect(delta('received')).toBe(3);
    expect(delta('received_sms')).toBe(2);
    expect(delta('completed')).toBe(1);
    expect(delta('limited')).toBe(1);
    expect(delta('failed')).toBe(1);
    expect((today.failed_by_reason.provider ?? 0) - (before.failed_by_reason.provider ?? 0)).toBe(1);
    // The reply (summary only) and the limit notice went out; an upload's failure texts nobody.
    expect(delta('texts_sent')).toBe(2);
    expect(delta('segments')).toBeGreaterThanOrEqual(2);
    expect(delta('openai_audio_seconds')).toBeGreaterThan(0);
    expect(delta('openai_input_tokens')).toBe(120);
    expect(delta('openai_output_tokens')).toBe(60);
    expect(delta('audio_seconds')).toBeGreaterThan(0);
    for (const name of ['delivered', 'undelivered', 'wrong_transcripts'] as const)
      expect(today[name]).toBe(0);

    expect(report.prices).toEqual(PRICES);
    expect(today.estimated_cost).toBe(estimateCost(today, PRICES));
    expect(report.estimated_cost).toBe(estimateCost(report.totals, PRICES));
    expect(report.totals.received).toBe(report.days.reduce((sum, d) => sum + d.received, 0));
  });

  it('refuses a range outside 1 to 366 days, saying so', async () => {
    for (const days of ['0', '367', 'abc']) {
      const { status, body } = await adminGet<{ error: string }>(`/api/usage?days=${days}`);
      expect(status).toBe(400);
      expect(body.error).toMatch(/days must be a whole number from 1 to 366/);
    }
  });
});
