/**
 * SPEC's "Dashboard" section and its table of message states (issue 34), walked in a real browser (Debian
 * Chromium) against the local runtime started as a person starts it: the first account created from the login
 * screen; the four parts of the home screen (the header's Refresh, Settings and Logout, the SMS integration box
 * with the webhook URL, the test upload panel, the Recent Messages list with its count); an upload with the
 * sender left at "test-user" going from "Waiting to process..." to completed live, its row showing
 * sent" before it is opened and "Summary" and "Full Transcript" once it is; a failed one showing its error and
 * "Retry Processing" on its row, retried from there. At 360 and 1280 px, screenshots in test-results/e2e.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { createAccount, messageRow, overflowOf, rowButton, waitForLiveState } from '../support/dashboard';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';
import { ROOT, type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { SPEECH_CORPUS, SpeechClips, type SpeechSentence } from '../support/speech-clips';

const SCREENSHOTS = join(ROOT, 'test-results', 'e2e');
const ADMIN = { email: 'first-operator@example.com', password: 'first-operator-password' };
const OPENAI_KEY = 'sk-e2e-spec-dashboard-0123456789abcdWXYZ';

let runtime: RunningRuntime;
let chromium: TestBrowser;
let openai: FakeOpenAi;
const clips = new SpeechClips();

beforeAll(async () => {
  openai = await startFakeOpenAi({ apiKey: OPENAI_KEY });
  [runtime, chromium] = await Promise.all([
    startLocalRuntime({
      via: 'npm',
      env: { OPENAI_BASE_URL: openai.baseURL, PIPELINE_RETRY_INTERVAL_MS: '50', ADMIN_EMAILS: '' },
    }),
    launchBrowser(),
    mkdir(SCREENSHOTS, { recursive: true }),
  ]);
}, 240_000);

afterAll(async () => {
  await chromium?.close();
  await runtime?.dispose();
  await Promise.all([openai?.close(), clips.dispose()]);
});

async function screenshots(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    expect((await overflowOf(page)).outside, `${name} at ${width} px`).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

/** Each text the row of `sender` showed as its gist, in order, recorded by the page itself (nothing missed). */
async function recordGists(page: Page, sender: string): Promise<() => Promise<string[]>> {
  await page.evaluate(`(() => {
    const seen = [];
    window.gists = seen;
    const note = () => {
      for (const row of document.querySelectorAll('[aria-labelledby="messages-title"] [data-row]')) {
        if (!(row.textContent ?? '').includes(${JSON.stringify(sender)})) continue;
        const gist = row.querySelector('[data-gist]')?.textContent ?? '';
        if (seen.at(-1) !== gist) seen.push(gist);
      }
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  })()`);
  return () => page.evaluate<string[]>('window.gists');
}

const panel = (page: Page) => page.getByRole('region', { name: 'Test upload' });

async function upload(page: Page, sentence: SpeechSentence, name: string) {
  const clip = await clips.clip({ sentence, format: 'wav' });
  await panel(page)
    .getByLabel('Audio file')
    .setInputFiles({ name, mimeType: clip.contentType, buffer: clip.bytes });
  await panel(page).getByRole('button', { name: 'Upload', exact: true }).click();
  await panel(page)
    .getByRole('status')
    .filter({ hasText: `${name} was uploaded: it is in Recent Messages.` })
    .waitFor({ timeout: 90_000 });
}

