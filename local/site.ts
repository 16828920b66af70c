/**
 * The built site for the local runtime: builds frontend/dist with Vite when it is missing or older than its
 * sources (a fresh clone has none), and serves it with the fallback CloudFront has: any path that is not a
 * file gets index.html, so /admin opens the same app.
 */
import { createReadStream } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
export const FRONTEND_DIR = join(ROOT, 'frontend');
export const SITE_DIR = join(FRONTEND_DIR, 'dist');

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

/** The newest modification time of any file under `path` (0 when it does not exist). */
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
    if (entry === 'dist' || entry === 'node_modules' || entry.startsWith('dist.')) continue;
    newest = Math.max(newest, await newestMtime(join(path, entry)));
  }
  return newest;
}

/** Whether frontend/dist is missing or older than the frontend sources or the shared core schemas. */
export async function siteIsStale(): Promise<boolean> {
  const built = await newestMtime(join(SITE_DIR, 'index.html'));
  if (built === 0) return true;
  const sources = Math.max(await newestMtime(FRONTEND_DIR), await newestMtime(join(ROOT, 'lambdas', 'core')));
  return sources > built;
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

/** Serves a file from the built site, or index.html for app paths; `extra` answers generated files. */
export async function serveSite(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  extra: Record<string, () => { type: string; body: string }>,
): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
    res.end('Method not allowed');
    return;
  }
  const generated = extra[pathname];
  if (generated) {
    const { type, body } = generated();
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
  if (candidate.startsWith(SITE_DIR + sep)) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) file = candidate;
  }
  const info = await stat(file).catch(() => null);
  if (!info) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('The site is not built yet: restart with npm start, which builds it.');
    return;
  }
  const isIndex = file.endsWith(`${sep}index.html`);
  res.writeHead(200, {
    'content-type': MIME[extname(file)] ?? 'application/octet-stream',
    'content-length': String(info.size),
    'x-content-type-options': 'nosniff',
    // Vite's hashed assets never change; index.html must always be fresh.
    'cache-control': isIndex ? 'no-cache' : 'public, max-age=31536000, immutable',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}
