/**
 * The texts the service sends. Every body is GSM-7 safe where our own wording is concerned (a curly quote
 * would double the cost of a message) and at most 1,600 characters, Twilio's limit.
 *
 * The reply to a voice message, as a phone shows it:
 *
 *     Acme Voice summary: John from Acme Plumbing about your water heater. Call him back.
 *     Call back: (555) 123-4567, after 3 pm tomorrow
 *     [possibly unreliable]
 *
 *     Transcript (1/2): hi this is john from acme plumbing ...
 *     Transcript (2/2): ... thanks
 *
 * - The summary always comes first, in a message of its own, headed "<service> summary:" (or "Summary:";
 *   a name that ends in "summary", such as "Voice Summary", is not followed by a second one).
 * - "Call back:" is added when the summary has a callback number or time that its text does not already
 *   show; 10-digit US numbers are written (415) 555-0132.
 * - Each warning (at most three) follows on its own line in brackets.
 * - In full mode the transcript follows, "Transcript: ..." when it fits in one message, else numbered
 *   "Transcript (1/3): ..."; at most MAX_TRANSCRIPT_MESSAGES messages, the last then says the rest was cut.
 *   An empty transcript is sent as "Transcript: (empty - no speech was recognized)".
 */

import { ACCEPTED_FORMATS_TEXT } from './audio-format';
import type { ReplyMode } from './schemas';
import { SMS_MAX_CHARS, splitForSms, toGsmSafe, truncateAtWord } from './sms-text';
import type { VoiceSummary } from './summary';
import { checkedAgainstTranscript } from './summary-check';

/** What the reply to a voice message is made of. */
export type ReplyInput = {
  readonly mode: ReplyMode;
  readonly summary: VoiceSummary;
  readonly transcript: string;
  readonly serviceName?: string;
  readonly warnings?: readonly string[];
  /** The `/m/<code>` link to the whole message, the first message's last line. */
  readonly link?: string;
};

/** A long transcript costs 11 segments per message: ten messages (about 15 minutes of speech) is the cap. */
export const MAX_TRANSCRIPT_MESSAGES = 10;

/** Ends the last transcript message when the cap drops the rest. */
export const TRANSCRIPT_CUT_NOTE = ' [transcript cut: too long for text messages]';

/** What the transcript message says when nothing was recognized. */
export const EMPTY_TRANSCRIPT_TEXT = 'Transcript: (empty - no speech was recognized)';

/** A warning (or callback line) longer than this is shortened: it is a note, not a second summary. */
const WARNING_MAX_CHARS = 160;

/** At most this many warnings, so the summary keeps most of its message. */
const MAX_WARNINGS = 3;

/** Service names are shortened to this so the fixed texts stay within their limits. */
const SERVICE_NAME_MAX_CHARS = 40;

function cleanServiceName(serviceName: string | undefined): string | null {
  if (serviceName === undefined) return null;
  const name = toGsmSafe(serviceName).replace(/\s+/g, ' ').trim();
  return name === '' ? null : truncateAtWord(name, SERVICE_NAME_MAX_CHARS, '');
}

/** US numbers (10 digits, or 11 with the leading 1) as people write them; anything else as given. */
export function formatCallbackNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length === 10) return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
  if (national.length === 7 && number.replace(/[\d\s().-]/g, '') === '') {
    return `${national.slice(0, 3)}-${national.slice(3)}`;
  }
  return number.trim();
}

/** The "Call back:" line, or null when there is nothing the summary text does not already say. */
function callbackLine(summary: VoiceSummary): string | null {
  const text = summary.summary.toLowerCase().replace(/\s+/g, ' ');
  const textDigits = text.replace(/\D/g, '');
  const parts: string[] = [];

  const number = summary.callback_number?.trim();
  if (number) {
    const digits = number.replace(/\D/g, '');
    const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
    const shown = national.length > 0 && textDigits.includes(national);
    if (!shown) parts.push(formatCallbackNumber(number));
  }
  const time = summary.callback_time?.trim().replace(/\s+/g, ' ');
  if (time && !text.includes(time.toLowerCase())) parts.push(time);

  return parts.length === 0 ? null : `Call back: ${parts.join(', ')}`;
}

