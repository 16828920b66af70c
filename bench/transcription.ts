/**
 * Offline transcription benchmark: word error rate and real-time factor (processing seconds / audio seconds,
 * end to end: ffprobe, ffmpeg decode, the engine) of Moonshine tiny against base (when its model has been
 * fetched: `npm run models -- base`), per format, sample rate, flite voice and background noise, the engines
 * taking turns clip by clip so other work on the shared cores hits them alike; pocketsphinx (the former
 * engine) on the same clips while it is installed. Also the peak memory of each engine transcribing a
 * one-minute message, the honesty rule per language for each model (bench/honesty.ts, whose section it
 * writes too), and the load average sampled during the run.
 *
 * Goals: WER at most 20% on 8 kHz and on noisy input; base becomes the default when its WER is lower than
 * tiny's and its RTF stays at or below 0.15 (issue 17).
 *
 * Run: npm run bench -- transcription
 */
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { FfmpegAudioTools } from '../lambdas/adapters/offline/ffmpeg-audio-tools';
import { MoonshineTranscriber } from '../lambdas/adapters/offline/moonshine-transcriber';
import type { Transcriber } from '../lambdas/ports/transcriber';
import {
  CLIP_FORMATS,
  type ClipRequest,
  DEFAULT_VOICE,
  type FliteVoice,
  SPEECH_CORPUS,
  SpeechClips,
  wordErrorRate,
  wordErrors,
} from '../test/support/speech-clips';
import { honestySection, honestySummary, honestyTable, measureHonesty, moonshineModels } from './honesty';
import { PocketsphinxTranscriber, pocketsphinxInstalled } from './pocketsphinx-baseline';
import { machineLine, writeSection } from './report';

const run = promisify(execFile);

/** Issue 17: base is the default when its WER is lower than tiny's and its RTF stays at or below this. */
const RTF_GOAL = 0.15;
const WER_GOAL = 0.2;
const SNR_DB = 15;
const VOICES: readonly FliteVoice[] = ['rms', 'awb', 'kal16', 'slt'];

type Engine = { readonly name: string; readonly transcriber: Transcriber };
/** `cpuMs`: CPU time of this process (onnxruntime runs in it), so only meaningful for Moonshine. */
type Score = { audioSeconds: number; processingMs: number; cpuMs: number; words: number; errors: number };
type Row = { readonly label: string; readonly scores: Map<string, Score> };

const clips = new SpeechClips();

const rtf = (s: Score) => s.processingMs / 1000 / s.audioSeconds;
/** Moonshine's own compute per audio second: what the model costs, whatever else the shared cores run. */
const cpuRtf = (s: Score) => s.cpuMs / 1000 / s.audioSeconds;
const wer = (s: Score) => s.errors / s.words;
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

/** Which engine goes first alternates from clip to clip too, so neither is always the one after a pause. */
let turn = 0;

/** Transcribes the corpus sentences of one kind of clip, every engine on each clip in turn. */
async function measure(label: string, engines: readonly Engine[], request: Omit<ClipRequest, 'sentence'>) {
  const row: Row = { label, scores: new Map() };
  for (const engine of engines) {
    row.scores.set(engine.name, { audioSeconds: 0, processingMs: 0, cpuMs: 0, words: 0, errors: 0 });
  }
  for (const sentence of SPEECH_CORPUS) {
    const clip = await clips.clip({ ...request, sentence });
    const order = turn++ % 2 === 0 ? engines : [...engines].reverse();
    for (const engine of order) {
      const score = row.scores.get(engine.name)!;
      const started = performance.now();
      const cpu = process.cpuUsage();
      const text = await engine.transcriber.transcribe(clip).then(
        (result) => {
          score.audioSeconds += result.durationSeconds ?? 0;
          return result.text;
        },
        // No speech recognized, or English taken for another language (nothing sent): every word missed.
        async (error: Error) => {
          if (error.name !== 'NoSpeechError' && error.name !== 'NotEnglishError') throw error;
          score.audioSeconds += (await new FfmpegAudioTools().probe(clip.bytes)).durationSeconds ?? 0;
          return '';
        },
      );
      score.processingMs += performance.now() - started;
      const used = process.cpuUsage(cpu);
      score.cpuMs += (used.user + used.system) / 1000;
      const counted = wordErrors(sentence.text, text);
      score.words += counted.words;
      score.errors += counted.errors;
    }
  }
  console.log(
    `${label}: ${[...row.scores].map(([name, s]) => `${name} WER ${pct(wer(s))} RTF ${rtf(s).toFixed(3)}`).join(' · ')}`,
  );
  return row;
}

