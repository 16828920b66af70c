/**
 * The reply to a voice message, as a phone shows it:
 *
 *     Acme Voice summary: John from Acme Plumbing about your water heater. Call him back.
 *     Call back: (555) 123-4567, after 3 pm tomorrow
 *     [possibly unreliable]
 *
 *     Transcript (1/2): hi this is john from acme plumbing ...
 *     Transcript (2/2): ... thanks
 *
 * - The summary always comes first, in a message of its own of at most two segments, headed "<service>
 *   summary:" (or "Summary:"; a name that ends in "summary", such as "Voice Summary", is not followed by a
 *   second one). A link to the whole message, when there is one, is its last line.
 * - A voicemail short enough to text whole is sent once, in that first message, as "<service>, whole
 *   message: ..." with the callback line under it: never a summary and then the same words again (unless
 *   the summary is a translation the sender asked for).
 * - "Call back:" is added when the summary has a callback number or time that its text does not already
 *   show; 10-digit US numbers are written (415) 555-0132. A number the caller said that the checks did not
 *   pass (core/facts/stated-summary.ts) is not written: "Number unclear, listen at 0:42" says where it was said, and
 *   the link opens the message at that moment (`#t=42`).
 * - Each warning (at most three) follows on its own line in brackets.
 * - In full mode the transcript follows, "Transcript: ..." when it fits in one message, else numbered
 *   "Transcript (1/3): ..."; at most MAX_TRANSCRIPT_MESSAGES messages, the last then says the rest was cut.
 *   An empty transcript is sent as "Transcript: (empty - no speech was recognized)".
 * - In a texted transcript, a name, number, amount, time, day or date the checks did not pass is followed
 *   by "(?)": the text shows what the engine heard, and that it may be wrong.
 * - An urgent message's first text starts "URGENT: " (issue 25); a likely-spam one gets one line instead of
 *   the summary and transcript, "Likely a scam: asks for payment by gift card. Reply FULL for the transcript."
 *   (and the link): no callback line, no contact card, no event (issue 31). Its reason is one of the rules'
 *   fixed reasons or none, never a model's words.
 */

import type { StatedFacts, VoiceSummary } from '#core/facts/summary';
import { checkedAgainstTranscript } from '#core/facts/summary-check';
import type { ReplyMode } from '#core/messages/message';
import { momentFragment, momentLabel } from '#core/messages/message-moment';
import { transcriptTokens } from '#core/transcripts/heard-transcript';
import { lowQualityKhz, POSSIBLY_UNRELIABLE } from '#core/transcripts/transcript-warnings';
import { textedReason } from '#core/urgency/texted-reasons';
import type { Urgency } from '#core/urgency/urgency-schema';
import { spamKind } from '#core/urgency/urgency-spam-reasons';
import { fixedTexts, type TextLanguage } from './catalogue';
import type { FixedTexts } from './fixed-texts';
import { formatCallbackNumber } from './phone-format';
import {
  longestWithinSegments,
  SMS_MAX_CHARS,
  segmentCount,
  shortenKeepingFacts,
  splitForSms,
  toGsmSafe,
  truncateAtWord,
} from './sms-text';

/** What the reply to a voice message is made of. */
export type ReplyInput = {
  readonly mode: ReplyMode;
  readonly summary: VoiceSummary;
  readonly transcript: string;
  readonly serviceName?: string;
  readonly warnings?: readonly string[];
  /** A link to the whole message: the first message's own last line, never shortened. */
  readonly link?: string;
  /** The language of the fixed words around the summary (core/texts/catalogue.ts). @default 'en' */
  readonly language?: TextLanguage;
  /** What the fact checks decided (core/facts/stated-summary.ts); absent for a message from before them. */
  readonly facts?: StatedFacts | null;
  /**
   * The summary is in another language than the transcript (the sender's LANG): the transcript cannot stand
   * in for it, however short. @default false
   */
  readonly translated?: boolean;
  /** How pressing the message is (core/urgency/urgency.ts): urgent heads the first text, likely spam replaces it. */
  readonly urgency?: Pick<Urgency, 'level' | 'reason'> | null;
  /** A forwarded call's caller ID (issue 33): the callback as fact. Absent: not a call. */
  readonly caller?: CallerId;
};

