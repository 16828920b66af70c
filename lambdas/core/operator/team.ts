/**
 * Who may be an administrator (issue 8). SPEC lets anyone create an account; being an administrator needs
 * the `admins` group, which an account joins in one of three ways: its verified email is on the deployment's
 * allowlist (ADMIN_EMAILS), it is the first confirmed account of a deployment that has no administrator and
 * no allowlist, or an administrator approves it in the Team section. These are the rules and the shapes the
 * Team API and the dashboard share; the I/O is in use-cases/team.ts.
 */
import * as z from 'zod';

/** The Cognito group of administrators (the API, the triggers and the app check the same name). */
export const DEFAULT_ADMIN_GROUP = 'admins';

/**
 * How long an administrator's group membership, once checked with Cognito, is trusted. A removed
 * administrator's still-valid token is refused within this time on every admin route (issue 8: within 60 s).
 */
export const ADMIN_RECHECK_SECONDS = 30;

/**
 * Whether a token issued at `issuedAt` (its `iat`, whole seconds) predates the end of the account's sessions
 * (`endedAt`, ISO-8601, from a password reset). Tokens carry whole seconds, so one issued within the second
 * the sessions ended still counts as after: a sign-in right after the reset must work, and the old tokens
 * were issued earlier (their refresh tokens are revoked, so no new one can be issued from them).
 */
export function signedInBeforeSessionsEnded(issuedAt: number, endedAt: string): boolean {
  return issuedAt < Math.floor(Date.parse(endedAt) / 1000);
}

/** Cognito's password-reset codes are valid for one hour (fixed by Cognito; SPEC: the link expires in 1 hour). */
export const RESET_CODE_VALIDITY_HOURS = 1;

/** Emails compare without case and surrounding blanks (Cognito keeps them as typed). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The deployment's allowlist, normalized; blanks dropped. */
export function adminAllowlist(emails: readonly string[]): readonly string[] {
  return [...new Set(emails.map(normalizeEmail).filter(Boolean))];
}

/** What happens to an account when its email is confirmed. */
export type Admission =
  /** Its verified email is on the allowlist: it joins at once, whoever else is an administrator. */
  | 'allowlisted'
  /** No allowlist, no administrator yet, and it won the race to be the first. */
  | 'first-admin'
  /** It waits until an administrator approves it. */
  | 'waiting';

/** The part of the decision that needs no I/O: whether the allowlist decides, and what it says. */
export function allowlistDecision(
  allowlist: readonly string[],
  email: string | null,
  emailVerified: boolean,
): 'allowlisted' | 'waiting' | 'no-allowlist' {
  if (allowlist.length === 0) return emailVerified ? 'no-allowlist' : 'waiting';
  if (!emailVerified || !email) return 'waiting';
  return allowlist.includes(normalizeEmail(email)) ? 'allowlisted' : 'waiting';
}

/** An account as the Team section shows it. */
export const teamMemberSchema = z.object({
  /** The account's id (Cognito's `sub`, which is also its username in this pool). */
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
  /** Whether the email was confirmed with the code Cognito sent; only then can the account be approved. */
  email_verified: z.boolean(),
  /** The administrator looking at the list. */
  is_you: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** GET /api/team: administrators (oldest first) and accounts waiting for approval (newest first). */
export const teamViewSchema = z.object({
  admins: z.array(teamMemberSchema),
  pending: z.array(teamMemberSchema),
});
export type TeamView = z.infer<typeof teamViewSchema>;

/** `{id}` of /api/team/{id}/...: a Cognito sub (letters, digits, dashes). */
export const teamMemberPathSchema = z.object({
  id: z
    .string({ error: 'The account id is missing from the path.' })
    .regex(/^[A-Za-z0-9-]{1,128}$/, { error: 'This is not an account id.' }),
});
