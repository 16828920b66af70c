/**
 * The texts the service sends. Every body is GSM-7 safe where our own wording is concerned (a curly quote
 * would double the cost of a message) and at most 1,600 characters, Twilio's limit. The reply to a voice
 * message itself is composed in core/texts/voice-reply.ts.
 */

import type { ZoneSource } from '#core/cards/time-zones';
import { DELETE_CODE_MINUTES, DELETE_CODE_TRIES } from '#core/commands/delete';
import { HELP_LISTED } from '#core/commands/texted-commands';
import type { ReplyMode } from '#core/messages/message';
import { fixedTexts, type TextLanguage } from './catalogue';
import type { FailureReason, FixedTexts } from './fixed-texts';
import { formatCallbackNumber } from './phone-format';
import { toGsmSafe, truncateAtWord } from './sms-text';
import { cleanServiceName, FIRST_MESSAGE_MAX_CHARS } from './voice-reply';

export type { TextLanguage } from './catalogue';
export type { FailureReason } from './fixed-texts';
export {
  checkedCallbackLine,
  composeReply,
  composeTranscriptTexts,
  EMPTY_TRANSCRIPT_TEXT,
  FIRST_MESSAGE_MAX_CHARS,
  MAX_TRANSCRIPT_MESSAGES,
  type ReplyInput,
} from './voice-reply';
export { formatCallbackNumber };

/** One GSM-7 segment: a failure notice never costs more than one message. */
const FAILURE_NOTICE_MAX_CHARS = 160;

/** Fixed texts stay within two GSM-7 segments. */
const FIXED_TEXT_MAX_CHARS = 320;

/** HELP stays within two segments: 153 GSM-7 characters each once a text is split (its name and email are GSM-safe). */
const HELP_MAX_CHARS = 2 * 153;

/** The first candidate within `max` characters; the last one shortened when none fits. */
function firstThatFits(candidates: readonly string[], max: number): string {
  for (const candidate of candidates) if (candidate.length <= max) return candidate;
  return truncateAtWord(candidates.at(-1) ?? '', max);
}

/** A one-segment SMS (at most 160 GSM-7 characters) telling the sender their voice message could not be processed and why. */
export function composeFailureNotice(
  reason: FailureReason,
  serviceName?: string,
  language: TextLanguage = 'en',
): string {
  const texts = fixedTexts(language);
  const name = cleanServiceName(serviceName);
  const body = `${texts.failurePrefix}${texts.failureDetail[reason]}`;
  return firstThatFits(name === null ? [body] : [`${name}: ${body}`, body], FAILURE_NOTICE_MAX_CHARS);
}

/** The name fixed texts open with: the operator's, else the catalogue's. */
function nameFor(serviceName: string, texts: FixedTexts): string {
  return cleanServiceName(serviceName) ?? texts.defaultName;
}

/**
 * The answer to HELP: what the service does, the commands HELP lists (core/commands/texted-commands.ts), where
 * to get support, rates, STOP and HELP (at most two segments).
 */
export function HELP_TEXT(serviceName: string, contactEmail: string, language: TextLanguage = 'en'): string {
  const texts = fixedTexts(language);
  const email = toGsmSafe(contactEmail).trim();
  const listed = HELP_LISTED.map((command) => texts.helpCommands[command]);
  const explained = texts.help.commands(listed.map(({ words, does }) => (does ? `${words} ${does}` : words)));
  const named = texts.help.commands(
    listed.map(({ words, does, alwaysExplained }) => (alwaysExplained && does ? `${words} ${does}` : words)),
  );
  const { longDescription, description, frequency, closing } = texts.help;
  const support = texts.help.support(email);
  const name = `${nameFor(serviceName, texts)}:`;
  // Longest first. Past two segments the description goes first, then the commands' explanations (named by
  // their words alone); the support address, which carriers require in HELP, stays longest.
  const candidates = [
    [name, longDescription, explained, support, frequency, closing],
    [name, description, explained, support, closing],
    [name, explained, support, closing],
    [name, description, named, support, closing],
    [name, named, support, closing],
    [name, description, named, closing],
    [name, named, closing],
  ].map((parts) => parts.join(' '));
  return firstThatFits(candidates, HELP_MAX_CHARS);
}

