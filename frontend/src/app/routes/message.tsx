import { codeFromPath } from '@core/site/site-paths';
import { PageLayout } from '@/components/layout/page-layout';
import { SharedMessageView } from '@/features/message-link/components/shared-message-view';
import { useDocumentMeta, usePrivateLinkMeta } from '@/lib/document-meta';

/**
 * `/m/<code>`: one voice message for whoever holds its link; a chunk of its own, never in the landing page's
 * bundle. Not indexed, and the code in the address is never sent on as a referrer.
 */
export default function MessageRoute() {
  useDocumentMeta('Your voice message', 'A voice message, its summary and transcript.');
  usePrivateLinkMeta();
  const code = codeFromPath(window.location.pathname) ?? '';
  return (
    <PageLayout>
      <div className="mx-auto max-w-2xl px-4 sm:px-6">
        <SharedMessageView code={code} />
      </div>
    </PageLayout>
  );
}
