import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { signInWithPassword } from '../api/auth';
import { needsConfirmation, signInError } from '../utils/auth-errors';
import { FormMessage, LinkButton } from './auth-card';

type Props = {
  readonly initialEmail?: string;
  /** Shown above the form, e.g. after a password was changed. */
  readonly notice?: string | null;
  readonly onSignedIn: () => void;
  readonly onForgotPassword: (email: string) => void;
  readonly onCreateAccount: () => void;
  /** The account exists but its email is not confirmed: go to the code screen. */
  readonly onNeedsConfirmation: (email: string, password: string) => void;
};

/** SPEC: "Sign in with password {email, password}"; both required; failure says "Failed to sign in". */
export function SignInForm(props: Props) {
  const [email, setEmail] = useState(props.initialEmail ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = {
      ...(email.trim() ? {} : { email: 'Email is required.' }),
      ...(password ? {} : { password: 'Password is required.' }),
    };
    setErrors(found);
    setFailure(null);
    if (found.email || found.password) return;
    setBusy(true);
    try {
      await signInWithPassword(email.trim(), password);
      props.onSignedIn();
    } catch (error) {
      if (needsConfirmation(error)) props.onNeedsConfirmation(email.trim(), password);
      else setFailure(signInError(error));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {props.notice && <FormMessage kind="success">{props.notice}</FormMessage>}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        required
        value={email}
        error={errors.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        error={errors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Signing in...' : 'Sign in'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <LinkButton onClick={() => props.onForgotPassword(email.trim())}>Forgot password?</LinkButton>
        <LinkButton onClick={props.onCreateAccount}>Create an account</LinkButton>
      </div>
    </form>
  );
}
