/**
 * The SMS consent a visitor gives on the sign-up form (US A2P 10DLC: its own checkbox, never pre-checked,
 * stating the purpose, frequency, rates, STOP and HELP), confirmed by the phone's YES. The site shows the
 * current text; the API records which version was shown with each sign-up, so an opt-in can be proven later. A changed text gets a new
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

/**
 * A sign-up's SMS consent counts once its phone confirms it (double opt-in, as CTIA expects): the sign-up
 * gets one confirmation text (the program's name, what it sends, frequency, rates, HELP and STOP) asking
 * for YES, at most SMS_CONFIRMATION_TEXTS_PER_DAY a number a day, and the phone's YES within
 * SMS_CONFIRMATION_DAYS confirms every sign-up waiting for it (use-cases/sms-consent.ts).
 */
export const SMS_CONFIRMATION_KEYWORD = 'YES';
/** Confirmation texts one number may get a day, however many sign-ups name it. */
export const SMS_CONFIRMATION_TEXTS_PER_DAY = 1;
/** How long a sign-up waits for its phone's YES; after that a new sign-up asks again. */
export const SMS_CONFIRMATION_DAYS = 30;

/** Where a sign-up's SMS consent stands: confirmed by its phone, waiting for the phone's YES, or not given. */
export type SmsConsentStatus = 'confirmed' | 'awaiting-yes' | 'none';

export function smsConsentStatus(signup: {
  readonly sms_opt_in: boolean;
  readonly sms_confirmed_at?: string | null;
}): SmsConsentStatus {
  if (!signup.sms_opt_in) return 'none';
  return signup.sms_confirmed_at ? 'confirmed' : 'awaiting-yes';
}

/** How the dashboard and the export word each status. */
export const SMS_CONSENT_STATUS_LABEL: Readonly<Record<SmsConsentStatus, string>> = {
  confirmed: 'Confirmed',
  'awaiting-yes': 'Waiting for YES',
  none: 'No',
};

/**
 * One consent event as it happened, kept for good (a repeat sign-up adds another): what a carrier or Twilio
 * asks for to show how a number opted in. A web sign-up is one event; its phone's YES to the confirmation
 * text is another (use-cases/sms-consent.ts), and only with both does the sign-up's SMS consent count.
 */
export type ConsentRecord = WebSignupConsent | SmsConfirmationConsent;

/** The fields of every consent event. */
type ConsentEvent = {
  readonly email: string;
  /** `recorded_at` plus a random suffix: unique even for two events in the same millisecond. */
  readonly event_id: string;
  readonly recorded_at: string;
  readonly phone: string | null;
};

/** A sign-up on the site: the form's details, the consent text it showed, and who sent it. */
export type WebSignupConsent = ConsentEvent & {
  readonly name: string;
  readonly sms_opt_in: boolean;
  readonly consent_version: string;
  /** The consent text exactly as the form showed it. */
  readonly consent_text: string;
  /** The client's address and browser as the API saw them (null when unknown). */
  readonly ip: string | null;
  readonly user_agent: string | null;
  readonly source: 'web-signup';
};

/** The phone's YES to the confirmation text: when, and the provider's id of that text (Twilio's MessageSid). */
export type SmsConfirmationConsent = ConsentEvent & {
  readonly phone: string;
  readonly message_sid: string;
  /** What the phone texted (the keyword, as the parser read it). */
  readonly keyword: string;
  readonly source: 'sms-confirmation';
};