/** How to use the service, sent when someone texts words instead of audio (at most 320 characters). */
export function USAGE_TEXT(serviceName: string, language: TextLanguage = 'en'): string {
  const texts = fixedTexts(language);
  return firstThatFits(texts.usage(nameFor(serviceName, texts)), FIXED_TEXT_MAX_CHARS);
}

/** Sent when the attachment is not audio we can read: the formats that work and the size limit. */
export const unsupportedMediaText = (language: TextLanguage = 'en') => fixedTexts(language).unsupportedMedia;
export const UNSUPPORTED_MEDIA_TEXT = unsupportedMediaText('en');

/**
 * The one message sent after an opt-out in the sender's own words: confirms it and how to undo it, nothing
 * else. English is the carrier-reviewed wording; a sender who chose Spanish gets the same in Spanish.
 */
export const optOutConfirmation = (language: TextLanguage = 'en') => fixedTexts(language).optOutConfirmation;
export const OPT_OUT_CONFIRMATION = optOutConfirmation('en');

/** Sent after START: confirms the subscription with frequency, rates, STOP and HELP. */
export const optInConfirmation = (language: TextLanguage = 'en') => fixedTexts(language).optInConfirmation;
export const OPT_IN_CONFIRMATION = optInConfirmation('en');

/** "1 voice message", "20 voice messages": the daily limit is a setting and may be 1. */
export const voiceMessages = (count: number) => fixedTexts('en').voiceMessages(count);

/**
 * Sent (once a day) when a number has sent more voice messages today than the daily limit: the new ones are
 * kept on the dashboard but not transcribed.
 */
export function VOICE_LIMIT_TEXT(serviceName: string, perDay: number, language: TextLanguage = 'en'): string {
  const texts = fixedTexts(language);
  return firstThatFits(texts.voiceLimit(nameFor(serviceName, texts), perDay), FIXED_TEXT_MAX_CHARS);
}

/** The answer to a JOIN whose code confirmed nothing; it does not say why, so it helps no one guess. */
export function JOIN_NOT_CONFIRMED_TEXT(serviceName: string, language: TextLanguage = 'en'): string {
  const texts = fixedTexts(language);
  return firstThatFits(texts.joinNotConfirmed(nameFor(serviceName, texts)), FIXED_TEXT_MAX_CHARS);
}

/** The answer to the JOIN that confirmed a sign-up's SMS consent: name, purpose, frequency, rates, HELP, STOP. */
export function SMS_CONSENT_CONFIRMED_TEXT(serviceName: string, language: TextLanguage = 'en'): string {
  const texts = fixedTexts(language);
  return firstThatFits(texts.smsConsentConfirmed(nameFor(serviceName, texts)), FIXED_TEXT_MAX_CHARS);
}

/** What is said about a DELETE code: the code to reply with, a wrong code, or a code that no longer works. */
export type DeleteCodeAnswer =
  | { readonly kind: 'code'; readonly code: string }
  | { readonly kind: 'last-code'; readonly code: string }
  | { readonly kind: 'wrong' }
  | { readonly kind: 'invalid' };