/** The first message: the summary, the callback line and the warnings, within 1,600 characters. */
function summaryMessage(input: ReplyInput): string {
  const name = cleanServiceName(input.serviceName);
  // "Voice Summary summary:" says it twice: a name that already ends in "summary" is the heading as it is.
  const heading = name === null ? 'Summary: ' : /\bsummary$/i.test(name) ? `${name}: ` : `${name} summary: `;
  const callback = callbackLine(input.summary);
  const warnings = (input.warnings ?? [])
    .map((warning) => toGsmSafe(warning).replace(/\s+/g, ' ').trim())
    .filter((warning) => warning !== '')
    .slice(0, MAX_WARNINGS)
    .map((warning) => `[${truncateAtWord(warning, WARNING_MAX_CHARS - 2)}]`);
  const trailer = [
    callback === null ? null : truncateAtWord(toGsmSafe(callback), WARNING_MAX_CHARS),
    ...warnings,
    input.link ?? null,
  ]
    .filter((line): line is string => line !== null)
    .map((line) => `\n${line}`)
    .join('');

  const summaryText = toGsmSafe(input.summary.summary).trim() || 'No summary available.';
  const room = SMS_MAX_CHARS - heading.length - trailer.length;
  const message = `${heading}${truncateAtWord(summaryText, room)}${trailer}`;
  return message;
}

/** The SMS bodies replying to a voice message, in sending order: the summary, then (full mode) the transcript. */
export function composeReply(input: ReplyInput): string[] {
  // Only numbers and times the caller said reach the sender (a voicemail can try to plant one).
  const messages = [
    summaryMessage({ ...input, summary: checkedAgainstTranscript(input.summary, input.transcript) }),
  ];
  if (input.mode === 'summary_only') return messages;

  const transcript = toGsmSafe(input.transcript).trim();
  if (transcript === '') return [...messages, EMPTY_TRANSCRIPT_TEXT];
  const parts = splitForSms(transcript, {
    maxChars: SMS_MAX_CHARS,
    label: 'Transcript',
    maxParts: MAX_TRANSCRIPT_MESSAGES,
    overflowNote: TRANSCRIPT_CUT_NOTE,
  });
  return [...messages, ...parts];
}

/** Why a voice message could not be turned into a summary, as the sender is told. */
export type FailureReason =
  | 'unsupported-media'
  | 'too-large'
  | 'too-long'
  | 'no-speech'
  | 'not-english'
  | 'unclear'
  | 'download-failed'
  | 'internal';

const FAILURE_DETAIL: Readonly<Record<FailureReason, string>> = {
  'unsupported-media': 'the file is not audio we can read. Try MP3, M4A, WAV or AMR.',
  'too-large': 'the file is over 25 MB. Please send a shorter recording.',
  'too-long': 'it is longer than we transcribe. Please send a shorter recording.',
  'no-speech': 'we could not hear any speech in it.',
  'not-english':
    'it seems to be in another language; without cloud transcription we understand English only.',
  unclear: 'we could not make out the words reliably. Please try again, speaking clearly.',
  'download-failed': 'we could not download it. Please send it again.',
  internal: 'something went wrong on our side. Please try again later.',
};

/** One GSM-7 segment: a failure notice never costs more than one message. */
const FAILURE_NOTICE_MAX_CHARS = 160;

/** Fixed texts stay within two GSM-7 segments. */
const FIXED_TEXT_MAX_CHARS = 320;

/** The first candidate within `max` characters; the last one shortened when none fits. */
function firstThatFits(candidates: readonly string[], max: number): string {
  for (const candidate of candidates) if (candidate.length <= max) return candidate;
  return truncateAtWord(candidates.at(-1) ?? '', max);
}