function combine(label: string, rows: readonly Row[]): Row {
  const scores = new Map<string, Score>();
  for (const row of rows) {
    for (const [name, s] of row.scores) {
      const sum = scores.get(name) ?? { audioSeconds: 0, processingMs: 0, cpuMs: 0, words: 0, errors: 0 };
      sum.cpuMs += s.cpuMs;
      sum.audioSeconds += s.audioSeconds;
      sum.processingMs += s.processingMs;
      sum.words += s.words;
      sum.errors += s.errors;
      scores.set(name, sum);
    }
  }
  return { label, scores };
}

const ratio = (of: number, to: number) => (to > 0 ? `${(of / to).toFixed(2)}×` : '-');

/**
 * One table: WER, RTF and CPU RTF per engine; base against tiny (WER, RTF and CPU RTF as ratios measured on
 * the same clips in the same run); whether base qualifies as the default on the row (WER lower than tiny's,
 * or equal at 0; CPU RTF at most 0.15) and whether both meet the WER goal (at most 20%) where `absolute` says so.
 */
function table(rows: readonly Row[], engines: readonly Engine[], absolute: boolean): string {
  const names = engines.map((e) => e.name);
  const both = names.includes('moonshine-tiny') && names.includes('moonshine-base');
  const head = `| Input | ${names.map((n) => `${n} WER | ${n} RTF${n.startsWith('moonshine') ? ` | ${n} CPU RTF` : ''}`).join(' | ')}${both ? ' | base ÷ tiny: WER · RTF · CPU RTF | Base qualifies' : ''} | Goals met |`;
  const rule = `|---|${names.map((n) => (n.startsWith('moonshine') ? '---:|---:|---:' : '---:|---:')).join('|')}|${both ? '---|---|' : ''}---|`;
  const body = rows.map((row) => {
    const cells = names.map((n) => {
      const s = row.scores.get(n);
      const cpu = n.startsWith('moonshine') ? ` | ${s ? cpuRtf(s).toFixed(3) : '-'}` : '';
      return s ? `${pct(wer(s))} | ${rtf(s).toFixed(3)}${cpu}` : `- | -${cpu}`;
    });
    return `| ${row.label} | ${cells.join(' | ')}${both ? ` | ${compare(row)}` : ''} | ${goals(row, absolute)} |`;
  });
  return [head, rule, ...body].join('\n');
}

/** base ÷ tiny ratios and base's verdict on the row, for a row that has both. */
function compare(row: Row): string {
  const tiny = row.scores.get('moonshine-tiny')!;
  const base = row.scores.get('moonshine-base')!;
  const ratios = `${ratio(wer(base), wer(tiny))} · ${ratio(rtf(base), rtf(tiny))} · ${ratio(cpuRtf(base), cpuRtf(tiny))}`;
  const misses: string[] = [];
  if (wer(base) > wer(tiny) || (wer(base) === wer(tiny) && wer(tiny) > 0)) misses.push('WER not lower');
  if (cpuRtf(base) > RTF_GOAL) misses.push(`CPU RTF > ${RTF_GOAL}`);
  return `${ratios} | ${misses.length === 0 ? 'yes' : `**no**: ${misses.join(', ')}`}`;
}

/** Each Moonshine model's misses of the WER goal (absolute rows only) and of half pocketsphinx's WER. */
function goals(row: Row, absolute: boolean): string {
  const misses: string[] = [];
  const baseline = row.scores.get('pocketsphinx');
  for (const [name, s] of row.scores) {
    if (!name.startsWith('moonshine-')) continue;
    const size = name.slice('moonshine-'.length);
    if (baseline && wer(s) > wer(baseline) / 2) misses.push(`${size} WER > half of pocketsphinx`);
    if (absolute && wer(s) > WER_GOAL) misses.push(`${size} WER > ${WER_GOAL * 100}%`);
  }
  return misses.length === 0 ? 'yes' : `**no**: ${misses.join(', ')}`;
}

/** The 1-minute load average every 5 s while the benchmark runs: how busy the shared cores were. */
function sampleLoad(): { stop: () => string } {
  const samples = [loadavg()[0]!];
  const timer = setInterval(() => samples.push(loadavg()[0]!), 5_000);
  return {
    stop() {
      clearInterval(timer);
      const sorted = [...samples].sort((x, y) => x - y);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      return `load average (1 min, sampled every 5 s) ${sorted[0]!.toFixed(2)} to ${sorted.at(-1)!.toFixed(2)}, median ${median.toFixed(2)}`;
    },
  };
}

type Memory = { readonly peakMb: number; readonly beforeModelMb: number | null };

