/**
 * The page an UPLOAD text links to, in a phone's browser (390 px): the sender texts UPLOAD, opens the link,
 * picks a recording, sees the progress bar, then "Recording received"; the recording is answered by text like
 * a forwarded voicemail, and the used link shows "This link is not available". Screenshots land in
 * test-results/e2e for a person to see.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LINK_NOT_AVAILABLE, UPLOAD_LINK_OVER_LIMIT } from '#core/audio/upload-link';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { ROOT, type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import {
  incomingForm,
  outboxTo,
  postWebhook,
  recentMessages,
  saveSettings,
  waitForMessage,
} from '../support/pipeline';
import { SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

const SCREENSHOTS = join(ROOT, 'test-results', 'e2e');
const PHONE = { width: 390, height: 844 };

let runtime: RunningRuntime;
let chromium: TestBrowser;
const clips = new SpeechClips();

beforeAll(async () => {
  [runtime, chromium] = await Promise.all([
    startLocalRuntime({ env: { PIPELINE_RETRY_INTERVAL_MS: '50' } }),
    launchBrowser(),
    mkdir(SCREENSHOTS, { recursive: true }),
  ]);
});

afterAll(async () => {
  await chromium?.close();
  await runtime?.dispose();
  await clips.dispose();
});

describe('the upload page on a phone', () => {
  it('takes a recording with a progress bar; it is answered by text and the link is then used up', async () => {
    const from = '+14155550191';
    expect((await postWebhook(runtime, incomingForm({ from, body: 'UPLOAD' }))).status).toBe(200);
    const link = /https?:\/\/\S+\/u\/[A-Za-z0-9_-]{22}/.exec((await outboxTo(runtime, from))[0]!.body)![0];

    const page = await chromium.browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    const requests: Request[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requests.push(request));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(link);

    await page.getByRole('heading', { level: 1, name: 'Send a recording' }).waitFor();
    await expect.poll(() => page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    await page.screenshot({ path: join(SCREENSHOTS, 'upload-link-390.png'), fullPage: true });

    const clip = await clips.clip({
      sentence: SPEECH_CORPUS.find((s) => s.id === 'callback')!,
      format: 'm4a',
    });
    const file = join(SCREENSHOTS, 'upload-link-clip.m4a');
    await writeFile(file, clip.bytes);
    await page.getByLabel('Recording').setInputFiles(file);
    // The progress bar shows while the file goes to storage (it is removed once the page says it arrived).
    const progressSeen = page.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    await page.getByRole('button', { name: 'Upload' }).click();
    await progressSeen;
    await page.getByRole('heading', { level: 1, name: 'Recording received' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'upload-link-received-390.png'), fullPage: true });

    const mine = (await recentMessages(runtime)).filter((m) => m.phone_number === from);
    expect(mine).toHaveLength(1);
    const done = await waitForMessage(runtime, mine[0]!.id, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    expect((await outboxTo(runtime, from)).length).toBeGreaterThan(1);

    // Nothing left the site's own origin (the signed PUT goes to the local storage, as to S3 in AWS).
    const origin = new URL(runtime.url).origin;
    const elsewhere = requests
      .map((r) => new URL(r.url()))
      .filter((u) => u.origin !== origin && !u.pathname.includes('/uploads/'));
    expect(elsewhere.map(String)).toEqual([]);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: UPLOAD_LINK_NOT_AVAILABLE }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'upload-link-used-390.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is used with the keyboard on a laptop, and a tampered link says it is not available', async () => {
    const from = '+14155550192';
    await postWebhook(runtime, incomingForm({ from, body: 'upload' }));
    const link = /https?:\/\/\S+\/u\/[A-Za-z0-9_-]{22}/.exec((await outboxTo(runtime, from))[0]!.body)![0];
    const page = await chromium.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Send a recording' }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'upload-link-1280.png'), fullPage: true });

    // Tab moves through the header, then to the file picker and Upload; Upload with no file says what to do.
    const focused = () => page.evaluate<string>("document.activeElement?.getAttribute('type') ?? ''");
    for (let i = 0; i < 10 && (await focused()) !== 'file'; i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe('file');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('alert').textContent()).toBe('Choose a recording first.');

    const code = link.slice(-22);
    const tampered = `${link.slice(0, -22)}${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
    await page.goto(tampered);
    await page.getByRole('heading', { level: 1, name: UPLOAD_LINK_NOT_AVAILABLE }).waitFor();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: join(SCREENSHOTS, 'upload-link-not-available-360.png'), fullPage: true });
    await page.close();
  });

  it("says so when the number is past today's voice messages, before a byte is sent, and keeps nothing", async () => {
    const from = '+14155550193';
    const newLink = async () => {
      await postWebhook(runtime, incomingForm({ from, body: 'UPLOAD' }));
      return /https?:\/\/\S+\/u\/[A-Za-z0-9_-]{22}/.exec((await outboxTo(runtime, from)).at(-1)!.body)![0];
    };
    const clip = await clips.clip({
      sentence: SPEECH_CORPUS.find((s) => s.id === 'callback')!,
      format: 'm4a',
    });
    const file = join(SCREENSHOTS, 'upload-link-limit-clip.m4a');
    await writeFile(file, clip.bytes);
    await saveSettings(runtime, { voice_messages_per_sender_per_day: 1 });
    try {
      const page = await chromium.browser.newPage({ viewport: { width: 360, height: 740 } });
      await page.goto(await newLink());
      await page.getByLabel('Recording').setInputFiles(file);
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByRole('heading', { level: 1, name: 'Recording received', exact: true }).waitFor();

      await page.goto(await newLink());
      await page.getByRole('heading', { level: 1, name: "Today's limit is reached" }).waitFor();
      expect(await page.getByRole('status').textContent()).toBe(UPLOAD_LINK_OVER_LIMIT('1 voice message'));
      expect(await page.getByLabel('Recording').count()).toBe(0);
      await page.screenshot({ path: join(SCREENSHOTS, 'upload-link-over-limit-360.png'), fullPage: true });
      await page.close();

      const mine = (await recentMessages(runtime)).filter((m) => m.phone_number === from);
      expect(mine).toHaveLength(1);
    } finally {
      await saveSettings(runtime, { voice_messages_per_sender_per_day: 20 });
    }
  });
});
