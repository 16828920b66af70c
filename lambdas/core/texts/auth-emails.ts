/**
 * The emails sign-in sends (issue 8), written by the CustomMessage trigger: a plain subject and a short body
 * with the service's name. Cognito sends the body as HTML, so it is simple HTML (paragraphs, one link) with
 * every piece of text escaped. The code placeholder Cognito fills in (`{####}`) appears exactly once: Cognito
 * and cognito-local replace one occurrence, and a second would reach the reader as `{####}`.
 */

import { RESET_CODE_VALIDITY_HOURS } from '#core/operator/team';
import { recoveryUrl } from '#core/site/recovery-link';

export type AuthEmail = { readonly subject: string; readonly html: string };

/** Which email: the code that confirms a new account (or a code sent again), a reset link, a changed email. */
export type AuthEmailKind = 'confirm-account' | 'reset-password' | 'confirm-new-email';

export type AuthEmailInput = {
  readonly serviceName: string;
  /** The account's email, as the person typed it. */
  readonly email: string;
  /** What Cognito replaces with the code (the trigger's `codeParameter`, `{####}`). */
  readonly codePlaceholder: string;
  /** The public site; the reset link opens `<site>/admin`. Needed for 'reset-password' only. */
  readonly siteUrl?: string;
};

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const paragraphs = (...lines: string[]) => lines.map((line) => `<p>${line}</p>`).join('\n');

/** The subject and HTML body of one sign-in email. */
export function authEmail(kind: AuthEmailKind, input: AuthEmailInput): AuthEmail {
  const service = escapeHtml(input.serviceName);
  const email = escapeHtml(input.email);
  // The placeholder goes in as it is (it holds no HTML), so Cognito finds it.
  const code = input.codePlaceholder;
  const signOff = `${service}`;
  switch (kind) {
    case 'confirm-account':
      return {
        subject: `${input.serviceName}: your verification code`,
        html: paragraphs(
          `Your ${service} verification code is <strong>${code}</strong>`,
          `Enter it where you created your admin account (${email}) to confirm your email address.`,
          'If you did not create an account, ignore this email: nothing happens without the code.',
          signOff,
        ),
      };
    case 'confirm-new-email':
      return {
        subject: `${input.serviceName}: confirm your email address`,
        html: paragraphs(
          `Your ${service} verification code is <strong>${code}</strong>`,
          `Enter it to confirm ${email} as the email address of your admin account.`,
          signOff,
        ),
      };
    case 'reset-password': {
      if (!input.siteUrl) throw new Error('A reset email needs the site URL for its link.');
      const link = recoveryUrl(input.siteUrl, { email: input.email, code });
      const hours = RESET_CODE_VALIDITY_HOURS === 1 ? '1 hour' : `${RESET_CODE_VALIDITY_HOURS} hours`;
      return {
        subject: `${input.serviceName}: reset your password`,
        html: paragraphs(
          `Someone asked to reset the password of the ${service} admin account ${email}.`,
          `<a href="${escapeHtml(link)}">Set a new password</a>`,
          `The link expires in ${hours}. If you did not ask for this, ignore this email: your password stays as it is.`,
          signOff,
        ),
      };
    }
  }
}
