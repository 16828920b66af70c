import { codeFromPath } from '@core/site-paths';
import { useEffect } from 'react';
import { PageLayout } from '@/components/layout/page-layout';
import { SharedMessageView } from '@/features/message-link/components/shared-message-view';
import { useDocumentMeta } from '@/lib/document-meta';

/** Adds `<meta name=... content=...>` while the page is shown (the server also sends the same as headers). */
function useMetaTag(name: string, content: string) {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = name;
    meta.content = content;
    document.head.append(meta);
    return () => meta.remove();
  }, [name, content]);
}

/**
 * `/m/<code>`: one voice message for whoever holds its link; a chunk of its own, never in the landing page's
 * bundle. Not indexed, and the code in the address is never sent on as a referrer.
 */
export default function MessageRoute() {
  useDocumentMeta('Your voice message', 'A voice message, its summary and transcript.');
  useMetaTag('robots', 'noindex, nofollow');
  useMetaTag('referrer', 'no-referrer');
  const code = codeFromPath(window.location.pathname) ?? '';
  return (
    <PageLayout>
      <div className="mx-auto max-w-2xl px-4 sm:px-6">
        <SharedMessageView code={code} />
      </div>
    </PageLayout>
  );
}
