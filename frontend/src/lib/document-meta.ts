import { MESSAGE_LINK_HEADERS } from '@core/site/site-paths';
import { useEffect } from 'react';

/** The service's name in every title, after the page's own. */
const SITE_NAME = 'Voice Summary';

/** Sets the document title and meta description while a page is shown. */
export function useDocumentMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}

/** Adds `<meta name=... content=...>` while the page is shown (the server also sends the same as headers). */
export function useMetaTag(name: string, content: string): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = name;
    meta.content = content;
    document.head.append(meta);
    return () => meta.remove();
  }, [name, content]);
}

/**
 * A private link's page (`/m/<code>`, `/u/<code>`): not indexed, and the code in the address never sent on
 * as a referrer; the same words the server sends as headers (core's MESSAGE_LINK_HEADERS).
 */
export function usePrivateLinkMeta(): void {
  useMetaTag('robots', MESSAGE_LINK_HEADERS['x-robots-tag']);
  useMetaTag('referrer', MESSAGE_LINK_HEADERS['referrer-policy']);
}
