/**
 * The public site as a visitor's browser gets it from the local runtime (started as a person starts it):
 * signing up through the form, the legal pages and FAQ by URL and by navigation, back buttons, the 404
 * page, the admin view, and a phone-width screen. Screenshots land in test-results/e2e for a person to see.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_CONSENT_VERSION } from '#core/senders/consent';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { LANDING_JS_BUDGET_BYTES } from '../../local/site';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { ROOT, type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { incomingForm, outboxTo, postWebhook } from '../support/pipeline';

const SCREENSHOTS = join(ROOT, 'test-results', 'e2e');

let runtime: RunningRuntime;
let chromium: TestBrowser;

beforeAll(async () => {
  [runtime, chromium] = await Promise.all([
    startLocalRuntime(),
    launchBrowser(),
    mkdir(SCREENSHOTS, { recursive: true }),
  ]);
});

afterAll(async () => {
  await chromium?.close();
  await runtime?.dispose();
});

/** A phone's browser (Chrome on Android), for what the site does only on phones. */
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** A fresh page at a width (as a given browser), recording every error the browser reports. */
async function openPage(width = 1280, userAgent?: string): Promise<{ page: Page; errors: string[] }> {
  const page = await chromium.browser.newPage({
    viewport: { width, height: 800 },
    ...(userAgent ? { userAgent } : {}),
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // The 404 page's own status is reported as a failed resource: that one is expected.
    if (message.type() === 'error' && !message.text().includes('404')) errors.push(message.text());
  });
  return { page, errors };
}

async function scan(table: string) {
  const db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  try {
    const { Items = [] } = await db.send(new ScanCommand({ TableName: table, ConsistentRead: true }));
    return Items;
  } finally {
    db.destroy();
  }
}