/** A one-segment SMS (at most 160 GSM-7 characters) telling the sender their voice message could not be processed and why. */
export function composeFailureNotice(reason: FailureReason, serviceName?: string): string {
  const name = cleanServiceName(serviceName);
  const body = `Sorry, your voice message could not be processed: ${FAILURE_DETAIL[reason]}`;
  return firstThatFits(name === null ? [body] : [`${name}: ${body}`, body], FAILURE_NOTICE_MAX_CHARS);
}

const RATES_AND_KEYWORDS = 'Msg & data rates may apply. Reply STOP to opt out, HELP for help.';

/** The answer to HELP: what the service does, where to get support, rates, STOP and HELP (at most 320 characters). */
export function HELP_TEXT(serviceName: string, contactEmail: string): string {
  const name = cleanServiceName(serviceName) ?? 'Voice summary';
  const email = toGsmSafe(contactEmail).trim();
  return firstThatFits(
    [
      `${name}: forward a voice message or audio file to this number and get a text back with a summary and the transcript. Support: ${email}. Msg frequency varies. ${RATES_AND_KEYWORDS}`,
      `${name}: voice message summaries by text. Support: ${email}. ${RATES_AND_KEYWORDS}`,
      `${name}: voice message summaries by text. ${RATES_AND_KEYWORDS}`,
    ],
    FIXED_TEXT_MAX_CHARS,
  );
}

/** How to use the service, sent when someone texts words instead of audio (at most 320 characters). */
export function USAGE_TEXT(serviceName: string): string {
  const name = cleanServiceName(serviceName) ?? 'Voice summary';
  return firstThatFits(
    [
      `${name}: to get a summary and transcript, forward a voice message or send an audio file to this number. ${RATES_AND_KEYWORDS}`,
    ],
    FIXED_TEXT_MAX_CHARS,
  );
}

/** Sent when the attachment is not audio we can read: the formats that work and the size limit. */
export const UNSUPPORTED_MEDIA_TEXT = `Sorry, that attachment is not audio we can read. Send a voice message or audio file: ${ACCEPTED_FORMATS_TEXT}, up to 25 MB. Reply HELP for help.`;

/** The one message sent after STOP: confirms the opt-out and how to undo it, nothing else. */
export const OPT_OUT_CONFIRMATION =
  'You are unsubscribed and will get no more messages from this number. Reply START to resubscribe.';

/** Sent after START: confirms the subscription with frequency, rates, STOP and HELP. */
export const OPT_IN_CONFIRMATION = `You are subscribed again: forward a voice message to this number to get a summary and transcript back. Msg frequency varies. ${RATES_AND_KEYWORDS}`;

/** "1 voice message", "20 voice messages": the daily limit is a setting and may be 1. */
export const voiceMessages = (count: number) => `${count} voice message${count === 1 ? '' : 's'}`;

/**
 * Sent (once a day) when a number has sent more voice messages today than the daily limit: the new ones are
 * kept on the dashboard but not transcribed.
 */
export function VOICE_LIMIT_TEXT(serviceName: string, perDay: number): string {
  const name = cleanServiceName(serviceName) ?? 'Voice summary';
  return firstThatFits(
    [
      `${name}: this number has reached today's limit of ${voiceMessages(perDay)}, so new ones are not transcribed until tomorrow (midnight UTC). Reply HELP for help.`,
      `${name}: this number has reached today's limit of ${voiceMessages(perDay)}. Try again tomorrow.`,
    ],
    FIXED_TEXT_MAX_CHARS,
  );
}

/** The answer to DELETE: what was erased (or that there was nothing to erase). */
export function DELETED_TEXT(serviceName: string, count: number): string {
  const name = cleanServiceName(serviceName) ?? 'Voice summary';
  const what =
    count === 0
      ? 'we hold no voice messages from this number.'
      : count === 1
        ? 'we deleted the voice message you sent us, with its audio, transcript and summary.'
        : `we deleted the ${count} voice messages you sent us, with their audio, transcripts and summaries.`;
  return firstThatFits([`${name}: ${what} ${RATES_AND_KEYWORDS}`, `${name}: ${what}`], FIXED_TEXT_MAX_CHARS);
}
