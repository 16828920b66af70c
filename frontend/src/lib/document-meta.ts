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
