/**
 * Hostile sizes (issue 31, deliverable 5): the urgency rules and loop cutting on 20,000 hostile words, against
 * a baseline of 1,000 words of the same shape measured in the same run. The shapes (test/support/
 * hostile-transcripts.ts) are one sentence that never ends, one request phrase over and over, every word a
 * cue, one word over and over, a voicemail with no punctuation, a loop every six words and numbers with a
 * digit group three times. Linear code takes about 20 times as long for 20 times the words; the code before
 * issue 31 (kept as the tests' oracle, test/support/urgency-oracle.ts and decoder-loops-oracle.ts) runs once
 * at each size too, for the ratio it had. The goal: under a second for 20,000 words.
 *
 * Urgency is timed as the summary step calls it, `checkedUrgency` with a model's "urgent" to check (the rules'
 * evidence and then the hints in the words: the longest path); loop cutting as the transcribe step calls it,
 * `cutLoops` on the engine's words (every seventh heard with doubt). The new code's time is the median of
 * nine runs after one to warm up; the old code's a single run.
 *
 * Run: npm run bench -- hostile (writes the section "hostile"); BENCH_HOSTILE_BEFORE=0 leaves the old code
 * out (its 20,000 words take minutes) and writes nothing.
 */
import { cutLoops } from '#core/transcripts/decoder-loops';
import { checkedUrgency } from '#core/urgency/urgency';
import { cutLoops as cutLoopsBefore } from '../test/support/decoder-loops-oracle';
import { HOSTILE_SHAPES, heardTranscript, heardWords } from '../test/support/hostile-transcripts';
import { checkedUrgency as checkedUrgencyBefore } from '../test/support/urgency-oracle';
import { machineLine, percentile, writeSection } from './report';

const BASELINE_WORDS = 1000;
const HOSTILE_WORDS = 20_000;
const RUNS = 9;
const GOAL_MS = 1000;
const PROPOSED = { level: 'urgent', reason: 'the caller needs an answer' } as const;

/** Milliseconds one call of `work` takes: the median of RUNS after a warm-up, or one run for `once`. */
function timed(work: () => unknown, once = false): number {
  const times: number[] = [];
  if (!once) work();
  for (let run = 0; run < (once ? 1 : RUNS); run++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return percentile(times, 50);
}

type Row = {
  readonly shape: string;
  readonly about: string;
  /** Milliseconds at BASELINE_WORDS and HOSTILE_WORDS: now, and before issue 31 (null: not measured). */
  readonly urgency: readonly [number, number];
  readonly urgencyBefore: readonly [number, number] | null;
  readonly loops: readonly [number, number];
  readonly loopsBefore: readonly [number, number] | null;
};

const figure = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const ratio = ([small, large]: readonly [number, number]) => `${(large / Math.max(small, 0.05)).toFixed(0)}×`;
const pair = (times: readonly [number, number]) =>
  `${figure(times[0])} → ${figure(times[1])} ms (${ratio(times)})`;

export async function benchHostile(): Promise<void> {
  const before = process.env.BENCH_HOSTILE_BEFORE !== '0';
  const rows: Row[] = [];
  for (const shape of HOSTILE_SHAPES) {
    const sizes = [BASELINE_WORDS, HOSTILE_WORDS].map((count) => shape.words(count));
    const measure = (work: (words: string[]) => unknown, once = false) =>
      sizes.map((words) => timed(() => work(words), once)) as [number, number];
    const urgency = (words: string[]) => checkedUrgency(heardTranscript(words), PROPOSED);
    const urgencyBefore = (words: string[]) => checkedUrgencyBefore(heardTranscript(words), PROPOSED);
    const row: Row = {
      shape: shape.name,
      about: shape.about,
      urgency: measure(urgency),
      urgencyBefore: before ? measure(urgencyBefore, true) : null,
      loops: measure((words) => cutLoops(heardWords(words))),
      loopsBefore: before ? measure((words) => cutLoopsBefore(heardWords(words)), true) : null,
    };
    console.log(JSON.stringify(row));
    rows.push(row);
  }
  if (!before) return;
  const worst = (pick: (row: Row) => number) => Math.max(...rows.map(pick));
  const worstUrgency = worst((row) => row.urgency[1]);
  const worstLoops = worst((row) => row.loops[1]);
  const table = rows
    .map(
      (row) =>
        `| ${row.shape}: ${row.about} | ${pair(row.urgency)} | ${pair(row.urgencyBefore!)} | ${pair(row.loops)} | ${pair(row.loopsBefore!)} |`,
    )
    .join('\n');
  await writeSection(
    'hostile',
    `## Hostile sizes: urgency rules and loop cutting on 20,000 words (issue 31)

${machineLine()}. Each shape at ${BASELINE_WORDS.toLocaleString('en-US')} words (the baseline) and at ${HOSTILE_WORDS.toLocaleString('en-US')}, in the same run;
the ratio is the 20,000-word time over the baseline's (20× for 20 times the words is linear, 400× quadratic).
"Now" is the median of ${RUNS} runs after a warm-up; "before" is the code before issue 31 (the tests' oracle,
test/support/urgency-oracle.ts and decoder-loops-oracle.ts), run once. Urgency: \`checkedUrgency\` with a
model's "urgent" to check, as the summary step calls it; loops: \`cutLoops\` on the engine's words, as the
transcribe step calls it (every seventh word heard with doubt).

| Shape | Urgency now | Urgency before | Loop cutting now | Loop cutting before |
|---|---|---|---|---|
${table}

Goal: under ${GOAL_MS} ms for 20,000 words. Slowest shape now: urgency ${figure(worstUrgency)} ms, loop cutting ${figure(worstLoops)} ms
(${worstUrgency < GOAL_MS && worstLoops < GOAL_MS ? 'both under the goal' : 'NOT under the goal'}).`,
  );
}
