/**
 * Local transcription benchmark: real-time factor (processing seconds / audio seconds, end to end: ffprobe,
 * ffmpeg decode, pocketsphinx) and word error rate per format, voice and pocketsphinx setting, on flite clips.
 * Goal: RTF at most 0.3 and WER at most 20% on 16 kHz-or-better input.
 *
 * Run: npm run bench -- transcription (or npx tsx bench/transcription.ts)
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  CLIP_FORMATS,
  type ClipFormat,
  type ClipRequest,
  DEFAULT_VOICE,
  type FliteVoice,
  normalizeWords,
  SPEECH_CORPUS,
  SpeechClips,
  wordErrorRate,
} from '../test/support/speech-clips';
import { DEFAULT_TUNING, PocketsphinxTranscriber } from './pocketsphinx-baseline';
import { machineLine, ms, writeSection } from './report';

const RTF_GOAL = 0.3;
const WER_GOAL = 0.2;

type Row = { label: string; audioSeconds: number; processingMs: number; words: number; errors: number };

const clips = new SpeechClips();

/** Transcribes every corpus sentence one after another (no overlap, so timings are per run). */
async function measure(
  label: string,
  transcriber: PocketsphinxTranscriber,
  request: Omit<ClipRequest, 'sentence'>,
): Promise<Row> {
  const row: Row = { label, audioSeconds: 0, processingMs: 0, words: 0, errors: 0 };
  for (const sentence of SPEECH_CORPUS) {
    const clip = await clips.clip({ ...request, sentence });
    const started = performance.now();
    const result = await transcriber.transcribe(clip);
    row.processingMs += performance.now() - started;
    row.audioSeconds += result.durationSeconds ?? 0;
    const words = normalizeWords(sentence.text).length;
    row.words += words;
    row.errors += Math.round(wordErrorRate(sentence.text, result.text) * words);
  }
  console.log(`${label}: ${line(row)}`);
  return row;
}

function combine(label: string, rows: readonly Row[]): Row {
  const sum: Row = { label, audioSeconds: 0, processingMs: 0, words: 0, errors: 0 };
  for (const r of rows) {
    sum.audioSeconds += r.audioSeconds;
    sum.processingMs += r.processingMs;
    sum.words += r.words;
    sum.errors += r.errors;
  }
  return sum;
}

const TUNING_VOICES: readonly FliteVoice[] = ['rms', 'awb', 'kal16', 'slt'];

const rtf = (r: Row) => r.processingMs / 1000 / r.audioSeconds;
const wer = (r: Row) => r.errors / r.words;
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const line = (r: Row) =>
  `RTF ${rtf(r).toFixed(2)}, WER ${pct(wer(r))}, ${ms(r.processingMs)} for ${r.audioSeconds.toFixed(1)} s`;

function table(rows: readonly Row[], goals: boolean): string {
  const head = goals
    ? '| Input | Audio | Processing | RTF | WER | Goal met |\n|---|---:|---:|---:|---:|---|'
    : '| Input | Audio | Processing | RTF | WER |\n|---|---:|---:|---:|---:|';
  const body = rows.map((r) => {
    const cells = `| ${r.label} | ${r.audioSeconds.toFixed(1)} s | ${ms(r.processingMs)} | ${rtf(r).toFixed(2)} | ${pct(wer(r))} |`;
    return goals ? `${cells} ${rtf(r) <= RTF_GOAL && wer(r) <= WER_GOAL ? 'yes' : '**no**'} |` : cells;
  });
  return [head, ...body].join('\n');
}

