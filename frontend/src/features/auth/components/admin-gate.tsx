import { parseRecoveryHash, type RecoveryLink } from '@core/site/recovery-link';
import { Hub } from 'aws-amplify/utils';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { navigate } from '@/lib/navigation';
import { getSession, signOutEverywhere, takeSessionEndReason } from '../api/auth';
import { LoginScreen } from './login-screen';
import { WaitingApproval } from './waiting-approval';

type GateState =
  | { readonly view: 'loading' }
  | { readonly view: 'login'; readonly notice?: string }
  | { readonly view: 'waiting'; readonly email: string }
  | { readonly view: 'dashboard'; readonly email: string };

export type AdminSession = { readonly email: string; readonly logout: () => Promise<void> };

function readRecovery(): RecoveryLink | null {
  return parseRecoveryHash(window.location.hash);
}

/**
 * SPEC section 2, the admin view: "Loading" while the session check runs, then the login screen if not signed
 * in, "waiting for approval" for an account that is not an administrator (by fresh tokens), else the
 * dashboard. A reset link
 * (hash with type recovery) opens "set new password"; a sign-out while on the dashboard (or an expired
 * session, or a token the API refuses: a password reset ended it) returns here, saying why; Logout goes to
 * the landing page.
 */
export function AdminGate({ dashboard }: { readonly dashboard: (session: AdminSession) => ReactNode }) {
  const [state, setState] = useState<GateState>({ view: 'loading' });
  const [recovery, setRecovery] = useState<RecoveryLink | null>(readRecovery);

  const check = useCallback(async (forceRefresh = false): Promise<GateState> => {
    let next: GateState;
    try {
      let session = await getSession({ forceRefresh });
      // Tokens kept from before an approval still lack the admins group: ask Cognito for fresh ones before
      // saying "waiting", so an account approved meanwhile reaches the dashboard on reload.
      if (session.status === 'signed-in' && !session.isAdmin && !forceRefresh) {
        session = await getSession({ forceRefresh: true });
      }
      next =
        session.status === 'signed-out'
          ? { view: 'login' }
          : session.isAdmin
            ? { view: 'dashboard', email: session.email }
            : { view: 'waiting', email: session.email };
    } catch {
      next = { view: 'login' };
    }
    setState(next);
    return next;
  }, []);

  useEffect(() => {
    void check();
    const stopListening = Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signedOut' || payload.event === 'tokenRefresh_failure') {
        // A session the API refused (a password reset ended it) says so above the sign-in form.
        const notice = takeSessionEndReason();
        setState(notice ? { view: 'login', notice } : { view: 'login' });
      }
    });
    // A reset link opened while the app is already open.
    const onHash = () => setRecovery(readRecovery());
    window.addEventListener('hashchange', onHash);
    return () => {
      stopListening();
      window.removeEventListener('hashchange', onHash);
    };
  }, [check]);

  const logout = useCallback(async () => {
    await signOutEverywhere().catch(() => {});
    navigate('landing');
  }, []);

  if (state.view === 'loading') {
    return (
      <p role="status" className="p-8 text-center text-muted">
        Loading
      </p>
    );
  }
  if (state.view === 'login' || recovery) {
    return (
      <LoginScreen
        recovery={recovery}
        notice={state.view === 'login' ? (state.notice ?? null) : null}
        onSignedIn={() => void check()}
        onRecoveryHandled={() => {
          window.history.replaceState(null, '', window.location.pathname);
          setRecovery(null);
        }}
      />
    );
  }
  if (state.view === 'waiting') {
    return (
      <WaitingApproval
        email={state.email}
        onCheckAgain={async () => (await check(true)).view === 'dashboard'}
        onLogout={logout}
      />
    );
  }
  return <>{dashboard({ email: state.email, logout })}</>;
}