describe("SPEC's dashboard, as a new operator meets it", () => {
  let page: Page;

  it('creates the first account from the login screen and lands on the four parts of the dashboard', async () => {
    page = await chromium.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await createAccount(page, runtime.url, runtime.dataDir, ADMIN.email, ADMIN.password);
    await waitForLiveState(page, 'Live');

    for (const name of ['Refresh', 'Settings', 'Logout']) {
      await page.getByRole('banner').getByRole('button', { name }).waitFor();
    }
    const sms = page.getByRole('region', { name: 'SMS integration' });
    await sms.getByText(runtime.info.webhookUrl, { exact: true }).waitFor();
    await sms.getByText('HTTP POST').waitFor();
    // On one machine the URL is this computer's own: the box says what Twilio needs instead.
    await sms.getByText(/Twilio cannot reach this address/).waitFor();
    await sms.getByRole('button', { name: 'Copy the webhook URL' }).waitFor();
    expect(await panel(page).getByLabel('Sender', { exact: true }).inputValue()).toBe('test-user');
    await page.getByRole('heading', { name: 'Recent Messages (0)' }).waitFor();
    await screenshots(page, 'spec-dashboard-empty');

    // "See the full Twilio steps" opens Settings there, with the Twilio console steps.
    await page.setViewportSize({ width: 1280, height: 900 });
    await sms.getByRole('button', { name: 'See the full Twilio steps' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('list', { name: 'In the Twilio Console' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('uploads as "test-user" and shows it go from "Waiting to process..." to completed, live', async () => {
    const gists = await recordGists(page, 'test-user');
    await upload(page, SPEECH_CORPUS[0]!, 'voicemail.wav');
    const row = messageRow(page, 'test-user');
    await row.locator('[data-outcome="completed"]').waitFor({ timeout: 180_000 });
    const seen = await gists();
    expect(seen[0]).toBe('Waiting to process...');
    expect(seen).toContain('Processing audio message...');
    expect(seen.at(-1)).not.toMatch(/^(Waiting to process|Processing audio message)/);
    await page.getByRole('heading', { name: 'Recent Messages (1)' }).waitFor();

    // Before it is opened: the summary's gist and no action; no reply (nobody to text at "test-user").
    expect(await rowButton(row).getAttribute('aria-expanded')).toBe('false');
    expect(seen.at(-1)).toMatch(/\w/);
    expect(await row.getByText('• Reply sent').count()).toBe(0);
    expect(await row.getByRole('button', { name: /Process Now|Retry/ }).count()).toBe(0);
    await screenshots(page, 'spec-dashboard-completed');

    await rowButton(row).click();
    await row.getByRole('heading', { name: 'Summary' }).waitFor();
    await row.getByRole('heading', { name: 'Full Transcript' }).waitFor();
    await screenshots(page, 'spec-dashboard-opened');
    await rowButton(row).click();
  });

  it('shows a failed one with its error and "Retry Processing" on its row, and retries it from there', async () => {
    await page.setViewportSize({ width: 360, height: 900 });
    const token = await runtime.signIn(ADMIN.email, ADMIN.password);
    const saved = await fetch(`${runtime.url}/api/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ openai_api_key: OPENAI_KEY }),
    });
    expect(saved.status).toBe(200);
    openai.failAlways(500);
    await panel(page).getByLabel('Sender', { exact: true }).fill('+14155550123');
    await upload(page, SPEECH_CORPUS[2]!, 'delivery.wav');
    const row = messageRow(page, '(415) 555-0123');
    await row.locator('[data-outcome="failed"]').waitFor({ timeout: 120_000 });
    expect(await rowButton(row).getAttribute('aria-expanded')).toBe('false');
    expect(await rowButton(row).innerText()).toMatch(/OpenAI/);
    const retry = row.getByRole('button', { name: 'Retry Processing', exact: true });
    await retry.waitFor();
    await screenshots(page, 'spec-dashboard-failed');

    openai.failAlways(null);
    await page.setViewportSize({ width: 360, height: 900 });
    // By the keyboard: the row, then its action.
    await rowButton(row).focus();
    await page.keyboard.press('Tab');
    expect(await retry.evaluate((button) => button === button.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    // Answered: the reply went to the sender (the outbox, on one machine), and the row says so unopened.
    await row.getByText('• Reply sent').waitFor({ timeout: 120_000 });
    expect(await rowButton(row).getAttribute('aria-expanded')).toBe('false');
    expect(await row.getByRole('button', { name: /Retry/ }).count()).toBe(0);
    await page.getByRole('heading', { name: 'Recent Messages (2)' }).waitFor();
    await screenshots(page, 'spec-dashboard-retried');
    await page.close();
  });
});
