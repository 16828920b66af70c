/**
 * The SMS consent a visitor gives on the sign-up form (US A2P 10DLC: its own checkbox, never pre-checked,
 * stating the purpose, frequency, rates, STOP and HELP). The site shows the current text; the API records
 * which version was shown with each sign-up, so an opt-in can be proven later. A changed text gets a new
 * version and the old one stays in this list: records keep pointing at the words that were shown.
 */

/** `{service}` is the service's name; `{terms}` and `{privacy}` are links to those pages on the site. */
export const SMS_CONSENT_TEXTS = {
  '2025-10-15':
    'Text me at this number. {service} will send me the summary and transcript of each voice message I forward, and answers to HELP and STOP. Message frequency varies. Message and data rates may apply. Reply STOP to opt out, HELP for help. See the {terms} and {privacy}.',
} as const;

export type SmsConsentVersion = keyof typeof SMS_CONSENT_TEXTS;

export const SMS_CONSENT_VERSIONS = Object.keys(SMS_CONSENT_TEXTS) as [
  SmsConsentVersion,
  ...SmsConsentVersion[],
];

/** The version the site shows today. */
export const SMS_CONSENT_VERSION: SmsConsentVersion = '2025-10-15';

/** How the two links read inside the consent text. */
export const SMS_CONSENT_LINK_TEXT = { terms: 'Mobile Terms of Use', privacy: 'Privacy Policy' } as const;

export type ConsentPart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'link'; readonly page: 'terms' | 'privacy'; readonly text: string };

/** The consent text cut into plain text and links, for the site to render. */
export function smsConsentParts(
  serviceName: string,
  version: SmsConsentVersion = SMS_CONSENT_VERSION,
): ConsentPart[] {
  return SMS_CONSENT_TEXTS[version]
    .split(/(\{service\}|\{terms\}|\{privacy\})/)
    .filter((part) => part !== '')
    .map((part): ConsentPart => {
      if (part === '{service}') return { kind: 'text', text: serviceName };
      if (part === '{terms}') return { kind: 'link', page: 'terms', text: SMS_CONSENT_LINK_TEXT.terms };
      if (part === '{privacy}') return { kind: 'link', page: 'privacy', text: SMS_CONSENT_LINK_TEXT.privacy };
      return { kind: 'text', text: part };
    });
}

/** The consent text as a person read it, links as their words: what a consent record stores. */
export function smsConsentText(
  serviceName: string,
  version: SmsConsentVersion = SMS_CONSENT_VERSION,
): string {
  return smsConsentParts(serviceName, version)
    .map((part) => part.text)
    .join('');
}
