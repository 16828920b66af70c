/**
 * The unit prices an operator sets in Settings (defaults: docs/operations.md's cost model) and the estimated
 * cost they give for what a day, a range or one message used (core/operator/usage.ts, core/messages/run-steps.ts).
 */
import * as z from 'zod';

/** Unit prices in US dollars. Defaults: docs/operations.md's cost model (list prices when it was written). */
export const DEFAULT_UNIT_PRICES = {
  /** One SMS segment sent, with the 10DLC carrier fee (about $0.0083 + $0.003). */
  sms_segment: 0.0113,
  /**
   * Sending one MMS (a reply's first text with the contact card and the event attached, CARDS ON): Twilio's US
   * price, $0.0220 a message whatever its length.
   */
  mms_message: 0.022,
  /** Receiving one MMS (a texted voice message), with carrier fees. */
  inbound_message: 0.022,
  /** AWS per message: Lambda, Step Functions, DynamoDB, S3 and the rest ($0.44 per 1,000). */
  aws_per_message: 0.00044,
  /** OpenAI transcription per minute of audio (gpt-4o-mini-transcribe). */
  openai_per_audio_minute: 0.003,
  /** OpenAI summary tokens per million (gpt-4o-mini). */
  openai_per_million_input_tokens: 0.15,
  openai_per_million_output_tokens: 0.6,
  /** A minute of a forwarded call received (Twilio's US local inbound voice, billed per started minute). */
  voice_minute: 0.0085,
  /** A month of one forwarding number (Twilio's US local number rental). */
  phone_number_month: 1.15,
} as const;
export type UnitPrices = { -readonly [K in keyof typeof DEFAULT_UNIT_PRICES]: number };

const priceError = 'Enter a price in US dollars from 0 to 100, for example 0.0113.';
const price = z.number({ error: priceError }).min(0, { error: priceError }).max(100, { error: priceError });

/** The prices as Settings stores them; rows saved before prices existed get the defaults. */
export const unitPricesSchema = z.object({
  sms_segment: price.default(DEFAULT_UNIT_PRICES.sms_segment),
  mms_message: price.default(DEFAULT_UNIT_PRICES.mms_message),
  inbound_message: price.default(DEFAULT_UNIT_PRICES.inbound_message),
  aws_per_message: price.default(DEFAULT_UNIT_PRICES.aws_per_message),
  openai_per_audio_minute: price.default(DEFAULT_UNIT_PRICES.openai_per_audio_minute),
  openai_per_million_input_tokens: price.default(DEFAULT_UNIT_PRICES.openai_per_million_input_tokens),
  openai_per_million_output_tokens: price.default(DEFAULT_UNIT_PRICES.openai_per_million_output_tokens),
  voice_minute: price.default(DEFAULT_UNIT_PRICES.voice_minute),
  phone_number_month: price.default(DEFAULT_UNIT_PRICES.phone_number_month),
});

/** PUT /api/settings: any of the prices; those left out keep their value. */
export const unitPricesUpdateSchema = z.strictObject({
  sms_segment: price.optional(),
  mms_message: price.optional(),
  inbound_message: price.optional(),
  aws_per_message: price.optional(),
  openai_per_audio_minute: price.optional(),
  openai_per_million_input_tokens: price.optional(),
  openai_per_million_output_tokens: price.optional(),
  voice_minute: price.optional(),
  phone_number_month: price.optional(),
});

/** What a price is for, in the operator's words (Settings labels, the chart's summary). */
export const UNIT_PRICE_LABELS: Record<keyof UnitPrices, string> = {
  sms_segment: 'SMS segment sent',
  mms_message: 'MMS sent (cards attached)',
  inbound_message: 'Voice message received by MMS',
  aws_per_message: 'AWS per message',
  openai_per_audio_minute: 'OpenAI transcription, per minute',
  openai_per_million_input_tokens: 'OpenAI input, per million tokens',
  openai_per_million_output_tokens: 'OpenAI output, per million tokens',
  voice_minute: 'Forwarded call, per minute',
  phone_number_month: 'Forwarding number, per month',
};

/** What a run or a day used, in the units prices apply to. */
export type Billable = {
  readonly received: number;
  readonly received_sms: number;
  readonly segments: number;
  /** Texts sent as MMS (with attachments): each billed as one MMS, not by its segments. */
  readonly mms_sent: number;
  readonly openai_audio_seconds: number;
  readonly openai_input_tokens: number;
  readonly openai_output_tokens: number;
  /** Forwarded calls' minutes, each call rounded up to a whole minute as Twilio bills them (a day's usage). */
  readonly call_minutes?: number;
  /** Forwarding numbers held, one a day each (a day's usage): a month's rental spread over 30 days. */
  readonly number_days?: number;
};

/** A number's monthly rental is spread over this many days. */
const DAYS_A_MONTH = 30;

/** The estimated cost in US dollars, rounded to a hundredth of a cent. */
export function estimateCost(used: Billable, prices: UnitPrices): number {
  const dollars =
    used.received * prices.aws_per_message +
    used.received_sms * prices.inbound_message +
    used.segments * prices.sms_segment +
    used.mms_sent * prices.mms_message +
    (used.openai_audio_seconds / 60) * prices.openai_per_audio_minute +
    (used.openai_input_tokens / 1e6) * prices.openai_per_million_input_tokens +
    (used.openai_output_tokens / 1e6) * prices.openai_per_million_output_tokens +
    (used.call_minutes ?? 0) * prices.voice_minute +
    ((used.number_days ?? 0) * prices.phone_number_month) / DAYS_A_MONTH;
  return Math.round(dollars * 10_000) / 10_000;
}

/**
 * The SMS segments one MMS counts as in the outbound gate's caps and budget (which are in segments): as many
 * as its price buys at the segment price, rounded up, at least one. At the defaults ($0.022 against $0.0113)
 * an MMS counts as 2 segments.
 */
export function mmsSegments(prices: Pick<UnitPrices, 'mms_message' | 'sms_segment'>): number {
  if (prices.sms_segment <= 0) return 1;
  // A hundredth of a cent's rounding, so a price that is exactly n segments' counts as n, not n + 1.
  return Math.max(1, Math.ceil(prices.mms_message / prices.sms_segment - 1e-9));
}