describe('the landing page', () => {
  it('signs a visitor up on a phone: the sign-up, the number to save, and its texts confirmed by its own JOIN', async () => {
    const { page, errors } = await openPage(360, ANDROID_CHROME);
    await page.goto(`${runtime.url}/`);
    await page.getByRole('heading', { level: 1, name: /Forward a voice message/ }).waitFor();
    expect(await page.title()).toBe('Voice Summary');
    await page.screenshot({ path: join(SCREENSHOTS, 'landing-360.png'), fullPage: true });

    await page.getByLabel('Name').fill('Maria Lopez');
    await page.getByLabel('Email').fill('maria.e2e@example.com');
    await page.getByLabel(/Mobile phone/).fill('415 555 0142');
    await page.getByLabel('Email').focus();
    await expect.poll(() => page.getByLabel(/Mobile phone/).inputValue()).toBe('(415) 555-0142');
    const consent = page.getByRole('checkbox');
    expect(await consent.isChecked()).toBe(false);
    await consent.check();
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    await page.getByRole('heading', { name: "You're All Set!" }).waitFor();
    // The number arrives with the site's public info, a moment after the heading: wait for it.
    await page.getByText('(415) 555-0100', { exact: true }).first().waitFor();
    // Nothing is texted to the phone: it confirms its texts by texting JOIN and the code the page shows, which
    // a phone's browser offers to write in its messaging app.
    const instruction = page.getByTestId('join-instruction');
    await instruction.getByText(/^Text JOIN \d{4} to \(415\) 555-0100$/).waitFor();
    const code = /JOIN (\d{4})/.exec((await instruction.textContent()) ?? '')![1]!;
    expect(await instruction.getByRole('link').getAttribute('href')).toBe(
      `sms:+14155550100?&body=JOIN%20${code}`,
    );
    await page.getByRole('button', { name: /Copy number/ }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'signed-up-360.png'), fullPage: true });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Add to Contacts' }).click();
    const card = await download;
    expect(card.suggestedFilename()).toBe('voice-summary.vcf');
    expect(await outboxTo(runtime, '+14155550142')).toEqual([]);

    // The phone texts JOIN and the code: that confirms this sign-up, and the phone's text is kept as its proof.
    const joinForm = incomingForm({ from: '+14155550142', body: `JOIN ${code}` });
    expect((await postWebhook(runtime, joinForm)).status).toBe(200);

    const signups = (await scan(runtime.info.tables.signups)).filter(
      (r) => r.email === 'maria.e2e@example.com',
    );
    expect(signups).toEqual([
      expect.objectContaining({
        name: 'Maria Lopez',
        phone: '+14155550142',
        sms_opt_in: true,
        sms_confirmed_at: expect.any(String),
      }),
    ]);
    const consents = (await scan(runtime.info.tables.signupConsents)).filter(
      (r) => r.email === 'maria.e2e@example.com',
    );
    expect(consents).toEqual([
      expect.objectContaining({
        source: 'web-signup',
        sms_opt_in: true,
        consent_version: SMS_CONSENT_VERSION,
        ip: '127.0.0.1',
        user_agent: ANDROID_CHROME,
      }),
      expect.objectContaining({
        source: 'sms-confirmation',
        phone: '+14155550142',
        text: `JOIN ${code}`,
        message_sid: joinForm.MessageSid,
      }),
    ]);
    expect(consents[0]?.consent_text).toContain('Message and data rates may apply.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits a 360 px screen and a desktop without sideways scrolling', async () => {
    for (const width of [360, 1280]) {
      const { page, errors } = await openPage(width);
      for (const path of ['/', '/privacy', '/terms', '/faq']) {
        await page.goto(`${runtime.url}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        const overflow = await page.evaluate<number>(
          'document.documentElement.scrollWidth - window.innerWidth',
        );
        expect({ path, width, overflow }).toEqual({ path, width, overflow: 0 });
      }
      await page.goto(`${runtime.url}/`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (width === 1280)
        await page.screenshot({ path: join(SCREENSHOTS, 'landing-1280.png'), fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});

describe('the legal pages and the FAQ', () => {
  const pages = [
    ['/privacy', 'Privacy Policy', 'Privacy Policy | Voice Summary', 'Back to sign up'],
    ['/terms', 'Mobile Terms of Use', 'Mobile Terms of Use | Voice Summary', 'Back to sign up'],
    ['/faq', 'Frequently asked questions', 'Frequently asked questions | Voice Summary', 'Back to home'],
  ] as const;

  it.each(pages)('%s loads by its own URL with its own title', async (path, heading, title) => {
    const response = await fetch(`${runtime.url}${path}`);
    expect(response.status).toBe(200);
    const { page, errors } = await openPage();
    await page.goto(`${runtime.url}${path}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await expect.poll(() => page.title()).toBe(title);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).not.toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('states what carriers look for', async () => {
    const { page } = await openPage();
    await page.goto(`${runtime.url}/privacy`);
    const privacy = await page.locator('main').innerText();
    expect(privacy).toContain('Effective October 15, 2025');
    expect(privacy).toContain(
      'Mobile information and SMS opt-in consent are not shared with third parties or affiliates for marketing or promotional purposes.',
    );
    expect(privacy).toMatch(/within 72 hours/);
    expect(privacy).toMatch(/not for children under 13/);
    await page.goto(`${runtime.url}/terms`);
    const terms = await page.locator('main').innerText();
    expect(terms).toMatch(/STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE or OPTOUT/);
    expect(terms).toContain('Message and data rates may apply.');
    expect(terms).toContain('Carriers are not liable for delayed or undelivered messages.');
    // The SMS program's other promises: stop in your own words, erase by text, limits told once.
    expect(terms).toMatch(/Asking in your own words works too, for example "please stop texting me"/);
    expect(terms).toMatch(/Text DELETE to our number to erase every voice message/);
    expect(terms).toMatch(/reply DELETE and that code \(for example DELETE 482193\) within 10 minutes/);
    // What one number may cost is bounded (issue 23): the limits are stated, and what happens past them.
    expect(terms).toMatch(/send a limited number of texts to one number each hour and each day/);
    expect(terms).toMatch(
      /Past the daily voice messages we tell you once by text; FULL and UPLOAD tell you when you can ask again/,
    );
    // The sender's commands (issue 18): what each does, and that STOP always wins.
    expect(terms).toMatch(/Text FULL to get the full transcript of your latest voice message/);
    expect(terms).toMatch(
      /Text MODE FULL to get the transcript with every reply, MODE SUMMARY for the summary only/,
    );
    expect(terms).toMatch(/Text SPELL and names or terms \(at most 50 words\)/);
    expect(terms).toMatch(/and STOP always stops/);
    await page.goto(`${runtime.url}/faq`);
    await page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    const faq = await page.locator('main').innerText();
    expect(faq).toMatch(/To erase your voice messages now, text DELETE/);
    expect(faq).toContain('Can I choose what I get back?');
    await page.close();
  });

  it("opens each page from the landing page, and its back button and the browser's go back", async () => {
    const { page, errors } = await openPage();
    await page.goto(`${runtime.url}/`);
    for (const [path, heading, , back] of pages) {
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: heading === 'Frequently asked questions' ? 'FAQ' : heading })
        .click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      // The page's own back button...
      await page.getByRole('link', { name: back }).first().click();
      await page.getByRole('heading', { level: 1, name: /Forward a voice message/ }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      // ...and the browser's back and forward buttons.
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.goForward();
      await page.getByRole('heading', { level: 1, name: /Forward a voice message/ }).waitFor();
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps what the visitor typed when they read the terms from the consent text and come back', async () => {
    const { page } = await openPage(360);
    await page.goto(`${runtime.url}/`);
    await page.getByLabel('Name').fill('Sam Reader');
    await page.getByRole('checkbox').locator('..').getByRole('link', { name: 'Mobile Terms of Use' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mobile Terms of Use' }).waitFor();
    await page.getByRole('link', { name: 'Back to sign up' }).first().click();
    await page.getByLabel('Name').waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Sam Reader');
    expect(new URL(page.url()).hash).toBe('#signup');
    await page.close();
  });
});

describe('other paths', () => {
  it('answers an unknown path with 404 and a "Page not found" page that links home', async () => {
    const { page } = await openPage();
    const response = await page.goto(`${runtime.url}/pricing`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await expect.poll(() => page.title()).toBe('Page not found | Voice Summary');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('heading', { level: 1, name: /Forward a voice message/ }).waitFor();
    await page.close();
  });

  it('opens the admin view at /admin: the sign-in screen for a visitor who is not signed in', async () => {
    const { page, errors } = await openPage();
    const response = await page.goto(`${runtime.url}/admin`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Admin sign in' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('gives the browser its runtime configuration, with no secrets', async () => {
    const response = await fetch(`${runtime.url}/config.json`);
    const config = await response.json();
    expect(config).toMatchObject({
      userPoolId: runtime.info.cognito.userPoolId,
      userPoolClientId: runtime.info.cognito.clientId,
      userPoolEndpoint: `${runtime.url}/cognito/`,
      apiBaseUrl: '/api',
      authFlow: 'USER_PASSWORD_AUTH',
    });
    expect(JSON.stringify(config)).not.toMatch(/secret|token|sk-/i);
  });
});

describe("the landing page's weight", () => {
  it('fetches at most 80 KB of JavaScript (gzip) on a first visit, and no admin code', async () => {
    const { page, errors } = await openPage(360);
    const scripts: Promise<{ url: string; gzip: number }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response
          .body()
          .then((body) => ({ url: new URL(response.url()).pathname, gzip: gzipSync(body).byteLength })),
      );
    });
    await page.goto(`${runtime.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: /Forward a voice message/ }).waitFor();
    const fetched = await Promise.all(scripts);
    const total = fetched.reduce((sum, script) => sum + script.gzip, 0);
    expect(fetched.length).toBeGreaterThan(0);
    expect(total, fetched.map((s) => `${s.url} ${s.gzip}`).join('\n')).toBeLessThanOrEqual(
      LANDING_JS_BUDGET_BYTES,
    );
    // The admin dashboard (and Amplify with it) is a chunk of its own, fetched only at /admin.
    expect(fetched.map((script) => script.url).filter((url) => /\/admin-/.test(url))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
