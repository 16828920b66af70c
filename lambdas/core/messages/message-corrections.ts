/**
 * An operator's corrections of a message, one pattern for two fields: the transcript marked wrong, optionally
 * with the right text (issue 19, deliverable 5), and the urgency set to another level (issue 25, deliverable
 * 1). Each is kept beside what the pipeline said, which is never overwritten, with who made it and when; each
 * can be cleared; the first of a message is counted in usage, so the transcription's accuracy and the urgency
 * rules' are measured from real messages. Here: what each field keeps, the PUT body that asks for it, and the
 * rules the one use case applies (use-cases/message-corrections.ts). Pure: the browser shares it.
 */
import * as z from 'zod';
import { URGENCY_LEVELS, type Urgency, type UrgencyLevel } from '#core/urgency/urgency-schema';

/** The longest corrected transcript kept: a ten-minute message, spoken fast, is about 12,000 characters. */
export const CORRECTED_TRANSCRIPT_MAX = 20_000;

/** The transcript's mark as stored on the message: shown on its card, exported, counted in usage. */
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

/** The urgency's correction as stored on the message: the level chosen, and the pipeline's, which it replaces. */
export const urgencyReviewSchema = z.object({
  level: z.enum(URGENCY_LEVELS),
  /** The level the pipeline had given (what was corrected). */
  was: z.enum(URGENCY_LEVELS),
  /** The operator's email (or account id when the token has none). */
  reviewed_by: z.string(),
  reviewed_at: z.string(),
});
export type UrgencyReview = z.infer<typeof urgencyReviewSchema>;

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

/** What the rules read of a message (core/messages/message.ts's Message has it all). */
export type CorrectableMessage = {
  readonly transcript: string | null;
  readonly attempt?: number | undefined;
  readonly urgency?: Urgency | null | undefined;
  readonly refusal?: object | undefined;
};

/** What each correctable field of a message keeps (null once cleared). */
type CorrectionValues = {
  readonly transcript_review: TranscriptReview;
  readonly urgency_review: UrgencyReview;
};
export type CorrectedField = keyof CorrectionValues;

/** What an operator's input makes of a message: the field's new value (null clears it), or why it cannot be. */
export type CorrectionOutcome<F extends CorrectedField> =
  | { readonly value: CorrectionValues[F] | null }
  | { readonly refused: string };

/** One field an operator may correct, as the use case applies it. */
export type MessageCorrection<F extends CorrectedField, Input> = {
  /** The message's field the correction is kept in. */
  readonly field: F;
  /** The correction the operator's `input` asks for, made `by` someone `at` a time, or the 409's words. */
  readonly correct: (
    message: CorrectableMessage,
    input: Input,
    by: string,
    at: string,
  ) => CorrectionOutcome<F>;
  /** The 409's words when the message changed between the read and the write (a run that started since). */
  readonly changedMeanwhile: string;
  /**
   * The usage counter (core/operator/usage.ts) a message's first correction adds one to: changing or repeating
   * it is not another.
   */
  readonly counter: 'wrong_transcripts' | 'urgency_corrections';
};

/** The "wrong transcript" mark: `{wrong: true, corrected_text}` marks, `{wrong: false}` clears. */
export const TRANSCRIPT_CORRECTION: MessageCorrection<
  'transcript_review',
  z.output<typeof transcriptReviewInputSchema>
> = {
  field: 'transcript_review',
  correct: (message, input, by, at) => {
    if (message.transcript === null) {
      return { refused: 'This message has no transcript yet: mark it once processing has finished.' };
    }
    if (!input.wrong) return { value: null };
    const attempt = message.attempt === undefined ? {} : { attempt: message.attempt };
    return {
      value: {
        verdict: 'wrong',
        corrected_text: input.corrected_text,
        reviewed_by: by,
        reviewed_at: at,
        ...attempt,
      },
    };
  },
  changedMeanwhile: 'The message changed while you marked it: look at its new transcript and try again.',
  counter: 'wrong_transcripts',
};

/** The urgency's correction: `{level}`; the pipeline's own level clears it. */
export const URGENCY_CORRECTION: MessageCorrection<'urgency_review', UrgencyReviewInput> = {
  field: 'urgency_review',
  correct: (message, { level }, by, at) => {
    if (message.refusal) {
      return {
        refused:
          'This is the record of something refused, not a voice message: it has no urgency to correct.',
      };
    }
    if (!message.urgency) {
      return { refused: 'This message has no urgency yet: correct it once processing has finished.' };
    }
    return { value: correctedUrgency(message.urgency, level, by, at) };
  },
  changedMeanwhile: 'The message changed while you corrected it: look at it again and retry.',
  counter: 'urgency_corrections',
};
