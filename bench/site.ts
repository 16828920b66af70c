/**
 * Site benchmark (issue 6). From the production build, served by the local runtime: the JavaScript and CSS
 * the first load of `/` fetches (gzip, as a browser records them, until the network is idle, with no
 * interaction), what the admin view adds, and what touching the sign-up form adds; then Lighthouse (mobile
 * emulation, simulated slow 4G) on `/`, `/privacy` and `/faq`: performance, accessibility, best practices, SEO.
 * Issue 18's before and after: the same site built on React 19 (as before) and on Preact's React layer (as
 * now), each counted from its index.html (the entry script and its modulepreloads, gzip).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Page, Response } from 'playwright-core';
import { build } from 'vite';
import viteConfig, { aliases } from '../frontend/vite.config';
import { buildSite, LANDING_JS_BUDGET_BYTES, SITE_DIR } from '../local/site';
import { CHROMIUM_FLAGS, launchBrowser } from '../test/support/browser';
import { startLocalRuntime } from '../test/support/local-runtime';
import { machineLine, writeSection } from './report';

type Asset = {
  readonly url: string;
  readonly kind: 'js' | 'css';
  readonly gzip: number;
  readonly raw: number;
};

/** Every script and stylesheet the page fetches while `act` runs and the network settles. */
async function assetsFetched(page: Page, act: () => Promise<unknown>): Promise<Asset[]> {
  const pending: Promise<Asset | null>[] = [];
  let lastActivity = performance.now();
  const onRequest = () => {
    lastActivity = performance.now();
  };
  const onResponse = (response: Response) => {
    lastActivity = performance.now();
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then(
        (body) => ({
          url: new URL(response.url()).pathname,
          kind: type === 'script' ? 'js' : 'css',
          raw: body.byteLength,
          gzip: gzipSync(body).byteLength,
        }),
        () => null,
      ),
    );
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  await act();
  await page.waitForLoadState('networkidle');
  // Requests started after the load (lazy chunks) are not covered by 'networkidle': wait for 1 s of quiet.
  while (performance.now() - lastActivity < 1_000) await page.waitForTimeout(200);
  page.off('request', onRequest);
  page.off('response', onResponse);
  return (await Promise.all(pending)).filter((asset): asset is Asset => asset !== null);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The JavaScript a built index.html loads before anything else: its entry script and modulepreloads (gzip). */
async function entryScripts(siteDir: string): Promise<number> {
  const html = await readFile(join(siteDir, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g),
  ];
  let total = 0;
  for (const [, file] of files) total += gzipSync(await readFile(join(siteDir, file ?? ''))).byteLength;
  return total;
}

/** The site as it was before issue 18: the same sources on React 19 (no Preact aliases). */
async function reactBuild(): Promise<{ dir: string; js: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-site-react-'));
  await build({
    ...viteConfig,
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: aliases },
    build: { ...viteConfig.build, outDir: dir, emptyOutDir: true },
  });
  return { dir, js: await entryScripts(dir) };
}
const total = (assets: Asset[], kind: Asset['kind']) =>
  assets.filter((a) => a.kind === kind).reduce((sum, a) => sum + a.gzip, 0);

const LIGHTHOUSE_PAGES = ['/', '/privacy', '/faq'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export async function benchSite(): Promise<void> {
  console.log('Building the site on React 19 (before issue 18)...');
  const before = await reactBuild();
  await rm(before.dir, { recursive: true, force: true });
  console.log('Building the site for production...');
  await buildSite();
  const afterEntry = await entryScripts(SITE_DIR);
  const runtime = await startLocalRuntime();
  const browser = await launchBrowser();
  try {
    const page = await browser.browser.newPage({ viewport: { width: 360, height: 800 } });
    const firstLoad = await assetsFetched(page, () => page.goto(`${runtime.url}/`));
    const seen = new Set(firstLoad.map((a) => a.url));
    const onForm = (await assetsFetched(page, () => page.getByLabel('Name').focus())).filter(
      (a) => !seen.has(a.url),
    );
    for (const asset of onForm) seen.add(asset.url);
    const admin = (
      await assetsFetched(page, async () => {
        await page.evaluate(
          `history.pushState(null, '', '/admin'); dispatchEvent(new PopStateEvent('popstate'))`,
        );
        await page.getByRole('heading', { name: 'Admin sign in' }).waitFor();
      })
    ).filter((a) => !seen.has(a.url));
    await page.close();

    const scores: Record<string, Record<string, number>> = {};
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROMIUM_FLAGS,
    });
    try {
      for (const path of LIGHTHOUSE_PAGES) {
        console.log(`Lighthouse ${path}...`);
        const result = await lighthouse(`${runtime.url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        const categories = result?.lhr.categories ?? {};
        scores[path] = Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)]),
        );
        const failing = Object.values(result?.lhr.audits ?? {})
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        if (failing.length) console.log(`  ${path}: audits not passed: ${failing.join(', ')}`);
      }
    } finally {
      chrome.kill();
    }

    const js = total(firstLoad, 'js');
    const css = total(firstLoad, 'css');
    const rows = (assets: Asset[]) =>
      assets.map((a) => `| \`${a.url}\` | ${a.kind} | ${kb(a.raw)} | ${kb(a.gzip)} |`).join('\n');
    const markdown = `## Public site: size and Lighthouse (issue 6)

${machineLine()} · production build (\`vite build\`) served by the local runtime (brotli/gzip like CloudFront) ·
sizes are gzip (zlib default level) of each file the browser fetched · Lighthouse 13 in Debian Chromium,
mobile emulation with simulated slow 4G.

**First load of \`/\`** (until the network is idle, no interaction): **${kb(js)} JavaScript** (goal ≤ ${kb(LANDING_JS_BUDGET_BYTES)}) and
**${kb(css)} CSS** (goal ≤ 15 KB).

Issue 18, before and after, counted from each build's index.html (entry script and modulepreloads, gzip): on
React 19 (before) **${kb(before.js)}**, on Preact's React layer (now) **${kb(afterEntry)}**, ${(afterEntry / before.js).toFixed(2)} × before.

| File | Kind | Minified | Gzip |
|---|---|---|---|
${rows(firstLoad)}

When the visitor first touches the sign-up form (its rules, with the full zod, and the success state):
${kb(total(onForm, 'js'))} more.

${onForm.length ? `| File | Kind | Minified | Gzip |\n|---|---|---|---|\n${rows(onForm)}` : ''}

The admin view's lazy chunk (not fetched by the public pages): ${kb(total(admin, 'js'))}.

${admin.length ? `| File | Kind | Minified | Gzip |\n|---|---|---|---|\n${rows(admin)}` : ''}

| Page | Performance | Accessibility | Best practices | SEO |
|---|---|---|---|---|
${LIGHTHOUSE_PAGES.map((p) => `| \`${p}\` | ${CATEGORIES.map((c) => scores[p]?.[c]).join(' | ')} |`).join('\n')}

Goals: accessibility 100, the others at least 95.`;
    await writeSection('site', markdown);
    console.log(markdown);
  } finally {
    await browser.close();
    await runtime.dispose();
  }
}
