/**
 * Issue 33, the operator's view, in a real browser (Debian Chromium) against the local runtime, with the
 * keyboard only once signed in: the Forwarding numbers section (numbers put straight into their table, their
 * month's minutes into the counter the calls add to), the message list's source (a forwarded call with its
 * caller's number, an MMS), Settings' Calls section edited and saved, and Setup's URLs for Twilio (texts,
 * delivery status, voice). Screenshots at 360 and 1280 px land in test-results/e2e.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callMinutesKey } from '#core/calls/call-minutes';
import type { ForwardingNumber } from '#core/calls/forwarding-number';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { DynamoCounters } from '../../lambdas/adapters/aws/dynamo-counters';
import { DynamoForwardingNumberRepository } from '../../lambdas/adapters/aws/dynamo-forwarding-numbers';
import { DynamoMessageRepository } from '../../lambdas/adapters/aws/dynamo-message-repository';
import { DynamoUsageCounter } from '../../lambdas/adapters/aws/dynamo-usage-counter';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { messageRow, rowButton, signInToDashboard } from '../support/dashboard';
import { ROOT, type RunningRuntime, startLocalRuntime } from '../support/local-runtime';

const SCREENSHOTS = join(ROOT, 'test-results', 'e2e');
const ADMIN = { email: 'calls-operator@example.com', password: 'calls-operator-password-1' };
const SUBSCRIBER = '+14155550111';

let runtime: RunningRuntime;
let chromium: TestBrowser;

const number = (fields: Partial<ForwardingNumber> & Pick<ForwardingNumber, 'number'>): ForwardingNumber => ({
  provider_sid: `PN${'c'.repeat(32)}`,
  subscriber: SUBSCRIBER,
  created_at: new Date(Date.now() - 10 * 86_400_000).toISOString(),
  carrier: null,
  confirmed_at: null,
  last_call_at: null,
  idle_notice_at: null,
  release_after: null,
  ...fields,
});

beforeAll(async () => {
  [runtime, chromium] = await Promise.all([
    startLocalRuntime(),
    launchBrowser(),
    mkdir(SCREENSHOTS, { recursive: true }),
  ]);
  await runtime.signIn(ADMIN.email, ADMIN.password, 'admins');
  const db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  const numbers = new DynamoForwardingNumberRepository(db, runtime.info.tables.forwardingNumbers);
  await numbers.put(
    number({
      number: '+13125550100',
      carrier: 'verizon',
      confirmed_at: new Date(Date.now() - 9 * 86_400_000).toISOString(),
      last_call_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    }),
  );
  await numbers.put(
    number({
      number: '+13125550101',
      subscriber: '+14155550122',
      created_at: new Date(Date.now() - 86_400_000).toISOString(),
      release_after: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    }),
  );
  const month = new Date().toISOString().slice(0, 7);
  await new DynamoCounters(db, runtime.info.tables.counters).take(
    callMinutesKey('+13125550100', month),
    1000,
    new Date(Date.now() + 40 * 86_400_000).toISOString(),
    12,
  );
  // Today's usage as the calls and the daily job count it: 2 calls of 3 billed minutes, 1 missed, 2 numbers.
  await new DynamoUsageCounter(db, runtime.info.tables.usage).add(new Date().toISOString().slice(0, 10), {
    calls: 2,
    call_minutes: 3,
    missed_calls: 1,
    number_days: 2,
  });
  const messages = new DynamoMessageRepository(db, runtime.info.tables.messages);
  const base = {
    sender: SUBSCRIBER,
    phone_number: SUBSCRIBER,
    audio_url: null,
    status: 'completed' as const,
    error_message: null,
    reply_sent: true,
  };
  await messages.create({
    ...base,
    id: 'e2e-calls-mms',
    created_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    source: 'sms',
    summary: 'The dentist confirms Tuesday at 3.',
    transcript: 'Hi, this is the dentist confirming Tuesday at three.',
  });
  await messages.create({
    ...base,
    id: 'e2e-calls-call',
    created_at: new Date(Date.now() - 3_600_000).toISOString(),
    source: 'call',
    caller_number: '+13125550147',
    summary: 'The plumber can come tomorrow morning.',
    transcript: 'Hi, it is the plumber, I can come tomorrow morning.',
  });
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
  await signInToDashboard(page, runtime.url, ADMIN, { live: false });
  return { page, errors };
}

/** Presses Tab until the focused element's accessible text matches `name` (at most `max` times). */
async function tabTo(page: Page, name: RegExp, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate<string>(
      "(() => { const el = document.activeElement; return el ? [el.getAttribute('aria-label') ?? '', el.innerText ?? '', el.name ?? ''].join(' ') : ''; })()",
    );
    if (name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

describe("the operator's view of forwarded calls (issue 33)", () => {
  it('lists the forwarding numbers with their subscriber, state and month cost, at 360 and 1280 px', async () => {
    for (const width of [360, 1280]) {
      const { page, errors } = await openDashboard(width);
      const section = page.getByRole('region', { name: 'Forwarding numbers' });
      const list = section.getByRole('list', { name: 'Forwarding numbers' });
      await list.waitFor();
      const items = list.getByRole('listitem');
      expect(await items.count()).toBe(2);
      // Newest first: the number bought yesterday, released in 20 days; then the confirmed one with 12 minutes.
      expect(await items.nth(0).innerText()).toMatch(
        /\(312\) 555-0101[\s\S]*For \(415\) 555-0122[\s\S]*Not confirmed[\s\S]*to be released/,
      );
      const confirmed = await items.nth(1).innerText();
      expect(confirmed).toMatch(/\(312\) 555-0100[\s\S]*\$1\.25 this month/);
      expect(confirmed).toMatch(/For \(415\) 555-0111 · Verizon/);
      expect(confirmed).toMatch(/Forwarding works[\s\S]*last call 3 h ago[\s\S]*12 minutes/);
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: join(SCREENSHOTS, `forwarding-numbers-${width}.png`) });

      // Usage: the calls, their minutes, the missed call and the numbers held, in the totals and the cost.
      const usage = page.getByRole('region', { name: 'Usage' });
      const totals = usage.getByLabel('Totals');
      await totals.getByText('Forwarded calls').waitFor();
      expect(await totals.innerText()).toMatch(
        /FORWARDED CALLS\s*2[\s\S]*CALL MINUTES\s*3[\s\S]*MISSED CALLS\s*1[\s\S]*NUMBERS HELD\s*2/i,
      );
      // 3 minutes at $0.0085 and 2 number-days at $1.15 / 30.
      expect(await totals.innerText()).toMatch(/ESTIMATED COST\s*\$0\.1022/i);
      await usage.screenshot({ path: join(SCREENSHOTS, `usage-calls-${width}.png`) });

      // The message list: the call under its caller's number, marked as a call; opened with the keyboard.
      const call = messageRow(page, /The plumber can come/);
      expect(await rowButton(call).innerText()).toContain('(312) 555-0147');
      expect(await call.locator('[data-source="call"]').getAttribute('title')).toBe('Call');
      expect(
        await messageRow(page, /dentist/)
          .locator('[data-source="sms"]')
          .count(),
      ).toBe(1);
      await rowButton(call).focus();
      await page.keyboard.press('Enter');
      await call.getByText('Call from (312) 555-0147, forwarded by (415) 555-0111').waitFor();
      await page
        .getByRole('list', { name: 'Recent Messages' })
        .screenshot({ path: join(SCREENSHOTS, `message-source-call-${width}.png`) });
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it("edits Settings' Calls section with the keyboard only, and shows Setup's URLs for Twilio", async () => {
    const { page, errors } = await openDashboard(1280);
    await page.locator('body').focus();
    await tabTo(page, /^\s*Settings\s*$/);
    await page.keyboard.press('Enter');
    const reply = page.getByRole('tab', { name: 'Reply' });
    await reply.waitFor();
    await expect.poll(() => reply.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const calls = page.getByRole('tabpanel', { name: 'Calls' });
    await calls.waitFor();
    // Into the section: the greeting first, once the section's settings have loaded (as a person waits to see
    // the field before tabbing to it; a Tab pressed while they load leaves the panel).
    const greeting = calls.getByRole('textbox', { name: /Greeting/ });
    await greeting.waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(() => greeting.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.type('You reached Dana. Leave a message after the beep.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('90');
    await tabTo(page, /missed_call_texts/);
    await page.keyboard.press('Space');
    await tabTo(page, /forwarding_area_code/);
    await page.keyboard.type('31');
    await tabTo(page, /Save settings/);
    await page.keyboard.press('Enter');
    // A two-digit area code is refused at its field, and nothing is saved.
    await calls.getByText(/An area code is three digits/).waitFor();
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await calls.getByText(/An area code is three digits/).scrollIntoViewIfNeeded();
      await page.getByRole('dialog').screenshot({ path: join(SCREENSHOTS, `settings-calls-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await calls.getByRole('textbox', { name: /Area code/ }).focus();
    await page.keyboard.type('2');
    await tabTo(page, /Save settings/);
    await page.keyboard.press('Enter');
    await page.getByText('Settings saved successfully').waitFor();
    const saved = await (
      await fetch(`${runtime.url}/api/settings`, {
        headers: { authorization: `Bearer ${(await runtime.tokens(ADMIN.email, ADMIN.password)).idToken}` },
      })
    ).json();
    expect(saved).toMatchObject({
      call_greeting: 'You reached Dana. Leave a message after the beep.',
      call_max_seconds: 90,
      missed_call_texts: false,
      forwarding_area_code: '312',
    });

    // Setup: the URLs Twilio is given, and that this machine's own address cannot be reached by Twilio.
    await page.getByRole('tab', { name: 'Setup' }).focus();
    await page.keyboard.press('End');
    const setup = page.getByRole('tabpanel', { name: 'Setup' });
    const origin = new URL(runtime.info.webhookUrl).origin;
    await setup.getByText(`${origin}/api/voice`, { exact: true }).waitFor();
    await setup.getByText(`${origin}/api/sms-status`, { exact: true }).waitFor();
    await setup.getByText(runtime.info.webhookUrl, { exact: true }).waitFor();
    await setup.getByText(/Twilio cannot reach this address/).waitFor();
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page
        .getByRole('dialog')
        .screenshot({ path: join(SCREENSHOTS, `settings-setup-urls-${width}.png`) });
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
