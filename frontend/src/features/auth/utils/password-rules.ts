/** SPEC section 9: the shortest password accepted. */
export const PASSWORD_MIN_LENGTH = 6;

const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

/** SPEC section 5: the two passwords must match, and be at least 6 characters. Null when both hold. */
export function checkNewPassword(password: string, confirmation: string): string | null {
  if (password !== confirmation) return PASSWORDS_DO_NOT_MATCH;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}
