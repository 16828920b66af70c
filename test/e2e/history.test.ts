/**
 * The message list (issue 26's rows; issue 19's History) in a real browser (Debian Chromium) against the local
 * runtime started as a person starts it, signed in through the login screen: 31 messages from four senders,
 * the 10 newest rows shown and "Load more" for the rest, filters by sender (typed as a person types it) and status; a
 * reply the carrier did not deliver (a signed status callback) turning its row to "Not delivered" live, and
 * the delivery filter finding it; the keyboard: the skip link from the page top, the arrows between rows,
 * Enter to open one, a transcript marked wrong; messages that arrive after the list loaded. Screenshots at 360
 * and 1280 px land in test-results/e2e.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '#core/messages/message';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { DynamoMessageRepository } from '../../lambdas/adapters/aws/dynamo-message-repository';
import { DynamoSentTextRepository } from '../../lambdas/adapters/aws/dynamo-sent-text-repository';
import { LOCAL_ACCOUNT_SID } from '../../lambdas/adapters/twilio/local-account';
import { recordSentText } from '../../lambdas/use-cases/delivery-status';
import { createMessage } from '../../lambdas/use-cases/message-changes';
import { launchBrowser, type TestBrowser } from '../support/browser';
import {
  messageRow,
  openRow,
  RECENT_MESSAGES,
  rowButton,
  rowOutcome,
  signInToDashboard,
} from '../support/dashboard';
import { runtimeMessageChanges } from '../support/live-events';
import { ROOT, type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { postWebhook } from '../support/pipeline';

const SCREENSHOTS = join(ROOT, 'test-results', 'e2e');
const ADMIN = { email: 'historian@example.com', password: 'historian-password-1' };
const SENDERS = ['+14155550201', '+14155550202', '+14155550203'] as const;
/** The sender whose reply the carrier will not deliver, and that reply's text. */
const UNDELIVERED = { sender: '+14155550204', sid: `SM${'4'.repeat(32)}`, id: 'e2e-hist-undelivered' };

let runtime: RunningRuntime;
let chromium: TestBrowser;

/** Message i of 30: an hour apart, the newest an hour ago; every third from each sender. */
function seeded(i: number): Message {
  const sender = SENDERS[i % 3]!;
  return {
    id: `e2e-hist-${String(i).padStart(2, '0')}`,
    created_at: new Date(Date.now() - (30 - i) * 3_600_000).toISOString(),
    sender,
    phone_number: sender,
    audio_url: null,
    status: i % 5 === 0 ? 'failed' : 'completed',
    summary: i % 5 === 0 ? null : `Summary number ${i}.`,
    transcript: i % 5 === 0 ? null : `Transcript number ${i}.`,
    error_message: i % 5 === 0 ? 'The audio could not be read.' : null,
    reply_sent: i % 5 !== 0,
  };
}

beforeAll(async () => {
  [runtime, chromium] = await Promise.all([
    startLocalRuntime({ via: 'npm' }),
    launchBrowser(),
    mkdir(SCREENSHOTS, { recursive: true }),
  ]);
  await runtime.signIn(ADMIN.email, ADMIN.password, 'admins');
  const db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  const repo = new DynamoMessageRepository(db, runtime.info.tables.messages);
  for (let i = 0; i < 30; i++) await repo.create(seeded(i));
  // Answered 90 minutes ago (between messages 28 and 29), its reply recorded as the gate records one: sent.
  await repo.create({
    ...seeded(29),
    id: UNDELIVERED.id,
    created_at: new Date(Date.now() - 90 * 60_000).toISOString(),
    sender: UNDELIVERED.sender,
    phone_number: UNDELIVERED.sender,
    summary: 'Maria asks you to call back about the lease before Friday.',
    transcript: 'Hi, this is Maria about the lease. Please call me back before Friday.',
  });
  await recordSentText(
    {
      ...(await runtimeMessageChanges(runtime)),
      sentTexts: new DynamoSentTextRepository(db, runtime.info.tables.sentTexts),
      warn: (message) => {
        throw new Error(message);
      },
    },
    {
      messageId: UNDELIVERED.id,
      sid: UNDELIVERED.sid,
      kind: 'reply',
      index: 0,
      body: 'Summary.',
      attempt: 1,
    },
  );
  db.destroy();
}, 240_000);

afterAll(async () => {
  await chromium?.close();
  await runtime?.dispose();
});

async function openDashboard(width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await chromium.browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signInToDashboard(page, runtime.url, ADMIN);
  return { page, errors };
}

const list = (page: Page) => page.getByRole('region', { name: RECENT_MESSAGES });
const rows = (page: Page) => page.getByRole('list', { name: 'Recent Messages' }).getByRole('listitem');
/** Who each row is from, in order. */
/** Who each row shows, without the source word a screen reader hears before it ("MMS: ", issue 33). */
const whoShown = async (page: Page) =>
  (await page.locator('[data-row] > span:nth-child(2)').allTextContents()).map((who) =>
    who.replace(/^(Call|MMS|Upload): /, ''),
  );

