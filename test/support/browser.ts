/**
 * Headless Debian Chromium through playwright-core (no browser download: `npx playwright install` cannot
 * reach its host here). CHROME_PATH overrides the binary.
 */
import { type Browser, chromium } from 'playwright-core';

/** The flags measured to work on this kind of machine (closed network, root, no GPU). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type TestBrowser = { readonly browser: Browser; close(): Promise<void> };

/**
 * Launches Chromium with a fresh, empty profile (playwright makes one per launch and removes it). `resolve`
 * names host names it resolves to 127.0.0.1 without DNS (a LAN name, or a DNS-rebinding attacker's).
 */
export async function launchBrowser(
  options: { readonly resolve?: readonly string[] } = {},
): Promise<TestBrowser> {
  const rules = (options.resolve ?? []).map((name) => `MAP ${name} 127.0.0.1`).join(', ');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS, ...(rules ? [`--host-resolver-rules=${rules}`] : [])],
  });
  return { browser, close: () => browser.close() };
}
