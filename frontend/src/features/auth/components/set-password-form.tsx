import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { setNewPassword, signInWithPassword } from '../api/auth';
import { updatePasswordError } from '../utils/auth-errors';
import { checkNewPassword } from '../utils/password-rules';
import { FormMessage, LinkButton } from './auth-card';
import { NewPasswordFields } from './new-password-fields';

/**
 * SPEC: "Set new password", shown when the URL hash has type recovery and a token. On success the person is
 * signed in with the new password (or, if that fails, sent to sign in with a note that it worked).
 */
export function SetPasswordForm({
  email,
  code,
  onDone,
  onCancel,
}: {
  readonly email: string;
  readonly code: string;
  readonly onDone: (outcome: 'signed-in' | 'sign-in-needed') => void;
  readonly onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = checkNewPassword(password, confirmation);
    setFailure(problem);
    if (problem) return;
    setBusy(true);
    try {
      await setNewPassword(email, code, password);
    } catch (error) {
      setFailure(updatePasswordError(error));
      setBusy(false);
      return;
    }
    try {
      await signInWithPassword(email, password);
      onDone('signed-in');
    } catch {
      onDone('sign-in-needed');
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-muted">
        Choose a new password for <span className="font-medium text-ink">{email}</span>.
      </p>
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
      />
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? 'Updating...' : 'Update password'}
      </Button>
      <LinkButton onClick={onCancel}>Back to sign in</LinkButton>
    </form>
  );
}
