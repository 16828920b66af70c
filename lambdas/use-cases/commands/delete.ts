/**
 * DELETE by text asks for a code first: DELETE alone texts a one-time code to the number ("reply DELETE
 * 482193 within 10 minutes"), and only `DELETE <that code>` from the same number, in time, erases. Whoever
 * forges a sender ID never sees the code, so cannot erase someone else's messages.
 *
 * A code is random (the system's cryptographic source), one per number at a time (a new DELETE replaces it),
 * kept only as a hash with its end and its tries, used up by the erasure it allows, and spent by its last
 * wrong try. The texts about codes go through the gate as the `delete-code` kind: codes at most
 * DELETE_CODE_TEXTS_PER_DAY a number a day, answers to a wrong or dead code at most DELETE_ANSWER_TEXTS_PER_DAY,
 * so neither the codes nor the answers to guesses can be used to text a number over and over.
 *
 * A forger who sends DELETE with a victim's number as its sender ID (issue 31) can spend that number's code
 * texts for the day, but every code goes to the phone, never to whoever asked: so the day's last code text
 * carries a code of DELETE_LAST_CODE_DIGITS digits that works until the end of the (UTC) day and that wrong
 * tries never spend, and once the texts are spent a DELETE makes no new code (it would reach nobody) and
 * leaves that one in place. The owner, holding the phone, can always erase with the last code it received;
 * the forger's guesses at it are answered from their own allowance, never use up the code texts, and cannot
 * find a 12-digit code.
 *
 * The erasure takes every message of the number (use-cases/erase-message.ts: media at Twilio, audio, then
 * the message and its link; the records of what was refused too), the records of its forwarded calls (they
 * hold the callers' numbers for a day) and the callers its missed-call texts were sent about today (the
 * once-a-caller-a-day set), its pending UPLOAD links and its preferences (LANG and the other
 * choices), and says how many voice messages went, in the language the sender had chosen. The opt-out record
 * stays: it is what keeps a STOP honoured.
 */

import { randomInt } from 'node:crypto';
import { missedCallTextsKey } from '#core/calls/call-rules';
import {
  DELETE,
  DELETE_ANSWER_TEXTS_PER_DAY,
  DELETE_CODE_DIGITS,
  DELETE_CODE_MINUTES,
  DELETE_CODE_TEXTS_PER_DAY,
  DELETE_CODE_TRIES,
  DELETE_LAST_CODE_DIGITS,
  type DeleteCommand,
} from '#core/commands/delete';
import { dayWindow } from '#core/delivery/day-window';
import type { TextLanguage } from '#core/texts/catalogue';
import { DELETE_CODE_TEXT, DELETED_TEXT, type DeleteCodeAnswer } from '#core/texts/service-texts';
import type { CallRepository } from '../../ports/calls';
import type { ForwardingNumberRepository } from '../../ports/forwarding-numbers';
import type { SenderPreferencesRepository } from '../../ports/sender-preferences';
import type { DeleteCodeStore, UploadCodeStore } from '../../ports/short-lived-codes';
import { hashAccessCode } from '../access-codes';
import { type EraseMessageDeps, eraseMessage } from '../erase-message';
import { releaseLater } from '../forwarding-numbers';
import { senderLanguage } from '../sender-language';
import { revokeUploadLinks } from '../upload-link';
import { type AskedText, type CommandEntry, type ReplyDeps, replyTo } from './text-command';

