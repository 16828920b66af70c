import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { FALLBACK_SERVICE_NAME, usePublicInfo } from '@/lib/public-info';

/** Header, main and footer landmarks around a public page, with a skip link for keyboard users. */
export function PageLayout({ children }: { readonly children: ReactNode }) {
  const { info } = usePublicInfo();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-md bg-accent px-4 py-2 font-semibold text-on-accent focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <SiteHeader serviceName={info?.service_name ?? FALLBACK_SERVICE_NAME} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter info={info} />
    </div>
  );
}
