/** The admin dashboard in a browser page: signing in through the login screen, and its live indicator. */
import type { Page } from 'playwright-core';

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
  if (options.live === false) await page.getByRole('heading', { name: /Recent Messages/ }).waitFor();
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
