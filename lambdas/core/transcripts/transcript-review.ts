/**
 * An operator's judgement of a transcript (issue 19, deliverable 5): marked wrong, optionally with the right
 * text, by whom and when. Stored on the message, shown on its card, exported, and counted in usage, so the
 * transcription's accuracy is measured from real messages.
 */
import * as z from 'zod';

/** The longest corrected transcript kept: a ten-minute message, spoken fast, is about 12,000 characters. */
export const CORRECTED_TRANSCRIPT_MAX = 20_000;

/** The mark as stored on the message. */
export const transcriptReviewSchema = z.object({
  verdict: z.literal('wrong'),
  /** What the recording really says, when the operator wrote it down. */
  corrected_text: z.string().nullable(),
  /** The operator's email (or account id when the token has none). */
  reviewed_by: z.string(),
  reviewed_at: z.string(),
  /** The run whose transcript was judged (a retry writes a new transcript). */
  attempt: z.number().int().positive().optional(),
});
export type TranscriptReview = z.infer<typeof transcriptReviewSchema>;

/** `PUT /api/messages/{id}/transcript-review` body: mark it wrong (with the right text), or clear the mark. */
export const transcriptReviewInputSchema = z.strictObject({
  wrong: z.boolean({ error: 'wrong must be true (mark the transcript wrong) or false (clear the mark).' }),
  corrected_text: z
    .string({ error: 'corrected_text must be text.' })
    .trim()
    .max(CORRECTED_TRANSCRIPT_MAX, {
      error: `corrected_text is too long (${CORRECTED_TRANSCRIPT_MAX.toLocaleString('en-US')} characters at most).`,
    })
    .nullable()
    .optional()
    .transform((text) => (text ? text : null)),
});
export type TranscriptReviewInput = z.input<typeof transcriptReviewInputSchema>;
