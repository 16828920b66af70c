import { Hourglass } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useDocumentMeta } from '@/lib/document-meta';
import { AuthCard, FormMessage } from './auth-card';

/** A signed-in account that is not an administrator yet: an admin must approve it in the Team section. */
export function WaitingApproval({
  email,
  onCheckAgain,
  onLogout,
}: {
  readonly email: string;
  /** Asks Cognito for fresh tokens; resolves true once the account is an admin. */
  readonly onCheckAgain: () => Promise<boolean>;
  readonly onLogout: () => void;
}) {
  useDocumentMeta('Waiting for approval', 'Your Voice Summary admin account is waiting for approval.');
  const [busy, setBusy] = useState(false);
  const [stillWaiting, setStillWaiting] = useState(false);
  return (
    <AuthCard title="Waiting for approval">
      <div className="space-y-4">
        <Hourglass aria-hidden="true" className="size-8 text-accent" />
        <p className="text-ink">
          Your account <span className="font-medium">{email}</span> is ready, but an administrator has to
          approve it before you can see messages and settings. Ask one of them to approve you in the Team
          section.
        </p>
        {stillWaiting && (
          <FormMessage kind="error">
            Not approved yet. Try again after an administrator approves you.
          </FormMessage>
        )}
        <Button
          className="w-full"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setStillWaiting(!(await onCheckAgain()));
            setBusy(false);
          }}
        >
          {busy ? 'Checking...' : 'Check again'}
        </Button>
        <Button variant="secondary" className="w-full" onClick={onLogout}>
          Logout
        </Button>
      </div>
    </AuthCard>
  );
}
