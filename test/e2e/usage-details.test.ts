/**
 * Issue 19 in a real browser (Debian Chromium) against the local runtime, signed in as an administrator: a
 * texted voice message whose transcription failed once, opened with "Details" from the keyboard (the steps
 * with the retry and its error, the reply part and its segments, the estimated cost), and the Usage section's
 * chart (an image named by its text summary) with the month's totals. Screenshots at 360 and 1280 px land in
 * test-results/e2e.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { messageRow, rowButton, signInToDashboard } from '../support/dashboard';
import type { FakeOpenAi } from '../support/fake-openai';
import type { FakeTwilio } from '../support/fake-twilio';
import { ROOT, type RunningRuntime } from '../support/local-runtime';
import { incomingForm, postWebhook, waitForMessage } from '../support/pipeline';
import { type ProviderRuntime, startWithFakeProviders } from '../support/provider-runtime';
import { SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

const SCREENSHOTS = join(ROOT, 'test-results', 'e2e');
const ADMIN = { email: 'usage-operator@example.com', password: 'operator-password-1' };
const OPENAI_KEY = 'sk-e2e-usage-key-0123456789abcdWXYZ';
const TWILIO = {
  accountSid: `AC${'ef'.repeat(16)}`,
  authToken: 'twilio-e2e-usage-token-0123456789',
  number: '+14155550178',
};
const SENDER = '+14155550190';

let runtime: RunningRuntime;
let chromium: TestBrowser;
let openai: FakeOpenAi;
let twilio: FakeTwilio;
let closeProviders: (() => Promise<void>) | undefined;
const clips = new SpeechClips();

beforeAll(async () => {
  let providers: ProviderRuntime;
  [providers, chromium] = await Promise.all([
    startWithFakeProviders({
      openaiKey: OPENAI_KEY,
      twilio: TWILIO,
      // The operator signs in (and joins the admins) before the settings are saved.
      beforeSettings: (started) => started.signIn(ADMIN.email, ADMIN.password, 'admins'),
      settings: { reply_mode: 'full' },
    }),
    launchBrowser(),
    mkdir(SCREENSHOTS, { recursive: true }),
  ]);
  ({ openai, twilio, runtime } = providers);
  closeProviders = providers.close;
}, 240_000);

afterAll(async () => {
  await chromium?.close();
  await Promise.all([closeProviders?.(), clips.dispose()]);
});

async function openDashboard(width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await chromium.browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInToDashboard(page, runtime.url, ADMIN);
  return { page, errors };
}

describe('the operator reads a run step by step and the month’s usage', () => {
  it('opens Details from the keyboard and sees the retried step, the reply parts and the cost; the Usage chart says the month in words', async () => {
    const clip = await clips.clip({
      sentence: SPEECH_CORPUS.find((s) => s.id === 'callback')!,
      format: 'm4a',
    });
    const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
    const form = incomingForm({ from: SENDER, mediaUrl: media.url, mediaType: clip.contentType });
    // The first transcription request fails (a 500 from OpenAI): Step Functions retries the step.
    openai.failNext(1, 500, undefined, 'POST');
    expect((await postWebhook(runtime, form, { token: TWILIO.authToken })).status).toBe(200);
    await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed']);

    for (const width of [1280, 360]) {
      const { page, errors } = await openDashboard(width);
      // The message's row, opened from the keyboard (Enter on it), then Enter on its Details.
      const card = messageRow(page, '(415) 555-0190');
      await rowButton(card).press('Enter');
      const details = card.getByRole('button', { name: 'Details' });
      await details.press('Enter');
      await expect.poll(() => details.getAttribute('aria-expanded')).toBe('true');
      const timeline = card.getByRole('region', { name: 'Run details' });
      await timeline.waitFor();
      const text = (await timeline.textContent()) ?? '';
      expect(text).toContain('First run');
      expect(text).toMatch(/Transcribe · [\d.]+ (ms|s) · failed, retried: TransientError/);
      expect(text).toMatch(/Transcribe · try 2 · [\d.]+ (ms|s) · done/);
      expect(text).toMatch(/Part 1: \d+ segments?/);
      expect(text).toMatch(/Estimated cost: \$0\.\d{4}/);

      const usage = page.getByRole('region', { name: 'Usage' });
      const chart = usage.getByRole('img', { name: 'Voice messages a day' });
      await chart.waitFor();
      const summary = await usage.locator('p', { hasText: 'Last 30 days:' }).textContent();
      expect(summary).toMatch(/^Last 30 days: 1 voice message received, 1 completed, 0 failed/);
      expect(await chart.getAttribute('aria-describedby')).toBeTruthy();
      expect(await usage.getByLabel('Totals').textContent()).toMatch(/Received1Completed1/);

      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOTS, `details-${width}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
