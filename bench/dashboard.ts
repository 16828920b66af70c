/**
 * The operator's dashboard at a glance (issue 26), before and after, in one run: the page's height and the
 * Tab stops from the page top to reach History, with 10 and with 100 messages, at 1280 and 360 px; the words
 * requests the page makes as it loads; and the dashboard's JavaScript (gzip). "Before" is the frontend of
 * BENCH_DASHBOARD_BASELINE (default: the commit issue 26's rows started from), built from git the way
 * `vite build` builds it and served to the browser in place of the current build (page.route), against the
 * same runtime and the same messages; "after" is the current build, served by the runtime as in `npm start`.
 *
 * Not a timed test: heights and key presses are counts, the same on any machine.
 *
 * Run: npm run bench -- dashboard
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { chromium, type Page, type Request } from 'playwright-core';
import { build } from 'vite';
import { preactAliases } from '../frontend/vite.config';
import { createDocumentClient } from '../lambdas/adapters/aws/clients/dynamodb-client';
import { DynamoMessageRepository } from '../lambdas/adapters/aws/dynamo-message-repository';
import { buildSite, SITE_DIR } from '../local/site';
import { CHROMIUM_FLAGS, type TestBrowser } from '../test/support/browser';
import { signInToDashboard } from '../test/support/dashboard';
import { ROOT, type RunningRuntime, startLocalRuntime } from '../test/support/local-runtime';
import { benchMessage } from './dashboard-messages';
import { machineLine, writeSection } from './report';

const BASELINE = process.env.BENCH_DASHBOARD_BASELINE ?? 'b724f06';
const ADMIN = { email: 'bench-dashboard@example.com', password: 'bench-dashboard-password-1' };
const WIDTHS = [1280, 360] as const;
const COUNTS = [10, 100] as const;
/** Past this many Tabs History is called unreachable by Tab (it is not: the page is just very long). */
const MAX_TABS = 600;

type Variant = { readonly name: 'before' | 'after'; readonly dir: string };

type Measured = {
  readonly height: number;
  /** Tab presses from the page top until focus is inside History. */
  readonly tabs: number;
  /** Key presses with the skip link (Tab to it, Enter), or null when the page has none. */
  readonly skip: number | null;
  /** GET /api/messages/{id}/words requests while the page loaded. */
  readonly words: number;
};

/** The frontend of `commit`, built into a temporary folder (its own sources and @core, this checkout's packages). */
async function baselineBuild(commit: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'bench-dashboard-'));
  const archive = execFileSync('git', ['archive', commit, 'frontend', 'lambdas/core'], {
    cwd: ROOT,
    maxBuffer: 1 << 28,
  });
  execFileSync('tar', ['-x', '-C', root], { input: archive });
  await symlink(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  await build({
    configFile: false,
    root: join(root, 'frontend'),
    logLevel: 'warn',
    plugins: [react(), tailwindcss()],
    resolve: {
      alias: [
        { find: '@', replacement: join(root, 'frontend', 'src') },
        { find: '@core', replacement: join(root, 'lambdas', 'core') },
        // Core imports itself by place since issue 30 (package.json "imports", which the archive leaves out).
        { find: /^#core\/(.*)$/, replacement: join(root, 'lambdas', 'core', '$1') },
        ...preactAliases,
      ],
    },
    build: { outDir: join(root, 'dist'), emptyOutDir: true, sourcemap: false },
  });
  return root;
}

/**
 * Chromium as the tests launch it, but without its local-network checks: a page served through page.route
 * counts as a public one, which may not open the runtime's WebSocket on localhost (the live list).
 */
async function launchBrowser(): Promise<TestBrowser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS, '--disable-features=LocalNetworkAccessChecks'],
  });
  return { browser, close: () => browser.close() };
}

const isFile = (path: string) =>
  stat(path).then(
    (s) => s.isFile(),
    () => false,
  );

