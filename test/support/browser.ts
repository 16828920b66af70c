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

/** Launches Chromium with a fresh, empty profile (playwright makes one per launch and removes it). */
export async function launchBrowser(): Promise<TestBrowser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  });
  return { browser, close: () => browser.close() };
}
