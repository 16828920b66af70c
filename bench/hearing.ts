/**
 * How well Moonshine hears, and where it says each word was said (issue 32): the voicemails of
 * test/support/timed-voicemails.ts, each part spoken apart and joined with pauses of known length, so the
 * moment each marked word (a name, a number, a day) was said is known. Every voicemail goes through the
 * transcriber in each variant (how the audio is cut and cleaned, bench-only options of MoonshineTranscriber),
 * the variants taking turns clip by clip so other work on the shared cores hits them alike. Per variant:
 * word errors, marked words found, the error of their "listen at" time (within 2 s is the goal), and the
 * cost per voicemail (CPU seconds of this process: the VAD and Moonshine run in it; and wall seconds).
 * Voices: rms and slt are the ones tuned on; awb, kal16 and two espeak-ng voices are held out.
 *
 * Run: npm run bench -- hearing. BENCH_HEARING_VARIANTS=before,pauses (names below),
 * BENCH_HEARING_VOICES=awb,kal16, BENCH_HEARING_RENDERINGS=16k,amr, BENCH_HEARING_ONLY=optician: subsets,
 * printed and not written to docs/benchmarks.md. BENCH_HEARING_VARIANT=before npm run bench -- facts (or
 * honesty) runs those benchmarks with a variant.
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type HearingOptions, MoonshineTranscriber } from '../lambdas/adapters/offline/moonshine-transcriber';
import { benchDataDir } from '../test/support/npm-files';
import { type Voice, wordErrors } from '../test/support/speech-clips';
import {
  markErrors,
  speakTimed,
  TIMED_RENDERINGS,
  TIMED_VOICEMAILS,
  type TimedRendering,
  type TimedVoicemail,
  timedText,
} from '../test/support/timed-voicemails';
import { machineLine, writeSection } from './report';

export const VARIANTS: Readonly<Record<string, HearingOptions>> = {
  before: { pieces: 'quiet-points', wordTimes: 'piece-start', cleanup: null, swallowedZero: false },
  spread: { pieces: 'quiet-points', wordTimes: 'spoken', cleanup: null, swallowedZero: true },
  pauses: { pieces: 'pauses', wordTimes: 'spoken', cleanup: null, swallowedZero: true },
  'pauses-tight': { pieces: 'pauses-tight', wordTimes: 'spoken', cleanup: null, swallowedZero: true },
  highpass: { pieces: 'pauses', wordTimes: 'spoken', cleanup: 'highpass=f=100', swallowedZero: true },
  loudnorm: { pieces: 'pauses', wordTimes: 'spoken', cleanup: 'loudnorm', swallowedZero: true },
  'highpass+loudnorm': {
    pieces: 'pauses',
    wordTimes: 'spoken',
    cleanup: 'highpass=f=100,loudnorm',
    swallowedZero: true,
  },
  denoise: { pieces: 'pauses', wordTimes: 'spoken', cleanup: 'afftdn', swallowedZero: true },
};

/**
 * The variant BENCH_HEARING_VARIANT names (e.g. `before`), for the benchmarks that run the transcriber as
 * the service does (facts, honesty): their figures before and after issue 32 in one checkout. Unset: the default.
 */
export function hearingFromEnv(): HearingOptions | undefined {
  const name = process.env.BENCH_HEARING_VARIANT;
  if (!name) return undefined;
  const variant = VARIANTS[name];
  if (!variant) throw new Error(`No hearing variant ${name}: ${Object.keys(VARIANTS).join(', ')}`);
  console.log(`Hearing variant ${name}: ${JSON.stringify(variant)}`);
  return variant;
}

const TUNED: readonly Voice[] = ['rms', 'slt'];
const HELD_OUT: readonly Voice[] = ['awb', 'kal16', 'espeak:en-us', 'espeak:en-gb-scotland'];
const speak = (voicemail: TimedVoicemail, voice: Voice, rendering: TimedRendering) =>
  speakTimed(voicemail, voice, rendering, join(benchDataDir(), 'hearing'));

const list = (name: string) =>
  process.env[name]
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);

type Score = {
  voicemails: number;
  audioSeconds: number;
  words: number;
  errors: number;
  marks: number;
  found: number;
  timeErrors: number[];
  cpuMs: number;
  wallMs: number;
};
const emptyScore = (): Score => ({
  voicemails: 0,
  audioSeconds: 0,
  words: 0,
  errors: 0,
  marks: 0,
  found: 0,
  timeErrors: [],
  cpuMs: 0,
  wallMs: 0,
});

const pct = (n: number, d: number) => (d > 0 ? `${((n / d) * 100).toFixed(1)}%` : '-');

function row(label: string, s: Score): string {
  const abs = s.timeErrors.map(Math.abs).sort((a, b) => a - b);
  const within = abs.filter((e) => e <= 2).length;
  const late = s.timeErrors.filter((e) => e > 0.2).length;
  const mean = abs.length ? abs.reduce((a, b) => a + b, 0) / abs.length : 0;
  const max = abs.at(-1) ?? 0;
  return `| ${label} | ${pct(s.errors, s.words)} | ${s.found}/${s.marks} | ${within}/${s.found} | ${mean.toFixed(2)} s | ${max.toFixed(2)} s | ${late} | ${(s.cpuMs / 1000 / s.voicemails).toFixed(2)} s | ${(s.wallMs / 1000 / s.voicemails).toFixed(2)} s | ${(s.audioSeconds / s.voicemails).toFixed(1)} s |`;
}