/**
 * The caller of a forwarded call as the network gave it (issue 33): their E.164 number, or null when the
 * caller ID was withheld ("a private number").
 */
export type CallerId = { readonly number: string | null };

/** The caller ID of a message that came from a forwarded call; undefined for any other. */
export function callerIdOf(message: {
  readonly source?: string | undefined;
  readonly caller_number?: string | null | undefined;
}): CallerId | undefined {
  return message.source === 'call' ? { number: message.caller_number ?? null } : undefined;
}

/** A number's national digits (a US number without its leading 1), to tell two numbers apart. */
const nationalDigits = (number: string) => {
  const digits = number.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
};

/** A long transcript costs 11 segments per message: ten messages (about 15 minutes of speech) is the cap. */
export const MAX_TRANSCRIPT_MESSAGES = 10;

/** What the transcript message says when nothing was recognized. */
export const EMPTY_TRANSCRIPT_TEXT = fixedTexts('en').emptyTranscript;

/** The first message costs at most two segments: the gist, the callback line and the link on one screen. */
const FIRST_MESSAGE_MAX_SEGMENTS = 2;

/** Two GSM-7 segments of 153 characters each. */
export const FIRST_MESSAGE_MAX_CHARS = 306;

/** A warning longer than this is shortened: it is a note, not a second summary. */
const WARNING_MAX_CHARS = 80;

/** A callback line longer than this is shortened (a number and a time fit easily). */
const CALLBACK_MAX_CHARS = 100;

/** A warning is left out rather than leave the summary less room than this. */
const MIN_SUMMARY_CHARS = 80;

/** At most this many warnings, so the summary keeps most of its message. */
const MAX_WARNINGS = 3;

/** Service names are shortened to this so the fixed texts stay within their limits. */
const SERVICE_NAME_MAX_CHARS = 40;

/** What marks a doubtful fact in a texted transcript. */
export const DOUBT_MARK = '(?)';

export function cleanServiceName(serviceName: string | undefined): string | null {
  if (serviceName === undefined) return null;
  const name = toGsmSafe(serviceName).replace(/\s+/g, ' ').trim();
  return name === '' ? null : truncateAtWord(name, SERVICE_NAME_MAX_CHARS, '');
}

/**
 * The "Call back:" line, or null when there is nothing `shown` (the text above it) does not already say. A
 * forwarded call's caller ID comes first, always, as fact (issue 33); a number said in the message follows
 * when it is another one. A withheld caller ID is "From a private number", on a line of its own.
 */
function callbackLine(
  summary: VoiceSummary,
  shown: string,
  texts: FixedTexts,
  caller?: CallerId,
): string | null {
  const text = shown.toLowerCase().replace(/\s+/g, ' ');
  const textDigits = text.replace(/\D/g, '');
  const parts: string[] = [];
  const callerNumber = caller?.number ?? null;
  if (callerNumber !== null) parts.push(formatCallbackNumber(callerNumber));

  const number = summary.callback_number?.trim();
  if (number) {
    const national = nationalDigits(number);
    const inText = national.length > 0 && textDigits.includes(national);
    const isCaller = callerNumber !== null && nationalDigits(callerNumber) === national;
    if (!inText && !isCaller) parts.push(formatCallbackNumber(number));
  }
  const time = summary.callback_time?.trim().replace(/\s+/g, ' ');
  if (time && !text.includes(time.toLowerCase())) parts.push(time);

  const line = parts.length === 0 ? null : `${texts.callBack}: ${parts.join(', ')}`;
  if (caller && callerNumber === null)
    return line === null ? texts.fromPrivateNumber : `${texts.fromPrivateNumber}\n${line}`;
  return line;
}

/** The "Call back:" line as the sender gets it (only what the caller said, and a call's caller ID), for the operator's card. */
export function checkedCallbackLine(
  summary: VoiceSummary,
  transcript: string,
  caller?: CallerId,
): string | null {
  const checked = checkedAgainstTranscript(summary, transcript);
  return callbackLine(checked, checked.summary, fixedTexts('en'), caller);
}

