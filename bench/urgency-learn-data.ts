/**
 * What the learned urgency opinion (lambdas/core/urgency/urgency-learned.ts) is trained on: every voicemail of
 * the heard benchmark's development set and of the held-out sets that have been READ (docs/held-out-sets.md),
 * as its author wrote it, labelled urgent or not by that author. Spam is left out: the opinion is never asked
 * about a voicemail with a sign of spam, and a scam's fake haste would teach it that haste is calm.
 *
 * A set joins TRAINING_SETS only once it has been read; a set nobody has read measures the model and must not
 * train it. The urgency benchmark's sets (test/support/urgency-*.ts) are kept out too, so that benchmark
 * measures the model on voicemails it never saw. The fingerprint lets a unit test tell when a set changed
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
};

export type Example = { readonly set: string; readonly text: string; readonly urgent: boolean };

/** The examples, in a fixed order: each read set's voicemails that are not spam. */
export function trainingExamples(): Example[] {
  return Object.entries(TRAINING_SETS).flatMap(([set, voicemails]) =>
    voicemails
      .filter((voicemail) => !voicemail.spam)
      .map(({ script, urgent }) => ({ set, text: script, urgent })),
  );
}

/** A hash of the examples (set, label, words): it changes when any of them does. */
export function fingerprint(examples: readonly Example[]): string {
  const hash = createHash('sha256');
  for (const { set, text, urgent } of examples)
    hash.update(`${set}\u0000${urgent ? 1 : 0}\u0000${text}\u0000`);
  return hash.digest('hex');
}