/**
 * Peak resident memory (MB) of a fresh process that transcribes `file` with `engine`: Node for Moonshine
 * (this script in `--peak-memory` mode, which also says how much it held before loading the model),
 * `/usr/bin/time` around pocketsphinx. Null when it cannot be measured.
 */
async function peakMemory(engine: string, file: string): Promise<Memory | null> {
  if (engine.startsWith('moonshine-')) {
    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      join(import.meta.dirname, 'transcription.ts'),
      '--peak-memory',
      engine.slice('moonshine-'.length),
      file,
    ]);
    const [beforeModelMb, peakMb] = (stdout.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
    return peakMb ? { peakMb, beforeModelMb: beforeModelMb ?? null } : null;
  }
  const pcm = join(tmpdir(), `voice-summary-bench-${process.pid}.raw`);
  try {
    const bytes = await readFile(file);
    await writeFile(pcm, await new FfmpegAudioTools().decodePcm16kMono(bytes));
    const args = [...new PocketsphinxTranscriber().commandLine(), '-infile', pcm];
    const { stderr } = await run('/usr/bin/time', ['-f', 'peak-kb %M', ...args], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const kb = /peak-kb (\d+)/.exec(stderr)?.[1];
    return kb ? { peakMb: Number(kb) / 1024, beforeModelMb: null } : null;
  } catch {
    return null;
  } finally {
    await rm(pcm, { force: true });
  }
}

/** `--peak-memory <size> <file>`: transcribe once in this fresh process; print the RSS before and the peak, MB. */
async function peakMemoryChild(size: string, file: string): Promise<void> {
  const before = process.memoryUsage().rss / 2 ** 20;
  const transcriber = new MoonshineTranscriber({ moonshineModel: size as 'tiny' | 'base' });
  await transcriber.transcribe({
    bytes: await readFile(file),
    contentType: 'audio/wav',
    fileName: 'long.wav',
  });
  console.log(`${before.toFixed(0)} ${(process.resourceUsage().maxRSS / 1024).toFixed(0)}`);
}

