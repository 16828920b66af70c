import { AudioLines, LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useDocumentMeta } from '@/lib/document-meta';

/** The dashboard's frame: the header (SPEC: refresh, Settings and Logout) and the sections below it. */
export function DashboardShell({
  email,
  onLogout,
  children,
}: {
  readonly email: string;
  readonly onLogout: () => void;
  readonly children?: ReactNode;
}) {
  useDocumentMeta('Dashboard', 'Voice Summary administration.');
  return (
    <div className="min-h-dvh bg-surface">
      <header className="border-b border-line bg-canvas">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <h1 className="flex items-center gap-2 text-lg font-bold text-ink">
            <AudioLines aria-hidden="true" className="size-6 text-accent" />
            Voice Summary admin
          </h1>
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-muted sm:inline">{email}</span>
            <Button variant="secondary" onClick={onLogout}>
              <LogOut aria-hidden="true" className="size-5" />
              Logout
            </Button>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-6 sm:px-6">
        {children ?? <p className="text-muted">You are signed in as an administrator.</p>}
      </main>
    </div>
  );
}
