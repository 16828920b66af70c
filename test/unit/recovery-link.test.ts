/** The password-reset link: what the email trigger writes and the admin view reads. */
import { describe, expect, it } from 'vitest';
import { parseRecoveryHash, recoveryUrl } from '#core/site/recovery-link';

describe('the reset link', () => {
  it('carries type=recovery, the code as access_token and the email in the hash of /admin', () => {
    expect(recoveryUrl('https://voice.example.com/', { email: 'ops+1@example.com', code: '{####}' })).toBe(
      'https://voice.example.com/admin#type=recovery&access_token={####}&email=ops%2B1%40example.com',
    );
  });

  it('is read back from the hash', () => {
    expect(parseRecoveryHash('#type=recovery&access_token=123456&email=ops%2B1%40example.com')).toEqual({
      email: 'ops+1@example.com',
      code: '123456',
    });
  });

  it.each([
    ['no hash', ''],
    ['another type', '#type=signup&access_token=1&email=a%40b.c'],
    ['no token', '#type=recovery&email=a%40b.c'],
    ['no email', '#type=recovery&access_token=123456'],
    ['an empty token', '#type=recovery&access_token=&email=a%40b.c'],
  ])('is not a reset link with %s', (_case, hash) => {
    expect(parseRecoveryHash(hash)).toBeNull();
  });
});
