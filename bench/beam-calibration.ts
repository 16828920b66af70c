/**
 * How well a word's confidence separates a right callback number or caller's name from a wrong one, greedy
 * against beam search (issue 32, deliverable 1): token confidence (greedy's, and the best beam's), the
 * posterior among the beams kept (core/transcripts/word-posterior.ts), their minimum and their product. For
 * each recording of the heard benchmark's sets (the clips it keeps in BENCH_DATA_DIR/heard) it transcribes
 * greedy and with beams, in turn (which goes first alternating, so both share the machine's load), checks the
 * facts as the service does (core/facts/fact-checks.ts) with each confidence, and counts, at the thresholds
 * the checks use (a name 0.9, a number 0.6), right facts kept and wrong facts kept; and the chance that a
 * right fact has a higher confidence than a wrong one (AUC). Prints only; writes nothing.
 *
 * Run: BENCH_DATA_DIR=<the heard benchmark's data dir> npx tsx bench/beam-calibration.ts [heldout5,heldout6]
 * (BEAM_CAL_WIDTH=4 the beams, BEAM_CAL_ONLY=id,id some voicemails). The figures are in
 * docs/local-transcription.md ("Beam search").
 */
import { type CheckedFact, checkFacts, NAME_SURE_AT_LEAST, nationalDigits } from '#core/facts/fact-checks';
import type { HeardToken } from '#core/transcripts/heard-transcript';
import { heardTokens } from '#core/transcripts/heard-transcript';
import { DOUBTFUL_BELOW, type HeardWord } from '#core/transcripts/heard-words';
import { combinedConfidence } from '#core/transcripts/word-posterior';
import { type BeamWord, MoonshineTranscriber } from '../lambdas/adapters/offline/moonshine-transcriber';
import { LibPhoneNumberRegions } from '../lambdas/adapters/phone/libphonenumber-regions';
import type { HeardVoicemail } from '../test/support/heard-truth';
import { SpeechClips } from '../test/support/speech-clips';
import { factClip } from './facts';
import { heardRenderings, heardSet, renderingCount } from './heard-setup';

const SCORINGS = ['greedy token', 'beam token', 'beam posterior', 'beam min', 'beam product'] as const;
type Scoring = (typeof SCORINGS)[number];

type Row = {
  readonly scoring: Scoring;
  readonly id: string;
  readonly kind: 'phone' | 'name';
  readonly value: string;
  readonly right: boolean;
  readonly confidence: number | null;
  readonly sure: boolean;
};

