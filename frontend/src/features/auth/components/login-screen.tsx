import type { RecoveryLink } from '@core/site/recovery-link';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDocumentMeta } from '@/lib/document-meta';
import { AuthCard } from './auth-card';
import { CreateAccountForm, type CreateStep } from './create-account-form';
import { CheckYourEmail, ForgotPasswordForm } from './forgot-password-form';
import { SetPasswordForm } from './set-password-form';
import { SignInForm } from './sign-in-form';

type Mode =
  | { readonly mode: 'sign-in'; readonly notice?: string }
  | { readonly mode: 'forgot' }
  | { readonly mode: 'check-email'; readonly email: string }
  | { readonly mode: 'set-password'; readonly link: RecoveryLink }
  | { readonly mode: 'create'; readonly initial: CreateStep };

const TITLES: Record<Exclude<Mode['mode'], 'create'>, string> = {
  'sign-in': 'Admin sign in',
  forgot: 'Reset your password',
  'check-email': 'Check Your Email',
  'set-password': 'Set a new password',
};

/**
 * SPEC section 2, "Admin login", three modes (sign in, forgot password, set new password) and the account
 * creation reached from it. `onSignedIn` asks the admin view to check the session again.
 */
export function LoginScreen({
  recovery,
  notice = null,
  onSignedIn,
  onRecoveryHandled,
}: {
  readonly recovery: RecoveryLink | null;
  /** Why the sign-in form shows (a session that ended), above it. */
  readonly notice?: string | null;
  readonly onSignedIn: () => void;
  /** The reset link was used (or left): its hash can go from the address bar. */
  readonly onRecoveryHandled: () => void;
}) {
  const [mode, setMode] = useState<Mode>(
    recovery
      ? { mode: 'set-password', link: recovery }
      : notice
        ? { mode: 'sign-in', notice }
        : { mode: 'sign-in' },
  );
  const [email, setEmail] = useState(recovery?.email ?? '');
  const [createTitle, setCreateTitle] = useState('Create an account');
  const titleRef = useRef<HTMLHeadingElement>(null);
  const title = mode.mode === 'create' ? createTitle : TITLES[mode.mode];
  useDocumentMeta(title, 'Sign in to administer Voice Summary.');

  useEffect(() => {
    if (recovery) setMode({ mode: 'set-password', link: recovery });
  }, [recovery]);

  // Each new screen's title gets the focus, so a screen reader says where the person is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the screen changes
  useEffect(() => {
    titleRef.current?.focus();
  }, [title]);

  const toSignIn = useCallback((notice?: string) => {
    setMode(notice ? { mode: 'sign-in', notice } : { mode: 'sign-in' });
  }, []);

  return (
    <AuthCard title={title} titleRef={titleRef}>
      {mode.mode === 'sign-in' && (
        <SignInForm
          initialEmail={email}
          notice={mode.notice ?? null}
          onSignedIn={onSignedIn}
          onForgotPassword={(typed) => {
            setEmail(typed);
            setMode({ mode: 'forgot' });
          }}
          onCreateAccount={() => setMode({ mode: 'create', initial: { step: 'details' } })}
          onNeedsConfirmation={(typed, password) =>
            setMode({ mode: 'create', initial: { step: 'code', email: typed, password } })
          }
        />
      )}
      {mode.mode === 'forgot' && (
        <ForgotPasswordForm
          initialEmail={email}
          onSent={(sentTo) => setMode({ mode: 'check-email', email: sentTo })}
          onBack={() => toSignIn()}
        />
      )}
      {mode.mode === 'check-email' && <CheckYourEmail email={mode.email} onBack={() => toSignIn()} />}
      {mode.mode === 'set-password' && (
        <SetPasswordForm
          email={mode.link.email}
          code={mode.link.code}
          onDone={(outcome) => {
            onRecoveryHandled();
            if (outcome === 'signed-in') onSignedIn();
            else toSignIn('Your password was changed. Sign in with the new one.');
          }}
          onCancel={() => {
            onRecoveryHandled();
            toSignIn();
          }}
        />
      )}
      {mode.mode === 'create' && (
        <CreateAccountForm
          initial={mode.initial}
          onTitle={setCreateTitle}
          onDone={onSignedIn}
          onBack={() => toSignIn()}
        />
      )}
    </AuthCard>
  );
}
