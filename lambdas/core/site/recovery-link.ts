/**
 * The password-reset link the reset email carries: `<site>/admin#type=recovery&access_token=<code>&email=<email>`
 * (SPEC section 2: the set-new-password screen is shown when the hash has type recovery and an access token;
 * with Cognito the token is the reset code, and the email says whose it is). The email trigger writes it, the
 * admin view reads it: one format, here. The hash never reaches a server log.
 */
export type RecoveryLink = { readonly email: string; readonly code: string };

export function parseRecoveryHash(hash: string): RecoveryLink | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (params.get('type') !== 'recovery') return null;
  const code = params.get('access_token')?.trim();
  const email = params.get('email')?.trim();
  if (!code || !email) return null;
  return { email, code };
}

/**
 * The link itself, as the reset email writes it. The code goes in as it is: Cognito's email trigger gets the
 * placeholder `{####}` and Cognito replaces it after the trigger, so it must not be percent-encoded.
 */
export function recoveryUrl(siteUrl: string, link: RecoveryLink): string {
  return `${siteUrl.replace(/\/+$/, '')}/admin#type=recovery&access_token=${link.code}&email=${encodeURIComponent(link.email)}`;
}