/** The lines under the gist, in order: callback, unclear number, warnings (as room allows), link. */
function trailerLines(input: ReplyInput, shown: string, texts: FixedTexts, room: number): string {
  const callback = callbackLine(input.summary, shown, texts, input.caller);
  const unclear = input.facts?.number_unclear ?? null;
  const at = unclear?.at ?? null;
  let trailer = callback === null ? '' : `\n${truncateAtWord(toGsmSafe(callback), CALLBACK_MAX_CHARS)}`;
  if (unclear !== null) trailer += `\n${texts.numberUnclear(at === null ? null : momentLabel(at))}`;
  // The link opens the message where the unclear number was said.
  const url = input.link?.trim() ? `${input.link.trim()}${at === null ? '' : momentFragment(at)}` : '';
  const link = url === '' ? '' : `\n${url}`;
  const warnings = (input.warnings ?? [])
    .map((warning) => toGsmSafe(localizedWarning(warning, texts)).replace(/\s+/g, ' ').trim())
    .filter((warning) => warning !== '')
    .slice(0, MAX_WARNINGS)
    .map((warning) => `\n[${truncateAtWord(warning, WARNING_MAX_CHARS - 2)}]`);
  for (const warning of warnings) {
    if (trailer.length + warning.length + link.length <= room) trailer += warning;
  }
  return trailer + link;
}

/**
 * The transcript as texted: "(?)" after each fact the checks did not pass, before its punctuation, and after
 * each capitalised word of one (a name's, a business's): "Wake Side Dental(?)" read as doubting only "Dental"
 * and stated "Wake Side" as the dentist's name (issue 32); it reads "Wake(?) Side(?) Dental(?)".
 */
