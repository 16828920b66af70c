/**
 * SPEC.md has no router: one view state picks the page. Each page still has its own URL (carriers review the
 * legal pages by URL, and links get shared), so the view state is the address bar: `navigate` pushes a
 * history entry and every `usePage` re-renders; the browser's back and forward buttons work the same way.
 */

import { type PathPage, pageForPath, SITE_PAGES, type SitePage } from '@core/site/site-paths';
import { useSyncExternalStore } from 'react';

export type Page = PathPage | 'not-found';

const CHANGE = 'app:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

const currentPath = () => window.location.pathname;

/** The page the address bar shows. */
export function usePage(): Page {
  const path = useSyncExternalStore(subscribe, currentPath, () => '/');
  return pageForPath(path) ?? 'not-found';
}

/** The URL of a page, with an optional `#section`. */
export function hrefFor(page: SitePage, hash?: string): string {
  return `${SITE_PAGES[page]}${hash ? `#${hash}` : ''}`;
}

/** Brings a `#section` into view (or the top of the page) once the new page has rendered. */
function scrollToHash(hash: string): void {
  requestAnimationFrame(() => {
    const target = hash ? document.getElementById(hash) : null;
    if (target) {
      target.scrollIntoView({ block: 'start' });
    } else {
      window.scrollTo(0, 0);
    }
  });
}

/** Opens a page: a new history entry, the new page at its top (or at `hash`). */
export function navigate(page: SitePage, options: { hash?: string; replace?: boolean } = {}): void {
  const url = hrefFor(page, options.hash);
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.dispatchEvent(new Event(CHANGE));
  scrollToHash(options.hash ?? '');
}
