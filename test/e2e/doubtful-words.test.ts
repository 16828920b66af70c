/**
 * Doubt made visible (issue 24, part 4) in a phone's browser (390 px): a voice message transcribed through the
 * real `openai` SDK against the fake OpenAI, which gives two of its words a low log-probability; the message
 * page shades exactly those, says what the shade means, and the keyboard alone reaches a shaded word (one Tab
 * stop, the arrows between them) and plays the recording from a little before it; `#t=` opens the page with
 * "Listen from" at the top. The dashboard's card shades the same words. Screenshots in test-results/e2e.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { momentFragment, momentLabel } from '#core/messages/message-moment';
import type { HeardWord } from '#core/transcripts/heard-words';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { messageRow, openRow, signInToDashboard } from '../support/dashboard';
import type { FakeOpenAi } from '../support/fake-openai';
import type { FakeTwilio } from '../support/fake-twilio';
import { ROOT, type RunningRuntime } from '../support/local-runtime';
import { incomingForm, postWebhook, waitForMessage } from '../support/pipeline';
import { type ProviderRuntime, startWithFakeProviders } from '../support/provider-runtime';
import { SpeechClips } from '../support/speech-clips';
import { LONG_VOICEMAILS } from '../support/voicemails';

const SCREENSHOTS = join(ROOT, 'test-results', 'e2e');
const PHONE = { width: 390, height: 844 };
const ADMIN = { email: 'doubt-operator@example.com', password: 'operator-password-1' };
const OPENAI_KEY = 'sk-e2e-doubt-key-0123456789abcdWXYZ';
const TWILIO = {
  accountSid: `AC${'d0'.repeat(16)}`,
  authToken: 'twilio-e2e-doubt-token-0123456789',
  number: '+14155550177',
};
const SENDER = '+14155550193';
/** What the fake OpenAI hears (the doctor's voicemail, as flite says it), unsure of two words in its second half. */
const doctor = LONG_VOICEMAILS.find((voicemail) => voicemail.id === 'doctor')!;
const DOUBTFUL = ['Monday', 'confirm'];

/** The script as a transcription model's tokens (a word with the space before it), two of them unlikely. */
function scriptLogprobs(text: string) {
  return text.split(/(?=\s)/).map((token) => ({
    token,
    logprob: Math.log(DOUBTFUL.includes(token.trim()) ? 0.25 : 0.99),
    bytes: [...Buffer.from(token, 'utf8')],
  }));
}

let runtime: RunningRuntime;
let chromium: TestBrowser;
let openai: FakeOpenAi;
let twilio: FakeTwilio;
let closeProviders: (() => Promise<void>) | undefined;
const clips = new SpeechClips();
/** The message's page (`/m/<code>`), its id, and its doubtful words as the API serves them. */
let link: string;
let messageId: string;
let doubtful: HeardWord[];

beforeAll(async () => {
  let providers: ProviderRuntime;
  [providers, chromium] = await Promise.all([
    startWithFakeProviders({
      openaiKey: OPENAI_KEY,
      twilio: TWILIO,
      beforeSettings: (started) => started.signIn(ADMIN.email, ADMIN.password, 'admins'),
    }),
    launchBrowser(),
    mkdir(SCREENSHOTS, { recursive: true }),
  ]);
  ({ openai, twilio, runtime } = providers);
  closeProviders = providers.close;

  const sentence = { id: doctor.id, text: doctor.script, keyWords: [] };
  const clip = await clips.clip({ sentence, format: 'm4a' });
  openai.transcription = {
    text: doctor.script,
    language: 'english',
    duration: 30,
    logprobs: scriptLogprobs(doctor.script),
  };
  const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
  const form = incomingForm({ from: SENDER, mediaUrl: media.url, mediaType: clip.contentType });
  expect((await postWebhook(runtime, form, { token: TWILIO.authToken })).status).toBe(200);
  messageId = `${form.MessageSid}-0`;
  await waitForMessage(runtime, messageId, ['completed']);
  // The first text carries the page's link (on its own line, or after "listen at" with a moment).
  const reply = twilio.messages.find((sent) => sent.to === SENDER && /\/m\/[\w-]{22}/.test(sent.body));
  link = /(\S+\/m\/[\w-]{22})/.exec(reply!.body)![1]!;
  const served = (await (await fetch(`${runtime.url}/api/m/${link.split('/').at(-1)}`)).json()) as {
    words: HeardWord[];
  };
  doubtful = served.words.filter((word) => word.confidence < 0.6);
  // The two words the engine was unsure of, each with a time past the first seconds of the recording.
  expect(doubtful.map((word) => word.text.replace(/\W/g, ''))).toEqual(DOUBTFUL);
  expect(doubtful.every((word) => word.at !== null && word.at > 4)).toBe(true);
}, 240_000);

