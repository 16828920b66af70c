/**
 * Nothing to act on from a scam (issue 31, deliverable 3), in a real browser (Debian Chromium) against the
 * local runtime: the page behind a likely-spam message's link says it is likely a scam and shows its
 * transcript, but no "Call back" line, no "Number unclear" and no "Add to contacts" or "Add to calendar";
 * once an operator corrects the message to Normal, the same page shows them.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '#core/messages/message';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { DynamoMessageRepository } from '../../lambdas/adapters/aws/dynamo-message-repository';
import { createMessageLink } from '../../lambdas/use-cases/message-link';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';

const ADMIN = { email: 'scams@example.com', password: 'scams-password-1' };
const TRANSCRIPT =
  'Hi, this is Daniel from Amazon security. Buy two Google Play gift cards and call me back at 415-555-0132 today at 3 pm.';

let runtime: RunningRuntime;
let chromium: TestBrowser;
let linkCode: string;

/** The scam voicemail as the pipeline leaves it: its caller, number and time passed the checks, judged spam. */
const scam: Message = {
  id: 'scam-e2e-1',
  created_at: new Date(Date.now() - 60_000).toISOString(),
  sender: '+14155550941',
  phone_number: '+14155550941',
  audio_url: null,
  status: 'completed',
  summary: 'Daniel from Amazon security asks for two Google Play gift cards.',
  summary_details: {
    summary: 'Daniel from Amazon security asks for two Google Play gift cards.',
    key_points: [],
    callback_number: '415-555-0132',
    callback_time: 'today at 3 pm',
    requested_action: null,
    caller: 'Daniel from Amazon security',
    caller_parts: { name: 'Daniel', role: null, organization: 'Amazon security' },
  },
  stated_facts: { number_unclear: null, unsure: [] },
  transcript: TRANSCRIPT,
  language: 'en',
  error_message: null,
  reply_sent: true,
  attempt: 1,
  urgency: { level: 'likely_spam', reason: 'asks for payment by gift card', source: 'rules' },
};

beforeAll(async () => {
  [runtime, chromium] = await Promise.all([startLocalRuntime(), launchBrowser()]);
  await runtime.signIn(ADMIN.email, ADMIN.password, 'admins');
  const db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  const messages = new DynamoMessageRepository(db, runtime.info.tables.messages);
  await messages.create(scam);
  const url = await createMessageLink(
    { messages, clock: () => new Date().toISOString() },
    scam.id,
    1,
    runtime.url,
  );
  linkCode = url!.split('/m/')[1]!;
  db.destroy();
}, 240_000);

afterAll(async () => {
  await chromium?.close();
  await runtime?.dispose();
});

/** The page's text once its transcript is shown. */
async function pageText(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Full transcript' }).waitFor();
  return page.locator('main').innerText();
}

describe("a likely-spam message's page", () => {
  it('shows the transcript, and no callback line, contact card or event to act on', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 390, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${runtime.url}/m/${linkCode}`);
    const text = await pageText(page);
    expect(text).toContain('Buy two Google Play gift cards and call me back');
    expect(await page.locator('[data-urgency="likely_spam"]').count()).toBe(1);
    expect(text).not.toMatch(/Call back:|Number unclear|Add to contacts|Add to calendar/);

    // Corrected to Normal by the operator: the same page offers them again.
    const token = await runtime.signIn(ADMIN.email, ADMIN.password);
    const put = await fetch(`${runtime.url}/api/messages/${scam.id}/urgency`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ level: 'normal' }),
    });
    expect(put.status).toBe(200);
    await page.reload();
    const corrected = await pageText(page);
    expect(corrected).toContain('Call back: (415) 555-0132, today at 3 pm');
    expect(corrected).toContain('Add to contacts');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
