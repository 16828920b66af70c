/**
 * The site under a name the operator chose (ALLOWED_HOSTS), in Chromium: at `http://voice.test:<port>` (a
 * name Chromium resolves to this machine, as a LAN name would) a new operator creates an account (sign-up,
 * code from the mailbox), a second signs in through the login form, and both lists are live. A name nobody
 * chose that resolves here too (a DNS-rebinding page's) gets no site, only the refusal naming the setting.
 * Then the second removes the first from the Team (the API): the first's open dashboard stops receiving
 * changes (its live channel moves), and a message created afterwards reaches the remaining administrator's
 * page but not the removed one's.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMessage, type MessageChangeDeps } from '../../lambdas/use-cases/message-changes';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { signInToDashboard, waitForLiveState } from '../support/dashboard';
import { runtimeMessageChanges } from '../support/live-events';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { pendingMessage } from '../support/messages';

let runtime: RunningRuntime;
let chromium: TestBrowser;
let site: string;
let changes: MessageChangeDeps;
const contexts: BrowserContext[] = [];
const FIRST = { email: 'first@example.com', password: 'first-password-1' };
const KEEPER = { email: 'keeper@example.com', password: 'keeper-password-1' };
const CHOSEN = 'voice.test';
const REBOUND = 'rebound.attacker.example';

beforeAll(async () => {
  [runtime, chromium] = await Promise.all([
    startLocalRuntime({ env: { ADMIN_EMAILS: '', ALLOWED_HOSTS: CHOSEN } }),
    launchBrowser({ resolve: [CHOSEN, REBOUND] }),
  ]);
  site = `http://${CHOSEN}:${runtime.info.port}`;
  changes = await runtimeMessageChanges(runtime);
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await chromium?.close();
  await runtime?.dispose();
});

async function person(): Promise<Page> {
  const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

async function codeFor(email: string): Promise<string | undefined> {
  const text = await readFile(join(runtime.dataDir, 'mailbox.jsonl'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; code: string | null })
    .find((mail) => mail.to === email)?.code as string | undefined;
}

async function newMessage(sender: string): Promise<void> {
  await createMessage(changes, pendingMessage({ id: `any-host-${sender}`, sender, source: 'upload' }));
}

let first: Page;
let keeper: Page;

describe('the site at a name the operator chose', () => {
  it('creates an account with the emailed code and shows a live list', async () => {
    first = await person();
    await first.goto(`${site}/admin`);
    await first.getByRole('button', { name: 'Create an account' }).click();
    await first.getByLabel('Email').fill(FIRST.email);
    await first.getByLabel('Password', { exact: true }).fill(FIRST.password);
    await first.getByLabel('Confirm password').fill(FIRST.password);
    await first.getByRole('button', { name: 'Create account' }).click();
    await first.getByLabel('Code').waitFor();
    await expect.poll(() => codeFor(FIRST.email)).toEqual(expect.any(String));
    await first.getByLabel('Code').fill((await codeFor(FIRST.email))!);
    await first.getByRole('button', { name: 'Confirm' }).click();
    await first.getByText('Account Created!').waitFor();
    await waitForLiveState(first, 'Live');

    await newMessage('while-first-is-admin');
    await first.getByText('while-first-is-admin').waitFor();
  });

  it('signs a second administrator in through the login form, live too', async () => {
    await runtime.signIn(KEEPER.email, KEEPER.password, 'admins');
    keeper = await person();
    await signInToDashboard(keeper, site, KEEPER);
    expect(new URL(keeper.url()).host).toBe(`${CHOSEN}:${runtime.info.port}`);
  });

  it('gives a name nobody chose (a DNS-rebinding page’s) no site, only the setting to add it', async () => {
    const page = await person();
    const response = await page.goto(`http://${REBOUND}:${runtime.info.port}/admin`);
    expect(response?.status()).toBe(403);
    await page
      .getByText(`add it to ALLOWED_HOSTS (ALLOWED_HOSTS=${REBOUND} npm start)`, { exact: false })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Create an account' }).count()).toBe(0);
  });
});

describe('a removed administrator’s open dashboard', () => {
  it('stops receiving changes: a message created after the removal reaches only the remaining admin', async () => {
    const token = (await runtime.tokens(KEEPER.email, KEEPER.password)).idToken;
    const team = (await (
      await fetch(`${runtime.url}/api/team`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { admins: { id: string; email: string }[] };
    const removed = team.admins.find((admin) => admin.email === FIRST.email)!;
    const response = await fetch(`${runtime.url}/api/team/${removed.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBeLessThan(300);

    // The re-check closes the removed admin's connection, and Amplify's reconnects with the old token fail.
    await waitForLiveState(first, 'Reconnecting...');
    await newMessage('after-the-removal');
    await keeper.getByText('after-the-removal').waitFor();
    await waitForLiveState(keeper, 'Live');
    expect(await first.getByText('after-the-removal').count()).toBe(0);
    expect(await first.getByText('while-first-is-admin').count()).toBe(1);
  });
});
