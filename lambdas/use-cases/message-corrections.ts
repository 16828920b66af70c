/**
 * An operator corrects a field of a message (core/messages/message-corrections.ts): marks its transcript
 * wrong (issue 19, deliverable 5) or corrects its urgency (issue 25), in one code path. The correction is
 * written through message-changes.ts, so every open dashboard sees it, and a message's first is counted in usage.
 */
import type * as z from 'zod';
import { ConflictError, NotFoundError } from '#core/errors';
import type { Message } from '#core/messages/message';
import {
  type CorrectedField,
  type MessageCorrection,
  TRANSCRIPT_CORRECTION,
  type transcriptReviewInputSchema,
  URGENCY_CORRECTION,
  type UrgencyReviewInput,
} from '#core/messages/message-corrections';
import type { UsageCount } from '#core/operator/usage';
import type { Caller } from '../ports/token-verifier';
import { changeMessage, type MessageChangeDeps } from './message-changes';
import { countUsage, type UsageDeps } from './usage';

/** What a correction needs: the one place messages change, and the usage counters. */
export type CorrectionDeps = MessageChangeDeps & UsageDeps;

/** Who corrects: their email, or their account id when the token has none. */
export type Corrector = Pick<Caller, 'email' | 'userId'>;

export type CorrectionResult = {
  readonly message: Message;
  /** True when this call corrected a field that had no correction: what the usage counter counts. */
  readonly newlyCorrected: boolean;
};

/**
 * Reads the message, lets the field's rule say what to keep (or refuse, 409), writes it while the message is
 * as it was read, and counts the message's first correction. 404 when the message does not exist.
 */
export async function correctMessage<F extends CorrectedField, Input>(
  deps: CorrectionDeps,
  correction: MessageCorrection<F, Input>,
  id: string,
  input: Input,
  caller: Corrector,
): Promise<CorrectionResult> {
  const current = await deps.messages.get(id);
  if (!current) throw new NotFoundError('This message does not exist (it may have been deleted).');
  const outcome = correction.correct(current, input, caller.email ?? caller.userId, deps.clock());
  if ('refused' in outcome) throw new ConflictError(outcome.refused);
  // Only while the message is as it was read: a run that started since writes a new transcript and urgency.
  const updated = await changeMessage(deps, id, {
    whileIn: [current.status],
    patch: { [correction.field]: outcome.value },
    ...(current.attempt === undefined ? {} : { attempt: current.attempt }),
  });
  if (!updated) throw new ConflictError(correction.changedMeanwhile);
  const newlyCorrected = outcome.value !== null && !current[correction.field];
  // Typed here, not in core/messages (core/operator/usage.ts leads back to it): a misspelt counter fails to compile.
  const counter: UsageCount = correction.counter;
  if (newlyCorrected) await countUsage(deps, { [counter]: 1 });
  return { message: updated, newlyCorrected };
}

/** PUT /api/messages/{id}/transcript-review: marks the transcript wrong (with the right text) or clears the mark. */
export async function reviewTranscript(
  deps: CorrectionDeps,
  id: string,
  input: z.output<typeof transcriptReviewInputSchema>,
  caller: Corrector,
): Promise<{ readonly message: Message; readonly newlyMarked: boolean }> {
  const { message, newlyCorrected } = await correctMessage(deps, TRANSCRIPT_CORRECTION, id, input, caller);
  return { message, newlyMarked: newlyCorrected };
}

/** PUT /api/messages/{id}/urgency: corrects the urgency; the pipeline's own level clears the correction. */
export function reviewUrgency(
  deps: CorrectionDeps,
  id: string,
  input: UrgencyReviewInput,
  caller: Corrector,
): Promise<CorrectionResult> {
  return correctMessage(deps, URGENCY_CORRECTION, id, input, caller);
}
