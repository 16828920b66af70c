/** The SMS consent text: what carriers require it to say, and the versions records point to. */
import { describe, expect, it } from 'vitest';
import {
  SMS_CONSENT_TEXTS,
  SMS_CONSENT_VERSION,
  SMS_CONSENT_VERSIONS,
  smsConsentParts,
  smsConsentText,
} from '#core/senders/consent';
import { signupInputSchema } from '#core/senders/signup';

describe('the SMS consent text', () => {
  const text = smsConsentText('Voice Summary');

  it.each([
    ['the brand', /Voice Summary/],
    ['the purpose', /summary and transcript of each voice message I forward/],
    ['answers to HELP and STOP', /answers to HELP and STOP/],
    ['that frequency varies', /Message frequency varies\./],
    ['rates', /Message and data rates may apply\./],
    ['how to opt out and get help', /Reply STOP to opt out, HELP for help\./],
    ['the terms and privacy pages', /Mobile Terms of Use and Privacy Policy/],
  ])('states %s', (_what, pattern) => {
    expect(text).toMatch(pattern);
  });

  it('links the terms and the privacy policy where the text names them', () => {
    const links = smsConsentParts('Voice Summary').filter((part) => part.kind === 'link');
    expect(links).toEqual([
      { kind: 'link', page: 'terms', text: 'Mobile Terms of Use' },
      { kind: 'link', page: 'privacy', text: 'Privacy Policy' },
    ]);
  });

  it('is a version the API knows, and every known version has a text with no unfilled placeholder', () => {
    expect(SMS_CONSENT_VERSIONS).toContain(SMS_CONSENT_VERSION);
    for (const version of SMS_CONSENT_VERSIONS) {
      expect(SMS_CONSENT_TEXTS[version]).toBeTruthy();
      expect(smsConsentText('X', version)).not.toMatch(/[{}]/);
    }
  });

  it("is recorded as today's version when a sign-up does not say which it saw", () => {
    const parsed = signupInputSchema.parse({ name: 'A', email: 'a@example.com' });
    expect(parsed.consent_version).toBe(SMS_CONSENT_VERSION);
    expect(parsed.sms_opt_in).toBe(false);
  });
});
