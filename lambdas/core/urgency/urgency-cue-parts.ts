/**
 * What the urgency cues (core/urgency/urgency-cues.ts, core/urgency/urgency-kind-cues.ts) are made of: a cue's
 * kind, its pattern and its reason, and the pieces their patterns share.
 */

/** What a cue is evidence of. */
export type CueKind =
  /** A scam: a payment by gift card or wire, a government threat, a prize, a fake alert. */
  | 'scam'
  /** A recorded sales call: a press-1 menu, a warranty, a lower rate. */
  | 'sales'
  /** A robocall's wording that alone proves nothing ("final notice", "this call is regarding"). */
  | 'robocall'
  /** Something happening to someone now: an emergency, a hospital, a sick child, a leak. */
  | 'emergency'
  /**
   * An urgent situation by its kind (issue 32, core/urgency/urgency-kind-cues.ts): like an emergency, it wins
   * over weak signs of spam; a deadline's reason, which names the time, is given before its reason.
   */
  | 'situation'
  /** The caller says it is urgent. */
  | 'says-urgent';

export type Cue = { readonly kind: CueKind; readonly pattern: RegExp; readonly reason: string };

/** A pattern over the reading's words, global and with indices (a cue's groups are the words it rests on). */
export const d = (source: string) => new RegExp(source, 'dg');

/** Not negated: "not urgent", "nothing urgent", "not an emergency". */
export const NOT = String.raw`(?<!\b(?:not|no|nothing|isn't|it's not|non) (?:an? |that |too |really |very )?)`;
