import { AudioLines, LogOut, RefreshCw, Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentMeta } from '@/lib/document-meta';

const headerButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg border border-line-strong bg-canvas px-2.5 font-semibold text-ink hover:bg-surface sm:px-3';

/**
 * SPEC: the dashboard's header with refresh, Settings and Logout; the sections go below it. Set-up is in
 * Settings. A skip link comes first (shown when focused): one Tab and Enter from the top of the page reach the
 * messages (issue 26).
 */
export function DashboardShell({
  skipTo,
  email,
  onRefresh,
  onSettings,
  onLogout,
  children,
}: {
  /** The section the skip link moves to: its id and what it is called. */
  readonly skipTo: { readonly id: string; readonly label: string };
  readonly email: string;
  readonly onRefresh: () => void;
  readonly onSettings: () => void;
  readonly onLogout: () => void;
  readonly children: ReactNode;
}) {
  useDocumentMeta('Dashboard', 'Voice Summary administration.');
  return (
    <div className="min-h-dvh bg-surface">
      {/* Above the page until focused (not sr-only, whose 1 px box sits a pixel off the left edge). */}
      <a
        href={`#${skipTo.id}`}
        onClick={(event) => {
          // Focus, not only scroll: the next Tab goes on from there. The URL keeps no fragment.
          event.preventDefault();
          document.getElementById(skipTo.id)?.focus();
        }}
        className="absolute -top-20 left-2 z-50 rounded-lg bg-canvas px-4 py-2 font-semibold text-accent shadow focus:top-2"
      >
        {skipTo.label}
      </a>
      <header className="border-b border-line bg-canvas">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:gap-3 sm:px-6">
          <h1 className="flex items-center gap-2 text-lg font-bold text-ink">
            <AudioLines aria-hidden="true" className="size-6 shrink-0 text-accent" />
            {/* "admin" only where there is room: on a phone the title and the three buttons share one line. */}
            <span>
              Voice Summary<span className="sr-only sm:not-sr-only"> admin</span>
            </span>
          </h1>
          <div className="flex flex-wrap items-center gap-1.5 sm:gap-2">
            <span className="hidden text-sm text-muted lg:inline">{email}</span>
            <button type="button" onClick={onRefresh} className={headerButton}>
              <RefreshCw aria-hidden="true" className="size-5" />
              <span className="sr-only sm:not-sr-only">Refresh</span>
            </button>
            <button type="button" onClick={onSettings} className={headerButton}>
              <Settings aria-hidden="true" className="size-5" />
              <span className="sr-only sm:not-sr-only">Settings</span>
            </button>
            <button type="button" onClick={onLogout} className={headerButton}>
              <LogOut aria-hidden="true" className="size-5" />
              <span className="sr-only sm:not-sr-only">Logout</span>
            </button>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        {children}
      </main>
    </div>
  );
}
