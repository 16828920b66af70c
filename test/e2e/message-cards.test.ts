/**
 * "Add to contacts" and "Add to calendar" (issue 25) in a phone's browser (390 px), with the keyboard only: a
 * voicemail spoken by flite goes through the offline pipeline, its page offers both links, Tab reaches each
 * and Enter downloads it, and the files parse (ical.js) with the caller, her number and the time she set.
 * Screenshots at 360 and 1280 px land in test-results/e2e for a person to see.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ICAL from 'ical.js';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ACCOUNT_SID } from '../../lambdas/adapters/twilio/local-account';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { startFakeTwilio } from '../support/fake-twilio';
import { ROOT, type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { incomingForm, localWebhookToken, outboxTo, postWebhook, waitForMessage } from '../support/pipeline';
import { SpeechClips } from '../support/speech-clips';

const SCREENSHOTS = join(ROOT, 'test-results', 'e2e');
const PHONE = { width: 390, height: 844 };
const SENDER = '+12065550194';
/** Heard well by Moonshine base in flite's rms voice (measured): the name, the office, the number, the time. */
const VOICEMAIL = {
  id: 'cards-e2e-maria',
  text: 'Hello, this is Maria from the school office. Call me back tomorrow at ten in the morning at two zero six, five five five, zero one four two.',
  keyWords: [],
};

let runtime: RunningRuntime;
let chromium: TestBrowser;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
const clips = new SpeechClips();
let link: string;

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
  const clip = await clips.clip({ sentence: VOICEMAIL, format: 'wav', voice: 'rms' });
  const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
  const form = incomingForm({ from: SENDER, mediaUrl: media.url, mediaType: clip.contentType });
  expect((await postWebhook(runtime, form)).status).toBe(200);
  await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed']);
  const [first] = await outboxTo(runtime, SENDER);
  link = first!.body.split('\n').at(-1)!;
}, 240_000);

afterAll(async () => {
  await chromium?.close();
  await twilio?.close();
  await runtime?.dispose();
  await clips.dispose();
});

/** The focused element's text. */
const focusedText = (page: Page) =>
  page.evaluate<string>('document.activeElement ? (document.activeElement.textContent ?? "").trim() : ""');

/** Tabs forward until the element named `name` has the focus (at most 30 stops), and says how many it took. */
async function tabTo(page: Page, name: string): Promise<number> {
  for (let stops = 1; stops <= 30; stops++) {
    await page.keyboard.press('Tab');
    if ((await focusedText(page)) === name) return stops;
  }
  throw new Error(`Tab never reached "${name}"`);
}

/** Enter on the focused link, and the file the browser saved. */
async function enterDownloads(page: Page): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  return { download, text: await readFile((await download.path())!, 'utf8') };
}

describe('the cards on a phone, by keyboard alone', () => {
  it('Tab reaches "Add to contacts" and "Add to calendar", Enter downloads each, and the files parse', async () => {
    const page = await chromium.browser.newPage({ viewport: PHONE, isMobile: true, acceptDownloads: true });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(link);
    await page.getByRole('heading', { name: 'Save it' }).waitFor();
    // The event is named, with its time, under its link.
    // In the sender's zone (Seattle's area code), whatever the browser's: 10 AM Pacific.
    expect(await page.locator('#event-details').textContent()).toMatch(
      /^Call back Maria \(The School Office\), .*, 10:00\sAM PST$/,
    );

    await tabTo(page, 'Add to contacts');
    const contact = await enterDownloads(page);
    expect(contact.download.suggestedFilename()).toBe('maria-the-school-office.vcf');
    const card = new ICAL.Component(ICAL.parse(contact.text));
    expect(card.getFirstPropertyValue('fn')).toBe('Maria');
    expect(card.getFirstPropertyValue('tel')).toBe('tel:+12065550142');

    // The next stop is the calendar's link.
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Add to calendar');
    const calendar = await enterDownloads(page);
    expect(calendar.download.suggestedFilename()).toBe('call-back-maria-the-school-office.ics');
    const vevent = new ICAL.Component(ICAL.parse(calendar.text)).getFirstSubcomponent('vevent')!;
    const event = new ICAL.Event(vevent);
    expect(event.summary).toBe('Call back Maria (The School Office)');
    // Seattle's area code: 10:00 AM Pacific.
    expect(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Los_Angeles',
        hour: 'numeric',
        minute: '2-digit',
      }).format(event.startDate.toJSDate()),
    ).toBe('10:00 AM');
    expect(vevent.getFirstSubcomponent('valarm')?.getFirstPropertyValue('trigger')?.toString()).toBe(
      '-PT30M',
    );

    // Both fit the phone: nothing wider than the screen, each link at least 44 px tall.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      PHONE.width,
    );
    for (const name of ['Add to contacts', 'Add to calendar']) {
      const box = await page.getByRole('link', { name }).boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('is photographed at 360 and 1280 px', async () => {
    for (const width of [360, 1280]) {
      const page = await chromium.browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(link);
      await page.getByRole('heading', { name: 'Save it' }).waitFor();
      // The links, focused as the keyboard leaves them, in the middle of the shot.
      await page.getByRole('link', { name: 'Add to calendar' }).focus();
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await page.screenshot({ path: join(SCREENSHOTS, `message-cards-${width}.png`), fullPage: true });
      await page.close();
    }
  });
});
