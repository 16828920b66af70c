/**
 * The reasons the urgency rules give a likely-spam message (core/urgency/urgency-cues.ts), fixed English words
 * the catalogues translate (core/texts/catalogue-spanish.ts) and the texts name (core/texts/voice-reply.ts).
 */
/** The reasons the rules give a likely-spam message, by how a text names it (core/texts/voice-reply.ts). */
export const SCAM_REASONS = {
  giftCard: 'asks for payment by gift card',
  wire: 'asks for payment by wire transfer',
  crypto: 'asks for payment in cryptocurrency',
  arrest: 'threatens arrest',
  tax: 'a tax threat',
  socialSecurity: 'a Social Security threat',
  prize: 'says you won a prize',
  techSupport: 'a fake computer alert',
  account: 'a fake account alert',
  secrecy: 'asks you to keep it secret',
  appPayment: 'asks for payment by a payment app',
  shutOff: 'threatens to cut off a service now',
  personalNumber: 'asks you to confirm a personal number',
  toll: 'asks you to pay a toll by phone',
  registration: 'threatens your car registration',
  job: 'an unasked job offer',
} as const;

export const SALES_REASONS = {
  pressMenu: 'a press-1 menu',
  warranty: 'an extended warranty offer',
  pitch: 'an offer of a loan, rate or plan',
  notice: 'robocall wording and no caller name',
  homeOffer: 'an offer to buy your home',
  listing: 'a business listing offer',
} as const;

/** Whether a reason is one the rules give for a scam (the text says "Likely a scam"), or for a sales call. */
export function spamKind(reason: string): 'scam' | 'sales' | 'other' {
  if ((Object.values(SCAM_REASONS) as string[]).includes(reason)) return 'scam';
  if ((Object.values(SALES_REASONS) as string[]).includes(reason)) return 'sales';
  return 'other';
}
