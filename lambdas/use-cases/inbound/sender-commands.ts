/**
 * The commands that change or use what a sender chose for their own messages (issue 18): MODE (whether their
 * replies carry the transcript), CARDS (whether they bring the contact card and the event by MMS), SPELL (names and terms to spell right) and FULL (the transcript of their
 * latest voice message). Each is answered through the outbound gate, in the sender's LANG when the catalogue
 * has it, and a sender on the opt-out list gets nothing (the gate refuses; MODE and SPELL still record the
 * choice, as LANG does).
 */

import { parseCardsCommand, parseModeCommand, parseSpellCommand } from '#core/commands/keywords';
import type { Message } from '#core/messages/message';
import { SPELL_MAX_WORDS, senderPreferencesPatchSchema } from '#core/senders/sender-preferences';
import { textLanguage } from '#core/texts/catalogue';
import {
  CARDS_TEXT,
  type CardsAnswer,
  composeTranscriptTexts,
  FULL_NONE_TEXT,
  MODE_TEXT,
  type ModeAnswer,
  SPELL_TEXT,
  type SpellAnswer,
  type TextLanguage,
} from '#core/texts/service-texts';
import { withAccentedLetters } from '#core/texts/sms-text';
import type { MessageRepository } from '../../ports/message-repository';
import type { SenderPreferencesRepository } from '../../ports/sender-preferences';
import { recordSentText, type SentTextDeps } from '../delivery-status';
import { type OutboundSmsDeps, sendTextOrLog, type TextKind } from '../outbound-sms';
import { currentSettings } from '../settings';
import { takeDailyCommand } from './daily-commands';

/**
 * What these commands use: the sender's preferences, their messages (FULL, whose texts are recorded on the
 * message they carry, so their delivery is followed like the reply's), and the gate.
 */
export type SenderCommandDeps = OutboundSmsDeps &
  SentTextDeps & {
    readonly preferences: SenderPreferencesRepository;
    readonly messages: Pick<MessageRepository, 'listBySender'>;
    readonly serviceName: string;
  };

async function replyTo(deps: SenderCommandDeps, to: string, body: string, kind: TextKind) {
  return sendTextOrLog(deps, { to, body, kind, messageId: null });
}

/**
 * MODE FULL / MODE SUMMARY: this sender's replies from now on (SendReply follows it over the operator's
 * setting); MODE: the current one, the sender's own or the operator's; anything else: how to use it.
 */
export async function answerMode(deps: SenderCommandDeps, from: string, body: string | undefined) {
  const command = parseModeCommand(body);
  const preferences = await deps.preferences.get(from);
  const language = textLanguage(preferences?.language);
  let answer: ModeAnswer;
  if (command === null || command.kind === 'unknown') answer = { kind: 'unknown' };
  else if (command.kind === 'set') {
    await deps.preferences.update(from, { reply_mode: command.mode }, deps.clock());
    answer = { kind: 'set', mode: command.mode };
  } else {
    const own = preferences?.reply_mode ?? null;
    const mode = own ?? (await currentSettings(deps)).reply_mode;
    answer = { kind: 'current', mode, own: own !== null };
  }
  await replyTo(deps, from, MODE_TEXT(deps.serviceName, answer, language), 'mode');
}

/**
 * CARDS ON / CARDS OFF: whether this sender's replies bring the contact card and the event as MMS attachments
 * (off unless chosen: an MMS may cost the sender more); CARDS: the current choice; anything else: how to use it.
 */
export async function answerCards(deps: SenderCommandDeps, from: string, body: string | undefined) {
  const command = parseCardsCommand(body);
  const preferences = await deps.preferences.get(from);
  let answer: CardsAnswer;
  if (command === null || command.kind === 'unknown') answer = { kind: 'unknown' };
  else if (command.kind === 'set') {
    await deps.preferences.update(from, { cards: command.on }, deps.clock());
    answer = { kind: 'set', on: command.on };
  } else answer = { kind: 'current', on: preferences?.cards === true };
  const language = textLanguage(preferences?.language);
  await replyTo(deps, from, CARDS_TEXT(deps.serviceName, answer, language), 'cards');
}

