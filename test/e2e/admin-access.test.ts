/**
 * Getting into the admin view, in Chromium against the local runtime started as a person starts it: the first
 * account of a fresh deployment (its code taken from the mailbox) becomes the administrator; a second waits
 * until the first approves it in the Team section; a removed administrator's token is refused by the API
 * within 60 s; an account approved through the API reaches the dashboard on reload; a forgotten password is reset from the link in the local inbox, and a dashboard open from before the reset goes to sign-in; a wrong password, logout; and,
 * on a second runtime with ADMIN_EMAILS, an allowlisted email is an administrator at once although one exists.
 * Screenshots of the Team section and the inbox (360 and 1280 px) land in test-results/e2e.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { createAccount as createAccountWith } from '../support/dashboard';
import { ROOT, type RunningRuntime, startLocalRuntime } from '../support/local-runtime';

const SCREENSHOTS = join(ROOT, 'test-results', 'e2e');
const PASSWORD = 'first-password';

let runtime: RunningRuntime;
let chromium: TestBrowser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [runtime, chromium] = await Promise.all([
    startLocalRuntime({ via: 'npm', env: { ADMIN_EMAILS: '' } }),
    launchBrowser(),
    mkdir(SCREENSHOTS, { recursive: true }),
  ]);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await chromium?.close();
  await runtime?.dispose();
});

/** A browser of its own (own storage: one person), at a width. */
async function person(width = 1280): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

