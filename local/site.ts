/**
 * The built site for the local runtime: builds frontend/dist with Vite when it is missing or older than its
 * sources (a fresh clone has none), and serves it as CloudFront does: the site's pages (lambdas/core/site/site-paths)
 * get index.html, files are served as they are, and any other path gets the app with status 404 (it shows
 * "Page not found"). The same security headers as in AWS, so a page that breaks the CSP breaks here first.
 */
import { createReadStream } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { createBrotliCompress, createGzip, constants as zlibConstants } from 'node:zlib';
import { pageForPath } from '#core/site/site-paths';

const ROOT = join(import.meta.dirname, '..');
export const FRONTEND_DIR = join(ROOT, 'frontend');
export const SITE_DIR = join(FRONTEND_DIR, 'dist');

/** The landing page's first load of JavaScript, gzip (issue 18): a visitor on a phone reads it first. */
export const LANDING_JS_BUDGET_BYTES = 80 * 1024;

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.vcf': 'text/vcard; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** The build's own folders (the site, a build under way) and the packages: never sources. */
const notSource = (entry: string) =>
  entry === 'dist' || entry === 'node_modules' || entry.startsWith('dist.');

/**
 * The newest modification time under `path` (0 when it does not exist): its files' and its folders' (a
 * deleted file changes only its folder's), the build's own folders left out.
 */
async function newestMtime(path: string): Promise<number> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path)) {
    if (notSource(entry)) continue;
    newest = Math.max(newest, await newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * Whether frontend/dist is missing or older than the frontend sources or the shared core schemas. frontend/'s
 * own time is left out: a build moved into place (and its private folder made and removed) changes it.
 */
export async function siteIsStale(): Promise<boolean> {
  const built = await newestMtime(join(SITE_DIR, 'index.html'));
  if (built === 0) return true;
  const entries = (await readdir(FRONTEND_DIR)).filter((entry) => !notSource(entry));
  const times = await Promise.all([
    ...entries.map((entry) => newestMtime(join(FRONTEND_DIR, entry))),
    newestMtime(join(ROOT, 'lambdas', 'core')),
  ]);
  return Math.max(...times) > built;
}

/**
 * Builds the site into a private directory, then moves it into place, so a concurrent start (or a crash
 * half-way) never serves half a build.
 */
export async function buildSite(): Promise<void> {
  const { build } = await import('vite');
  const outDir = join(FRONTEND_DIR, `dist.tmp-${process.pid}`);
  try {
    await build({
      configFile: join(FRONTEND_DIR, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true },
    });
    await rm(SITE_DIR, { recursive: true, force: true });
    await rename(outDir, SITE_DIR).catch(async (error: NodeJS.ErrnoException) => {
      // Another start moved its build in first: theirs is as good as ours.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * The site's Content-Security-Policy locally: CloudFront's (lib/constructs/site.ts) with the AWS endpoints
 * replaced by where the local stand-ins answer: this origin (API, sign-in, live updates over ws:), and the
 * file store the browser uploads to and plays audio from with presigned URLs.
 */
export function localCsp({ storage }: { readonly storage?: string } = {}): string {
  const files = storage ? ` ${new URL(storage).origin}` : '';
  return [
    "default-src 'self'",
    `connect-src 'self'${files}`,
    `media-src 'self' blob:${files}`,
    "img-src 'self' data:",
    "style-src 'self' 'unsafe-inline'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const SECURITY_HEADERS = {
  'content-security-policy': localCsp(),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** Serves a file from the built site, or index.html for the site's pages; `extra` answers generated files. */
export async function serveSite(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  extra: Record<string, (req: IncomingMessage) => { type: string; body: string }>,
  /** Headers that replace the defaults (the runtime's CSP names its file store). */
  headers: Record<string, string> = {},
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    res.end('Method not allowed');
    return;
  }
  const generated = extra[pathname];
  if (generated) {
    const { type, body } = generated(req);
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = '/';
  }
  const candidate = normalize(join(SITE_DIR, decoded));
  let file = join(SITE_DIR, 'index.html');
  let status = pageForPath(decoded) ? 200 : 404;
  if (status === 404 && candidate.startsWith(SITE_DIR + sep)) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) {
      file = candidate;
      status = 200;
    }
  }
  const info = await stat(file).catch(() => null);
  if (!info) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('The site is not built yet: restart with npm start, which builds it.');
    return;
  }
  const hashed = file.startsWith(join(SITE_DIR, 'assets') + sep);
  // Compressed as CloudFront compresses, so what the browser downloads here is what it downloads in AWS.
  const encoding = COMPRESSIBLE.has(extname(file)) ? acceptedEncoding(req.headers['accept-encoding']) : null;
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    // Vite's hashed assets never change; index.html and the unhashed files must always be fresh.
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    // The route's own headers win over these defaults (its CSP, a message page's no-store)...
    ...headers,
    // ...but the file's type and encoding describe the bytes sent.
    'content-type': MIME[extname(file)] ?? 'application/octet-stream',
    ...(encoding
      ? { 'content-encoding': encoding, vary: 'accept-encoding' }
      : { 'content-length': String(info.size) }),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const body = createReadStream(file);
  if (encoding === 'br') {
    body.pipe(createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })).pipe(res);
  } else if (encoding === 'gzip') {
    body.pipe(createGzip()).pipe(res);
  } else body.pipe(res);
}

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.map',
  '.webmanifest',
]);

/** Brotli where the browser takes it, else gzip, else none. */
function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = String(header ?? '')
    .split(',')
    .map((part) => part.trim().split(';')[0]?.toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}
