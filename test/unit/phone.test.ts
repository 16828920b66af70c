import { describe, expect, it } from 'vitest';
import { formatPhoneNumber, normalizePhone, redactPhoneNumbers } from '#core/delivery/phone';
import { TwilioRestError } from '../../lambdas/adapters/twilio/twilio-errors';
import { mapTwilioError } from '../../lambdas/adapters/twilio/twilio-sms-sender';
import { withoutPhoneNumbers } from '../../lambdas/handlers/pipeline/step';

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

describe('phone numbers in texts kept beyond a DELETE (logs, the run history)', () => {
  it('are taken out as providers quote them; dates, codes and ids stay', () => {
    expect(redactPhoneNumbers("The 'To' number +14155550123 is not a valid phone number.")).toBe(
      "The 'To' number [number] is not a valid phone number.",
    );
    expect(redactPhoneNumbers('to +44 20 7946 0958 and 4155550123')).toBe('to [number] and [number]');
    const kept = 'Twilio error 21211 on 2026-01-31 for MM0123456789abcdef0123456789abcdef-0 (400)';
    expect(redactPhoneNumbers(kept)).toBe(kept);
  });

  it("never reach a step's error from Twilio's words, and a step's error leaves without them, stack included", () => {
    const twilio = new TwilioRestError(400, 21999, "The 'To' number +14155550123 cannot receive this.");
    const mapped = mapTwilioError(twilio, 15_000, []);
    expect(mapped.message).toMatch(/^Twilio refused the SMS \(400, Twilio error 21999\)/);
    expect(mapped.message).not.toContain('4155550123');

    const thrown = Object.assign(new Error('Could not text +14155550123: unreachable'), {
      name: 'PermanentError',
    });
    const left = withoutPhoneNumbers(thrown) as Error;
    expect(left).toBe(thrown);
    expect(left.name).toBe('PermanentError');
    expect(left.message).toBe('Could not text [number]: unreachable');
    expect(left.stack).not.toContain('4155550123');
  });
});
