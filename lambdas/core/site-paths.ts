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

/** Where the page of a message's link lives: `/m/<code>` (core/message-link.ts). */
export const MESSAGE_LINK_PREFIX = '/m/';

/** The code in a page path (`/m/<code>`), or null when the path is not a message page. */
export function codeFromPath(pathname: string): string | null {
  if (!pathname.startsWith(MESSAGE_LINK_PREFIX)) return null;
  const code = pathname.slice(MESSAGE_LINK_PREFIX.length).replace(/\/+$/, '');
  return code === '' || code.includes('/') ? null : code;
}

/** Where the page of an UPLOAD link lives: `/u/<code>` (core/upload-link.ts). */
export const UPLOAD_LINK_PREFIX = '/u/';

/** The code in an upload page path (`/u/<code>`), or null when the path is not one. */
export function uploadCodeFromPath(pathname: string): string | null {
  if (!pathname.startsWith(UPLOAD_LINK_PREFIX)) return null;
  const code = pathname.slice(UPLOAD_LINK_PREFIX.length).replace(/\/+$/, '');
  return code === '' || code.includes('/') ? null : code;
}

/** Paths of one-off links whose pages are never cached, indexed or sent on as referrer. */
export const CODE_PAGE_PREFIXES = [MESSAGE_LINK_PREFIX, UPLOAD_LINK_PREFIX] as const;

/**
 * A page at a fixed URL, `message` (a `/m/<code>` link, core/message-link.ts) or `upload` (a `/u/<code>`
 * link, core/upload-link.ts).
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
