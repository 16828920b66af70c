/**
 * DELETE by text asks for a code first: DELETE alone texts a one-time code to the number ("reply DELETE
 * 482193 within 10 minutes"), and only `DELETE <that code>` from the same number, in time, erases. Whoever
 * forges a sender ID never sees the code, so cannot erase someone else's messages.
 *
 * A code is random (the system's cryptographic source), one per number at a time (a new DELETE replaces it),
 * kept only as a hash with its end and its tries, used up by the erasure it allows, and spent by its last
 * wrong try. The texts about codes (the code itself, a wrong or dead code) go through the gate as the
 * `delete-code` kind, at most DELETE_CODE_TEXTS_PER_DAY a number a day, so neither the codes nor the answers
 * to guesses can be used to text a number over and over.
 *
 * The erasure takes every message of the number (use-cases/erase-message.ts: media at Twilio, audio, then
 * the message and its link; the records of what was refused too), its pending UPLOAD links and its
 * preferences (LANG and the other choices), and says how many voice messages went, in the language the
 * sender had chosen. The opt-out record stays: it is what keeps a STOP honoured.
 */

import { randomInt } from 'node:crypto';
import {
  DELETE,
  DELETE_CODE_DIGITS,
  DELETE_CODE_MINUTES,
  DELETE_CODE_TRIES,
  type DeleteCommand,
} from '#core/commands/delete';
import { dayWindow } from '#core/delivery/day-window';
import type { TextLanguage } from '#core/texts/catalogue';
import { DELETE_CODE_TEXT, DELETED_TEXT, type DeleteCodeAnswer } from '#core/texts/service-texts';
import type { SenderPreferencesRepository } from '../../ports/sender-preferences';
import type { DeleteCodeStore, UploadCodeStore } from '../../ports/short-lived-codes';
import { hashAccessCode } from '../access-codes';
import { type EraseMessageDeps, eraseMessage } from '../erase-message';
import { senderLanguage } from '../sender-language';
import { revokeUploadLinks } from '../upload-link';
import { type AskedText, type CommandEntry, type ReplyDeps, replyTo } from './text-command';

/** Texts about DELETE codes one number may get a day: codes, and answers to a wrong or dead one. */
export const DELETE_CODE_TEXTS_PER_DAY = 10;

/** What DELETE uses: the pending codes, the gate, and all it erases (messages, audio, links, preferences). */
export type DeleteDeps = ReplyDeps &
  EraseMessageDeps & {
    readonly deleteCodes: DeleteCodeStore;
    readonly uploadCodes: UploadCodeStore;
    readonly preferences: Pick<SenderPreferencesRepository, 'get' | 'delete'>;
    readonly serviceName: string;
  };

/** DELETE's entry: answered instead of keeping the voice messages sent with it. */
export const deleteCommand: CommandEntry<'DELETE', DeleteDeps, 'delete' | 'delete-code'> = {
  command: DELETE,
  turn: 'instead-of-voice',
  answer: answerDelete,
};

/** DELETE alone: a code; DELETE with the right code: the erasure (a wrong or dead code: why nothing was erased). */
async function answerDelete(
  deps: DeleteDeps,
  { from }: AskedText,
  asked: DeleteCommand,
): Promise<'delete' | 'delete-code'> {
  const language = await senderLanguage(deps.preferences, from);
  if (asked.kind === 'request') {
    await sendDeleteCode(deps, from, language);
    return 'delete-code';
  }
  if (!(await deleteCodeConfirms(deps, from, asked.code, language))) return 'delete-code';
  await eraseSender(deps, from, language);
  return 'delete';
}

/** The stored form of a number's code: its hash with the number, so a code is worth nothing for another. */
const codeHash = (phone: string, code: string) => hashAccessCode(`${phone}:${code}`);

/** DELETE alone: a new code for the number, kept, then texted (within the number's texts about codes a day). */
async function sendDeleteCode(deps: DeleteDeps, from: string, language: TextLanguage): Promise<void> {
  if (!(await takeCodeText(deps, from))) return;
  const code = String(randomInt(10 ** DELETE_CODE_DIGITS)).padStart(DELETE_CODE_DIGITS, '0');
  const expires = new Date(Date.parse(deps.clock()) + DELETE_CODE_MINUTES * 60_000).toISOString();
  // Kept before it is sent, so it works the moment it arrives; one the gate refuses expires unused.
  await deps.deleteCodes.put(from, codeHash(from, code), expires);
  await tell(deps, from, { kind: 'code', code }, language);
}

/**
 * DELETE <code>: true when it is the number's pending code, which is used up now (the caller erases);
 * otherwise the sender is told nothing was deleted, and why (a wrong code, or none that works any more).
 */
async function deleteCodeConfirms(
  deps: DeleteDeps,
  from: string,
  code: string,
  language: TextLanguage,
): Promise<boolean> {
  const outcome = await deps.deleteCodes.attempt(from, codeHash(from, code), deps.clock(), DELETE_CODE_TRIES);
  if (outcome === 'right') return true;
  if (await takeCodeText(deps, from)) {
    await tell(deps, from, { kind: outcome === 'wrong' ? 'wrong' : 'invalid' }, language);
  }
  return false;
}

async function tell(deps: DeleteDeps, to: string, answer: DeleteCodeAnswer, language: TextLanguage) {
  await replyTo(deps, to, DELETE_CODE_TEXT(deps.serviceName, answer, language), 'delete-code');
}

/** Takes one of the number's texts about codes today; false (and a log line) past the limit. */
async function takeCodeText(deps: DeleteDeps, from: string): Promise<boolean> {
  const { day, expires } = dayWindow(deps.clock());
  if (await deps.counters.take(`delete-code-texts#${from}#${day}`, DELETE_CODE_TEXTS_PER_DAY, expires))
    return true;
  deps.warn('Not texted: the number had all its texts about DELETE codes today', { kind: 'delete-code' });
  return false;
}

/** DELETE with the right code: erases everything of the number but its opt-out record, and says how many. */
async function eraseSender(deps: DeleteDeps, from: string, language: TextLanguage): Promise<void> {
  const messages = await deps.messages.listBySender(from);
  for (const message of messages) await eraseMessage(deps, message);
  await revokeUploadLinks(deps, from);
  await deps.preferences.delete(from);
  // The records of what was refused (pictures, other texts) go too, but the answer counts voice messages.
  const voiceMessages = messages.filter((message) => !message.refusal).length;
  await replyTo(deps, from, DELETED_TEXT(deps.serviceName, voiceMessages, language), 'deleted');
}
