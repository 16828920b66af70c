import { AudioLines } from 'lucide-react';
import { AppLink } from '@/components/ui/app-link';

/** The top bar on every public page: the name (home) and the two places a visitor looks for. */
export function SiteHeader({ serviceName }: { readonly serviceName: string }) {
  return (
    <header className="border-b border-line bg-canvas">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3 sm:px-6">
        <AppLink
          to="landing"
          className="-mx-1 flex min-h-11 items-center gap-2 rounded-md px-1 text-lg font-bold whitespace-nowrap text-ink"
        >
          <AudioLines aria-hidden="true" className="size-6 text-accent" />
          {serviceName}
        </AppLink>
        <nav aria-label="Main">
          <ul className="flex items-center gap-1 sm:gap-2">
            <li>
              <AppLink
                to="faq"
                className="inline-flex min-h-11 items-center rounded-md px-2 font-medium whitespace-nowrap text-ink hover:text-accent sm:px-3"
              >
                FAQ
              </AppLink>
            </li>
            <li>
              <AppLink
                to="landing"
                hash="signup"
                className="inline-flex min-h-11 items-center rounded-lg bg-accent px-3 font-semibold whitespace-nowrap text-on-accent hover:bg-accent-strong sm:px-4"
              >
                Sign up
              </AppLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
