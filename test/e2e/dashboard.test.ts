/**
 * The admin dashboard in a real browser (Debian Chromium) against the local runtime started as a person starts
 * it, signed in through the login screen as an administrator: uploads watched live from pending to sent (the
 * reply waiting for the carrier), a failed message retried, a file that is not audio refused with nothing
 * kept, a 20 MB file through the two-step upload, settings saved and checked, the live channel refused to
 * others, and the list recovering after its connection drops. Screenshots at 360 and 1280 px land in test-results/e2e.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { createS3Client } from '../../lambdas/adapters/aws/clients/s3-client';
import { runProgram } from '../../lambdas/adapters/offline/subprocess';
import { launchBrowser, type TestBrowser } from '../support/browser';
import {
  messageRow,
  openRow,
  rowButton,
  rowOutcome,
  signInToDashboard,
  waitForLiveState,
} from '../support/dashboard';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';
import { type FakeTwilio, startFakeTwilio } from '../support/fake-twilio';
import { currentLiveChannel } from '../support/live-events';
import { ROOT, type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

const SCREENSHOTS = join(ROOT, 'test-results', 'e2e');
const ADMIN = { email: 'operator@example.com', password: 'operator-password-1' };
const OPENAI_KEY = 'sk-e2e-dashboard-key-0123456789abcdWXYZ';
const TWILIO_SID = 'AC0123456789abcdef0123456789abcdef';
const TWILIO_TOKEN = 'twilio-e2e-token-0123456789abcdef';
const TWILIO_NUMBER = '+14155550177';

let runtime: RunningRuntime;
let chromium: TestBrowser;
let openai: FakeOpenAi;
let twilio: FakeTwilio;
let db: ReturnType<typeof createDocumentClient>;
let s3: ReturnType<typeof createS3Client>;
const clips = new SpeechClips();

beforeAll(async () => {
  [openai, twilio] = await Promise.all([
    startFakeOpenAi({ apiKey: OPENAI_KEY }),
    startFakeTwilio({ accountSid: TWILIO_SID, authToken: TWILIO_TOKEN }),
  ]);
  twilio.phoneNumbers = [TWILIO_NUMBER];
  [runtime, chromium] = await Promise.all([
    startLocalRuntime({
      via: 'npm',
      env: {
        OPENAI_BASE_URL: openai.baseURL,
        TWILIO_API_BASE_URL: twilio.url,
        // A provider fault fails a message after its retries in a fraction of a second, not 14 s.
        PIPELINE_RETRY_INTERVAL_MS: '50',
      },
    }),
    launchBrowser(),
    mkdir(SCREENSHOTS, { recursive: true }),
  ]);
  await runtime.signIn(ADMIN.email, ADMIN.password, 'admins');
  db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  s3 = createS3Client({ region: 'us-east-1', endpoint: runtime.info.s3.endpoint });
}, 240_000);

afterAll(async () => {
  db?.destroy();
  s3?.destroy();
  await chromium?.close();
  await runtime?.dispose();
  await Promise.all([openai?.close(), twilio?.close(), clips.dispose()]);
});

type Dashboard = { page: Page; errors: string[] };

/** A fresh browser profile at `width`, signed in through the login screen, the list live. */
async function openDashboard(width = 1280): Promise<Dashboard> {
  const page = await chromium.browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signInToDashboard(page, runtime.url, ADMIN);
  return { page, errors };
}

/** The row of the message from `sender` (as the row shows it). */
const card = (page: Page, sender: string) => messageRow(page, sender);

/**
 * Records each status a row is shown in, as the browser renders it (from the page itself, not the test's
 * polling, so a status shown for a few milliseconds is not missed). Browser code is passed as text: this
 * project's TypeScript has no DOM types outside the frontend.
 */
