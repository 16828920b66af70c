import type { PublicInfo } from '@core/site/public-info';
import { AppLink } from '@/components/ui/app-link';

/** The bottom of every public page: how to reach us, the site, and the legal pages. */
export function SiteFooter({ info }: { readonly info: PublicInfo | null }) {
  const site = info?.site_url ?? window.location.origin;
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm text-muted sm:grid-cols-2 sm:px-6">
        <div className="space-y-1">
          <p className="font-semibold text-ink">{info?.service_name ?? 'Voice Summary'}</p>
          <p>
            Contact:{' '}
            {info ? (
              <a className="font-medium text-accent underline" href={`mailto:${info.contact_email}`}>
                {info.contact_email}
              </a>
            ) : (
              <span aria-hidden="true">…</span>
            )}
          </p>
          <p>
            Site:{' '}
            <a className="font-medium text-accent underline" href={site}>
              {site.replace(/^https?:\/\//, '')}
            </a>
          </p>
        </div>
        <nav aria-label="Legal and help" className="sm:justify-self-end">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            <li>
              <AppLink to="privacy" className="inline-flex min-h-11 items-center underline hover:text-accent">
                Privacy Policy
              </AppLink>
            </li>
            <li>
              <AppLink to="terms" className="inline-flex min-h-11 items-center underline hover:text-accent">
                Mobile Terms of Use
              </AppLink>
            </li>
            <li>
              <AppLink to="faq" className="inline-flex min-h-11 items-center underline hover:text-accent">
                FAQ
              </AppLink>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
