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
 */
import { randomInt } from 'node:crypto';
import { DELETE_CODE_DIGITS, DELETE_CODE_MINUTES, DELETE_CODE_TRIES } from '#core/commands/keywords';
import { dayWindow } from '#core/delivery/day-window';
import { DELETE_CODE_TEXT, type DeleteCodeAnswer, type TextLanguage } from '#core/texts/service-texts';
import type { DeleteCodeStore } from '../../ports/short-lived-codes';
import { hashAccessCode } from '../access-codes';
import { type OutboundSmsDeps, sendTextOrLog } from '../outbound-sms';

/** Texts about DELETE codes one number may get a day: codes, and answers to a wrong or dead one. */
export const DELETE_CODE_TEXTS_PER_DAY = 10;

/** What the two steps use: the pending codes, the gate (and its counters), the wording. */
export type DeleteByTextDeps = OutboundSmsDeps & {
  readonly deleteCodes: DeleteCodeStore;
  readonly serviceName: string;
  readonly warn: (message: string, details?: Record<string, unknown>) => void;
};

/** The stored form of a number's code: its hash with the number, so a code is worth nothing for another. */
const codeHash = (phone: string, code: string) => hashAccessCode(`${phone}:${code}`);

/** DELETE alone: a new code for the number, kept, then texted (within the number's texts about codes a day). */
export async function sendDeleteCode(
  deps: DeleteByTextDeps,
  from: string,
  language: TextLanguage,
): Promise<void> {
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
export async function deleteCodeConfirms(
  deps: DeleteByTextDeps,
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

async function tell(deps: DeleteByTextDeps, to: string, answer: DeleteCodeAnswer, language: TextLanguage) {
  const body = DELETE_CODE_TEXT(deps.serviceName, answer, language);
  await sendTextOrLog(deps, { to, body, kind: 'delete-code', messageId: null });
}

/** Takes one of the number's texts about codes today; false (and a log line) past the limit. */
async function takeCodeText(deps: DeleteByTextDeps, from: string): Promise<boolean> {
  const { day, expires } = dayWindow(deps.clock());
  if (await deps.counters.take(`delete-code-texts#${from}#${day}`, DELETE_CODE_TEXTS_PER_DAY, expires))
    return true;
  deps.warn('Not texted: the number had all its texts about DELETE codes today', { kind: 'delete-code' });
  return false;
}