/** The answer to DELETE alone (the code) or to DELETE with a code that erases nothing (at most 320 characters). */
export function DELETE_CODE_TEXT(
  serviceName: string,
  answer: DeleteCodeAnswer,
  language: TextLanguage = 'en',
): string {
  const texts = fixedTexts(language);
  const name = nameFor(serviceName, texts);
  const candidates =
    answer.kind === 'code'
      ? texts.deleteCode(name, answer.code, DELETE_CODE_MINUTES)
      : answer.kind === 'last-code'
        ? texts.deleteCodeLast(name, answer.code)
        : answer.kind === 'wrong'
          ? texts.deleteCodeWrong(name)
          : texts.deleteCodeInvalid(name, DELETE_CODE_MINUTES, DELETE_CODE_TRIES);
  return firstThatFits(candidates, FIXED_TEXT_MAX_CHARS);
}

/** The answer to DELETE with the right code: what was erased (or that there was nothing to erase). */
export function DELETED_TEXT(serviceName: string, count: number, language: TextLanguage = 'en'): string {
  const texts = fixedTexts(language);
  return firstThatFits(texts.deleted(nameFor(serviceName, texts), count), FIXED_TEXT_MAX_CHARS);
}

/** What a LANG command asks: set a language, show the current one, go back to automatic, or a code we do not know. */
export type LangAnswer =
  | { readonly kind: 'set'; readonly language: string }
  | { readonly kind: 'current'; readonly language: string | null }
  | { readonly kind: 'auto' }
  | { readonly kind: 'unknown' };

/** The answer to a LANG command, in `language` (at most 320 characters). */
export function LANG_TEXT(serviceName: string, answer: LangAnswer, language: TextLanguage = 'en'): string {
  const texts = fixedTexts(language);
  const name = nameFor(serviceName, texts);
  const candidates =
    answer.kind === 'set'
      ? texts.langSet(name, texts.languageLabel(answer.language))
      : answer.kind === 'current'
        ? texts.langCurrent(name, answer.language === null ? null : texts.languageLabel(answer.language))
        : answer.kind === 'auto'
          ? texts.langAuto(name)
          : texts.langUnknown(name);
  return firstThatFits(candidates, FIXED_TEXT_MAX_CHARS);
}

/** What a MODE command asks: set a mode, show the current one (`own`: the sender's choice), or not a mode. */
export type ModeAnswer =
  | { readonly kind: 'set'; readonly mode: ReplyMode }
  | { readonly kind: 'current'; readonly mode: ReplyMode; readonly own: boolean }
  | { readonly kind: 'unknown' };

/** The answer to a MODE command, in `language` (at most 320 characters). */
export function MODE_TEXT(serviceName: string, answer: ModeAnswer, language: TextLanguage = 'en'): string {
  const texts = fixedTexts(language);
  const name = nameFor(serviceName, texts);
  const candidates =
    answer.kind === 'set'
      ? texts.modeSet(name, answer.mode)
      : answer.kind === 'current'
        ? texts.modeCurrent(name, answer.mode, answer.own)
        : texts.modeUnknown(name);
  return firstThatFits(candidates, FIXED_TEXT_MAX_CHARS);
}

/** What a CARDS command asks: turn them on or off, show the current choice, or not a choice. */
export type CardsAnswer =
  | { readonly kind: 'set' | 'current'; readonly on: boolean }
  | { readonly kind: 'unknown' };

/** The answer to a CARDS command, in `language` (at most 320 characters). */
export function CARDS_TEXT(serviceName: string, answer: CardsAnswer, language: TextLanguage = 'en'): string {
  const texts = fixedTexts(language);
  const name = nameFor(serviceName, texts);
  const candidates =
    answer.kind === 'set'
      ? texts.cardsSet(name, answer.on)
      : answer.kind === 'current'
        ? texts.cardsCurrent(name, answer.on)
        : texts.cardsUnknown(name);
  return firstThatFits(candidates, FIXED_TEXT_MAX_CHARS);
}

/** What a SPELL command did: the list now (saved or listed), emptied it, or refused words past the limit. */
export type SpellAnswer =
  | { readonly kind: 'saved' | 'list'; readonly words: readonly string[] }
  | { readonly kind: 'cleared' }
  | { readonly kind: 'too-many'; readonly count: number };