export function markedTranscript(transcript: string, facts: StatedFacts | null | undefined): string {
  const spans = facts?.unsure ?? [];
  if (spans.length === 0) return transcript;
  const tokens = transcriptTokens(transcript);
  const marked = new Set<number>();
  for (const [start, end] of spans) {
    marked.add(end - 1);
    for (let index = start; index < end - 1; index++) {
      if (/^\p{Lu}/u.test(tokens[index] ?? '') && !/^(?:Dr|Mr|Mrs|Ms|St)\.?$/.test(tokens[index] ?? '')) {
        marked.add(index);
      }
    }
  }
  return tokens
    .map((word, index) => (marked.has(index) ? word.replace(/([.,;:!?"')]*)$/, `${DOUBT_MARK}$1`) : word))
    .join(' ');
}

/**
 * The first message: the summary, the callback line, the warnings and the link, within two GSM-7 segments
 * (306 characters; fewer when a character outside GSM-7 makes it UCS-2). The heading, the callback line and
 * the link always stay whole; the warnings come next while the summary keeps room to say something; the
 * summary gets the rest, shortened by whole sentences (those with the fewest facts first), else at a word.
 */
function summaryMessage(input: ReplyInput): string {
  const texts = fixedTexts(input.language);
  const heading = urgentMark(input, texts) + texts.summaryHeading(cleanServiceName(input.serviceName));
  const room = FIRST_MESSAGE_MAX_CHARS - heading.length - MIN_SUMMARY_CHARS;
  const trailer = trailerLines(input, input.summary.summary, texts, room);
  const summaryText = toGsmSafe(input.summary.summary).replace(/\s+/g, ' ').trim() || texts.noSummary;
  return longestWithinSegments(
    (space) => `${heading}${shortenKeepingFacts(summaryText, space, callerLead(input.summary))}${trailer}`,
    Math.max(0, FIRST_MESSAGE_MAX_CHARS - heading.length - trailer.length),
    FIRST_MESSAGE_MAX_SEGMENTS,
  );
}

/**
 * Who called as the summary leads with them ("Mike from Reliable Plumbing: "), when the summary keeps it; or
 * as the first text leads with them doubted ("Donna(?) from Staffing(?): ", core/facts/stated-summary.ts),
 * which shortening must keep whole too: its "(?)" read as a sentence's end, and "Donna(?)" was cut as the
 * least worth keeping, leaving "from Staffing(?): ..." (issue 32).
 */
function callerLead(summary: VoiceSummary): string {
  const caller = 'caller' in summary ? summary.caller : null;
  if (typeof caller === 'string' && caller.trim() !== '') return `${toGsmSafe(caller).trim()}: `;
  const text = toGsmSafe(summary.summary).replace(/\s+/g, ' ').trim();
  const colon = text.indexOf(': ');
  const lead = colon < 0 ? '' : text.slice(0, colon);
  // A lead is short and one clause ("Dr. Patel(?) from Lakeside Dental"), not a sentence that held a colon.
  const clause = lead.replaceAll(DOUBT_MARK, '').replace(/\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|St|Rev)\. /g, '');
  const leads = lead.includes(DOUBT_MARK) && lead.length <= 100 && !/[.!?]/.test(clause);
  return leads ? `${lead}: ` : '';
}

/** The whole voicemail in the first message, when it fits there with everything under it; else null. */
function wholeMessage(input: ReplyInput): string | null {
  const texts = fixedTexts(input.language);
  const body = toGsmSafe(markedTranscript(input.transcript, input.facts)).trim();
  if (body === '') return null;
  const heading = urgentMark(input, texts) + texts.wholeMessageHeading(cleanServiceName(input.serviceName));
  const trailer = trailerLines(input, body, texts, Number.POSITIVE_INFINITY);
  const message = `${heading}${body}${trailer}`;
  const fits =
    message.length <= FIRST_MESSAGE_MAX_CHARS && segmentCount(message) <= FIRST_MESSAGE_MAX_SEGMENTS;
  return fits ? message : null;
}

/** What opens an urgent message's first text: "URGENT: "; nothing for any other. */
const urgentMark = (input: ReplyInput, texts: FixedTexts) =>
  input.urgency?.level === 'urgent' ? texts.urgentPrefix : '';

/**
 * The one text of a likely-spam message: what it likely is and why, FULL for the transcript, and the link
 * (one segment with the link, two at most).
 */
function likelySpamMessage(input: ReplyInput): string {
  const texts = fixedTexts(input.language);
  // Fixed words only (issue 31): the rules' reasons, never a model's free text.
  const reason = textedReason(input.urgency?.reason);
  const line = texts.likelySpam(reason === null ? 'other' : spamKind(reason), reason);
  const link = input.link?.trim() ? `\n${input.link.trim()}` : '';
  return `${truncateAtWord(line, FIRST_MESSAGE_MAX_CHARS - link.length)}${link}`;
}

/**
 * The SMS bodies replying to a voice message, in sending order: the whole message when it fits in the first
 * text; else the summary, then (full mode) the transcript. A likely-spam message gets its one line only,
 * whatever the mode: FULL still sends its transcript.
 */
export function composeReply(input: ReplyInput): string[] {
  if (input.urgency?.level === 'likely_spam') return [likelySpamMessage(input)];
  // Only numbers and times the caller said reach the sender (a voicemail can try to plant one).
  const checked = { ...input, summary: checkedAgainstTranscript(input.summary, input.transcript) };
  const whole = input.translated ? null : wholeMessage(checked);
  if (whole !== null) return [whole];
  const messages = [summaryMessage(checked)];
  if (input.mode === 'summary_only') return messages;
  return [...messages, ...composeTranscriptTexts(input.transcript, input.language, input.facts)];
}

/** A warning the pipeline recorded (in English), in the sender's language when the catalogue has it. */
function localizedWarning(warning: string, texts: FixedTexts): string {
  if (warning === POSSIBLY_UNRELIABLE) return texts.possiblyUnreliable;
  const khz = lowQualityKhz(warning);
  return khz === null ? warning : texts.lowQuality(khz);
}

/**
 * The transcript alone as numbered texts (a full-mode reply, and FULL): "Transcript: ..." or "Transcript
 * (1/3): ...", at most MAX_TRANSCRIPT_MESSAGES, its doubtful facts marked "(?)".
 */
export function composeTranscriptTexts(
  transcript: string,
  language: TextLanguage = 'en',
  facts: StatedFacts | null = null,
): string[] {
  const texts = fixedTexts(language);
  const text = toGsmSafe(markedTranscript(transcript, facts)).trim();
  if (text === '') return [texts.emptyTranscript];
  return splitForSms(text, {
    maxChars: SMS_MAX_CHARS,
    label: texts.transcriptLabel,
    maxParts: MAX_TRANSCRIPT_MESSAGES,
    overflowNote: texts.transcriptCutNote,
  });
}
