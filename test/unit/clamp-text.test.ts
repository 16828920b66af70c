import { describe, expect, it } from 'vitest';
import { clampAtWordBoundary } from '../../lambdas/core/clamp-text';

describe('clampAtWordBoundary', () => {
  it('leaves text that fits alone, apart from surrounding spaces', () => {
    expect(clampAtWordBoundary('  Call Dana back.  ', 20)).toBe('Call Dana back.');
  });

  it('cuts at the last whole word and marks the cut', () => {
    const result = clampAtWordBoundary('Call Dana back at the clinic tomorrow morning', 20);
    expect(result).toBe('Call Dana back at…');
    expect(result.length).toBeLessThanOrEqual(20);
  });

  it('drops trailing punctuation before the ellipsis', () => {
    expect(clampAtWordBoundary('Call me, please, at the office today', 17)).toBe('Call me, please…');
  });

  it('cuts inside a word only when there is no boundary in the second half', () => {
    expect(clampAtWordBoundary('a supercalifragilisticexpialidocious', 12)).toBe('a supercali…');
  });
});
