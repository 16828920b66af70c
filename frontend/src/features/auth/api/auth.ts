/**
 * The admin's account, through aws-amplify v6 (`aws-amplify/auth`) against the user pool of /config.json:
 * SRP in AWS, USER_PASSWORD_AUTH on cognito-local (which has no SRP). Every call configures Amplify first.
 */
import {
  confirmResetPassword,
  confirmSignUp,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from 'aws-amplify/auth';
import { configureAmplify } from '@/lib/amplify';

/** The Cognito group whose members are administrators (the API checks the same). */
export const ADMIN_GROUP = 'admins';

export type Session =
  | { readonly status: 'signed-out' }
  | { readonly status: 'signed-in'; readonly email: string; readonly isAdmin: boolean };

/** Who is signed in, from the ID token (refreshed when asked, e.g. after an admin approved the account). */
export async function getSession(options: { forceRefresh?: boolean } = {}): Promise<Session> {
  await configureAmplify();
  const { tokens } = await fetchAuthSession(options.forceRefresh ? { forceRefresh: true } : {});
  const idToken = tokens?.idToken;
  if (!idToken) return { status: 'signed-out' };
  const groups = idToken.payload['cognito:groups'];
  return {
    status: 'signed-in',
    email: String(idToken.payload.email ?? ''),
    isAdmin: Array.isArray(groups) && groups.includes(ADMIN_GROUP),
  };
}

/** The ID token the API's admin routes take as `Authorization: Bearer`, or null when signed out. */
export async function getIdToken(): Promise<string | null> {
  await configureAmplify();
  const { tokens } = await fetchAuthSession();
  return tokens?.idToken?.toString() ?? null;
}

export async function signInWithPassword(email: string, password: string): Promise<void> {
  const config = await configureAmplify();
  // A session left from another account would make Amplify refuse to sign in again.
  await signOut().catch(() => {});
  const result = await signIn({ username: email, password, options: { authFlowType: config.authFlow } });
  if (!result.isSignedIn) throw new Error(`Sign-in needs another step: ${result.nextStep.signInStep}`);
}

/** Creates the account; Cognito emails a 6-digit code that confirms the address. */
export async function createAccount(email: string, password: string): Promise<void> {
  await configureAmplify();
  await signUp({ username: email, password, options: { userAttributes: { email } } });
}

export async function confirmAccount(email: string, code: string): Promise<void> {
  await configureAmplify();
  await confirmSignUp({ username: email, confirmationCode: code });
}

export async function sendCodeAgain(email: string): Promise<void> {
  await configureAmplify();
  await resendSignUpCode({ username: email });
}

/** Emails a reset link (SPEC: "Reset password for an email, with redirect to the /admin page"). */
export async function sendResetLink(email: string): Promise<void> {
  await configureAmplify();
  await resetPassword({ username: email });
}

/** SPEC's "Update user {password}", done with the code from the reset link. */
export async function setNewPassword(email: string, code: string, password: string): Promise<void> {
  await configureAmplify();
  await confirmResetPassword({ username: email, confirmationCode: code, newPassword: password });
}

export async function signOutEverywhere(): Promise<void> {
  await configureAmplify();
  await signOut();
}

/** Why the last session ended on this page, for the sign-in screen; null when it was a plain sign-out. */
let endedBecause: string | null = null;
let ending: Promise<void> | null = null;

/**
 * Leaves a session the API no longer takes (a password reset ended it, or it expired): forgets the tokens on
 * this device (Cognito's own sign-out emits `signedOut`, on which the admin view shows sign-in) and keeps
 * the API's words for the sign-in screen. Several panels refused at once end it once.
 */
export function endSessionHere(reason: string | null): Promise<void> {
  endedBecause = reason ?? 'Your session has ended: sign in again.';
  ending ??= (async () => {
    await configureAmplify();
    await signOut().catch(() => {});
  })().finally(() => {
    ending = null;
  });
  return ending;
}

/** Why the session ended (once: the next sign-out is a plain one again). */
export function takeSessionEndReason(): string | null {
  const reason = endedBecause;
  endedBecause = null;
  return reason;
}
