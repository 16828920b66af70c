/**
 * The History section in a real browser (Debian Chromium) against the local runtime started as a person
 * starts it, signed in through the login screen: 30 messages from three senders, 25 shown and "Load more"
 * for the rest, a sender filter typed as a person types it, a transcript marked wrong from a card, by
 * keyboard, and a message that arrives after the list loaded. Screenshots at 360 and 1280 px land in test-results/e2e.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoMessageRepository } from '../../lambdas/adapters/aws/dynamo-message-repository';
import { createDocumentClient } from '../../lambdas/adapters/aws/dynamodb-client';
import type { Message } from '../../lambdas/core/schemas';
import { createMessage } from '../../lambdas/use-cases/message-changes';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { signInToDashboard } from '../support/dashboard';
import { runtimeMessageChanges } from '../support/live-events';
import { ROOT, type RunningRuntime, startLocalRuntime } from '../support/local-runtime';

const SCREENSHOTS = join(ROOT, 'test-results', 'e2e');
const ADMIN = { email: 'historian@example.com', password: 'historian-password-1' };
const SENDERS = ['+14155550201', '+14155550202', '+14155550203'] as const;

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

const historyCards = (page: Page) => page.getByRole('list', { name: 'History' }).getByRole('article');

describe('the History section', () => {
  it('shows 25 newest first, loads the other 5, and filters by a sender typed as a person types it', async () => {
    const { page, errors } = await openDashboard(1280);
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Showing the newest 25 messages.').waitFor();
    expect(await historyCards(page).count()).toBe(25);
    expect(await historyCards(page).first().getByRole('heading', { level: 3 }).textContent()).toBe(
      '(415) 555-0203',
    );
    await history.getByRole('heading', { name: 'History' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'history-1280.png') });

    await history.getByRole('button', { name: 'Load more' }).click();
    await history.getByText('Showing all 30 messages.').waitFor();
    expect(await historyCards(page).count()).toBe(30);
    expect(await history.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    await history.getByLabel("Sender's number").fill('415-555-0202');
    await history.getByLabel("Sender's number").press('Enter');
    await history.getByText('Showing all 10 messages.').waitFor();
    const senders = await historyCards(page).getByRole('heading', { level: 3 }).allTextContents();
    expect(new Set(senders)).toEqual(new Set(['(415) 555-0202']));

    await history.getByLabel('Status').selectOption('failed');
    await history.getByRole('button', { name: 'Apply filters' }).click();
    await history.getByText('Showing all 2 messages.').waitFor();
    await history.getByRole('button', { name: 'Clear filters' }).click();
    await history.getByText('Showing the newest 25 messages.').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('marks a transcript wrong from a card with the keyboard, and it stays marked after a reload', async () => {
    const { page, errors } = await openDashboard(360);
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Showing the newest 25 messages.').waitFor();
    const card = historyCards(page).filter({ hasText: 'Transcript number 28.' });
    await card.getByRole('button', { name: 'Mark transcript wrong' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('Transcript number twenty-eight, said right.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await card.getByText('Transcript marked wrong').waitFor();
    await card.getByText('by historian@example.com').waitFor();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'history-mark-360.png') });

    await page.reload();
    await page
      .getByRole('region', { name: 'History' })
      .getByText('Showing the newest 25 messages.')
      .waitFor();
    const again = historyCards(page).filter({ hasText: 'Transcript number 28.' });
    await again.getByText('Transcript marked wrong').waitFor();
    await again.getByText('Transcript number twenty-eight, said right.').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  // Last: it adds a message.
  it('says a message arrived after it loaded, and shows it when asked', async () => {
    for (const width of [360, 1280]) {
      const { page, errors } = await openDashboard(width);
      const history = page.getByRole('region', { name: 'History' });
      await history.getByText('Showing the newest 25 messages.').waitFor();
      const arrived = { ...seeded(1), id: `e2e-hist-new-${width}`, created_at: new Date().toISOString() };
      await createMessage(await runtimeMessageChanges(runtime), {
        ...arrived,
        summary: `Arrived at ${width}.`,
      });
      await history.getByText('1 new message since this list was loaded.').waitFor();
      await history.getByText('1 new message since this list was loaded.').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOTS, `history-arrived-${width}.png`) });
      await history.getByRole('button', { name: 'Show it' }).click();
      await historyCards(page).first().getByText(`Arrived at ${width}.`).waitFor();
      await expect.poll(() => history.getByText(/since this list was loaded/).count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
