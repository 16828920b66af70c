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

const PAGE_BY_PATH: ReadonlyMap<string, SitePage> = new Map(
  (Object.entries(SITE_PAGES) as [SitePage, string][]).map(([page, path]) => [path, page]),
);

/** The page a path opens (a trailing slash is ignored), or null for a path the site does not have. */
export function pageForPath(pathname: string): SitePage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return PAGE_BY_PATH.get(path) ?? null;
}
