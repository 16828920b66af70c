/**
 * Issue 26 in a real browser (Debian Chromium) against the local runtime: the first administrator's first-run
 * checklist (the service number, "Use offline", Twilio saved and checked in Settings, then gone once a voice
 * message arrived, for good), and every dashboard view at 320, 360, 390, 768, 1280 and 1920 px with realistic
 * content (long transcripts, long emails, every message state) measured for anything wider than the screen:
 * the home screen with its sections, each section of Settings, and the first run. The usage chart's bars must
 * be on screen. Screenshots at 360 and 1280 px land in test-results/e2e.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingsView } from '#core/operator/settings';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { messageRow, openRow, overflowOf, RECENT_MESSAGES, signInToDashboard } from '../support/dashboard';
import { LONG_EMAILS, seedDashboard } from '../support/dashboard-content';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';
import { type FakeTwilio, startFakeTwilio } from '../support/fake-twilio';
import { ROOT, type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { incomingForm, postWebhook, upload, waitForMessage } from '../support/pipeline';
import { SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

const SCREENSHOTS = join(ROOT, 'test-results', 'e2e');
const WIDTHS = [320, 360, 390, 768, 1280, 1920] as const;
const SHOT_WIDTHS: readonly number[] = [360, 1280];
const ADMIN = { email: 'first-operator@example.com', password: 'operator-password-1' };
const TWILIO = {
  accountSid: `AC${'5a'.repeat(16)}`,
  authToken: 'twilio-e2e-widths-token-0123456789',
  number: '+14155550166',
};
const SETTINGS_SECTIONS = ['Reply', 'Limits and budget', 'Providers and keys', 'Prices', 'Setup'] as const;

let runtime: RunningRuntime;
let chromium: TestBrowser;
let openai: FakeOpenAi;
let twilio: FakeTwilio;
const clips = new SpeechClips();

beforeAll(async () => {
  [openai, twilio] = await Promise.all([
    startFakeOpenAi({ apiKey: 'sk-e2e-widths-unused-0123456789' }),
    startFakeTwilio({ accountSid: TWILIO.accountSid, authToken: TWILIO.authToken }),
  ]);
  twilio.phoneNumbers = [TWILIO.number];
  [runtime, chromium] = await Promise.all([
    startLocalRuntime({
      env: {
        OPENAI_BASE_URL: openai.baseURL,
        TWILIO_API_BASE_URL: twilio.url,
        // The seeded sign-ups come from one address, faster than a person signs up.
        LOCAL_THROTTLING: 'off',
      },
    }),
    launchBrowser(),
    mkdir(SCREENSHOTS, { recursive: true }),
  ]);
  await runtime.signIn(ADMIN.email, ADMIN.password, 'admins');
}, 240_000);

afterAll(async () => {
  await chromium?.close();
  await runtime?.dispose();
  await Promise.all([openai?.close(), twilio?.close(), clips.dispose()]);
});

async function openDashboard(width: number): Promise<{ page: Page; errors: string[] }> {
  const page = await chromium.browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await signInToDashboard(page, runtime.url, ADMIN);
  return { page, errors };
}

/** Nothing wider than the screen: no sideways scroll, no element past either edge. */
async function expectNoOverflow(page: Page, view: string) {
  const measured = await overflowOf(page);
  expect({ view, scrollWidth: measured.scrollWidth, outside: measured.outside }).toEqual({
    view,
    scrollWidth: measured.innerWidth,
    outside: [],
  });
}

const checklistOf = (page: Page) => page.getByRole('region', { name: 'Welcome: three steps to start' });

