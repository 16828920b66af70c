/**
 * How pressing a voice message is (issue 25, deliverable 1): `urgent`, `normal` or `likely_spam`, with the
 * reason in a few words ("a child is sick at school", "asks for payment by gift card"). The pipeline writes
 * `urgency` once the summary is checked (offline from rules over the transcript, with OpenAI from the
 * summary's schema, checked the same way); an operator may correct it (`urgency_review`, core/messages/message-corrections.ts), which the dashboard,
 * History's filter and the export then follow, and usage counts. Zod-free callers read the levels only.
 */
import * as z from 'zod';

export const URGENCY_LEVELS = ['urgent', 'normal', 'likely_spam'] as const;
export type UrgencyLevel = (typeof URGENCY_LEVELS)[number];

/** The longest reason kept: a few words, never a sentence from the transcript. */
export const URGENCY_REASON_MAX = 80;

/** What the pipeline decided, and from what. */
export const urgencySchema = z.object({
  level: z.enum(URGENCY_LEVELS),
  /** A few words: why, in the listener's terms. Empty only for `normal` with nothing to say. */
  reason: z.string().max(URGENCY_REASON_MAX),
  /**
   * Who decided: the offline rules (core), the summary model (then checked by the rules), or the second
   * opinion by meaning that raised the rules' `normal` (issue 32, core/urgency/urgency-opinion.ts).
   */
  source: z.enum(['rules', 'model', 'meaning']),
});
export type Urgency = z.infer<typeof urgencySchema>;

/** The level a message is shown and filtered by: the operator's correction first, else the pipeline's. */
export function effectiveUrgency(message: {
  readonly urgency?: Urgency | null;
  /** The operator's correction (core/messages/message-corrections.ts), when there is one. */
  readonly urgency_review?: { readonly level: UrgencyLevel } | null;
}): UrgencyLevel | null {
  return message.urgency_review?.level ?? message.urgency?.level ?? null;
}