const HEAD = `| Variant · voices · rendering | WER | Marks heard | "Listen at" within 2 s | Mean error | Worst | Late by > 0.2 s | CPU s / voicemail | Wall s / voicemail | Audio / voicemail |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|`;

export async function benchHearing(): Promise<void> {
  // Before and after by default (216 transcriptions, about 8 minutes of a core); the rest on request.
  const variantNames = list('BENCH_HEARING_VARIANTS') ?? ['before', 'pauses'];
  const voices = (list('BENCH_HEARING_VOICES') as Voice[] | undefined) ?? [...TUNED, ...HELD_OUT];
  const renderings = (list('BENCH_HEARING_RENDERINGS') as TimedRendering[] | undefined) ?? [
    ...TIMED_RENDERINGS,
  ];
  const only = list('BENCH_HEARING_ONLY');
  const subset = Boolean(
    process.env.BENCH_HEARING_VARIANTS ||
      process.env.BENCH_HEARING_VOICES ||
      process.env.BENCH_HEARING_RENDERINGS ||
      only,
  );
  const engines = variantNames.map((name) => {
    const hearing = VARIANTS[name];
    if (!hearing) throw new Error(`No variant ${name}: ${Object.keys(VARIANTS).join(', ')}`);
    return { name, transcriber: new MoonshineTranscriber({ hearing }) };
  });
  const scores = new Map<string, Score>();
  const add = (key: string, update: (s: Score) => void) => {
    const score = scores.get(key) ?? emptyScore();
    update(score);
    scores.set(key, score);
  };
  const voicemails = TIMED_VOICEMAILS.filter((v) => !only || only.includes(v.id));
  // Load the models first, so no variant is charged for it.
  const warm = await speak(voicemails[0]!, voices[0]!, '16k');
  for (const engine of engines) await engine.transcriber.transcribe(warm.clip);
  let turn = 0;
  for (const voice of voices) {
    const group = TUNED.includes(voice) ? 'tuned voices' : 'held-out voices';
    for (const rendering of renderings) {
      for (const voicemail of voicemails) {
        const spoken = await speak(voicemail, voice, rendering);
        const order = turn++ % 2 === 0 ? engines : [...engines].reverse();
        for (const engine of order) {
          const cpu = process.cpuUsage();
          const started = performance.now();
          const result = await engine.transcriber.transcribe(spoken.clip).catch((error: Error) => {
            if (error.name !== 'NoSpeechError' && error.name !== 'NotEnglishError') throw error;
            return { text: '', words: [] };
          });
          const wallMs = performance.now() - started;
          const used = process.cpuUsage(cpu);
          const counted = wordErrors(timedText(voicemail), result.text);
          const marked = markErrors(voicemail, spoken.onsets, result.words ?? []);
          const update = (s: Score) => {
            s.voicemails++;
            s.audioSeconds += spoken.seconds;
            s.words += counted.words;
            s.errors += counted.errors;
            s.marks += marked.marks;
            s.found += marked.errors.length;
            s.timeErrors.push(...marked.errors);
            s.cpuMs += (used.user + used.system) / 1000;
            s.wallMs += wallMs;
          };
          for (const key of [
            `${engine.name} · ${group} · ${rendering}`,
            `${engine.name} · ${group}`,
            `${engine.name} · all`,
          ])
            add(key, update);
          console.log(
            `${voicemail.id} ${voice} ${rendering} ${engine.name}: WER ${pct(counted.errors, counted.words)}, marks ${marked.errors.map((e) => e.toFixed(1)).join(' ')} (${marked.errors.length}/${marked.marks}) at ${marked.times.map(([at, onset]) => `${at}@${onset.toFixed(2)}`).join(' ')}, ${(wallMs / 1000).toFixed(1)} s\n  ${result.text}`,
          );
        }
      }
    }
  }
  const keys = [...scores.keys()].sort();
  const table = [HEAD, ...keys.map((key) => row(key, scores.get(key)!))].join('\n');
  console.log(table);
  if (subset) return;
  await writeSection(
    'hearing',
    `## Hearing offline: pieces, clean-up and word times (issue 32)

${machineLine()}

${voicemails.length} voicemails of ${TIMED_VOICEMAILS.map((v) => v.parts.length).join('/')} parts read apart and joined with known pauses
(test/support/timed-voicemails.ts), by the tuned voices ${TUNED.join(', ')} and the held-out ${HELD_OUT.join(', ')}, as 16 kHz WAV,
8 kHz AMR-NB, and AMR-NB with pink noise 10 dB below the speech. "Listen at" error: the marked word's time as the
text shows it (whole seconds, rounded down) less the moment its part's speech starts (negative: playing starts before the word). Variants:
${Object.entries(VARIANTS)
  .filter(([name]) => variantNames.includes(name))
  .map(
    ([name, v]) =>
      `\`${name}\` (pieces ${v.pieces}, word times ${v.wordTimes}, clean-up ${v.cleanup ?? 'none'})`,
  )
  .join(', ')}.

${table}
`,
  );
}