describe('the first run', () => {
  it('greets the first administrator with a checklist that fits every width', async () => {
    for (const width of WIDTHS) {
      const { page, errors } = await openDashboard(width);
      const checklist = checklistOf(page);
      // On one machine the outbox stands in for Twilio until an account is saved: that step is done.
      await checklist.getByText('1 of 3 done.', { exact: false }).waitFor();
      await expectNoOverflow(page, `first run at ${width} px`);
      if (SHOT_WIDTHS.includes(width)) {
        await page.screenshot({ path: join(SCREENSHOTS, `first-run-${width}.png`), fullPage: true });
      }
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('shows the service number, ticks each step from what is saved, and goes away once a message arrived', async () => {
    const { page, errors } = await openDashboard(390);
    const checklist = checklistOf(page);
    // The local runtime's demo number until a Twilio number is saved.
    await checklist.getByText('(415) 555-0100').waitFor();
    expect(await checklist.getByRole('button', { name: 'Copy number' }).count()).toBe(1);

    await checklist.getByRole('button', { name: 'Use offline' }).click();
    await checklist.getByText('2 of 3 done.', { exact: false }).waitFor();
    await checklist.getByRole('heading', { name: /^Connect Twilio \(optional on this computer\)/ }).waitFor();

    // Twilio, as an operator connects it: the SMS integration box leads to Settings' Setup, which leads to the keys.
    await page.getByRole('button', { name: 'See the full Twilio steps' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    const setup = dialog.getByRole('tabpanel', { name: 'Setup' });
    await setup.getByText('Webhook URL for incoming messages').waitFor();
    expect(await setup.locator('code').first().textContent()).toBe(runtime.info.webhookUrl);
    await setup.getByRole('button', { name: 'Providers and keys' }).first().click();
    const providers = dialog.getByRole('tabpanel', { name: 'Providers and keys' });
    // The operator gave the number the webhook in Twilio's Console, as Setup says (issue 33's check reads it).
    twilio.numberWebhooks[TWILIO.number] = { sms_url: runtime.info.webhookUrl };
    await providers.getByLabel('Account SID').fill(TWILIO.accountSid);
    await providers.getByLabel('Auth token').fill(TWILIO.authToken);
    await providers.getByLabel('Phone number').fill(TWILIO.number);
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog.getByText('Settings saved successfully').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Closing Settings asks Twilio about the saved account: accepted, the step stays ticked.
    await checklist
      .getByText('Twilio accepted the Account SID and auth token', { exact: false })
      .waitFor({ timeout: 30_000 });
    await checklist.getByText('2 of 3 done.', { exact: false }).waitFor();
    await checklist.getByText('(415) 555-0166', { exact: true }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'first-run-two-done-390.png'), fullPage: true });

    // A voice message texted to the number: the list shows it, and the checklist is done and gone.
    const clip = await clips.clip({ sentence: SPEECH_CORPUS[0]!, format: 'm4a' });
    const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
    const form = incomingForm({ from: '+14155550181', mediaUrl: media.url, mediaType: clip.contentType });
    expect((await postWebhook(runtime, form, { token: TWILIO.authToken })).status).toBe(200);
    await checklist.waitFor({ state: 'detached', timeout: 60_000 });
    await page.getByText('(415) 555-0181').first().waitFor();

    // For good: closed on the server, so a reload (or another administrator) does not see it again.
    await page.reload();
    await page.getByText('(415) 555-0181').first().waitFor();
    expect(await checklistOf(page).count()).toBe(0);
    const settings = await fetch(`${runtime.url}/api/settings`, {
      headers: { authorization: `Bearer ${await runtime.signIn(ADMIN.email, ADMIN.password)}` },
    });
    expect(((await settings.json()) as SettingsView).first_run).toMatchObject({
      offline_chosen: true,
      closed_at: expect.any(String),
    });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('every view at every width', () => {
  beforeAll(async () => {
    await seedDashboard(runtime, 'e2e-widths');
    // One message through the pipeline, so today's usage has a bar to find (seeded messages count nothing).
    const clip = await clips.clip({ sentence: SPEECH_CORPUS[1]!, format: 'wav' });
    const file = { bytes: clip.bytes, fileName: 'usage.wav', contentType: clip.contentType };
    const sent = await upload(runtime, file, { sender: '+14155550182' });
    expect(sent.status).toBe(201);
    await waitForMessage(runtime, String(sent.json.messageId), ['completed']);
  }, 180_000);

  it('has nothing wider than the screen, on the home screen and in each section of Settings', async () => {
    for (const width of WIDTHS) {
      const { page, errors } = await openDashboard(width);
      const shot = SHOT_WIDTHS.includes(width);
      // The messages, the usage, the sign-ups and the team have loaded; two rows are open (a reply the carrier
      // did not deliver, with its long transcript; a long failure), as an operator reads them.
      await page
        .getByRole('region', { name: RECENT_MESSAGES })
        .getByText('Showing', { exact: false })
        .waitFor();
      for (const who of ['(415) 555-0193', '+447700900123']) await openRow(messageRow(page, who));
      await messageRow(page, '(415) 555-0193').getByText('Show full transcript').click();
      await page
        .getByRole('region', { name: /^Sign-ups/ })
        .getByText(LONG_EMAILS[2]!)
        .waitFor();
      await page.getByRole('region', { name: 'Team' }).getByText(LONG_EMAILS[1]!).waitFor();
      const chart = page.getByRole('img', { name: 'Voice messages a day' });
      await chart.waitFor();
      // The usage numbers by day open too: a table of six columns is the widest thing on the page.
      await page.getByText('Numbers by day', { exact: true }).click();
      await expectNoOverflow(page, `home at ${width} px`);

      // The chart's bars (today's at least) are on screen, not cut off at the right.
      const bars = await chart.locator('rect').evaluateAll((rects) =>
        rects.map((rect) => {
          const box = rect.getBoundingClientRect();
          return { left: box.left, right: box.right, width: box.width };
        }),
      );
      expect(bars.length).toBeGreaterThan(0);
      for (const bar of bars) {
        expect(bar.width).toBeGreaterThan(0);
        expect(bar.left).toBeGreaterThanOrEqual(0);
        expect(bar.right).toBeLessThanOrEqual(width);
      }

      if (shot) {
        await page.screenshot({ path: join(SCREENSHOTS, `home-${width}.png`), fullPage: true });
        for (const [name, region] of [
          ['messages', 'Messages'],
          ['usage', 'Usage'],
          ['signups', /^Sign-ups/],
          ['team', 'Team'],
        ] as const) {
          await page
            .getByRole('region', { name: region })
            .screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`) });
        }
      }

      await page.getByRole('button', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await dialog.getByRole('tab', { name: 'Reply' }).waitFor();
      for (const section of SETTINGS_SECTIONS) {
        await dialog.getByRole('tab', { name: section }).click();
        await dialog.getByRole('tabpanel', { name: section }).waitFor();
        await expectNoOverflow(page, `Settings, ${section}, at ${width} px`);
        if (shot) {
          const file = `settings-${section.toLowerCase().replaceAll(' ', '-')}-${width}.png`;
          await page.screenshot({ path: join(SCREENSHOTS, file) });
        }
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});
