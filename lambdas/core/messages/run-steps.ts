/**
 * A message's runs step by step: what each pipeline step records as it ends (kept on the message's own item,
 * so it expires and is erased with it), and the timeline the dashboard's "Details" shows from them: steps with
 * durations and retries, the reply parts with their segments, and the estimated cost of the message.
 */
import * as z from 'zod';
import { latestRunParts, type SmsPart, sortParts } from '#core/delivery/delivery-status';
import { type Billable, estimateCost, type UnitPrices } from '#core/operator/unit-prices';

/** What a step used, when it used something billable. */
export const stepUsageSchema = z.object({
  audio_seconds: z.number().nonnegative().optional(),
  openai_audio_seconds: z.number().nonnegative().optional(),
  openai_input_tokens: z.number().int().nonnegative().optional(),
  openai_output_tokens: z.number().int().nonnegative().optional(),
});
export type StepUsage = z.infer<typeof stepUsageSchema>;

/** One try of one step, as the step wrote it when it ended. */
export const runStepSchema = z.object({
  /** The Step Functions state, e.g. `Transcribe`. */
  step: z.string(),
  started_at: z.string(),
  duration_ms: z.number().nonnegative(),
  /** The run (1 for the first, +1 for each Retry Processing), as the state carries it. */
  attempt: z.number().int().positive(),
  outcome: z.enum(['ok', 'error']),
  /** The error's name (`TransientError`...) when the try failed; Step Functions retries and catches by it. */
  error_name: z.string().nullable(),
  usage: stepUsageSchema.optional(),
});
export type RunStep = z.infer<typeof runStepSchema>;

/** A step record at most this long is kept: a runaway loop cannot fill the message's item (400 KB). */
export const MAX_STEPS_KEPT = 200;

/** One row of the timeline: a try, numbered within its run and step (try 2 is the first retry). */
export type TimelineStep = RunStep & { readonly try: number };

/** One reply part the latest run sent (from the texts recorded on the message): number, segments, delivery. */
export type ReplyPartView = {
  readonly part: number;
  readonly segments: number;
  /** Files it carried (an MMS with cards, CARDS ON), when it carried any. */
  readonly media?: number;
  /**
   * The provider's delivery status of the part (queued, sent, delivered, undelivered, failed, with the error
   * code), as last recorded on the part's text.
   */
  readonly delivery: { readonly status: string; readonly error_code: string | null } | null;
};

/**
 * Another text sent about the message, from any run or none: the transcript a FULL text asked for, a failure
 * notice. They are billed with the message, so they are listed beside its reply.
 */
export type OtherTextView = ReplyPartView & {
  readonly kind: 'full-transcript' | 'failure-notice';
  /** The processing run that sent it (a FULL answer is recorded with the run current then). */
  readonly attempt: number;
};

/** GET /api/messages/{id}/run: the message's timeline, reply parts, other texts and estimated cost. */
export type RunView = {
  readonly message_id: string;
  readonly runs: readonly { readonly attempt: number; readonly steps: readonly TimelineStep[] }[];
  readonly reply_parts: readonly ReplyPartView[];
  readonly other_texts: readonly OtherTextView[];
  readonly estimated_cost: number;
};

/**
 * The runs (oldest first), each try numbered; the reply parts the latest run sent; every other text sent
 * about it; the message's cost.
 */
export function runView(
  message: {
    readonly id: string;
    readonly source?: 'sms' | 'upload' | 'call' | undefined;
    readonly sms_parts?: readonly SmsPart[] | undefined;
  },
  steps: readonly RunStep[],
  prices: UnitPrices,
): RunView {
  const runs = new Map<number, TimelineStep[]>();
  const tries = new Map<string, number>();
  for (const step of steps) {
    const key = `${step.attempt}#${step.step}`;
    const number = (tries.get(key) ?? 0) + 1;
    tries.set(key, number);
    const run = runs.get(step.attempt) ?? [];
    run.push({ ...step, try: number });
    runs.set(step.attempt, run);
  }
  const texts = message.sms_parts ?? [];
  const sum = (pick: (usage: StepUsage) => number | undefined) =>
    steps.reduce((total, step) => total + (step.outcome === 'ok' ? (pick(step.usage ?? {}) ?? 0) : 0), 0);
  const used: Billable = {
    received: 1,
    received_sms: message.source === 'sms' ? 1 : 0,
    // Every text sent about the message is billed, whichever run sent it.
    segments: texts.reduce((total, text) => total + (text.media ? 0 : text.segments), 0),
    mms_sent: texts.filter((text) => text.media).length,
    openai_audio_seconds: sum((u) => u.openai_audio_seconds),
    openai_input_tokens: sum((u) => u.openai_input_tokens),
    openai_output_tokens: sum((u) => u.openai_output_tokens),
  };
  return {
    message_id: message.id,
    runs: [...runs.entries()].sort(([a], [b]) => a - b).map(([attempt, list]) => ({ attempt, steps: list })),
    reply_parts: sortParts(latestRunParts(texts))
      .filter((text) => text.kind === 'reply')
      .map(partView),
    other_texts: sortParts(texts).flatMap((text) =>
      text.kind === 'reply' ? [] : [{ ...partView(text), kind: text.kind, attempt: text.attempt ?? 1 }],
    ),
    estimated_cost: estimateCost(used, prices),
  };
}

function partView(text: SmsPart): ReplyPartView {
  return {
    part: text.index + 1,
    segments: text.segments,
    ...(text.media ? { media: text.media } : {}),
    delivery: { status: text.status, error_code: text.error_code === null ? null : String(text.error_code) },
  };
}
