/**
 * The reasons a text may give (issue 31): the rules' own spam reasons, a small closed set the catalogues know
 * and translate. A model's words, however checked (core/urgency/urgency-reasons.ts), never reach a text.
 * Zod-free: the reply (core/texts/voice-reply.ts) is read by the site's first chunk, where no zod schema may
 * be built before zod's jitless setting (frontend/src/lib/zod-config.ts).
 */
import { SALES_REASONS, SCAM_REASONS } from './urgency-spam-reasons';

const TEXTED_REASONS: ReadonlySet<string> = new Set([
  ...Object.values(SCAM_REASONS),
  ...Object.values(SALES_REASONS),
]);

/** The reason the sender's text gives: one of the rules' reasons, else none ("Likely spam. Reply FULL..."). */
export function textedReason(reason: string | null | undefined): string | null {
  const text = reason?.trim() ?? '';
  return TEXTED_REASONS.has(text) ? text : null;
}
