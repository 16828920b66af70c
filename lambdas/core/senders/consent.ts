/**
 * The SMS consent a visitor gives on the sign-up form (US A2P 10DLC: its own checkbox, never pre-checked,
 * stating the purpose, frequency, rates, STOP and HELP), confirmed by the phone's own JOIN text. The site shows the
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
 * A sign-up's SMS consent counts once its phone proves itself by texting us first (issue 31): the sign-up
 * page shows "Text JOIN 4821 to (415) 555-0100", and the phone's `JOIN 4821` confirms that one sign-up. Nothing
 * is texted to a number a web form typed, so the form cannot be used to text strangers (SMS pumping), and the
 * opt-in is the user's own text, which carriers prefer to a confirmation we send.
 *
 * A code is random, short-lived (JOIN_CODE_MINUTES), used once, and bound to its sign-up and its phone (kept
 * only as a hash of the phone and the code). At most JOIN_CODES_PER_PHONE sign-ups wait for one phone (a new
 * one replaces the oldest), and the phone's wrong codes are counted: the JOIN_CODE_TRIES-th spends every code
 * waiting for it, so JOIN_CODE_DIGITS digits are enough.
 */
export const JOIN_KEYWORD = 'JOIN';
/** Digits in a sign-up's JOIN code. */
export const JOIN_CODE_DIGITS = 4;
/** How long a JOIN code works: the visitor texts it from the page they signed up on. */
export const JOIN_CODE_MINUTES = 60;
/** Sign-ups that may wait for one phone's JOIN at a time; a new one replaces the oldest. */
export const JOIN_CODES_PER_PHONE = 3;
/** Wrong JOIN codes a phone may text while codes wait for it; the last one spends them all. */
export const JOIN_CODE_TRIES = 5;

/** What the sign-up page shows a sign-up that asked for texts: what to text, and until when. */
export type JoinInstruction = { readonly code: string; readonly expires_at: string };

/** What the phone texts to confirm: `JOIN 4821`. */
export const joinText = (code: string) => `${JOIN_KEYWORD} ${code}`;

/** "Text JOIN 4821 to (415) 555-0100": what the sign-up page says (`number` formatted by the caller). */
export const joinInstructionText = (code: string, number: string) => `Text ${joinText(code)} to ${number}`;

/** Where a sign-up's SMS consent stands: confirmed by its phone, waiting for the phone's JOIN, or not given. */
export type SmsConsentStatus = 'confirmed' | 'awaiting-join' | 'none';

export function smsConsentStatus(signup: {
  readonly sms_opt_in: boolean;
  readonly sms_confirmed_at?: string | null;
}): SmsConsentStatus {
  if (!signup.sms_opt_in) return 'none';
  return signup.sms_confirmed_at ? 'confirmed' : 'awaiting-join';
}

/** How the dashboard and the export word each status. */
export const SMS_CONSENT_STATUS_LABEL: Readonly<Record<SmsConsentStatus, string>> = {
  confirmed: 'Confirmed',
  'awaiting-join': 'Waiting for JOIN',
  none: 'No',
};

/**
 * One consent event as it happened, kept for good (a repeat sign-up adds another): what a carrier or Twilio
 * asks for to show how a number opted in. A web sign-up is one event; its phone's own JOIN text with the
 * sign-up's code is another (use-cases/sms-consent.ts), and only with both does the sign-up's SMS consent count.
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

/**
 * The phone's own text confirming the sign-up: what it said, when, and the provider's id of that text
 * (Twilio's MessageSid). Records from before issue 31 are a YES to our confirmation text and have no `text`.
 */
export type SmsConfirmationConsent = ConsentEvent & {
  readonly phone: string;
  readonly message_sid: string;
  /** The command it was (JOIN; YES before issue 31). */
  readonly keyword: string;
  /** The text exactly as the phone sent it. */
  readonly text?: string;
  readonly source: 'sms-confirmation';
};
