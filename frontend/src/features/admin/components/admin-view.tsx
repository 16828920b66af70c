import { AppLink } from '@/components/ui/app-link';
import { useDocumentMeta } from '@/lib/document-meta';

/**
 * The admin view at /admin, loaded on its own so the public pages never pay for it. Sign-in and the
 * dashboard replace this placeholder (the admin access issue).
 */
export function AdminView() {
  useDocumentMeta('Admin', 'Voice Summary administration.');
  return (
    <main id="main" className="mx-auto max-w-xl space-y-4 px-4 py-16">
      <h1 className="text-3xl font-bold text-ink">Admin</h1>
      <p className="text-muted">Sign-in for administrators is not available yet.</p>
      <p>
        <AppLink to="landing" className="font-semibold text-accent underline">
          Back to home
        </AppLink>
      </p>
    </main>
  );
}