/**
 * The answer to a SPELL command, in `language` (at most 320 characters): a list too long for the text is
 * shown from its start, ending in "...", with the count of all its words.
 */
export function SPELL_TEXT(
  serviceName: string,
  answer: SpellAnswer,
  max: number,
  language: TextLanguage = 'en',
): string {
  const texts = fixedTexts(language);
  const name = nameFor(serviceName, texts);
  if (answer.kind === 'cleared') return firstThatFits(texts.spellCleared(name), FIXED_TEXT_MAX_CHARS);
  if (answer.kind === 'too-many') {
    return firstThatFits(texts.spellTooMany(name, max, answer.count), FIXED_TEXT_MAX_CHARS);
  }
  const words = answer.words.map((word) => toGsmSafe(word));
  const candidates: string[] = [];
  for (let shown = words.length; shown >= 1; shown--) {
    const list = words.slice(0, shown).join(', ') + (shown < words.length ? ', ...' : '');
    candidates.push(
      ...(answer.kind === 'saved'
        ? texts.spellSaved(name, list, words.length, max)
        : texts.spellList(name, list, words.length)),
    );
  }
  if (candidates.length === 0) candidates.push(...texts.spellList(name, '', 0));
  // A list fills its text to the budget: two full segments (306), not the 320 the fixed wordings keep under.
  return firstThatFits(candidates, FIRST_MESSAGE_MAX_CHARS);
}

/** What a TZ command did: set a zone, showed the current one, went back to the area code's, or not a zone. */
export type TzAnswer =
  | { readonly kind: 'set'; readonly zone: string }
  | { readonly kind: 'current' | 'auto'; readonly zone: string; readonly source: ZoneSource }
  | { readonly kind: 'unknown' };

/** The answer to a TZ command, in `language` (at most 320 characters). */
export function TZ_TEXT(serviceName: string, answer: TzAnswer, language: TextLanguage = 'en'): string {
  const texts = fixedTexts(language);
  const name = nameFor(serviceName, texts);
  const candidates =
    answer.kind === 'set'
      ? texts.tzSet(name, answer.zone)
      : answer.kind === 'current'
        ? texts.tzCurrent(name, answer.zone, answer.source)
        : answer.kind === 'auto'
          ? texts.tzAuto(name, answer.zone, answer.source)
          : texts.tzUnknown(name);
  return firstThatFits(candidates, FIXED_TEXT_MAX_CHARS);
}

/** The answer to FULL when the sender has no voice message with a transcript (at most 320 characters). */
export function FULL_NONE_TEXT(serviceName: string, language: TextLanguage = 'en'): string {
  const texts = fixedTexts(language);
  return firstThatFits(texts.fullNone(nameFor(serviceName, texts)), FIXED_TEXT_MAX_CHARS);
}

/** The answer to UPLOAD: the one-hour link to the upload page (at most 320 characters). */
export function UPLOAD_LINK_TEXT(serviceName: string, url: string, language: TextLanguage = 'en'): string {
  const texts = fixedTexts(language);
  return firstThatFits(texts.uploadLink(nameFor(serviceName, texts), url), FIXED_TEXT_MAX_CHARS);
}

/**
 * The answer to FULL or UPLOAD past its uses a day (`perDay`): when it can be asked again, `minutesLeft` from
 * now (at most 320 characters).
 */
export function DAILY_LIMIT_TEXT(
  serviceName: string,
  command: 'full' | 'upload-link',
  perDay: number,
  minutesLeft: number,
  language: TextLanguage = 'en',
): string {
  const texts = fixedTexts(language);
  const name = nameFor(serviceName, texts);
  const wait = texts.waitFor(minutesLeft);
  const candidates =
    command === 'full' ? texts.fullLimit(name, perDay, wait) : texts.uploadLimit(name, perDay, wait);
  return firstThatFits(candidates, FIXED_TEXT_MAX_CHARS);
}
