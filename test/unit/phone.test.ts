import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, normalizePhone } from '../../lambdas/core/phone';

describe('phone numbers typed by a person', () => {
  it.each([
    ['(415) 555-0132', '+14155550132'],
    ['415-555-0132', '+14155550132'],
    ['415.555.0132', '+14155550132'],
    ['4155550132', '+14155550132'],
    ['1 415 555 0132', '+14155550132'],
    ['+1 (415) 555-0132', '+14155550132'],
    ['  +14155550132  ', '+14155550132'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('normalizes %s to %s', (typed, e164) => {
    expect(normalizePhone(typed)).toEqual({ ok: true, e164 });
  });

  it.each([
    ['555-0132', 'not a US phone number'],
    ['(015) 555-0132', 'not a valid US phone number'],
    ['(415) 155-0132', 'not a valid US phone number'],
    ['(911) 555-0132', 'not a valid US phone number'],
    ['call me', 'is not a phone number'],
    ['+0 123 456 7890', 'not a valid phone number'],
    ['+1234', 'not a valid'],
    ['', 'empty'],
  ])('rejects %s with a message that says why', (typed, reason) => {
    const result = normalizePhone(typed);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toContain(reason);
    }
  });

  it('tells the person what a good number looks like', () => {
    const result = normalizePhone('12345');
    expect(result.ok === false && result.error).toMatch(/\(415\) 555-0132/);
  });
});

describe('phone numbers shown to a person', () => {
  it.each([
    ['+14155550100', '(415) 555-0100'],
    ['+16475550199', '(647) 555-0199'],
    ['+442079460958', '+442079460958'],
    ['+1415555010', '+1415555010'],
  ])('shows %s as %s', (e164, shown) => {
    expect(formatPhoneNumber(e164)).toBe(shown);
  });
});
