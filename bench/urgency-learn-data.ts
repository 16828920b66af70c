/**
 * What the learned urgency opinion (lambdas/core/urgency/urgency-learned.ts) is trained on: every voicemail of
 * the heard benchmark's development set and of the held-out sets that have been READ (docs/held-out-sets.md),
 * as its author wrote it, labelled urgent or not by that author. Spam is in, as not urgent: the opinion is asked
 * about any message the rules found normal, so a scam the rules missed ("he needs two thousand dollars for bail
 * today") must read as not urgent to it too; left out, the model raised two such scams of the urgency
 * benchmark to urgent (docs/decisions/urgency-2.md).
 *
 * A set joins TRAINING_SETS only once it has been read; a set nobody has read measures the model and must not
 * train it. The fingerprint lets a unit test tell when a set changed
 * and the model was not trained again (`npx tsx bench/urgency-learn.ts`).
 */
import { createHash } from 'node:crypto';
import { HEARD_DEV_VOICEMAILS } from '../test/support/heard-dev-voicemails';
import type { HeardVoicemail } from '../test/support/heard-truth';
import { HELDOUT_VOICEMAILS } from '../test/support/heldout-voicemails';
import { HELDOUT2_VOICEMAILS } from '../test/support/heldout2-voicemails';
import { HELDOUT3_VOICEMAILS } from '../test/support/heldout3-voicemails';
import { HELDOUT4_VOICEMAILS } from '../test/support/heldout4-voicemails';
import { HELDOUT5_VOICEMAILS } from '../test/support/heldout5-voicemails';
import { HELDOUT6_VOICEMAILS } from '../test/support/heldout6-voicemails';
import { HELDOUT7_VOICEMAILS } from '../test/support/heldout7-voicemails';
import { HELDOUT8_VOICEMAILS } from '../test/support/heldout8-voicemails';
import { HELDOUT9_VOICEMAILS } from '../test/support/heldout9-voicemails';
import { HELDOUT10_VOICEMAILS } from '../test/support/heldout10-voicemails';
import { HELDOUT11_VOICEMAILS } from '../test/support/heldout11-voicemails';
import { HELDOUT12_VOICEMAILS } from '../test/support/heldout12-voicemails';
import { HELDOUT14_VOICEMAILS } from '../test/support/heldout14-voicemails';
import { HELDOUT15_VOICEMAILS } from '../test/support/heldout15-voicemails';
import { URGENCY_DEV_VOICEMAILS } from '../test/support/urgency-dev-voicemails';
import { URGENCY_FRESH_VOICEMAILS } from '../test/support/urgency-fresh-voicemails';
import { URGENCY_HELDOUT } from '../test/support/urgency-heldout';
import { URGENCY_VOICEMAILS, type UrgencyVoicemail } from '../test/support/urgency-voicemails';

export const TRAINING_SETS: Readonly<Record<string, readonly HeardVoicemail[]>> = {
  dev: HEARD_DEV_VOICEMAILS,
  heldout: HELDOUT_VOICEMAILS,
  heldout2: HELDOUT2_VOICEMAILS,
  heldout3: HELDOUT3_VOICEMAILS,
  heldout4: HELDOUT4_VOICEMAILS,
  heldout5: HELDOUT5_VOICEMAILS,
  heldout6: HELDOUT6_VOICEMAILS,
  heldout7: HELDOUT7_VOICEMAILS,
  heldout8: HELDOUT8_VOICEMAILS,
  heldout9: HELDOUT9_VOICEMAILS,
  heldout10: HELDOUT10_VOICEMAILS,
  heldout11: HELDOUT11_VOICEMAILS,
  heldout12: HELDOUT12_VOICEMAILS,
  heldout14: HELDOUT14_VOICEMAILS,
  heldout15: HELDOUT15_VOICEMAILS,
};

/**
 * The urgency benchmark's labelled voicemails, all read and tuned on by the rules, but one: its fresh set
 * (test/support/urgency-fresh.ts) stays out, so `npm run bench -- urgency` still shows the model on
 * voicemails it never saw. Their robocalls and scams teach it what faked haste sounds like.
 */
export const URGENCY_TRAINING_SETS: Readonly<Record<string, readonly UrgencyVoicemail[]>> = {
  urgency: URGENCY_VOICEMAILS,
  'urgency-dev': URGENCY_DEV_VOICEMAILS,
  'urgency-heldout': URGENCY_HELDOUT,
  'urgency-fresh-voicemails': URGENCY_FRESH_VOICEMAILS,
};

export type Example = { readonly set: string; readonly text: string; readonly urgent: boolean };

/** The examples, in a fixed order: each read set's voicemails, spam among them (never urgent), then the urgency sets'. */
export function trainingExamples(): Example[] {
  return Object.entries(TRAINING_SETS)
    .flatMap(([set, voicemails]) =>
      voicemails.map(({ script, urgent, spam }) => ({ set, text: script, urgent: urgent && !spam })),
    )
    .concat(
      Object.entries(URGENCY_TRAINING_SETS).flatMap(([set, voicemails]) =>
        voicemails.map(({ script, label }) => ({ set, text: script, urgent: label === 'urgent' })),
      ),
    );
}

/** A hash of the examples (set, label, words): it changes when any of them does. */
export function fingerprint(examples: readonly Example[]): string {
  const hash = createHash('sha256');
  for (const { set, text, urgent } of examples)
    hash.update(`${set}\u0000${urgent ? 1 : 0}\u0000${text}\u0000`);
  return hash.digest('hex');
}