async function main(): Promise<void> {
  const load = sampleLoad();
  const started = new Date().toISOString().slice(11, 16);
  const models = await moonshineModels();
  const engines: Engine[] = models.map((m) => ({ name: m.engine, transcriber: m }));
  if (await pocketsphinxInstalled())
    engines.push({ name: 'pocketsphinx', transcriber: new PocketsphinxTranscriber() });
  else console.log('pocketsphinx is not installed: no baseline in this run.');

  // Load the models and warm the page cache, so the first row is not charged for it.
  for (const engine of engines) {
    await engine.transcriber.transcribe(await clips.clip({ sentence: SPEECH_CORPUS[0]!, format: 'wav' }));
  }

  const formats16: Row[] = [];
  const formats8: Row[] = [];
  for (const format of CLIP_FORMATS) {
    formats16.push(await measure(`${format}, 16 kHz`, engines, { format }));
    formats8.push(await measure(`${format}, 8 kHz`, engines, { format, sampleRateHz: 8000 }));
  }
  const conditions = [
    { name: '16 kHz', request: {} },
    { name: '8 kHz', request: { sampleRateHz: 8000 } },
    { name: `16 kHz + noise ${SNR_DB} dB`, request: { noiseSnrDb: SNR_DB } },
    { name: `8 kHz + noise ${SNR_DB} dB`, request: { sampleRateHz: 8000, noiseSnrDb: SNR_DB } },
  ] as const;
  const byCondition = new Map<string, Row[]>(conditions.map((c) => [c.name, []]));
  const voices: Row[] = [];
  for (const voice of VOICES) {
    for (const condition of conditions) {
      const row = await measure(`${voice}, ${condition.name}`, engines, {
        format: 'wav',
        voice,
        ...condition.request,
      });
      byCondition.get(condition.name)!.push(row);
      voices.push(row);
    }
  }
  voices.push(await measure('kal (an 8 kHz voice)', engines, { format: 'wav', voice: 'kal' }));

  const groups = [
    combine('**every format, 16 kHz**', formats16),
    combine('**every format, 8 kHz**', formats8),
    ...conditions.map((c) => combine(`**4 voices, ${c.name}**`, byCondition.get(c.name)!)),
    combine(`**all 8 kHz clips**`, [
      ...formats8,
      ...byCondition.get('8 kHz')!,
      ...byCondition.get(`8 kHz + noise ${SNR_DB} dB`)!,
    ]),
    combine(`**all noisy clips**`, [
      ...byCondition.get(`16 kHz + noise ${SNR_DB} dB`)!,
      ...byCondition.get(`8 kHz + noise ${SNR_DB} dB`)!,
    ]),
    combine('**every clip**', [...formats16, ...formats8, ...voices]),
  ];

  const long = await clips.longMessage({ sentences: SPEECH_CORPUS, repeat: 2 });
  const longFile = join(tmpdir(), `voice-summary-bench-long-${process.pid}.wav`);
  await writeFile(longFile, long.clip.bytes);
  const memory: string[] = [];
  const longRows: string[] = [];
  // One after the other (a fresh process each for the peak): the only rows not measured clip by clip.
  for (const engine of engines) {
    const started = performance.now();
    const result = await engine.transcriber.transcribe(long.clip);
    const seconds = (performance.now() - started) / 1000;
    const peak = await peakMemory(engine.name, longFile);
    longRows.push(
      `| ${engine.name} | ${(result.durationSeconds ?? 0).toFixed(1)} s | ${pct(wordErrorRate(long.text, result.text))} | ${(seconds / (result.durationSeconds ?? 1)).toFixed(3)} | ${peak === null ? 'not measured' : `${peak.peakMb.toFixed(0)} MB${peak.beforeModelMb === null ? '' : ` (${peak.beforeModelMb.toFixed(0)} MB before the model)`}`} |`,
    );
    memory.push(`${engine.name} ${peak === null ? '?' : peak.peakMb.toFixed(0)} MB`);
  }
  await rm(longFile, { force: true });
  console.log(`Peak memory: ${memory.join(', ')}`);

  const honesty = await measureHonesty(models, clips);
  const loadLine = load.stop();
  await writeSection('honesty', honestySection(honesty, `run by the transcription benchmark, ${loadLine}`));

  const markdown = `## Offline transcription: Moonshine tiny against base (issue 17)

${machineLine()} · started ${started} UTC · ${loadLine} (2 cores shared with other engineers' test runs)

End to end per clip: ffprobe, ffmpeg decode to 16 kHz mono, then the engine: Moonshine int8 ONNX in-process
on onnxruntime-node (one thread)${engines.some((e) => e.name === 'pocketsphinx') ? ", and `pocketsphinx_continuous` with Debian's en-us model (the former engine)" : ' (pocketsphinx, the former engine, was not installed: no baseline in this run)'}.
${SPEECH_CORPUS.length} voicemail-like sentences (6-8 s each) per row; every engine transcribes each clip in turn
(which one goes first alternates from clip to clip), so contention from other work on the shared cores hits
both models alike and the **ratios** base ÷ tiny are the figures to read; flite voice \`${DEFAULT_VOICE}\` unless
named. RTF = processing seconds / audio seconds: absolute RTFs here are pessimistic, since the cores were busy
with other work (load average above). WER = word-level edit distance / reference words, after writing digits
out ("555-1234" = "five five five one two three four"). A clip the honesty rule flags as not English counts
as every word missed. Noise: pink noise, ${SNR_DB} dB below the clip's RMS (pauses included). 8 kHz: resampled
before encoding (Debian's ffmpeg has no AMR encoder). CPU RTF = CPU seconds this process spent / audio
seconds: the model's own cost (onnxruntime runs in-process), which other work on the shared cores does not
inflate; it leaves out ffprobe and ffmpeg. The rule for the default (issue 17): base replaces tiny when its
WER is lower and its RTF stays at or below ${RTF_GOAL}, judged on the CPU RTF (the wall-clock RTF under this
contention measures the neighbours as much as the model). Goal for every model: WER at most
${WER_GOAL * 100}% on 8 kHz and noisy input.

### Groups

${table(groups, engines, true)}

### Per format (voice ${DEFAULT_VOICE})

${table([...formats16, ...formats8], engines, false)}

### Per flite voice, sample rate and noise (WAV)

${table(voices, engines, false)}

### A one-minute message (the four sentences twice, 0.8 s pauses; Moonshine cuts it into pieces of 12-20 s)

| Engine | Audio | WER | RTF | Peak memory of the process |
|---|---:|---:|---:|---:|
${longRows.join('\n')}

Peak memory is the resident set of a fresh process transcribing that message: for Moonshine, Node (run
through tsx, with the adapter's imports) before the model is loaded, plus the model, onnxruntime's buffers
and the audio; for pocketsphinx, \`pocketsphinx_continuous\` itself.

### The honesty rule per language (details in the next section)

${honestySummary(honesty)}

${honestyTable(honesty)}
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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--peak-memory');
  if (at >= 0) await peakMemoryChild(process.argv[at + 1] ?? 'tiny', process.argv[at + 2] ?? '');
  else await benchTranscription();
}
