/**
 * The one path the local runtime's router routes on: every spelling of a path a browser, curl or an attacker
 * can send comes out as the same normalized path, so no check reads one spelling while a part behind it
 * reads another (issue 23: `/api/../_local/inbox` is `/_local/inbox`).
 */
import { describe, expect, it } from 'vitest';
import { normalizedTarget } from '../../local/request-path';

describe('the normalized path', () => {
  it.each([
    '/_local/inbox',
    '/api/../_local/inbox',
    '/api/%2e%2e/_local/inbox',
    '/api/%2E%2e/_local/inbox',
    '/api/.%2e/_local/inbox',
    '//_local/inbox',
    '///_local//inbox',
    '/%5Flocal/inbox',
    '/%5f%6cocal/inbox',
    '/api\\..\\_local\\inbox',
    '/_local/./inbox',
    '/../../_local/inbox',
    'http://evil.example/_local/inbox',
  ])('of %s is /_local/inbox', (raw) => {
    expect(normalizedTarget(raw)).toBe('/_local/inbox');
  });

  it('keeps the query as sent, and reserved characters encoded (a %2F is no separator)', () => {
    expect(normalizedTarget('/api/m/abc?x=%2e%2e&y=/..')).toBe('/api/m/abc?x=%2e%2e&y=/..');
    expect(normalizedTarget('/api/..%2f_local/inbox')).toBe('/api/..%2F_local/inbox');
    expect(normalizedTarget('/api/team/a%20b')).toBe('/api/team/a%20b');
  });

  it('refuses a target that names no path', () => {
    expect(normalizedTarget('*')).toBeNull();
    expect(normalizedTarget('evil.example:443')).toBeNull();
  });
});