/** Opens the filters (folded behind their button on a phone), sets `field` to `option`, and applies. */
async function filterBy(page: Page, field: 'Status' | 'Delivery', option: string) {
  const folded = list(page).getByRole('button', { name: /^Filters/ });
  if (await folded.isVisible()) await folded.click();
  await list(page).getByLabel(field).selectOption(option);
  await list(page).getByRole('button', { name: 'Apply filters' }).click();
}

type Focused = { text: string; row: string | null; id: string; where: 'above' | 'list' | 'beside' };

/**
 * What has the keyboard's focus: its text, the row it is (if one), its id, and where on the page it is: in the
 * list, beside it (the column to its right, on a laptop), or above it (the header, the first-run checklist).
 */
const focused = (page: Page) =>
  page.evaluate<Focused>(`(() => {
    const el = document.activeElement;
    const list = document.getElementById('messages');
    // The column the list is in (the first-run checklist above it, in the same column, starts it).
    const edge = list?.parentElement ? list.parentElement.getBoundingClientRect() : { right: Infinity, top: Infinity };
    const box = el ? el.getBoundingClientRect() : null;
    const where = el && list?.contains(el) ? 'list'
      : box && box.left >= edge.right && box.top >= edge.top ? 'beside' : 'above';
    return { text: (el?.textContent ?? '').trim(), row: el?.getAttribute('data-row') ?? null, id: el?.id ?? '', where };
  })()`);

