/**
 * An operator marks a message's transcript wrong, optionally with the right text, or clears the mark
 * (issue 19, deliverable 5). The mark is written through message-changes.ts, so every open dashboard sees it.
 */

import type * as z from 'zod';
import { ConflictError, NotFoundError } from '#core/errors';
import type { Message } from '#core/messages/message';
import type { TranscriptReview, transcriptReviewInputSchema } from '#core/transcripts/transcript-review';
import type { Caller } from '../ports/token-verifier';
import { changeMessage, type MessageChangeDeps } from './message-changes';
import { countUsage, type UsageDeps } from './usage';

export type TranscriptReviewResult = {
  readonly message: Message;
  /** True when this call turned an unmarked transcript into a wrong one: what a usage counter counts. */
  readonly newlyMarked: boolean;
};

export async function reviewTranscript(
  deps: MessageChangeDeps & UsageDeps,
  id: string,
  input: z.output<typeof transcriptReviewInputSchema>,
  caller: Pick<Caller, 'email' | 'userId'>,
): Promise<TranscriptReviewResult> {
  const current = await deps.messages.get(id);
  if (!current) throw new NotFoundError('This message does not exist (it may have been deleted).');
  if (current.transcript === null) {
    throw new ConflictError('This message has no transcript yet: mark it once processing has finished.');
  }
  const review: TranscriptReview | null = input.wrong
    ? {
        verdict: 'wrong',
        corrected_text: input.corrected_text,
        reviewed_by: caller.email ?? caller.userId,
        reviewed_at: deps.clock(),
        ...(current.attempt === undefined ? {} : { attempt: current.attempt }),
      }
    : null;
  // Only while the message is as it was read: a run that started since writes a new transcript.
  const updated = await changeMessage(deps, id, {
    whileIn: [current.status],
    patch: { transcript_review: review },
    ...(current.attempt === undefined ? {} : { attempt: current.attempt }),
  });
  if (!updated) {
    throw new ConflictError(
      'The message changed while you marked it: look at its new transcript and try again.',
    );
  }
  const newlyMarked = input.wrong && !current.transcript_review;
  // Usage counts transcripts found wrong (accuracy from real messages); a re-mark or an edit is not another.
  if (newlyMarked) await countUsage(deps, { wrong_transcripts: 1 });
  return { message: updated, newlyMarked };
}