const bare = (word: string) =>
  word
    .toLowerCase()
    .replace(/[^\p{L}\p{N}']/gu, '')
    .replace(/'s$/, '');

function isRight(fact: CheckedFact, truth: HeardVoicemail): boolean {
  if (fact.kind === 'phone') return truth.number !== null && nationalDigits(fact.value) === truth.number;
  const names = truth.name ? [truth.name, ...(truth.nameSpelledAlso ?? [])] : [];
  return names.some((name) => bare(name.split(/\s+/)[0]!) === bare(fact.value));
}

const leastConfidence = (tokens: readonly HeardToken[], fact: CheckedFact) => {
  const known = tokens
    .slice(fact.start, fact.end)
    .map((token) => token.confidence)
    .filter((c): c is number => c !== null);
  return known.length === 0 ? null : Math.min(...known);
};

/** The chance that a right fact's confidence is above a wrong one's (ties count half). */
function auc(right: readonly number[], wrong: readonly number[]): number | null {
  if (right.length === 0 || wrong.length === 0) return null;
  let sum = 0;
  for (const r of right) for (const w of wrong) sum += r > w ? 1 : r === w ? 0.5 : 0;
  return sum / (right.length * wrong.length);
}

async function main() {
  const wanted = (process.argv[2] ?? 'heldout5,heldout6').split(',');
  const width = Number(process.env.BEAM_CAL_WIDTH ?? 4);
  const only = process.env.BEAM_CAL_ONLY?.split(',');
  let beamWords: BeamWord[] = [];
  const greedy = new MoonshineTranscriber({ moonshineBeams: 1 });
  const beams = new MoonshineTranscriber({
    moonshineBeams: width,
    beamConfidence: 'token',
    onBeamWords: (words) => beamWords.push(...words),
  });
  const regions = new LibPhoneNumberRegions();
  const isValidNumber = (e164: string) => regions.countryOf(e164) !== null;
  const clips = new SpeechClips();
  const rows: Row[] = [];
  const cost = { greedy: 0, beams: 0, recordings: 0, audio: 0 };
  let order = 0;
  try {
    for (const setName of wanted) {
      const set = await heardSet(setName);
      for (const [index, voicemail] of set.voicemails.entries()) {
        if (only && !only.includes(voicemail.id)) continue;
        for (const rendering of heardRenderings(index, renderingCount(undefined))) {
          const audio = await factClip(voicemail, rendering, clips, 'heard');
          const runGreedy = async () => {
            const started = performance.now();
            const heard = await greedy.transcribeWithSignals(audio);
            cost.greedy += (performance.now() - started) / 1000;
            return heard;
          };
          const runBeams = async () => {
            beamWords = [];
            const started = performance.now();
            const heard = await beams.transcribeWithSignals(audio);
            cost.beams += (performance.now() - started) / 1000;
            return heard;
          };
          const first = order++ % 2 === 0;
          const g = first ? await runGreedy() : null;
          const b = await runBeams();
          const gHeard = g ?? (await runGreedy());
          cost.recordings += 1;
          cost.audio += gHeard.seconds;
          const lists: [Scoring, { text: string; words: HeardWord[]; seconds: number }][] = [
            ['greedy token', gHeard],
          ];
          if (beamWords.length === b.words.length) {
            for (const [scoring, how] of [
              ['beam token', 'token'],
              ['beam posterior', 'posterior'],
              ['beam min', 'min'],
              ['beam product', 'product'],
            ] as const) {
              const words = b.words.map((word, at) => ({
                ...word,
                confidence: combinedConfidence(beamWords[at]!.token, beamWords[at]!.posterior, how),
              }));
              lists.push([scoring, { text: b.text, words, seconds: b.seconds }]);
            }
          } else {
            console.log(`  ${voicemail.id}: beam words ${beamWords.length} != ${b.words.length}, skipped`);
          }
          for (const [scoring, heard] of lists) {
            const tokens = heardTokens({ text: heard.text, words: heard.words }, heard.seconds);
            for (const fact of checkFacts(tokens, { isValidNumber })) {
              if (fact.kind !== 'phone' && fact.kind !== 'name') continue;
              const row: Row = {
                scoring,
                id: voicemail.id,
                kind: fact.kind,
                value: fact.value,
                right: isRight(fact, voicemail),
                confidence: leastConfidence(tokens, fact),
                sure: fact.sure,
              };
              rows.push(row);
              console.log(
                `${setName} ${row.id} ${rendering.band} ${scoring}: ${row.kind} "${row.value}" ${row.right ? 'RIGHT' : 'WRONG'} ${row.confidence?.toFixed(2)} ${row.sure ? 'stated' : 'doubted'}`,
              );
            }
          }
        }
      }
    }
  } finally {
    await clips.dispose();
  }
  console.log(`\nSets ${wanted.join('+')}, ${cost.recordings} recordings, beams ${width}:`);
  for (const kind of ['phone', 'name'] as const) {
    const threshold = kind === 'phone' ? DOUBTFUL_BELOW : NAME_SURE_AT_LEAST;
    console.log(`  ${kind} (kept at ${threshold}):`);
    for (const scoring of SCORINGS) {
      const of = rows.filter((row) => row.scoring === scoring && row.kind === kind);
      const right = of.filter((row) => row.right);
      const wrong = of.filter((row) => !row.right);
      const kept = (list: Row[]) => list.filter((row) => (row.confidence ?? 1) >= threshold).length;
      const stated = (list: Row[]) => list.filter((row) => row.sure).length;
      const area = auc(
        right.map((row) => row.confidence ?? 1),
        wrong.map((row) => row.confidence ?? 1),
      );
      console.log(
        `    ${scoring.padEnd(15)} right kept ${kept(right)}/${right.length}, wrong kept ${kept(wrong)}/${wrong.length}; stated by the checks: right ${stated(right)}, wrong ${stated(wrong)}; AUC ${area?.toFixed(2) ?? '-'}`,
      );
    }
  }
  const per = (seconds: number) => (seconds / Math.max(1, cost.recordings)).toFixed(2);
  console.log(
    `  transcription only, seconds per voicemail (${per(cost.audio)} s of audio): greedy ${per(cost.greedy)}, beams ${per(cost.beams)} (${(cost.beams / Math.max(1e-9, cost.greedy)).toFixed(2)}x)`,
  );
}

await main();