describe('the message list', () => {
  it('shows the 10 newest first, loads the other 21, and filters by a sender typed as a person types it', async () => {
    const { page, errors } = await openDashboard(1280);
    await list(page).getByText('Showing the newest 10 messages.').waitFor();
    expect(await rows(page).count()).toBe(10);
    await list(page).getByRole('heading', { name: 'Recent Messages (10)' }).waitFor();
    expect((await whoShown(page)).slice(0, 2)).toEqual(['(415) 555-0203', '(415) 555-0204']);
    await page.screenshot({ path: join(SCREENSHOTS, 'history-1280.png') });

    await list(page).getByRole('button', { name: 'Load more' }).click();
    await list(page).getByText('Showing all 31 messages.').waitFor();
    expect(await rows(page).count()).toBe(31);
    expect(await list(page).getByRole('button', { name: 'Load more' }).count()).toBe(0);

    await list(page).getByLabel("Sender's number").fill('415-555-0202');
    await list(page).getByLabel("Sender's number").press('Enter');
    await list(page).getByText('Showing all 10 messages.').waitFor();
    expect(new Set(await whoShown(page))).toEqual(new Set(['(415) 555-0202']));

    await filterBy(page, 'Status', 'failed');
    await list(page).getByText('Showing all 2 messages.').waitFor();
    await list(page).getByRole('button', { name: 'Clear filters' }).click();
    await list(page).getByText('Showing the newest 10 messages.').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('turns a row "Not delivered" when the carrier says so, and the delivery filter finds it', async () => {
    const { page, errors } = await openDashboard(1280);
    const row = messageRow(page, '(415) 555-0204');
    await row.waitFor();
    expect(await rowOutcome(row)).toBe('waiting');
    const callback = await postWebhook(
      runtime,
      {
        AccountSid: LOCAL_ACCOUNT_SID,
        MessageSid: UNDELIVERED.sid,
        SmsSid: UNDELIVERED.sid,
        MessageStatus: 'undelivered',
        SmsStatus: 'undelivered',
        ErrorCode: '30007',
        To: UNDELIVERED.sender,
        From: '+14155550100',
        ApiVersion: '2010-04-01',
      },
      { url: runtime.info.smsStatusUrl },
    );
    expect(callback.status).toBe(204);
    // Live, without a reload: the one status now tells the truth, in words.
    await row.locator('[data-outcome="not_delivered"]').waitFor({ timeout: 30_000 });
    expect(await row.locator('[data-outcome]').innerText()).toBe('Not delivered');
    expect(await rowButton(row).innerText()).not.toContain('Completed');
    await page.close();

    for (const width of [360, 1280]) {
      const { page } = await openDashboard(width);
      await list(page)
        .getByText(/^Showing/)
        .waitFor();
      await filterBy(page, 'Delivery', 'not_delivered');
      await list(page).getByText('Showing all 1 message.').waitFor();
      expect(await whoShown(page)).toEqual(['(415) 555-0204']);
      const only = messageRow(page, '(415) 555-0204');
      await openRow(only);
      await only.getByText('• Not delivered: the carrier filtered it as spam (30007)').waitFor();
      await only.getByText(/^What to do: check the number's A2P 10DLC campaign/).waitFor();
      await page.screenshot({ path: join(SCREENSHOTS, `not-delivered-${width}.png`), fullPage: true });
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      await page.close();
    }
    expect(errors).toEqual([]);
  });

  it('from the page top: the skip link reaches the messages in one step, the arrows move between rows, Enter opens one', async () => {
    for (const width of [360, 1280]) {
      const { page, errors } = await openDashboard(width);
      await page.reload();
      await list(page).getByText('Showing the newest 10 messages.').waitFor();

      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to messages' });
      expect((await focused(page)).text).toBe('Skip to messages');
      const box = await skip.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= 900).toBe(true);
      await page.screenshot({ path: join(SCREENSHOTS, `skip-link-${width}.png`) });
      await page.keyboard.press('Enter');
      expect((await focused(page)).id).toBe('messages');

      // On into the list: its first row, then the arrows.
      let steps = 0;
      while ((await focused(page)).row === null && steps++ < 25) await page.keyboard.press('Tab');
      expect((await focused(page)).row).toBe('e2e-hist-29');
      await page.keyboard.press('ArrowDown');
      expect((await focused(page)).row).toBe(UNDELIVERED.id);
      await page.keyboard.press('ArrowDown');
      expect((await focused(page)).row).toBe('e2e-hist-28');
      await page.keyboard.press('ArrowUp');
      expect((await focused(page)).row).toBe(UNDELIVERED.id);
      await page.keyboard.press('End');
      expect((await focused(page)).row).toBe('e2e-hist-21');
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      const opened = messageRow(page, 'Summary number 28.');
      expect(await rowButton(opened).getAttribute('aria-expanded')).toBe('true');
      await opened.getByText('Transcript number 28.').waitFor();
      // Tab goes into the open row, not to the next row.
      await page.keyboard.press('Tab');
      expect((await focused(page)).row).toBeNull();
      expect(await opened.evaluate((li) => li.contains(li.ownerDocument.activeElement))).toBe(true);
      await page.screenshot({ path: join(SCREENSHOTS, `rows-keyboard-${width}.png`) });
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('at 1280 px, Tab reaches the list before the panels beside it', async () => {
    const { page } = await openDashboard(1280);
    await page.reload();
    await list(page).getByText('Showing the newest 10 messages.').waitFor();
    const order: Focused[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      order.push(await focused(page));
    }
    // What is above the list (skip link, header, checklist), then the list (one stop for its rows among its
    // controls), then the column beside it.
    const firstRow = order.findIndex((stop) => stop.row !== null);
    const firstBeside = order.findIndex((stop) => stop.where === 'beside');
    expect(firstRow).toBeGreaterThan(0);
    expect(firstBeside).toBeGreaterThan(firstRow);
    const before = order.slice(0, firstBeside).map((stop) => stop.where);
    const listFrom = before.indexOf('list');
    expect(listFrom).toBeGreaterThan(0);
    expect(before.slice(listFrom).every((where) => where === 'list')).toBe(true);
    expect(order.filter((stop) => stop.row !== null)).toHaveLength(1);
    await page.close();
  });

  it('marks a transcript wrong from a row with the keyboard, and it stays marked after a reload', async () => {
    const { page, errors } = await openDashboard(360);
    await list(page).getByText('Showing the newest 10 messages.').waitFor();
    const row = messageRow(page, 'Summary number 27.');
    await rowButton(row).focus();
    await page.keyboard.press('Enter');
    await row.getByRole('button', { name: 'Mark transcript wrong' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('Transcript number twenty-seven, said right.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await row.getByText('Transcript marked wrong').waitFor();
    await row.getByText('by historian@example.com').waitFor();
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'history-mark-360.png') });

    await page.reload();
    await list(page).getByText('Showing the newest 10 messages.').waitFor();
    const again = messageRow(page, 'Summary number 27.');
    await openRow(again);
    await again.getByText('Transcript marked wrong').waitFor();
    await again.getByText('Transcript number twenty-seven, said right.').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  // Last: it adds messages.
  it('takes a message that arrives in at the top; filtered, counts it and shows it when asked', async () => {
    for (const width of [360, 1280]) {
      const { page, errors } = await openDashboard(width);
      await list(page)
        .getByText(/^Showing the newest \d+ messages\.$/)
        .waitFor();
      const changes = await runtimeMessageChanges(runtime);
      const arrive = (id: string, summary: string) =>
        createMessage(changes, { ...seeded(1), id, created_at: new Date().toISOString(), summary });

      await arrive(`e2e-hist-live-${width}`, `Arrived live at ${width}.`);
      await expect.poll(() => rows(page).first().innerText()).toContain(`Arrived live at ${width}.`);
      expect(
        await list(page)
          .getByText(/since this list was loaded/)
          .count(),
      ).toBe(0);

      await filterBy(page, 'Status', 'completed');
      await list(page)
        .getByText(/^Showing the newest \d+ messages\.$/)
        .waitFor();
      await arrive(`e2e-hist-new-${width}`, `Arrived at ${width}.`);
      await list(page).getByText('1 new message since this list was loaded.').waitFor();
      await page.screenshot({ path: join(SCREENSHOTS, `history-arrived-${width}.png`) });
      await list(page).getByRole('button', { name: 'Show it' }).click();
      await expect.poll(() => rows(page).first().innerText()).toContain(`Arrived at ${width}.`);
      await expect
        .poll(() =>
          list(page)
            .getByText(/since this list was loaded/)
            .count(),
        )
        .toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
