import { PageLayout } from '@/components/layout/page-layout';
import { AppLink } from '@/components/ui/app-link';
import { useDocumentMeta } from '@/lib/document-meta';

/** Any path the site does not have. The server answers it with status 404. */
export function NotFoundRoute() {
  useDocumentMeta('Page not found', 'This page does not exist.');
  return (
    <PageLayout>
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-16 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Page not found</h1>
        <p className="text-lg text-muted">
          There is no page at this address. It may have moved, or the link has a typo.
        </p>
        <p>
          <AppLink
            to="landing"
            className="inline-flex min-h-11 items-center font-semibold text-accent underline"
          >
            Go to the home page
          </AppLink>
        </p>
      </div>
    </PageLayout>
  );
}
