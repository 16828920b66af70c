import { uploadCodeFromPath } from '@core/site/site-paths';
import { PageLayout } from '@/components/layout/page-layout';
import { UploadLinkView } from '@/features/upload-link/components/upload-link-view';
import { useDocumentMeta, usePrivateLinkMeta } from '@/lib/document-meta';

/**
 * `/u/<code>`: the page an UPLOAD text links to, where a sender hands in a recording from the phone; a chunk
 * of its own, never in the landing page's bundle. Not indexed, and the code in the address is never sent on
 * as a referrer.
 */
export default function UploadRoute() {
  useDocumentMeta('Send a recording', 'Upload a recording to get its summary and transcript by text.');
  usePrivateLinkMeta();
  const code = uploadCodeFromPath(window.location.pathname) ?? '';
  return (
    <PageLayout>
      <div className="mx-auto max-w-2xl px-4 sm:px-6">
        <UploadLinkView code={code} />
      </div>
    </PageLayout>
  );
}
