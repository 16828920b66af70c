/**
 * What to tell a person when Cognito refuses: SPEC's fixed text first, then what they can do. Never whether
 * an email has an account (the user pool answers the same for a wrong password and an unknown email).
 */
function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
}

const RETRY_LATER = 'Too many attempts: wait a minute and try again.';
const OFFLINE = 'Check your connection and try again.';

function detail(error: unknown): string | null {
  const name = errorName(error);
  if (
    name === 'LimitExceededException' ||
    name === 'TooManyRequestsException' ||
    name === 'TooManyFailedAttemptsException'
  )
    return RETRY_LATER;
  if (name === 'NetworkError' || error instanceof TypeError) return OFFLINE;
  return null;
}

export function signInError(error: unknown): string {
  const name = errorName(error);
  // Cognito says NotAuthorized for both a wrong password and an unknown email; cognito-local says
  // InvalidPassword or UserNotFound. All read the same, so nobody learns whether an email has an account.
  if (['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException'].includes(name))
    return 'Failed to sign in. Check the email and the password.';
  if (name === 'UserNotConfirmedException')
    return 'Failed to sign in. Confirm your email address with the code we sent first.';
  return `Failed to sign in. ${detail(error) ?? 'Try again in a moment.'}`;
}

export function resetEmailError(error: unknown): string {
  return `Failed to send reset email. ${detail(error) ?? 'Try again in a moment.'}`;
}

export function updatePasswordError(error: unknown): string {
  const name = errorName(error);
  if (name === 'CodeMismatchException' || name === 'ExpiredCodeException')
    return 'Failed to update password. The link has expired or was already used: ask for a new one.';
  if (name === 'InvalidPasswordException') return 'Failed to update password. Choose a longer password.';
  return `Failed to update password. ${detail(error) ?? 'Try again in a moment.'}`;
}

export function createAccountError(error: unknown): string {
  const name = errorName(error);
  if (name === 'UsernameExistsException')
    return 'Failed to create account. If this email already has an account, sign in or reset the password.';
  if (name === 'InvalidPasswordException') return 'Failed to create account. Choose a longer password.';
  return `Failed to create account. ${detail(error) ?? 'Try again in a moment.'}`;
}

export function confirmCodeError(error: unknown): string {
  const name = errorName(error);
  if (name === 'CodeMismatchException')
    return 'That code is not right. Check the latest email and try again.';
  if (name === 'ExpiredCodeException') return 'That code has expired. Send the code again.';
  return `The code could not be checked. ${detail(error) ?? 'Try again in a moment.'}`;
}

/** Whether sign-in failed only because the email address is not confirmed yet. */
export function needsConfirmation(error: unknown): boolean {
  return errorName(error) === 'UserNotConfirmedException';
}
