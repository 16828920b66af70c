import { CircleCheck } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { confirmAccount, createAccount, sendCodeAgain, signInWithPassword } from '../api/auth';
import { confirmCodeError, createAccountError } from '../utils/auth-errors';
import { checkNewPassword } from '../utils/password-rules';
import { FormMessage, LinkButton } from './auth-card';
import { NewPasswordFields } from './new-password-fields';

/** SPEC section 9: how long "Account Created!" shows before the admin view. */
const ACCOUNT_CREATED_REDIRECT_MS = 2_000;

export type CreateStep =
  | { readonly step: 'details' }
  | { readonly step: 'code'; readonly email: string; readonly password: string }
  | { readonly step: 'created' };

/**
 * SPEC: "Admin account creation". Email and password twice; Cognito emails a 6-digit code that confirms the
 * address before the account can sign in; then "Account Created!" and, 2 seconds later, the admin view
 * (signed in: the dashboard, or "waiting for approval").
 */
export function CreateAccountForm({
  initial = { step: 'details' },
  onTitle,
  onDone,
  onBack,
}: {
  readonly initial?: CreateStep;
  readonly onTitle: (title: string) => void;
  readonly onDone: () => void;
  readonly onBack: () => void;
}) {
  const [state, setState] = useState<CreateStep>(initial);

  useEffect(() => {
    onTitle(
      state.step === 'details'
        ? 'Create an account'
        : state.step === 'code'
          ? 'Check your email'
          : 'Account Created!',
    );
  }, [state.step, onTitle]);

  useEffect(() => {
    if (state.step !== 'created') return;
    const timer = setTimeout(onDone, ACCOUNT_CREATED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.step, onDone]);

  if (state.step === 'details') {
    return (
      <DetailsStep
        onCreated={(email, password) => setState({ step: 'code', email, password })}
        onBack={onBack}
      />
    );
  }
  if (state.step === 'code') {
    return (
      <CodeStep
        email={state.email}
        onConfirmed={async () => {
          // Signed in now, so the admin view opens on the dashboard (or "waiting for approval").
          await signInWithPassword(state.email, state.password).catch(() => {});
          setState({ step: 'created' });
        }}
        onBack={onBack}
      />
    );
  }
  return (
    <div className="flex items-start gap-3" role="status">
      <CircleCheck aria-hidden="true" className="size-7 shrink-0 text-success" />
      <p className="text-ink">Your account is ready. Opening the admin view...</p>
    </div>
  );
}

function DetailsStep({
  onCreated,
  onBack,
}: {
  readonly onCreated: (email: string, password: string) => void;
  readonly onBack: () => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setEmailError(email.trim() ? undefined : 'Email is required.');
    const problem = checkNewPassword(password, confirmation);
    setFailure(problem);
    if (!email.trim() || problem) return;
    setBusy(true);
    try {
      await createAccount(email.trim(), password);
      onCreated(email.trim(), password);
    } catch (error) {
      setFailure(createAccountError(error));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        required
        value={email}
        error={emailError}
        onChange={(e) => setEmail(e.target.value)}
      />
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
      />
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Creating account...' : 'Create account'}
      </Button>
      <LinkButton onClick={onBack}>I already have an account</LinkButton>
    </form>
  );
}

function CodeStep({
  email,
  onConfirmed,
  onBack,
}: {
  readonly email: string;
  readonly onConfirmed: () => Promise<void>;
  readonly onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    if (!/^\d{6}$/.test(code.trim())) {
      setFailure('Enter the 6-digit code from the email.');
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      await confirmAccount(email, code.trim());
      await onConfirmed();
    } catch (error) {
      setFailure(confirmCodeError(error));
      setBusy(false);
    }
  };

  const resend = async () => {
    setFailure(null);
    try {
      await sendCodeAgain(email);
      setNotice(`We sent a new code to ${email}.`);
    } catch (error) {
      setFailure(confirmCodeError(error));
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-muted">
        We sent a 6-digit code to <span className="font-medium text-ink">{email}</span>. Enter it to confirm
        your email address.
      </p>
      <TextField
        label="Code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
      />
      {notice && <FormMessage kind="success">{notice}</FormMessage>}
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Confirming...' : 'Confirm'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <LinkButton onClick={resend}>Send the code again</LinkButton>
        <LinkButton onClick={onBack}>Back to sign in</LinkButton>
      </div>
    </form>
  );
}
