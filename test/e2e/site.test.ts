/** The site as a visitor's browser gets it from the local runtime: the app at / and at /admin. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';

let runtime: RunningRuntime;
let chromium: TestBrowser;

beforeAll(async () => {
  [runtime, chromium] = await Promise.all([startLocalRuntime(), launchBrowser()]);
});

afterAll(async () => {
  await chromium?.close();
  await runtime?.dispose();
});

describe('the site', () => {
  it('renders the app at / with no errors in the console', async () => {
    const page = await chromium.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const response = await page.goto(`${runtime.url}/`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Voice Summary' }).isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves the same app at /admin, which opens the admin view', async () => {
    const page = await chromium.browser.newPage();
    const response = await page.goto(`${runtime.url}/admin`);
    expect(response?.status()).toBe(200);
    await page.getByText(/admin/i).first().waitFor();
    expect(await page.title()).toBe('Voice Summary');
    await page.close();
  });

  it('gives the browser its runtime configuration, with no secrets', async () => {
    const response = await fetch(`${runtime.url}/config.json`);
    const config = await response.json();
    expect(config).toMatchObject({
      userPoolId: runtime.info.cognito.userPoolId,
      userPoolClientId: runtime.info.cognito.clientId,
      userPoolEndpoint: `${runtime.url}/cognito/`,
    });
    expect(JSON.stringify(config)).not.toMatch(/secret|token|sk-/i);
  });
});
