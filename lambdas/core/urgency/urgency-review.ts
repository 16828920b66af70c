/**
 * An operator's correction of a message's urgency (issue 25, deliverable 1), and how the dashboard, the
 * History, the export and the message page put a level in words. The correction is kept like the
 * wrong-transcript mark (core/transcripts/transcript-review.ts): who and when, beside what the pipeline had said, which is
 * never overwritten; choosing the pipeline's own level again clears it. Pure: the browser shares it.
 */
import * as z from 'zod';
import {
  effectiveUrgency,
  URGENCY_LEVELS,
  type Urgency,
  type UrgencyLevel,
  type UrgencyReview,
} from './urgency-schema';

/** Each level as a person reads it: the dashboard's marker, the History's filter, the message page. */
export const URGENCY_WORDS: Readonly<Record<UrgencyLevel, string>> = {
  urgent: 'Urgent',
  normal: 'Normal',
  likely_spam: 'Likely spam',
};

// The error mapper names the field in front: "level: must be one of urgent, normal, likely_spam."
const levelError = `must be one of ${URGENCY_LEVELS.join(', ')}.`;

/** `PUT /api/messages/{id}/urgency` body: the level the operator says is right. */
export const urgencyReviewInputSchema = z.strictObject({
  level: z.enum(URGENCY_LEVELS, { error: levelError }),
});
export type UrgencyReviewInput = z.infer<typeof urgencyReviewInputSchema>;

/**
 * The correction to store when an operator chooses `level` for a message the pipeline judged `urgency`: null
 * (no correction) when it is the pipeline's own level, so choosing it again clears a correction.
 */
export function correctedUrgency(
  urgency: Urgency,
  level: UrgencyLevel,
  by: string,
  at: string,
): UrgencyReview | null {
  return level === urgency.level ? null : { level, was: urgency.level, reviewed_by: by, reviewed_at: at };
}

/**
 * The level a message is shown with and its reason: the pipeline's reason goes with the pipeline's level
 * only (after a correction it explains a level no longer shown, so there is none); null before it has one.
 */
export function shownUrgency(message: {
  readonly urgency?: Urgency | null;
  readonly urgency_review?: UrgencyReview | null;
}): { readonly level: UrgencyLevel; readonly reason: string | null } | null {
  const level = effectiveUrgency(message);
  if (level === null) return null;
  const reason = message.urgency_review ? null : message.urgency?.reason.trim() || null;
  return { level, reason };
}

/** "Urgent: a child is sick at school", or the level alone when there is no reason to give. */
export function urgencyLine(shown: { readonly level: UrgencyLevel; readonly reason: string | null }): string {
  return shown.reason ? `${URGENCY_WORDS[shown.level]}: ${shown.reason}` : URGENCY_WORDS[shown.level];
}
