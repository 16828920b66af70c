/**
 * The admin dashboard in a browser page: creating an account and signing in through the login screen, its
 * live indicator, its rows.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The Recent Messages list's heading, whatever its count. */
export const RECENT_MESSAGES = /^Recent Messages/;

/** Opens `/admin`, signs in with the login form, and waits until the list says it is live. */
export async function signInToDashboard(
  page: Page,
  siteUrl: string,
  account: { readonly email: string; readonly password: string },
  options: { readonly live?: boolean } = {},
): Promise<void> {
  await page.goto(`${siteUrl}/admin`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (options.live === false) await page.getByRole('heading', { name: RECENT_MESSAGES }).waitFor();
  else await waitForLiveState(page, 'Live');
}

/**
 * Waits for the list's live indicator to say `label`, exactly: a substring would match other status lines
 * (the usage summary's "0 delivered" holds "live").
 */
export async function waitForLiveState(page: Page, label: 'Live' | 'Reconnecting...'): Promise<void> {
  const exactly = new RegExp(`^${label.replaceAll('.', '\\.')}$`);
  await page.getByRole('status').filter({ hasText: exactly }).first().waitFor({ timeout: 90_000 });
}

/** The message list's row (the list item: its button and, once opened, the whole message) holding `text`. */
export function messageRow(page: Page, text: string | RegExp): Locator {
  return page.getByRole('list', { name: 'Recent Messages' }).getByRole('listitem').filter({ hasText: text });
}

/** The button that is the row itself (its status, who, gist and time), which opens and closes it. */
export function rowButton(row: Locator): Locator {
  return row.locator('[data-row]');
}

/** Opens a row in place, unless it is open already. */
export async function openRow(row: Locator): Promise<void> {
  const button = rowButton(row);
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}

/** The one status a row shows, as core names it (`not_delivered`, `waiting`...). */
export function rowOutcome(row: Locator): Promise<string | null> {
  return row.locator('[data-outcome]').getAttribute('data-outcome');
}

/** What sticks out sideways at the page's width: the document's scroll width and each element wider than the view. */
export type Overflow = {
  readonly innerWidth: number;
  readonly scrollWidth: number;
  /** Each element reaching past either edge of the viewport (not clipped by an ancestor), as `tag.class "text"`. */
  readonly outside: readonly string[];
};

/**
 * Measures the page as it is shown: `document.scrollWidth` against `innerWidth`, and every drawn element whose
 * box reaches past the viewport's left or right edge, unless an ancestor clips it (`overflow: hidden` or
 * `clip`, as the visually hidden text and truncated lines do). An element inside a scrolling box still counts:
 * the operator would have to scroll sideways to read it.
 */
export function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate<Overflow>(`(() => {
    const clipped = (element) => {
      for (let p = element.parentElement; p && p !== document.body; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x === 'hidden' || x === 'clip') return true;
      }
      return false;
    };
    const outside = [];
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Not drawn: in a closed <details>, display: none or visibility: hidden.
      if (!element.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) continue;
      if (box.right <= innerWidth + 0.5 && box.left >= -0.5) continue;
      if (clipped(element)) continue;
      const name = element.tagName.toLowerCase() + '.' + String(element.className).split(' ').slice(0, 3).join('.');
      outside.push(name + ' "' + (element.textContent ?? '').trim().slice(0, 40) + '" ' + Math.round(box.left) + '..' + Math.round(box.right));
    }
    return { innerWidth, scrollWidth: document.documentElement.scrollWidth, outside };
  })()`);
}

export type Mail = { to: string; subject: string | null; body: string | null; code: string | null };
/** The emails the local runtime wrote to `email` (its mailbox file). */
export async function mailTo(dataDir: string, email: string): Promise<Mail[]> {
  const text = await readFile(join(dataDir, 'mailbox.jsonl'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Mail)
    .filter((m) => m.to === email);
}

/** Creates an account in the browser, confirms it with the code from the mailbox, sees "Account Created!". */
export async function createAccount(
  page: Page,
  url: string,
  dataDir: string,
  email: string,
  password: string,
) {
  await page.goto(`${url}/admin`);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Code').waitFor();
  const [mail] = await mailTo(dataDir, email);
  expect(mail?.subject).toBe('Voice Summary: your verification code');
  await page.getByLabel('Code').fill(mail!.code!);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Account Created!').waitFor();
}