async function recordCardStates(page: Page, sender: string): Promise<() => Promise<string[]>> {
  await page.evaluate(`(() => {
    const seen = [];
    window.cardStates = seen;
    const note = () => {
      for (const row of document.querySelectorAll('[aria-labelledby="messages-title"] [data-row]')) {
        if (!(row.textContent ?? '').includes(${JSON.stringify(sender)})) continue;
        const state = row.querySelector('[data-outcome]')?.getAttribute('data-outcome') ?? 'other';
        if (seen.at(-1) !== state) seen.push(state);
      }
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  })()`);
  return () => page.evaluate<string[]>('window.cardStates');
}

/** Marks the document, so a test can tell that the page was never reloaded. */
const markDocument = (page: Page) => page.evaluate('window.sameDocument = true');
const sameDocument = (page: Page) => page.evaluate<boolean>('window.sameDocument === true');

/** The home screen's test upload panel (SPEC). */
const uploadPanel = (page: Page) => page.getByRole('region', { name: 'Test upload' });

/** Uploads with the home screen's test upload panel. */
async function chooseFile(
  page: Page,
  file: { name: string; mimeType: string; buffer: Buffer },
  sender: string,
) {
  const panel = uploadPanel(page);
  await panel.getByLabel('Audio file').setInputFiles(file);
  await panel.getByLabel('Sender', { exact: true }).fill(sender);
  await panel.getByRole('button', { name: 'Upload', exact: true }).click();
}

/** Waits for the upload to be taken (its status line). */
async function uploadTaken(page: Page) {
  await uploadPanel(page)
    .getByRole('status')
    .filter({ hasText: /uploaded: it is in Recent Messages/ })
    .waitFor({ timeout: 90_000 });
}

async function messageCount(): Promise<number> {
  const { Items = [] } = await db.send(new ScanCommand({ TableName: runtime.info.tables.messages }));
  return Items.length;
}

async function storedKeys(prefix: string): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: runtime.info.s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((o) => o.Key!);
}