/**
 * SPELL words: added to the sender's list (duplicates, ignoring case, kept once), refused as a whole when the
 * list would pass SPELL_MAX_WORDS (the store's schema decides); SPELL: the list; SPELL CLEAR: emptied.
 */
export async function answerSpell(deps: SenderCommandDeps, from: string, body: string | undefined) {
  const command = parseSpellCommand(body) ?? { kind: 'list' as const };
  const preferences = await deps.preferences.get(from);
  const language = textLanguage(preferences?.language);
  const current = preferences?.spell ?? [];
  let answer: SpellAnswer;
  if (command.kind === 'list') answer = { kind: 'list', words: current };
  else if (command.kind === 'clear') {
    await deps.preferences.update(from, { spell: null }, deps.clock());
    answer = { kind: 'cleared' };
  } else {
    const words = withoutDuplicates([...current, ...command.words]);
    const patch = senderPreferencesPatchSchema.safeParse({ spell: words });
    if (!patch.success) answer = { kind: 'too-many', count: words.length };
    else {
      const saved = await deps.preferences.update(from, patch.data, deps.clock());
      answer = { kind: 'saved', words: saved.spell ?? [] };
    }
  }
  await replyTo(deps, from, SPELL_TEXT(deps.serviceName, answer, SPELL_MAX_WORDS, language), 'spell');
}

/** The words in order, each kept once (the first spelling when two differ only in case). */
function withoutDuplicates(words: readonly string[]): string[] {
  const seen = new Set<string>();
  return words.filter((word) => {
    const key = word.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * FULL: the transcript of this sender's latest voice message that has one (one still being processed is
 * skipped), as numbered texts through the gate; the first refused text stops the rest (a STOP, a segment cap,
 * the service's budget). At most `full_per_number_per_day` a UTC day (Settings): past it, a text saying when
 * to ask again; a FULL whose first text the gate refused sent nothing and is not counted. None: a text saying
 * so. Each text sent is recorded on that message (its SID and segments), so the card and usage follow its
 * delivery and the message's cost counts it.
 */
export async function answerFull(deps: SenderCommandDeps, from: string) {
  const preferences = await deps.preferences.get(from);
  const latest = latestTranscribed(await deps.messages.listBySender(from));
  if (latest === null) {
    const language = textLanguage(preferences?.language);
    await replyTo(deps, from, FULL_NONE_TEXT(deps.serviceName, language), 'full-transcript');
    return;
  }
  const settings = await currentSettings(deps);
  const allowance = await takeDailyCommand(deps, 'full', from, settings.full_per_number_per_day);
  if (!allowance.taken) {
    await replyTo(deps, from, allowance.refusal(textLanguage(preferences?.language)), 'full-transcript');
    return;
  }
  const transcript = latest.transcript ?? '';
  const texted = withAccentedLetters(transcript, settings.accented_letters);
  const language: TextLanguage = textLanguage(preferences?.language, latest.language);
  const texts = composeTranscriptTexts(texted, language, latest.stated_facts ?? null);
  for (const [index, body] of texts.entries()) {
    const outcome = await sendTextOrLog(deps, {
      to: from,
      body,
      kind: 'full-transcript',
      messageId: latest.id,
    });
    if (outcome?.status !== 'sent') {
      if (index === 0) await allowance.giveBack();
      return;
    }
    await recordSentText(deps, {
      messageId: latest.id,
      sid: outcome.smsId,
      kind: 'full-transcript',
      index,
      body,
      attempt: latest.attempt ?? 1,
    });
  }
}

/** The newest message with a transcript, or null. */
function latestTranscribed(messages: readonly Message[]): Message | null {
  let latest: Message | null = null;
  for (const message of messages) {
    if (message.transcript === null || message.transcript === undefined) continue;
    if (latest === null || message.created_at > latest.created_at) latest = message;
  }
  return latest;
}
