/**
 * An operator corrects how pressing a message is (issue 25): `urgent`, `normal` or `likely_spam`; choosing
 * the pipeline's own level again clears the correction. Written through message-changes.ts, so every open
 * dashboard sees it; the first correction of a message is counted in usage.
 */
import { ConflictError, NotFoundError } from '#core/errors';
import type { Message } from '#core/messages/message';
import { correctedUrgency, type UrgencyReviewInput } from '#core/urgency/urgency-review';
import type { Caller } from '../ports/token-verifier';
import { changeMessage, type MessageChangeDeps } from './message-changes';
import { countUsage, type UsageDeps } from './usage';

export type UrgencyReviewResult = {
  readonly message: Message;
  /** True when this call turned an uncorrected level into a corrected one: what the usage counter counts. */
  readonly newlyCorrected: boolean;
};

export async function reviewUrgency(
  deps: MessageChangeDeps & UsageDeps,
  id: string,
  input: UrgencyReviewInput,
  caller: Pick<Caller, 'email' | 'userId'>,
): Promise<UrgencyReviewResult> {
  const current = await deps.messages.get(id);
  if (!current) throw new NotFoundError('This message does not exist (it may have been deleted).');
  if (current.refusal) {
    throw new ConflictError(
      'This is the record of something refused, not a voice message: it has no urgency to correct.',
    );
  }
  if (!current.urgency) {
    throw new ConflictError('This message has no urgency yet: correct it once processing has finished.');
  }
  const review = correctedUrgency(current.urgency, input.level, caller.email ?? caller.userId, deps.clock());
  // Only while the message is as it was read: a run that started since judges it again.
  const updated = await changeMessage(deps, id, {
    whileIn: [current.status],
    patch: { urgency_review: review },
    ...(current.attempt === undefined ? {} : { attempt: current.attempt }),
  });
  if (!updated) {
    throw new ConflictError('The message changed while you corrected it: look at it again and retry.');
  }
  const newlyCorrected = review !== null && !current.urgency_review;
  // Usage counts messages whose level an operator found wrong; changing a correction is not another.
  if (newlyCorrected) await countUsage(deps, { urgency_corrections: 1 });
  return { message: updated, newlyCorrected };
}