afterAll(async () => {
  await chromium?.close();
  await Promise.all([closeProviders?.(), clips.dispose()]);
});

/** A phone-sized page recording every request and every error the browser reports. */
async function openPhone(): Promise<{ page: Page; requests: Request[]; errors: string[] }> {
  const page = await chromium.browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
  const requests: Request[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request));
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { page, requests, errors };
}

/** Where the page's player is in the recording once it has one (the start is set when it knows the length). */
async function playerTime(page: Page): Promise<number> {
  const player = page.locator('audio');
  await player.waitFor();
  await expect
    .poll(() => player.evaluate((audio) => (audio as { readyState: number }).readyState))
    .toBeGreaterThan(0);
  return player.evaluate((audio) => (audio as { currentTime: number }).currentTime);
}

/** The focused element's name: its aria-label, else its text. */
const focusedLabel = (page: Page) =>
  page.evaluate<string>(
    'document.activeElement ? (document.activeElement.getAttribute("aria-label") ?? document.activeElement.textContent ?? "") : ""',
  );

describe('the words that were hard to hear', () => {
  it('are shaded on the page, one Tab stop away, and play from a little before by keyboard alone', async () => {
    const { page, errors } = await openPhone();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Full transcript' }).waitFor();
    const legend = page.getByText(/words were hard to hear/);
    expect(await legend.textContent()).toBe('Shaded words were hard to hear: tap one to listen.');
    const shaded = page.getByRole('button', { name: /\(unclear, listen from \d+:\d\d\)$/ });
    expect(await shaded.allTextContents()).toEqual(DOUBTFUL);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      PHONE.width,
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'doubtful-words-390.png'), fullPage: true });

    // Tab from the top: exactly one shaded word is a stop on the way, and it is the first.
    const stops: string[] = [];
    for (let i = 0; i < 25 && !stops.at(-1)?.includes('unclear'); i++) {
      await page.keyboard.press('Tab');
      stops.push(await focusedLabel(page));
    }
    expect(stops.at(-1)).toMatch(/^Monday \(unclear/);
    await page.keyboard.press('ArrowRight');
    expect(await focusedLabel(page)).toMatch(/^confirm \(unclear/);
    await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).not.toMatch(/unclear/);
    await page.keyboard.press('Shift+Tab');
    expect(await focusedLabel(page)).toMatch(/^confirm \(unclear/);

    // Enter plays the recording from two seconds before the piece the word was heard in.
    const from = Math.max(0, doubtful[1]!.at! - 2);
    await page.keyboard.press('Enter');
    expect(await playerTime(page)).toBeGreaterThanOrEqual(from);
    await page
      .getByRole('status')
      .filter({ hasText: `Playing from ${momentLabel(from)}.` })
      .waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens at a moment with #t=: "Listen from" at the top, the moment never sent to the server', async () => {
    const moment = Math.floor(doubtful[0]!.at!);
    const { page, requests, errors } = await openPhone();
    await page.goto(`${link}${momentFragment(moment)}`);
    const listen = page.getByRole('button', { name: `Listen from ${momentLabel(moment)}` });
    await listen.waitFor();
    // Above the summary, where it is seen without scrolling.
    const box = await listen.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
    const summary = await page.getByRole('heading', { name: 'Summary' }).boundingBox();
    expect(box!.y).toBeLessThan(summary!.y);
    await page.screenshot({ path: join(SCREENSHOTS, 'listen-from-390.png'), fullPage: true });
    expect(await page.locator('audio').count()).toBe(0);
    await listen.press('Enter');
    expect(await playerTime(page)).toBeGreaterThanOrEqual(moment);
    expect(requests.some((request) => request.url().includes('t='))).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('are shaded on the dashboard card too', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInToDashboard(page, runtime.url, ADMIN);
    const card = messageRow(page, '(415) 555-0193');
    await openRow(card);
    await card.getByText(/words were hard to hear/).waitFor();
    expect(await card.getByRole('button', { name: /\(unclear, listen from/ }).allTextContents()).toEqual(
      DOUBTFUL.filter((word) => doctor.script.indexOf(word) < 280),
    );
    await card.getByRole('button', { name: /^Monday \(unclear/ }).click();
    expect(await playerTime(page)).toBeGreaterThanOrEqual(Math.max(0, doubtful[0]!.at! - 2));
    await page.screenshot({ path: join(SCREENSHOTS, 'doubtful-words-card-1280.png'), fullPage: true });
    await page.close();
  });
});