/** What DELETE uses: the codes, the gate, and all it erases (messages, audio, calls, links, preferences). */
export type DeleteDeps = ReplyDeps &
  EraseMessageDeps & {
    readonly deleteCodes: DeleteCodeStore;
    readonly uploadCodes: UploadCodeStore;
    readonly preferences: Pick<SenderPreferencesRepository, 'get' | 'delete'>;
    readonly serviceName: string;
    /** Their forwarding number, released after the grace period (issue 33). */
    readonly forwardingNumbers: Pick<ForwardingNumberRepository, 'findBySubscriber' | 'update'>;
    /** Their forwarded calls' records (issue 33), erased. */
    readonly calls: Pick<CallRepository, 'deleteBySubscriber'>;
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

/** Whether the number has had all its code texts today: its pending code, if any, is then the day's last. */
const codeTextsSpent = async (deps: DeleteDeps, from: string) =>
  (await deps.counters.read(codeTextsKey(from, deps.clock()))) >= DELETE_CODE_TEXTS_PER_DAY;

/** DELETE alone: a new code for the number, kept, then texted (within the number's code texts a day). */
async function sendDeleteCode(deps: DeleteDeps, from: string, language: TextLanguage): Promise<void> {
  // Past the day's code texts nothing changes: the pending code is the last one the phone received.
  if (!(await takeCodeText(deps, from, 'codes'))) return;
  // The day's last code is long and works until the day ends: no other can reach the phone before then.
  const last = await codeTextsSpent(deps, from);
  const digits = last ? DELETE_LAST_CODE_DIGITS : DELETE_CODE_DIGITS;
  const code = String(randomInt(10 ** digits)).padStart(digits, '0');
  const expires = last
    ? new Date(Date.parse(`${deps.clock().slice(0, 10)}T00:00:00.000Z`) + 86_400_000).toISOString()
    : new Date(Date.parse(deps.clock()) + DELETE_CODE_MINUTES * 60_000).toISOString();
  // Kept only once it was sent: a code the gate refused (the number's hourly or daily segments, the budget)
  // reached nobody, so it neither replaces the one the phone holds nor counts against the day's code texts.
  const outcome = await tell(
    deps,
    from,
    last ? { kind: 'last-code', code } : { kind: 'code', code },
    language,
  );
  if (outcome?.status === 'sent') await deps.deleteCodes.put(from, codeHash(from, code), expires);
  else await deps.counters.giveBack(codeTextsKey(from, deps.clock()));
}

/**
 * DELETE <code>: true when it is the number's pending code, which is used up now (the caller erases);
 * otherwise the sender is told nothing was deleted, and why (a wrong code, or none that works any more).
 * The day's last code is never spent by wrong tries: its length, not a count of tries, keeps guesses out.
 */
async function deleteCodeConfirms(
  deps: DeleteDeps,
  from: string,
  code: string,
  language: TextLanguage,
): Promise<boolean> {
  const tries = (await codeTextsSpent(deps, from)) ? Number.MAX_SAFE_INTEGER : DELETE_CODE_TRIES;
  const outcome = await deps.deleteCodes.attempt(from, codeHash(from, code), deps.clock(), tries);
  if (outcome === 'right') return true;
  if (await takeCodeText(deps, from, 'answers')) {
    await tell(deps, from, { kind: outcome === 'wrong' ? 'wrong' : 'invalid' }, language);
  }
  return false;
}

async function tell(deps: DeleteDeps, to: string, answer: DeleteCodeAnswer, language: TextLanguage) {
  return replyTo(deps, to, DELETE_CODE_TEXT(deps.serviceName, answer, language), 'delete-code');
}

/** The count of the number's code texts today. */
const codeTextsKey = (from: string, now: string) => `delete-code-texts#${from}#${dayWindow(now).day}`;

/** Takes one of the number's code texts, or answers about codes, today; false (and a log line) past the limit. */
async function takeCodeText(deps: DeleteDeps, from: string, kind: 'codes' | 'answers'): Promise<boolean> {
  const { day, expires } = dayWindow(deps.clock());
  const [key, limit] =
    kind === 'codes'
      ? [codeTextsKey(from, deps.clock()), DELETE_CODE_TEXTS_PER_DAY]
      : [`delete-answer-texts#${from}#${day}`, DELETE_ANSWER_TEXTS_PER_DAY];
  if (await deps.counters.take(key, limit, expires)) return true;
  deps.warn(`Not texted: the number had all its texts about DELETE ${kind} today`, { kind: 'delete-code' });
  return false;
}

/** DELETE with the right code: erases everything of the number but its opt-out record, and says how many. */
async function eraseSender(deps: DeleteDeps, from: string, language: TextLanguage): Promise<void> {
  // Calls first, in this order: once the number is marked for release no new call is taken ("not taking
  // messages", nothing stored), and once the calls in progress are forgotten their recordings make no message
  // (a recording of a call we do not know is deleted at Twilio), so no call's message comes after the erasure.
  await releaseLater(deps, from);
  await deps.calls.deleteBySubscriber(from);
  // The callers already texted a missed call today are kept under the subscriber's number alone, so one
  // DeleteItem forgets them all; a caller's next missed call, once the number is taken again, is texted.
  await deps.counters.forget(missedCallTextsKey(from));
  const messages = await deps.messages.listBySender(from);
  for (const message of messages) await eraseMessage(deps, message);
  await revokeUploadLinks(deps, from);
  await deps.preferences.delete(from);
  // The records of what was refused (pictures, other texts) go too, but the answer counts voice messages.
  const voiceMessages = messages.filter((message) => !message.refusal).length;
  await replyTo(deps, from, DELETED_TEXT(deps.serviceName, voiceMessages, language), 'deleted');
}
