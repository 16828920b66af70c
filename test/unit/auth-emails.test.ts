/** The sign-in emails the CustomMessage trigger writes, and how the local inbox shows them. */
import { describe, expect, it } from 'vitest';
import { authEmail } from '#core/texts/auth-emails';
import { HTTP_ROUTES } from '../../lambdas/http/routes';
import { emailBodyHtml } from '../../local/inbox';
import { matchRoute } from '../../local/route-match';

const input = { serviceName: 'Voice Summary', email: 'ops+1@example.com', codePlaceholder: '{####}' };
const placeholders = (html: string) => html.split('{####}').length - 1;

describe('the sign-in emails', () => {
  it('give the verification code once, with the service name in a plain subject', () => {
    const email = authEmail('confirm-account', input);
    expect(email.subject).toBe('Voice Summary: your verification code');
    expect(email.html).toContain('Your Voice Summary verification code is <strong>{####}</strong>');
    expect(placeholders(email.html)).toBe(1);
  });

  it('carry the reset link to /admin with type=recovery, the code once, and say it expires in 1 hour', () => {
    const email = authEmail('reset-password', { ...input, siteUrl: 'https://voice.example.com/' });
    expect(email.subject).toBe('Voice Summary: reset your password');
    expect(email.html).toContain(
      'href="https://voice.example.com/admin#type=recovery&amp;access_token={####}&amp;email=ops%2B1%40example.com"',
    );
    expect(email.html).toContain('The link expires in 1 hour.');
    expect(placeholders(email.html)).toBe(1);
  });

  it('escape what a person typed', () => {
    const email = authEmail('confirm-account', {
      ...input,
      email: '<b>x</b>@example.com',
      serviceName: 'A&B',
    });
    expect(email.html).toContain('&lt;b&gt;x&lt;/b&gt;@example.com');
    expect(email.html).toContain('A&amp;B');
  });
});

describe('the local inbox', () => {
  it('shows an email’s paragraphs and its web link, and nothing that could run', () => {
    const html = emailBodyHtml(
      '<p>Hi <script>alert(1)</script></p><p><a href="https://x.example/admin#type=recovery&amp;access_token=1">Set a new password</a></p><p><a href="javascript:alert(1)">bad</a></p>',
    );
    expect(html).toContain(
      '<a href="https://x.example/admin#type=recovery&amp;access_token=1">Set a new password</a>',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<p>bad</p>');
  });
});

describe('local route matching', () => {
  it('matches {id} segments as API Gateway does, and lists the methods a path allows', () => {
    const approve = matchRoute(HTTP_ROUTES, 'POST', '/api/team/abc-1/approve');
    expect(approve.route?.fn).toBe('approve-team-member');
    expect(approve.route && approve.pathParameters).toEqual({ id: 'abc-1' });
    expect(matchRoute(HTTP_ROUTES, 'GET', '/api/team/abc-1')).toEqual({
      route: null,
      allowedMethods: ['DELETE'],
    });
    expect(matchRoute(HTTP_ROUTES, 'GET', '/api/team//approve')).toEqual({ route: null, allowedMethods: [] });
  });
});