/** Serves the variant's build to the page: /admin gets its index.html, /assets/* its files; the rest is the runtime's. */
async function serveBuild(page: Page, runtime: RunningRuntime, variant: Variant): Promise<void> {
  if (variant.dir === SITE_DIR) return;
  await page.route(`${runtime.url}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname.startsWith('/assets/') && (await isFile(join(variant.dir, pathname)))) {
      return route.fulfill({ path: join(variant.dir, pathname) });
    }
    if (route.request().resourceType() === 'document') {
      const response = await route.fetch();
      return route.fulfill({ response, body: await readFile(join(variant.dir, 'index.html'), 'utf8') });
    }
    return route.continue();
  });
}

/**
 * Whether the keyboard focus is inside History: before, the History section (#history-title); after, the one
 * list of messages that is the History (#messages-title).
 */
const FOCUS_IN_HISTORY = `(() => {
  const heading = document.getElementById('messages-title') ?? document.getElementById('history-title');
  const section = heading?.closest('section');
  const focused = document.activeElement;
  return Boolean(section && focused && focused !== document.body && section.contains(focused));
})()`;

/** Until the History list and every request the page made as it loaded (the live list, words...) are done. */
async function settled(page: Page): Promise<void> {
  await page.getByText(/^Showing (the newest|all) \d+ messages?\.$/).waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
}

async function tabsToHistory(page: Page): Promise<number> {
  for (let tabs = 1; tabs <= MAX_TABS; tabs++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate<boolean>(FOCUS_IN_HISTORY)) return tabs;
  }
  return Number.POSITIVE_INFINITY;
}

/** Key presses with a skip link ("Skip to messages"): Tab to it, Enter; null when the first Tab does not reach one. */
async function skipToHistory(page: Page): Promise<number | null> {
  await page.keyboard.press('Tab');
  const name = await page.evaluate<string>("document.activeElement?.textContent?.trim() ?? ''");
  if (!/^skip to (history|messages)$/i.test(name)) return null;
  await page.keyboard.press('Enter');
  return (await page.evaluate<boolean>(FOCUS_IN_HISTORY)) ? 2 : null;
}

async function measure(
  browser: TestBrowser,
  runtime: RunningRuntime,
  variant: Variant,
  width: number,
  scripts: Set<string>,
): Promise<Measured> {
  const page = await browser.browser.newPage({ viewport: { width, height: 900 } });
  await serveBuild(page, runtime, variant);
  page.on('pageerror', (error) => console.error(`  ${variant.name}: ${error.message}`));
  page.on('console', (m) => m.type() === 'error' && console.error(`  ${variant.name}: ${m.text()}`));
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  await signInToDashboard(page, runtime.url, ADMIN);
  await settled(page);
  const height = await page.evaluate<number>('document.documentElement.scrollHeight');

  // From the page top, as an operator arrives: the page loaded afresh (still signed in), nothing focused.
  let words = 0;
  const countWords = (request: Request) => {
    if (/\/api\/messages\/[^/]+\/words$/.test(new URL(request.url()).pathname)) words += 1;
  };
  page.on('request', countWords);
  await page.reload();
  await settled(page);
  page.off('request', countWords);
  const tabs = await tabsToHistory(page);
  await page.reload();
  await settled(page);
  const skip = await skipToHistory(page);
  await page.close();
  return { height, tabs, skip, words };
}

/** The gzip size of each script the page fetched, from the variant's build. */
async function scriptSizes(variant: Variant, paths: Iterable<string>) {
  const sizes: { path: string; gzip: number }[] = [];
  for (const path of paths) {
    const file = join(variant.dir, path);
    if (await isFile(file)) sizes.push({ path, gzip: gzipSync(await readFile(file)).byteLength });
  }
  return sizes;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const px = (value: number) => `${value.toLocaleString('en-US')} px`;
const tabs = (value: number) => (Number.isFinite(value) ? String(value) : `over ${MAX_TABS}`);

export async function benchDashboard(): Promise<void> {
  console.log(`Building the dashboard of ${BASELINE} (before)...`);
  const baselineRoot = await baselineBuild(BASELINE);
  console.log('Building the current site (after)...');
  await buildSite();
  const variants: Variant[] = [
    { name: 'before', dir: join(baselineRoot, 'dist') },
    { name: 'after', dir: SITE_DIR },
  ];
  const baselineCommit = execFileSync('git', ['rev-parse', '--short', BASELINE], { cwd: ROOT })
    .toString()
    .trim();
  const currentCommit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT })
    .toString()
    .trim();
  const runtime = await startLocalRuntime();
  const browser = await launchBrowser();
  const db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  try {
    await runtime.signIn(ADMIN.email, ADMIN.password, 'admins');
    const repo = new DynamoMessageRepository(db, runtime.info.tables.messages);
    const results = new Map<string, Measured>();
    const scripts = new Map<Variant['name'], Set<string>>(variants.map((v) => [v.name, new Set()]));
    let seeded = 0;
    for (const count of COUNTS) {
      for (; seeded < count; seeded++) await repo.create(benchMessage(seeded));
      for (const width of WIDTHS) {
        for (const variant of variants) {
          console.log(`${variant.name}: ${count} messages at ${width} px...`);
          const measured = await measure(browser, runtime, variant, width, scripts.get(variant.name)!);
          results.set(`${variant.name}|${count}|${width}`, measured);
        }
      }
    }

    const js = new Map<Variant['name'], { total: number; admin: number }>();
    for (const variant of variants) {
      const sizes = await scriptSizes(variant, scripts.get(variant.name)!);
      js.set(variant.name, {
        total: sizes.reduce((sum, s) => sum + s.gzip, 0),
        admin: sizes.filter((s) => /\/admin-[^/]+\.js$/.test(s.path)).reduce((sum, s) => sum + s.gzip, 0),
      });
    }
    const row = (count: number, width: number) => {
      const b = results.get(`before|${count}|${width}`)!;
      const a = results.get(`after|${count}|${width}`)!;
      const skip = (m: Measured) => (m.skip === null ? 'none' : `${m.skip} (Tab, Enter)`);
      return `| ${count} | ${width} px | ${px(b.height)} | ${px(a.height)} | ${tabs(b.tabs)} | ${tabs(a.tabs)} | ${skip(b)} | ${skip(a)} | ${b.words} | ${a.words} |`;
    };
    const before = js.get('before')!;
    const after = js.get('after')!;
    const markdown = `## The dashboard at a glance (issue 26)

${machineLine()} · before: the frontend of \`${baselineCommit}\` (cards), after: \`${currentCommit}\` (rows), each a
production build in headless Chromium against the same local runtime and the same messages (realistic ones:
callers' names, transcripts of 300 to 900 characters, a failed message in ten, a reply the carrier did not
deliver in seven). Height: the whole page's (\`scrollHeight\`) once History and the live list have loaded, the
window 900 px tall. Tab stops: Tab presses from the top of a freshly loaded page until the focus is inside
History; with the skip link: the key presses through it. Words: \`GET /api/messages/{id}/words\` requests made
while the page loaded.

| Messages | Width | Height before | after | Tabs to History before | after | Skip link before | after | Words requests before | after |
|---:|---:|---:|---:|---:|---:|---|---|---:|---:|
${COUNTS.flatMap((count) => WIDTHS.map((width) => row(count, width))).join('\n')}

The dashboard's JavaScript (gzip, every script the signed-in dashboard loaded): **${kb(before.total)}** before,
**${kb(after.total)}** after; of it the admin chunk (\`admin-*.js\`, loaded only at \`/admin\`): ${kb(before.admin)}
before, ${kb(after.admin)} after.`;
    await writeSection('dashboard', markdown);
    console.log(markdown);
  } finally {
    db.destroy();
    await browser.close();
    await runtime.dispose();
    await rm(baselineRoot, { recursive: true, force: true });
  }
}
