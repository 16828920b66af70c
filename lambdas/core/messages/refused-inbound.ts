/**
 * What arrives at the number that is not a voice message (issue 26): an attachment that is not audio (a
 * picture, a video, a file), a text that is no command, and anything but START from a number that opted out.
 * Each is kept on the record as a failed message that nothing processes or retries, with `refusal` saying
 * what came in, why it was refused and what we answered; one record a number a UTC day a reason counts the
 * repeats, so a chatty number cannot flood the list. Kept minimal: the attachments' declared types, never
 * their bytes; the start of a text, never a text from a number that opted out. Pure and free of zod (the
 * privacy policy reads the limit; the record's schema is core/messages/refused-inbound-schema.ts): the webhook writes
 * these fields, the dashboard (and the CSV) reads them with the words below.
 */
/** What came in: attachments that were not audio (with or without a text), or a text alone. */
export const REFUSED_KINDS = ['attachment', 'text'] as const;
export type RefusedKind = (typeof REFUSED_KINDS)[number];

/** Why it was refused. */
export const REFUSAL_REASONS = ['not-audio', 'not-a-command', 'opted-out'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** What History filters by: voice messages (every message without a `refusal`), or one kind of refused thing. */
export const MESSAGE_KINDS = ['voice', ...REFUSED_KINDS] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The most of a refused text kept: one SMS segment's worth, enough to tell a mistyped command from a question. */
export const REFUSED_TEXT_MAX = 160;
/** The most attachment types kept on one record (Twilio sends at most 10 attachments a message). */
export const REFUSED_TYPES_MAX = 10;
/** The longest attachment type kept (`image/jpeg`); a longer one is kept as `unknown`. */
export const REFUSED_TYPE_MAX = 100;

/** What kind of thing a message is: `voice` unless it records something refused. */
export function messageKind(message: {
  readonly refusal?: { readonly kind: RefusedKind } | undefined;
}): MessageKind {
  return message.refusal?.kind ?? 'voice';
}

/** Why it was refused, in the operator's words: the record's `error_message`, before any note on the answer. */
export const REFUSAL_WORDS: Readonly<Record<RefusalReason, string>> = {
  'not-audio':
    'Not a voice message: an attachment that is not audio (a picture, a video, a file) has nothing to transcribe.',
  'not-a-command':
    'A text that is not a command (HELP, STOP, LANG...): there is nothing to transcribe or do.',
  'opted-out':
    'This number opted out (STOP): nothing it sends is answered or processed until it texts START.',
};

/** Unicode's control characters and bidirectional controls: a text shown on the dashboard keeps neither. */
const CONTROLS = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** The part of a refused text that is kept: whitespace as single spaces, at most 160 characters; null for none. */
export function refusedTextExcerpt(body: string | null | undefined): string | null {
  const text = (body ?? '').replace(/\s+/g, ' ').replace(CONTROLS, '').trim();
  if (text === '') return null;
  const characters = Array.from(text);
  return characters.length <= REFUSED_TEXT_MAX
    ? text
    : `${characters.slice(0, REFUSED_TEXT_MAX).join('').trimEnd()}…`;
}

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,40}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,56}$/;

/** An attachment's declared type as kept: `image/jpeg` (parameters dropped), or `unknown` for anything else. */
export function refusedContentType(declared: string | null): string {
  const type = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  return MIME_TYPE.test(type) ? type : 'unknown';
}

/** The types of two records together, each once, at most ten. */
export function mergeContentTypes(kept: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...kept, ...added])].slice(0, REFUSED_TYPES_MAX);
}

/** An attachment type in words: "a voice message" (from a number that opted out), "a picture", "a video", "a contact card", "a file". */
function typeWord(type: string): string {
  if (type.startsWith('audio/')) return 'voice message';
  if (type.startsWith('image/')) return 'picture';
  if (type.startsWith('video/')) return 'video';
  if (/^text\/(x-)?vcard$/.test(type)) return 'contact card';
  return 'file';
}

/** What the words of a record are made of (its `refusal`, core/messages/refused-inbound-schema.ts). */
type ReceivedFacts = {
  readonly kind: RefusedKind;
  readonly content_types: readonly string[];
  readonly text: string | null;
  readonly count: number;
};

/** "a, b and c". */
function listWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * What came in, for the card's "Received" line: `a picture (image/jpeg)`, `a picture and a video (image/png,
 * video/mp4) with the text “look”`, `a text: “hello there”`, `a text` (none kept); a record of repeats
 * says how many and shows the latest text: `a text, 3 times that day; the latest: “are you there?”`.
 */
export function receivedWords(refusal: ReceivedFacts): string {
  const types = refusal.content_types;
  const things =
    refusal.kind === 'text'
      ? 'a text'
      : `${listWords([...new Set(types.map(typeWord))].map((w) => `a ${w}`)) || 'an attachment'} (${types.join(', ') || 'type unknown'})`;
  const quoted = refusal.text === null ? null : `“${refusal.text}”`;
  if (refusal.count > 1) {
    return `${things}, ${refusal.count} times that day${quoted ? `; the latest${refusal.kind === 'text' ? '' : ' text'}: ${quoted}` : ''}`;
  }
  if (!quoted) return things;
  return refusal.kind === 'text' ? `${things}: ${quoted}` : `${things} with the text ${quoted}`;
}