/** pocketsphinx settings tried for speed; each only counts if WER holds. */
const TUNINGS: readonly { label: string; args: readonly string[] }[] = [
  { label: "pocketsphinx's defaults", args: [] },
  { label: '`-maxhmmpf 3000` (chosen: DEFAULT_TUNING)', args: DEFAULT_TUNING },
  { label: '`-topn 2`', args: ['-topn', '2'] },
  { label: '`-ds 2`', args: ['-ds', '2'] },
  {
    label: '`-beam 1e-40 -pbeam 1e-40 -wbeam 1e-24`',
    args: ['-beam', '1e-40', '-pbeam', '1e-40', '-wbeam', '1e-24'],
  },
  { label: '`-maxhmmpf 2000`', args: ['-maxhmmpf', '2000'] },
  { label: '`-fwdflat no`', args: ['-fwdflat', 'no'] },
  { label: '`-maxhmmpf 3000 -fwdflat no`', args: ['-maxhmmpf', '3000', '-fwdflat', 'no'] },
];

async function main(): Promise<void> {
  const load = loadavg()[0]?.toFixed(2);
  const transcriber = new PocketsphinxTranscriber();

  // Warm the page cache (model files, ffmpeg) so the first row is not charged for it.
  await transcriber.transcribe(await clips.clip({ sentence: SPEECH_CORPUS[0]!, format: 'wav' }));

  const formats: Row[] = [];
  for (const format of CLIP_FORMATS) {
    formats.push(await measure(`${format} (16 kHz)`, transcriber, { format }));
  }
  const phone: Row[] = [];
  for (const format of ['wav', '3gp'] satisfies ClipFormat[]) {
    phone.push(await measure(`${format} resampled to 8 kHz`, transcriber, { format, sampleRateHz: 8000 }));
  }
  // Settings are judged on all four 16 kHz voices (16 clips), so a choice does not fit one voice only.
  const tunings: Row[] = [];
  const voices: Row[] = [];
  for (const tuning of TUNINGS) {
    const tuned = new PocketsphinxTranscriber({ tuningArgs: tuning.args });
    const rows: Row[] = [];
    for (const voice of TUNING_VOICES)
      rows.push(await measure(`${tuning.label} ${voice}`, tuned, { format: 'wav', voice }));
    tunings.push(combine(tuning.label, rows));
    if (tuning.args === DEFAULT_TUNING)
      voices.push(...rows.map((r, i) => ({ ...r, label: `flite ${TUNING_VOICES[i]}` })));
  }
  voices.push(await measure('flite kal (an 8 kHz voice)', transcriber, { format: 'wav', voice: 'kal' }));

  const total = combine('**all 16 kHz formats**', formats);

  const markdown = `## Local transcription (pocketsphinx)

${machineLine()} · load average ${load} at start (the cores are shared with other work)

End to end per clip: ffprobe, ffmpeg decode to 16 kHz mono PCM, \`pocketsphinx_continuous\` with the
Debian en-us model, settings \`${DEFAULT_TUNING.join(' ')}\`. ${SPEECH_CORPUS.length} voicemail-like sentences (6-8 s each)
spoken by flite voice \`${DEFAULT_VOICE}\`, run one at a time. RTF = processing seconds / audio seconds
(includes about 0.3 s of model loading per clip, so longer messages have a lower RTF). WER = word-level edit distance / reference words, over all sentences.
Goal: RTF <= ${RTF_GOAL} and WER <= ${WER_GOAL * 100}% on 16 kHz-or-better input.

### Per format

${table([...formats, total], true)}

### Phone-quality input (8 kHz; not held to the goal, gets the low-quality warning)

${table(phone, false)}

### Per flite voice (WAV, 16 kHz unless noted)

${table(voices, false)}

### pocketsphinx settings (WAV, flite voices ${TUNING_VOICES.join(', ')}: 16 clips per setting)

${table(tunings, false)}
`;
  await writeSection('transcription', markdown);
  console.log('Wrote the transcription section of docs/benchmarks.md');
}

/** Runs the transcription benchmark and writes its section of docs/benchmarks.md. */
export async function benchTranscription(): Promise<void> {
  try {
    await main();
  } finally {
    // Also after a failure: the clips are in a temporary folder.
    await clips.dispose();
  }
}

// Still runnable on its own, as before bench/run.ts knew it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchTranscription();
