/**
 * The page behind a reply's link, in a phone's browser (390 px): a voicemail arrives as Twilio sends it, its
 * reply ends with `/m/<code>`, and the page shows the summary, the full transcript and when it arrived; play
 * fetches the signed link only then; "Delete this message" asks first, then erases it, and the link shows
 * "This message is not available". Screenshots land in test-results/e2e for a person to see.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ACCOUNT_SID } from '../../lambdas/adapters/twilio/local-account';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { startFakeTwilio } from '../support/fake-twilio';
import { ROOT, type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { incomingForm, localWebhookToken, outboxTo, postWebhook, waitForMessage } from '../support/pipeline';
import { SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

const SCREENSHOTS = join(ROOT, 'test-results', 'e2e');
const PHONE = { width: 390, height: 844 };

let runtime: RunningRuntime;
let chromium: TestBrowser;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
const clips = new SpeechClips();

beforeAll(async () => {
  [runtime, chromium] = await Promise.all([
    startLocalRuntime({ env: { PIPELINE_RETRY_INTERVAL_MS: '50' } }),
    launchBrowser(),
    mkdir(SCREENSHOTS, { recursive: true }),
  ]);
  twilio = await startFakeTwilio({
    accountSid: LOCAL_ACCOUNT_SID,
    authToken: await localWebhookToken(runtime),
  });
});

afterAll(async () => {
  await chromium?.close();
  await twilio?.close();
  await runtime?.dispose();
  await clips.dispose();
});

/** A voicemail from `from`, answered; the link its first text ends with. */
async function linkFromReply(from: string): Promise<string> {
  const clip = await clips.clip({ sentence: SPEECH_CORPUS.find((s) => s.id === 'callback')!, format: 'm4a' });
  const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
  const form = incomingForm({ from, mediaUrl: media.url, mediaType: clip.contentType });
  expect((await postWebhook(runtime, form)).status).toBe(200);
  await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed']);
  const [first] = await outboxTo(runtime, from);
  const link = first!.body.split('\n').at(-1)!;
  // At `#t=` where a number said unclearly is, which opens the player there.
  expect(link).toMatch(/\/m\/[A-Za-z0-9_-]{22}(#t=\d+)?$/);
  return link;
}

/** A phone-sized page recording every request and every error the browser reports. */
async function openPhone(): Promise<{ page: Page; requests: Request[]; errors: string[] }> {
  const page = await chromium.browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
  const requests: Request[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // A deleted message's 404 is reported as a failed resource: that one is expected.
    if (message.type() === 'error' && !message.text().includes('404')) errors.push(message.text());
  });
  return { page, requests, errors };
}

describe('the message page on a phone', () => {
  it('shows the message, plays it on demand, and deletes it after asking', async () => {
    const link = await linkFromReply('+14155550181');
    const { page, requests, errors } = await openPhone();
    await page.goto(link);

    await page.getByRole('heading', { level: 1, name: 'Your voice message' }).waitFor();
    await expect.poll(() => page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    await page.getByRole('heading', { name: 'Summary' }).waitFor();
    await page.getByRole('heading', { name: 'Full transcript' }).waitFor();
    // The callback number is on the page in its own line, as the checks passed it (a voicemail this short is
    // texted whole, the number in its words).
    const [first] = await outboxTo(runtime, '+14155550181');
    expect(first!.body.replace(/\D/g, '')).toContain('4152671234');
    await page.getByText('Call back: (415) 267-1234', { exact: true }).waitFor();
    expect(await page.getByText(/call/i).first().isVisible()).toBe(true);
    expect(await page.getByText(/^Received /).textContent()).toMatch(/\d/);
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      PHONE.width,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'message-page-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: join(SCREENSHOTS, 'message-page-1280.png'), fullPage: true });
    await page.setViewportSize(PHONE);

    // The audio link is asked for only when play is pressed.
    const audioRequests = () => requests.filter((r) => /\/api\/m\/[^/]+\/audio$/.test(r.url()));
    expect(audioRequests()).toHaveLength(0);
    await page.getByRole('button', { name: 'Play the recording' }).click();
    const player = page.locator('audio');
    await player.waitFor();
    expect(audioRequests().map((r) => r.method())).toEqual(['POST']);
    expect(await player.getAttribute('src')).toMatch(/X-Amz-Signature=/);
    await expect
      .poll(() => player.evaluate((audio) => (audio as { readyState: number }).readyState))
      .toBeGreaterThan(0);

    // Delete asks first; Cancel keeps the message.
    await page.getByRole('button', { name: 'Delete this message' }).click();
    await page.getByText('Delete this message for good?').waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'message-delete-confirm-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete this message' }).click();
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await page.getByRole('heading', { name: 'The message is deleted' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'message-deleted-390.png'), fullPage: true });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'This message is not available' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'message-not-available-390.png'), fullPage: true });

    // No request left this machine's service: the site, its API and its own file store only.
    const hosts = new Set(requests.map((r) => new URL(r.url()).hostname));
    expect([...hosts].every((host) => host === '127.0.0.1' || host === 'localhost')).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('can be used with the keyboard alone, and shows "This message is not available" for an unknown code', async () => {
    const link = await linkFromReply('+14155550182');
    const { page, errors } = await openPhone();
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Your voice message' }).waitFor();
    // Tab from the top of the page to "Delete this message" (the skip link, header, play...).
    const focused = () =>
      page.evaluate<string>('document.activeElement ? document.activeElement.textContent : ""');
    for (let i = 0; i < 20 && (await focused()).trim() !== 'Delete this message'; i++) {
      await page.keyboard.press('Tab');
    }
    expect((await focused()).trim()).toBe('Delete this message');
    await page.keyboard.press('Enter');
    // The question takes the focus: Enter on it deletes.
    await expect.poll(focused).toBe('Yes, delete it');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'The message is deleted' }).waitFor();

    await page.goto(`${new URL(link).origin}/m/AAAAAAAAAAAAAAAAAAAAAA`);
    await page.getByRole('heading', { level: 1, name: 'This message is not available' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
