/**
 * The word error rate of the transcripts a heard benchmark run kept (bench/heard.ts keeps every run in
 * BENCH_DATA_DIR/heard/<section>.json), against the voicemails' scripts: two runs of the same set compared
 * without transcribing again (issue 32 compared greedy decoding with beam search this way).
 *
 * Run: npx tsx bench/heard-wer.ts <kept.json> [<kept.json> ...]. Prints only.
 */
import { readFile } from 'node:fs/promises';
import type { HeardVoicemail } from '../test/support/heard-truth';
import { wordErrors } from '../test/support/speech-clips';
import type { HeardRun } from './heard-score';

for (const path of process.argv.slice(2)) {
  const kept = JSON.parse(await readFile(path, 'utf8')) as {
    section: string;
    voicemails: HeardVoicemail[];
    runs: HeardRun[];
  };
  const totals = new Map<string, { words: number; errors: number }>();
  for (const run of kept.runs) {
    const script = kept.voicemails.find((v) => v.id === run.voicemailId)?.script ?? '';
    const { words, errors } = wordErrors(script, run.transcript);
    for (const group of ['all', run.rendering.band]) {
      const total = totals.get(group) ?? { words: 0, errors: 0 };
      totals.set(group, { words: total.words + words, errors: total.errors + errors });
    }
  }
  const rates = [...totals].map(
    ([group, { words, errors }]) =>
      `${group} ${((100 * errors) / Math.max(1, words)).toFixed(1)}% (${errors}/${words})`,
  );
  console.log(`${kept.section}: ${kept.runs.length} recordings, WER ${rates.join(', ')}`);
}
