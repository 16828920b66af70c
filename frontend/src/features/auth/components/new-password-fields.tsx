import { TextField } from '@/components/ui/text-field';
import { PASSWORD_MIN_LENGTH } from '../utils/password-rules';

/** A new password and its confirmation, as account creation and password reset both ask for them. */
export function NewPasswordFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
}: {
  readonly password: string;
  readonly confirmation: string;
  readonly onPassword: (value: string) => void;
  readonly onConfirmation: (value: string) => void;
}) {
  return (
    <>
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        required
        value={password}
        onChange={(e) => onPassword(e.target.value)}
      />
      <TextField
        label="Confirm password"
        name="confirmation"
        type="password"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(e) => onConfirmation(e.target.value)}
      />
    </>
  );
}