/** Creates an account in the browser with this file's password unless told otherwise. */
function createAccount(page: Page, url: string, dataDir: string, email: string, password = PASSWORD) {
  return createAccountWith(page, url, dataDir, email, password);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The dashboard, not the waiting screen (which has a Logout button too). */
const dashboard = (page: Page) => page.getByRole('heading', { name: /^Recent Messages/ });

async function idToken(email: string, password: string): Promise<string> {
  return (await runtime.tokens(email, password)).idToken;
}

const messagesStatus = async (token: string) =>
  (await fetch(`${runtime.url}/api/messages`, { headers: { authorization: `Bearer ${token}` } })).status;

let first: Page;
let second: Page;

describe('the first operator of a fresh deployment', () => {
  it('creates an account, confirms it with the emailed code, sees "Account Created!" and lands on the dashboard', async () => {
    expect(runtime.output()).toContain(`${runtime.url}/_local/inbox`);
    first = await person();
    await createAccount(first, runtime.url, runtime.dataDir, 'first@example.com');
    await dashboard(first).waitFor();
    await first.getByRole('heading', { name: 'Team' }).waitFor();
    const admins = first.getByRole('list', { name: 'Administrators' });
    await admins.getByText('first@example.com').waitFor();
  });
});

describe('a second account', () => {
  it('waits for approval until the first approves it in the Team section, then reaches the dashboard', async () => {
    second = await person();
    await createAccount(second, runtime.url, runtime.dataDir, 'second@example.com');
    await second.getByRole('heading', { name: 'Waiting for approval', exact: true }).waitFor();
    await second.getByRole('button', { name: 'Check again' }).click();
    await second.getByText('Not approved yet.').waitFor();
    expect(await messagesStatus(await idToken('second@example.com', PASSWORD))).toBe(403);

    await first.getByRole('button', { name: 'Refresh' }).click();
    await first.getByRole('button', { name: 'Approve second@example.com' }).click();
    await first.getByText('second@example.com is now an administrator.').waitFor();
    for (const width of [360, 1280]) {
      await first.setViewportSize({ width, height: 900 });
      await first
        .getByRole('region', { name: 'Team' })
        .screenshot({ path: join(SCREENSHOTS, `team-section-${width}.png`) });
    }
    await first.setViewportSize({ width: 1280, height: 900 });

    await second.getByRole('button', { name: 'Check again' }).click();
    await dashboard(second).waitFor();
  });

  it('once removed, is refused by the API within 60 s although its token has not expired', async () => {
    const token = await idToken('second@example.com', PASSWORD);
    expect(await messagesStatus(token)).toBe(200);

    await first.getByRole('button', { name: 'Remove second@example.com' }).click();
    await first.getByRole('button', { name: 'Yes, remove' }).click();
    await first.getByText('second@example.com was removed.').waitFor();
    const removedAt = Date.now();

    let status = await messagesStatus(token);
    while (status === 200 && Date.now() - removedAt < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      status = await messagesStatus(token);
    }
    expect(status).toBe(403);
    expect(Date.now() - removedAt).toBeLessThan(60_000);
  });
});

describe('an account approved while its page is open', () => {
  it('reaches the dashboard on reload, without pressing Check again', async () => {
    const third = await person(360);
    await createAccount(third, runtime.url, runtime.dataDir, 'third@example.com');
    await third.getByRole('heading', { name: 'Waiting for approval', exact: true }).waitFor();

    // Another administrator approves it through the API, not from this page.
    const admin = { authorization: `Bearer ${await idToken('first@example.com', PASSWORD)}` };
    const team = (await (await fetch(`${runtime.url}/api/team`, { headers: admin })).json()) as {
      pending: { id: string; email: string }[];
    };
    const waiting = team.pending.find((account) => account.email === 'third@example.com');
    const approved = await fetch(`${runtime.url}/api/team/${waiting!.id}/approve`, {
      method: 'POST',
      headers: admin,
    });
    expect(approved.status).toBe(200);

    await third.reload();
    await dashboard(third).waitFor();
    // The waiting view is gone once the dashboard is shown (polled: under load the two can meet for a frame);
    // exactly its title, not the Team section's "Waiting for approval (0)".
    await expect
      .poll(() => third.getByRole('heading', { name: 'Waiting for approval', exact: true }).count())
      .toBe(0);
  });
});

describe('signing in', () => {
  it('says "Failed to sign in" for a wrong password, without telling whether the email has an account', async () => {
    const page = await person();
    await page.goto(`${runtime.url}/admin`);
    await signIn(page, 'first@example.com', 'not-the-password');
    await page.getByText(/^Failed to sign in/).waitFor();
    const known = await page.getByText(/^Failed to sign in/).textContent();
    // A fresh page, so the message read next is the second attempt's, not the first one still shown.
    await page.goto(`${runtime.url}/admin`);
    await signIn(page, 'nobody@example.com', 'not-the-password');
    await page.getByText(/^Failed to sign in/).waitFor();
    expect(await page.getByText(/^Failed to sign in/).textContent()).toBe(known);
  });

  it('resets a forgotten password from the link in the local inbox, then signs in with the new one', async () => {
    const page = await person();
    await page.goto(`${runtime.url}/admin`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill('first@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check Your Email').waitFor();
    await page.getByText(/expires in 1 hour/).waitFor();

    const inbox = await person();
    await inbox.goto(`${runtime.url}/_local/inbox?token=${runtime.info.localToken}`);
    const newest = inbox.getByRole('listitem').first();
    await newest.getByText('Voice Summary: reset your password').waitFor();
    await newest.getByText(/^Code: \d{6}$/).waitFor();
    for (const width of [360, 1280]) {
      await inbox.setViewportSize({ width, height: 900 });
      await inbox.screenshot({ path: join(SCREENSHOTS, `local-inbox-${width}.png`), fullPage: true });
    }
    await newest.getByRole('link', { name: 'Set a new password' }).click();

    await inbox.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await inbox.getByLabel('Password', { exact: true }).fill('second-password');
    await inbox.getByLabel('Confirm password').fill('second-password');
    await inbox.getByRole('button', { name: 'Update password' }).click();
    await dashboard(inbox).waitFor();
    expect(new URL(inbox.url()).hash).toBe('');

    const fresh = await person();
    await fresh.goto(`${runtime.url}/admin`);
    await signIn(fresh, 'first@example.com', 'second-password');
    await dashboard(fresh).waitFor();
  });

  it('sends a dashboard still holding a token from before the reset to sign-in, saying why (issue 31)', async () => {
    // `first` signed in with the old password and still shows the dashboard; its ID token is valid for an
    // hour, but the API refuses it since the reset (within ADMIN_RECHECK_SECONDS, 30 s: the standing an
    // admin route last read is trusted that long). Before issue 31 every panel showed that error instead.
    await dashboard(first).waitFor();
    const signInButton = first.getByRole('button', { name: 'Sign in' });
    await expect
      .poll(
        async () => {
          if (await signInButton.isVisible()) return true;
          await first.getByRole('button', { name: 'Refresh' }).click();
          return false;
        },
        { timeout: 60_000, interval: 3_000 },
      )
      .toBe(true);
    await first.getByText('Your session ended when the password was reset: sign in again.').waitFor();
    expect(await dashboard(first).count()).toBe(0);
    // A reload keeps it there: the old tokens are gone from the page.
    await first.reload();
    await first.getByRole('button', { name: 'Sign in' }).waitFor();
    await signIn(first, 'first@example.com', 'second-password');
    await dashboard(first).waitFor();
  }, 90_000);

  it('logs out to the landing page', async () => {
    await first.getByRole('button', { name: 'Logout' }).click();
    await first.waitForURL(`${runtime.url}/`);
  });
});

describe('ADMIN_EMAILS', () => {
  it('makes an allowlisted email an administrator as soon as it is confirmed, although one exists', async () => {
    const allowlisted = await startLocalRuntime({ env: { ADMIN_EMAILS: 'boss@example.com' } });
    try {
      expect(allowlisted.output()).toContain('ADMIN_EMAILS (boss@example.com)');
      await allowlisted.adminToken();
      const page = await person();
      await createAccount(page, allowlisted.url, allowlisted.dataDir, 'boss@example.com');
      await dashboard(page).waitFor();
      const other = await person();
      await createAccount(other, allowlisted.url, allowlisted.dataDir, 'staff@example.com');
      await other.getByRole('heading', { name: 'Waiting for approval', exact: true }).waitFor();
    } finally {
      await allowlisted.dispose();
    }
  });
});
