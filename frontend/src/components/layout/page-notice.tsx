import type { ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';

/**
 * A public page that has only a notice to show (a link that opens nothing, a load that failed, a thing just
 * done): its title, what it means, and the way to the home page.
 */
export function PageNotice({ title, children }: { readonly title: string; readonly children?: ReactNode }) {
  return (
    <div className="space-y-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
      {children}
      <p>
        <AppLink
          to="landing"
          className="inline-flex min-h-11 items-center font-semibold text-accent underline"
        >
          Go to the home page
        </AppLink>
      </p>
    </div>
  );
}
