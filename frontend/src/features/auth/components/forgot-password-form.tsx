import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { sendResetLink } from '../api/auth';
import { resetEmailError } from '../utils/auth-errors';
import { FormMessage, LinkButton } from './auth-card';

/** SPEC: send a reset link, then "Check Your Email" saying the link expires in 1 hour. */
export function ForgotPasswordForm({
  initialEmail,
  onSent,
  onBack,
}: {
  readonly initialEmail: string;
  readonly onSent: (email: string) => void;
  readonly onBack: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (!email.trim()) {
      setError('Email is required.');
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await sendResetLink(email.trim());
      onSent(email.trim());
    } catch (caught) {
      setFailure(resetEmailError(caught));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-muted">Enter your email and we'll send you a link to set a new password.</p>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="username"
        required
        value={email}
        error={error}
        onChange={(e) => setEmail(e.target.value)}
      />
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Sending...' : 'Send reset link'}
      </Button>
      <LinkButton onClick={onBack}>Back to sign in</LinkButton>
    </form>
  );
}

/** After the reset email went out. */
export function CheckYourEmail({ email, onBack }: { readonly email: string; readonly onBack: () => void }) {
  return (
    <div className="space-y-4">
      <MailCheck aria-hidden="true" className="size-8 text-success" />
      <p className="text-ink">
        If <span className="font-medium">{email}</span> has an account, we've sent it a link to set a new
        password. The link expires in 1 hour.
      </p>
      <LinkButton onClick={onBack}>Back to sign in</LinkButton>
    </div>
  );
}
