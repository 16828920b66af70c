/**
 * Issue 26, a rejected picture is on the record, in a real browser (Debian Chromium) against the local runtime
 * started as a person starts it: a picture texted to the number (a webhook signed as Twilio signs it, its
 * media on the fake Twilio) reaches the open dashboard live, its row says "Refused" with what came in and the
 * text we answered, opened it gives the reason too, is found by the Kind and Status filters, and counts in Usage. Screenshots
 * at 360 and 1280 px land in test-results/e2e.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_WORDS } from '#core/messages/refused-inbound';
import { UNSUPPORTED_MEDIA_TEXT } from '#core/texts/service-texts';
import { LOCAL_ACCOUNT_SID } from '../../lambdas/adapters/twilio/local-account';
import { launchBrowser, type TestBrowser } from '../support/browser';
import {
  messageRow,
  openRow,
  RECENT_MESSAGES,
  rowButton,
  rowOutcome,
  signInToDashboard,
} from '../support/dashboard';
import { type FakeTwilio, startFakeTwilio } from '../support/fake-twilio';
import { ROOT, type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { incomingForm, localWebhookToken, postWebhook } from '../support/pipeline';

const SCREENSHOTS = join(ROOT, 'test-results', 'e2e');
const ADMIN = { email: 'record-keeper@example.com', password: 'record-keeper-password-1' };
const SENDER = '+14155550277';
/** The first bytes of a PNG: what a phone's picture starts with. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

let runtime: RunningRuntime;
let chromium: TestBrowser;
let twilio: FakeTwilio;

beforeAll(async () => {
  [runtime, chromium] = await Promise.all([
    startLocalRuntime({ via: 'npm' }),
    launchBrowser(),
    mkdir(SCREENSHOTS, { recursive: true }),
  ]);
  await runtime.signIn(ADMIN.email, ADMIN.password, 'admins');
  // No Twilio account saved: the runtime deletes media with its local account, as `npm run sms` serves it.
  twilio = await startFakeTwilio({
    accountSid: LOCAL_ACCOUNT_SID,
    authToken: await localWebhookToken(runtime),
  });
}, 240_000);

afterAll(async () => {
  await chromium?.close();
  await twilio?.close();
  await runtime?.dispose();
});

async function openDashboard(width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await chromium.browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInToDashboard(page, runtime.url, ADMIN);
  return { page, errors };
}

describe('a picture texted to the number', () => {
  it('reaches the open dashboard as a refused row with what came in and what we answered, is filtered by kind, and counts in Usage', async () => {
    const { page, errors } = await openDashboard(1280);
    const history = page.getByRole('region', { name: RECENT_MESSAGES });
    await history.getByText('No messages yet.').waitFor();

    const picture = twilio.addMedia({ bytes: PNG, contentType: 'image/png' });
    const form = incomingForm({ from: SENDER, mediaUrl: picture.url, mediaType: 'image/png' });
    expect((await postWebhook(runtime, form)).status).toBe(200);

    // Live: the list shows its row at once, refused, with what came in and what we answered.
    const item = messageRow(page, 'A picture (image/png)');
    await item.waitFor();
    expect(await rowOutcome(item)).toBe('refused');
    expect(await rowButton(item).innerText()).toContain(`we answered “${UNSUPPORTED_MEDIA_TEXT}”`);
    // The first-run checklist waits for a voice message: a refused picture does not tick it.
    const checklist = page.getByRole('region', { name: 'Welcome: three steps to start' });
    await checklist.getByRole('heading', { name: 'Send a test voice message (to do)' }).waitFor();
    // Opened: why, what came in and the answer, and nothing to retry.
    await openRow(item);
    for (const words of [REFUSAL_WORDS['not-audio'], 'a picture (image/png)', `“${UNSUPPORTED_MEDIA_TEXT}”`])
      await item.getByText(words, { exact: true }).waitFor();
    expect(await history.getByRole('button', { name: /Retry/ }).count()).toBe(0);

    await history.getByLabel('Kind').selectOption('attachment');
    await history.getByLabel('Status').selectOption('failed');
    await history.getByRole('button', { name: 'Apply filters' }).click();
    await history.getByText('Showing all 1 message.').waitFor();
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'refused-picture-history-1280.png') });
    await history.getByLabel('Kind').selectOption('voice');
    await history.getByRole('button', { name: 'Apply filters' }).click();
    await history.getByText('No messages match these filters.').waitFor();

    // Usage (read again on Refresh) says it in its summary.
    await page
      .getByRole('button', { name: /Refresh/ })
      .first()
      .click();
    const usage = page.getByRole('region', { name: 'Usage' });
    await usage
      .locator('p', {
        hasText:
          'Not voice messages: 1 picture or other file, 0 texts that were no command, 0 messages from numbers that opted out.',
      })
      .waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reads at 360 px: the reason and the answer in its row, the picture in Usage by day', async () => {
    const { page, errors } = await openDashboard(360);
    const item = messageRow(page, 'A picture (image/png)');
    await openRow(item);
    const received = item.getByText('a picture (image/png)', { exact: true });
    await received.waitFor();
    await received.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'refused-picture-history-360.png') });
    const answer = await item.getByText(`“${UNSUPPORTED_MEDIA_TEXT}”`, { exact: true }).boundingBox();
    expect(answer!.x + answer!.width).toBeLessThanOrEqual(360);

    // Today's line of Usage's numbers by day (a phone lists each day on its lines): the picture counted.
    const usage = page.getByRole('region', { name: 'Usage' });
    await usage.getByText('Numbers by day').click();
    const days = usage.getByRole('list', { name: 'Numbers by day' });
    await expect
      .poll(async () => (await days.getByRole('listitem').first().textContent()) ?? '')
      .toMatch(/1 picture or file/);
    const section = await usage.boundingBox();
    expect(section!.x + section!.width).toBeLessThanOrEqual(360);
    await days.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'refused-picture-usage-360.png') });
    expect(errors).toEqual([]);
    await page.close();
  });
});