async function adminApi(path: string, body: unknown): Promise<Response> {
  const token = await runtime.signIn(ADMIN.email, ADMIN.password);
  return fetch(`${runtime.url}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

async function screenshot(page: Page, name: string, widths: readonly number[] = [1280, 360]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

describe('the live dashboard', () => {
  it('shows an uploaded voice message go pending, processing, completed without a reload, with the reply sent', async () => {
    const { page, errors } = await openDashboard();
    const sender = '+14155550123';
    const states = await recordCardStates(page, '(415) 555-0123');
    await markDocument(page);
    const clip = await clips.clip({ sentence: SPEECH_CORPUS[0]!, format: 'wav' });
    await chooseFile(page, { name: 'voicemail.wav', mimeType: clip.contentType, buffer: clip.bytes }, sender);
    await uploadTaken(page);

    const message = card(page, '(415) 555-0123');
    // Answered, and nothing local pretends a delivery: the row says "Sent" (waiting for the carrier).
    await message.locator('[data-outcome="waiting"]').waitFor({ timeout: 120_000 });
    expect(await states()).toEqual(['pending', 'processing', 'waiting']);
    // Said on the row itself, and in the opened message.
    await rowButton(message).getByText('• Reply sent').waitFor();
    await openRow(message);
    await message.getByRole('heading', { name: 'Summary' }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    expect(await message.getByText('Summary').count()).toBeGreaterThan(0);
    expect(await message.getByText('Full Transcript').count()).toBe(1);

    // The reply went where replies go without Twilio: the outbox, to the sender.
    const outbox = (await readFile(runtime.info.outbox, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(
      outbox.some((sms: { to: string; body: string }) => sms.to === sender && /summary/i.test(sms.body)),
    ).toBe(true);

    // The player asks for a short-lived link when it is opened, and plays from the store.
    const asked = page.waitForResponse((r) => /\/api\/messages\/[^/]+\/audio$/.test(r.url()));
    await message.getByRole('button', { name: 'Play audio' }).click();
    expect((await asked).status()).toBe(200);
    const audio = message.locator('audio');
    await audio.waitFor();
    const src = (await audio.getAttribute('src')) ?? '';
    expect(src).toContain(runtime.info.s3.endpoint);
    expect(src).toContain('X-Amz-Signature=');
    await expect
      .poll(() =>
        audio.evaluate((a) => {
          const el = a as unknown as { readyState: number; error: unknown };
          return el.readyState >= 1 && !el.error;
        }),
      )
      .toBe(true);
    await screenshot(page, 'dashboard-playing');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('retries a message that failed on a provider fault, and its row turns completed', async () => {
    expect((await adminApi('/api/settings', { openai_api_key: OPENAI_KEY })).status).toBe(200);
    openai.failAlways(500);
    try {
      const { page } = await openDashboard();
      const clip = await clips.clip({ sentence: SPEECH_CORPUS[2]!, format: 'mp3' });
      await chooseFile(
        page,
        { name: 'delivery.mp3', mimeType: clip.contentType, buffer: clip.bytes },
        'fault-test',
      );
      await uploadTaken(page);
      const message = card(page, 'fault-test');
      await message.locator('[data-outcome="failed"]').waitFor({ timeout: 120_000 });
      // The row's gist is why it failed.
      expect(await message.innerText()).toMatch(/OpenAI/);
      await openRow(message);
      const retry = message.getByRole('button', { name: 'Retry Processing', exact: true });
      await retry.waitFor();
      await screenshot(page, 'dashboard-failed');

      openai.failAlways(null);
      // Loaded again, the row is closed; opened, it follows the live channel to completed.
      await page.reload();
      await openRow(message);
      await retry.click();
      await message.locator('[data-outcome="completed"]').waitFor({ timeout: 120_000 });
      // The summary, in the row's gist and in the open row.
      expect(await rowButton(message).innerText()).toContain('Caller said:');
      await message.getByRole('heading', { name: 'Summary' }).waitFor();
      expect(await rowOutcome(message)).toBe('completed');
      await page.close();
    } finally {
      openai.failAlways(null);
      await adminApi('/api/settings', { openai_api_key: null });
    }
  });

  it('refuses a file that is not audio inline, and keeps nothing of it', async () => {
    const { page } = await openDashboard(360);
    const before = await messageCount();
    await chooseFile(
      page,
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Call the plumber on Monday.\n') },
      'test-user',
    );
    const error = page.getByRole('alert').filter({ hasText: 'is not audio we can read' });
    await error.waitFor();
    expect(await error.innerText()).toMatch(/^The file is not audio we can read\. Upload MP3, WAV, M4A/);
    await screenshot(page, 'upload-refused', [360, 1280]);
    expect(await messageCount()).toBe(before);
    expect(await storedKeys('uploads/')).toEqual([]);
    await page.close();
  });

  it('uploads a 20 MB recording straight to storage, the progress bar moving, then processes it', async () => {
    const { page } = await openDashboard();
    // 20 MB of 96 kHz stereo 24-bit audio is 36 s: big like a long voicemail, quick to transcribe.
    const folder = await mkdtemp(join(tmpdir(), 'vs-e2e-big-'));
    const file = join(folder, 'long.wav');
    // biome-ignore format: one ffmpeg command line
    const made = await runProgram('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=96000', '-ac', '2', '-c:a', 'pcm_s24le', '-t', '36.5', file], { timeoutMs: 60_000, aptPackage: 'ffmpeg' });
    expect(made.code).toBe(0);
    const bytes = await readFile(file);
    await rm(folder, { recursive: true, force: true });
    expect(bytes.byteLength).toBeGreaterThan(20 * 1000 * 1000);

    // A slower line than loopback, so the browser reports progress along the way.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 5 * 1024 * 1024,
    });
    await page.evaluate(`(() => {
      const values = [];
      window.progressValues = values;
      new MutationObserver(() => {
        const bar = document.querySelector('progress');
        if (bar && values.at(-1) !== bar.value) values.push(bar.value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    })()`);
    const putToStorage = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().startsWith(runtime.info.s3.endpoint),
    );
    // The card can show (live event) a moment before the create request has removed the upload: wait for its answer.
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/messages',
      { timeout: 90_000 },
    );
    await chooseFile(page, { name: 'long.wav', mimeType: 'audio/wav', buffer: bytes }, 'big-upload');
    expect((await putToStorage).url()).toContain('/uploads/');
    await page.getByRole('button', { name: 'Uploading...' }).waitFor();
    await expect
      .poll(() => page.evaluate<number>("document.querySelector('progress')?.value ?? 0"))
      .toBeGreaterThan(0.2);
    await screenshot(page, 'upload-progress');
    await page.setViewportSize({ width: 1280, height: 900 });
    await uploadTaken(page);
    await card(page, 'big-upload').waitFor({ timeout: 60_000 });
    const progress = await page.evaluate<number[]>('window.progressValues');
    expect(progress.filter((v) => v > 0 && v < 1).length).toBeGreaterThan(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect((await created).status()).toBe(201);
    expect(await storedKeys('uploads/')).toEqual([]);
    await page.close();
  });
});

describe('settings', () => {
  it('saves, shows secrets masked, loads them again, and checks the saved credentials', async () => {
    const { page } = await openDashboard();
    const settingsButton = page.getByRole('button', { name: 'Settings' });
    await settingsButton.click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    // From the Reply tab, focused on opening, the arrows reach Providers and keys (past Limits and Calls).
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await dialog.getByRole('tabpanel', { name: 'Providers and keys' }).waitFor();
    await dialog.getByLabel('OpenAI API key').fill(OPENAI_KEY);
    await dialog.getByLabel('Account SID').fill(TWILIO_SID);
    await dialog.getByLabel('Auth token').fill(TWILIO_TOKEN);
    await dialog.getByLabel('Phone number').fill('+1 415 555 01');
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog
      .getByText(/E\.164/)
      .first()
      .waitFor();
    await dialog.getByLabel('Phone number').fill(TWILIO_NUMBER);
    await dialog.getByRole('tab', { name: 'Reply' }).click();
    await dialog.getByLabel('Summary only').check();
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog.getByText('Settings saved successfully').waitFor();
    expect(await dialog.getByText('Saved: ends in WXYZ. Leave empty to keep it.').count()).toBe(1);
    expect(await dialog.getByLabel('OpenAI API key').inputValue()).toBe('');
    expect(await page.content()).not.toContain(OPENAI_KEY);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Focus went back to the Settings button.
    expect(await page.evaluate<string>("document.activeElement?.textContent ?? ''")).toBe('Settings');

    await page.reload();
    await waitForLiveState(page, 'Live');
    await settingsButton.click();
    await dialog.getByRole('tab', { name: 'Providers and keys' }).click();
    await expect.poll(() => dialog.getByLabel('Account SID').inputValue()).toBe(TWILIO_SID);
    expect(await dialog.getByLabel('Phone number').inputValue()).toBe(TWILIO_NUMBER);
    expect(await dialog.getByLabel('Summary only').isChecked()).toBe(true);
    expect(await dialog.getByText('Saved: ends in WXYZ. Leave empty to keep it.').count()).toBe(1);
    expect(await dialog.getByText('Saved: ends in cdef. Leave empty to keep it.').count()).toBe(1);

    // The checks are in Setup, with the webhook URL and the test upload.
    await dialog.getByRole('tab', { name: 'Setup' }).click();
    await dialog.getByRole('button', { name: 'Check OpenAI' }).click();
    await dialog.getByText('OpenAI accepted the saved API key.').waitFor();
    await dialog.getByRole('button', { name: 'Check Twilio' }).click();
    await dialog
      .getByText(
        'Twilio accepted the Account SID and auth token, and (415) 555-0177 is a number of that account.',
      )
      .waitFor();
    await screenshot(page, 'settings-checked');
    expect(await page.content()).not.toContain(TWILIO_TOKEN);

    await dialog.getByRole('button', { name: 'Close settings' }).click();
    await adminApi('/api/settings', {
      openai_api_key: null,
      twilio_account_sid: null,
      twilio_auth_token: null,
      twilio_phone_number: null,
      reply_mode: 'full',
    });
    await page.close();
  });
});

describe('the live channel', () => {
  it('is refused to a browser without a token and to a signed-in user who is not an administrator', async () => {
    const visitorToken = await runtime.signIn('not-admin@example.com', 'not-admin-password-1');
    // The channel an administrator's dashboard is on now: refused to the others all the same.
    const channel = await currentLiveChannel(runtime, await runtime.signIn(ADMIN.email, ADMIN.password));
    const page = await chromium.browser.newPage();
    await page.goto(`${runtime.url}/`);
    const attempt = (token: string | null) =>
      page.evaluate(
        async ({ endpoint, token, channel }) => {
          const header = btoa(JSON.stringify(token ? { Authorization: token } : {}))
            .replaceAll('+', '-')
            .replaceAll('/', '_')
            .replace(/=+$/, '');
          const socket = new WebSocket(endpoint, ['aws-appsync-event-ws', `header-${header}`]);
          const frames: string[] = [];
          return new Promise<string[]>((resolve) => {
            socket.onopen = () => socket.send(JSON.stringify({ type: 'connection_init' }));
            socket.onmessage = (event) => {
              const frame = JSON.parse(String(event.data)) as { type: string };
              frames.push(frame.type);
              if (frame.type === 'connection_ack') {
                socket.send(
                  JSON.stringify({
                    type: 'subscribe',
                    id: 'x',
                    channel,
                    authorization: { Authorization: token },
                  }),
                );
              }
              if (frame.type === 'subscribe_error' || frame.type === 'subscribe_success') resolve(frames);
            };
            socket.onclose = () => resolve(frames);
          });
        },
        { endpoint: runtime.info.events.realtimeEndpoint, token, channel },
      );
    expect(await attempt(null)).toEqual(['connection_error']);
    expect(await attempt(visitorToken)).toEqual(['connection_ack', 'subscribe_error']);
    await page.close();
  });

  it('reconnects after its connection drops and refetches, so a change made meanwhile is not missed', async () => {
    const { page, errors } = await openDashboard();
    await markDocument(page);
    expect(
      (
        await fetch(`${runtime.url}/_local/realtime/stop`, {
          method: 'POST',
          headers: runtime.localHeaders(),
        })
      ).status,
    ).toBe(200);
    await waitForLiveState(page, 'Reconnecting...');
    await screenshot(page, 'dashboard-reconnecting');

    // While the browser is cut off, a message arrives and changes: no event can reach the page.
    const clip = await clips.clip({ sentence: SPEECH_CORPUS[3]!, format: 'wav' });
    const form = new FormData();
    form.set('audio', new Blob([new Uint8Array(clip.bytes)], { type: clip.contentType }), 'missed.wav');
    form.set('sender', 'while-offline');
    const token = await runtime.signIn(ADMIN.email, ADMIN.password);
    const sent = await fetch(`${runtime.url}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(sent.status).toBe(201);
    expect(await card(page, 'while-offline').count()).toBe(0);

    expect(
      (
        await fetch(`${runtime.url}/_local/realtime/start`, {
          method: 'POST',
          headers: runtime.localHeaders(),
        })
      ).status,
    ).toBe(200);
    await waitForLiveState(page, 'Live');
    await card(page, 'while-offline').waitFor({ timeout: 30_000 });
    // From here on it is live again: the same message reaches completed without a reload.
    await card(page, 'while-offline').locator('[data-outcome="completed"]').waitFor({ timeout: 120_000 });
    expect(await sameDocument(page)).toBe(true);
    await screenshot(page, 'dashboard-live');
    expect(errors.filter((e) => !/Live updates|WebSocket/.test(e))).toEqual([]);
    await page.close();
  });
});
