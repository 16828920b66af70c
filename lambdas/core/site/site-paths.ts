/**
 * The public site's pages and their URLs. The browser app, the local runtime (which answers any other path
 * with 404) and the CloudFront function (which sends only these paths to the app) read this one list.
 */
export const SITE_PAGES = {
  landing: '/',
  privacy: '/privacy',
  terms: '/terms',
  faq: '/faq',
  admin: '/admin',
} as const;

export type SitePage = keyof typeof SITE_PAGES;

/** Where the page of a message's link lives: `/m/<code>` (core/messages/message-link.ts). */
export const MESSAGE_LINK_PREFIX = '/m/';

/** Where the page of an UPLOAD link lives: `/u/<code>` (core/audio/upload-link.ts). */
export const UPLOAD_LINK_PREFIX = '/u/';

/** Paths of one-off links whose pages are never cached, indexed or sent on as referrer. */
export const CODE_PAGE_PREFIXES = [MESSAGE_LINK_PREFIX, UPLOAD_LINK_PREFIX] as const;
export type CodePagePrefix = (typeof CODE_PAGE_PREFIXES)[number];

/**
 * Headers of every answer about a message link, page and API: never cached, indexed or sent on as referrer.
 * Here rather than in core/messages/message-link.ts, whose schemas are zod: the site's first chunk reads these for the
 * page's meta tags, and a zod schema built in a chunk of its own would run before zod's jitless setting
 * (frontend/src/lib/zod-config.ts) and log a Content-Security-Policy refusal.
 */
export const MESSAGE_LINK_HEADERS = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'referrer-policy': 'no-referrer',
} as const;

/** The code in a code page's path (`<prefix><code>`, a trailing slash ignored), or null when it is not one. */
export function codeAfter(prefix: CodePagePrefix, pathname: string): string | null {
  if (!pathname.startsWith(prefix)) return null;
  const code = pathname.slice(prefix.length).replace(/\/+$/, '');
  return code === '' || code.includes('/') ? null : code;
}

/** A code page's address (`<origin><prefix><code>`), on the site whose origin is `siteUrl`. */
export function codePageUrl(siteUrl: string, prefix: CodePagePrefix, code: string): string {
  return `${new URL(siteUrl).origin}${prefix}${code}`;
}

/** The code in a message page's path (`/m/<code>`), or null when the path is not one. */
export const codeFromPath = (pathname: string) => codeAfter(MESSAGE_LINK_PREFIX, pathname);

/** The code in an upload page's path (`/u/<code>`), or null when the path is not one. */
export const uploadCodeFromPath = (pathname: string) => codeAfter(UPLOAD_LINK_PREFIX, pathname);

/**
 * A page at a fixed URL, `message` (a `/m/<code>` link, core/messages/message-link.ts) or `upload` (a `/u/<code>`
 * link, core/audio/upload-link.ts).
 */
export type PathPage = SitePage | 'message' | 'upload';

const PAGE_BY_PATH: ReadonlyMap<string, SitePage> = new Map(
  (Object.entries(SITE_PAGES) as [SitePage, string][]).map(([page, path]) => [path, page]),
);

/** The page a path opens (a trailing slash is ignored), or null for a path the site does not have. */
export function pageForPath(pathname: string): PathPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  if (codeFromPath(path) !== null) return 'message';
  if (uploadCodeFromPath(path) !== null) return 'upload';
  return PAGE_BY_PATH.get(path) ?? null;
}
