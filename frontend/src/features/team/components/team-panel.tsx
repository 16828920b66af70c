import type { TeamMember } from '@core/operator/team';
import { ShieldCheck, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { EmailText } from '@/components/ui/email-text';
import { RelativeTime } from '@/components/ui/relative-time';
import { errorMessage } from '@/lib/error-message';
import { useServerData } from '@/lib/use-server-data';
import { approveMember, loadTeam, removeMember } from '../api/team';

type Busy = { readonly id: string; readonly action: 'approve' | 'remove' } | null;
type Notice = { readonly kind: 'ok' | 'error'; readonly text: string } | null;

/** The server's own words when it sent any, else what to do. */
const REFUSED = {
  fallback: 'Something went wrong: try again in a moment.',
  unreachable: 'The service could not be reached: check your connection and try again.',
};

const SMALL_BUTTON =
  'inline-flex min-h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';
const PRIMARY = `${SMALL_BUTTON} bg-accent text-on-accent hover:bg-accent-strong`;
const SECONDARY = `${SMALL_BUTTON} border border-line-strong text-ink hover:bg-surface`;
const DANGER = `${SMALL_BUTTON} border border-danger text-danger hover:bg-surface`;

/**
 * The Team section: accounts waiting for approval (Approve, Remove) and the administrators (Remove; never the
 * last one). Anyone can create an account (SPEC); only an administrator's approval lets it in.
 */
export function TeamPanel({ reloadKey }: { readonly reloadKey: number }) {
  const {
    data: team,
    error: loadError,
    reload,
    mutate,
  } = useServerData(loadTeam, {
    reloadKey,
    onError: (error) => console.error('The team could not be loaded:', error),
  });
  const loadFailed = loadError !== undefined;
  const [busy, setBusy] = useState<Busy>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  // The notice goes up as soon as the server answers; the list is loaded again either way.
  const act = (member: TeamMember, action: 'approve' | 'remove') =>
    mutate(async () => {
      setBusy({ id: member.id, action });
      setNotice(null);
      try {
        if (action === 'approve') {
          await approveMember(member.id);
          setNotice({ kind: 'ok', text: `${member.email} is now an administrator.` });
        } else {
          await removeMember(member.id);
          setNotice({ kind: 'ok', text: `${member.email} was removed.` });
        }
        setConfirming(null);
      } catch (error) {
        setNotice({
          kind: 'error',
          text: `Could not ${action} ${member.email}. ${errorMessage(error, REFUSED)}`,
        });
      }
    }).finally(() => setBusy(null));

  const onlyOneAdmin = (team?.admins.length ?? 0) <= 1;

  const row = (member: TeamMember, role: 'pending' | 'admin') => {
    const rowBusy = busy?.id === member.id;
    const anyBusy = busy !== null;
    const lastAdmin = role === 'admin' && onlyOneAdmin;
    return (
      <li key={member.id} className="py-3">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
          <div className="min-w-0">
            <p className="font-medium text-ink">
              <EmailText email={member.email} />
              {member.is_you && <span className="ml-1 font-normal text-muted">(you)</span>}
            </p>
            <p className="text-sm text-muted">
              {role === 'admin' ? 'Account created ' : 'Created '}
              <RelativeTime iso={member.created_at} />
              {!member.email_verified && ' · email not confirmed yet'}
            </p>
          </div>
          {confirming === member.id ? (
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-ink">
                {member.is_you ? 'Remove your own account?' : 'Remove this account?'}
              </span>
              <button
                type="button"
                className={DANGER}
                disabled={anyBusy}
                onClick={() => void act(member, 'remove')}
              >
                {rowBusy ? 'Removing...' : 'Yes, remove'}
              </button>
              <button
                type="button"
                className={SECONDARY}
                disabled={anyBusy}
                onClick={() => setConfirming(null)}
              >
                Cancel
              </button>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              {role === 'pending' && (
                <button
                  type="button"
                  className={PRIMARY}
                  disabled={anyBusy || !member.email_verified}
                  title={member.email_verified ? undefined : 'The account has not confirmed its email yet'}
                  aria-label={`Approve ${member.email}`}
                  onClick={() => void act(member, 'approve')}
                >
                  <UserCheck aria-hidden="true" className="size-4" />
                  {rowBusy && busy?.action === 'approve' ? 'Approving...' : 'Approve'}
                </button>
              )}
              <button
                type="button"
                className={SECONDARY}
                disabled={anyBusy || lastAdmin}
                title={lastAdmin ? 'The last administrator cannot be removed' : undefined}
                aria-label={`Remove ${member.email}`}
                onClick={() => {
                  setNotice(null);
                  setConfirming(member.id);
                }}
              >
                <UserX aria-hidden="true" className="size-4" />
                Remove
              </button>
            </div>
          )}
        </div>
        {confirming === member.id && role === 'admin' && (
          <p className="mt-1 text-sm text-muted">
            {member.is_you
              ? 'You will lose access to the dashboard within a minute.'
              : 'They are signed out everywhere and lose access within a minute.'}
          </p>
        )}
      </li>
    );
  };

  return (
    <section aria-labelledby="team-title" className="rounded-xl border border-line bg-canvas p-4 sm:p-5">
      <h2 id="team-title" className="flex items-center gap-2 font-bold text-ink">
        <ShieldCheck aria-hidden="true" className="size-5 text-accent" />
        Team
      </h2>
      {notice && (
        <p
          role={notice.kind === 'error' ? 'alert' : 'status'}
          className={`mt-2 text-sm ${notice.kind === 'error' ? 'text-danger' : 'text-ink'}`}
        >
          {notice.text}
        </p>
      )}
      {!team && !loadFailed && <p className="mt-2 text-sm text-muted">Loading the team...</p>}
      {loadFailed && (
        <p className="mt-2 text-sm text-muted">
          The team could not be loaded.{' '}
          <button type="button" className="font-semibold text-accent underline" onClick={() => void reload()}>
            Try again
          </button>
        </p>
      )}
      {team && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-muted">
            Waiting for approval ({team.pending.length})
          </h3>
          {team.pending.length === 0 ? (
            <p className="mt-1 text-sm text-muted">
              Nobody is waiting. New accounts appear here until you approve them.
            </p>
          ) : (
            <ul className="divide-y divide-line" aria-label="Waiting for approval">
              {team.pending.map((m) => row(m, 'pending'))}
            </ul>
          )}
          <h3 className="mt-4 text-sm font-semibold text-muted">Administrators ({team.admins.length})</h3>
          <ul className="divide-y divide-line" aria-label="Administrators">
            {team.admins.map((m) => row(m, 'admin'))}
          </ul>
        </>
      )}
    </section>
  );
}
