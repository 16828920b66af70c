/**
 * The offline honesty rule on the calibration set: espeak-ng voicemails in eleven other languages (two
 * sentences, at 16 and 8 kHz) and flite English (four sentences, every voice, at 16 and 8 kHz and with pink
 * noise at 10 dB SNR), through Moonshine tiny and base (when fetched), the two models alternating clip by
 * clip so other work on the shared cores hits both alike. Per language and model, how often each verdict
 * comes out; the goal is no English clip flagged not-English and at least 9 in 10 other-language clips
 * flagged. Thresholds: lambdas/core/transcripts/transcript-quality.ts; discussion: docs/local-transcription.md.
 *
 * Run: npm run bench -- honesty (the transcription benchmark runs it too and writes both sections)
 */

import {
  judgeTranscript,
  type TranscriptSignals,
  type TranscriptVerdict,
} from '#core/transcripts/transcript-quality';
import {
  defaultModelDir,
  fetchHint,
  MOONSHINE_SIZES,
  missingModelFiles,
} from '../lambdas/adapters/offline/moonshine-model';
import { MoonshineTranscriber } from '../lambdas/adapters/offline/moonshine-transcriber';
import {
  type Clip,
  type FliteVoice,
  FOREIGN_CORPUS,
  SPEECH_CORPUS,
  SpeechClips,
} from '../test/support/speech-clips';
import { hearingFromEnv } from './hearing';
import { machineLine, writeSection } from './report';

export type HonestyRow = {
  readonly model: string;
  readonly group: string;
  readonly label: string;
  readonly verdict: TranscriptVerdict;
  readonly signals: TranscriptSignals;
  readonly text: string;
};

const VOICES: readonly FliteVoice[] = ['kal', 'kal16', 'awb', 'rms', 'slt'];

/** Moonshine tiny and base, each when its model has been fetched (`npm run models -- tiny`, `-- base`). */
export async function moonshineModels(): Promise<MoonshineTranscriber[]> {
  const models: MoonshineTranscriber[] = [];
  for (const size of MOONSHINE_SIZES) {
    if ((await missingModelFiles(defaultModelDir(size))).length === 0) {
      models.push(new MoonshineTranscriber({ moonshineModel: size, hearing: hearingFromEnv() }));
    } else console.log(`Moonshine ${size} is not fetched (${fetchHint(size)}): it is left out of this run.`);
  }
  if (models.length === 0) throw new Error('No Moonshine model is fetched: run npm run models.');
  return models;
}

/**
 * Every calibration clip through every model, the models taking turns (the first model of each clip
 * alternates too).
 */
export async function measureHonesty(
  models: readonly MoonshineTranscriber[],
  clips: SpeechClips,
): Promise<HonestyRow[]> {
  const rows: HonestyRow[] = [];
  let turn = 0;
  const measure = async (group: string, label: string, clip: Promise<Clip>) => {
    const audio = await clip;
    const order = turn++ % 2 === 0 ? models : [...models].reverse();
    for (const model of order) {
      const { text, signals } = await model.transcribeWithSignals(audio);
      const verdict = judgeTranscript(signals);
      rows.push({ model: model.engine, group, label, verdict, signals, text });
    }
  };
  for (const sentence of FOREIGN_CORPUS) {
    const language = sentence.id.split('-')[0]!;
    await measure(language, `${sentence.id} 16 kHz`, clips.foreign(sentence));
    await measure(language, `${sentence.id} 8 kHz`, clips.foreign(sentence, 8000));
  }
  for (const voice of VOICES) {
    for (const sentence of SPEECH_CORPUS) {
      const base = { sentence, voice, format: 'wav' } as const;
      await measure(`en ${voice}`, `${sentence.id} 16 kHz`, clips.clip(base));
      await measure(`en ${voice}`, `${sentence.id} 8 kHz`, clips.clip({ ...base, sampleRateHz: 8000 }));
      await measure(`en ${voice}`, `${sentence.id} noise`, clips.clip({ ...base, noiseSnrDb: 10 }));
    }
  }
  return rows;
}

const count = (of: readonly HonestyRow[], verdict: TranscriptVerdict) =>
  of.filter((r) => r.verdict === verdict).length;
const isEnglish = (row: HonestyRow) => row.group.startsWith('en');

/** One line per model: other-language clips flagged, English clips wrongly flagged, English marked doubtful. */
export function honestySummary(rows: readonly HonestyRow[]): string {
  const models = [...new Set(rows.map((row) => row.model))];
  return models
    .map((model) => {
      const of = rows.filter((row) => row.model === model);
      const foreign = of.filter((row) => !isEnglish(row));
      const english = of.filter(isEnglish);
      return `- ${model}: other-language clips given the honest notice **${count(foreign, 'not-english')} of ${foreign.length}** (goal: at least 9 in 10); English clips wrongly flagged **${count(english, 'not-english')} of ${english.length}** (goal: none); English sent with "possibly unreliable" ${count(english, 'doubtful')} of ${english.length}.`;
    })
    .join('\n');
}

/**
 * Per language (and English voice): for each model, clips flagged not English / marked doubtful / sent as
 * they are, and the range of the mean token log-probability.
 */
export function honestyTable(rows: readonly HonestyRow[]): string {
  const models = [...new Set(rows.map((row) => row.model))];
  const groups = [...new Set(rows.map((row) => row.group))];
  const head = `| Language | Clips | ${models.map((m) => `${m} not-english / doubtful / ok | ${m} mean log-prob`).join(' | ')} |`;
  const rule = `|---|---:|${models.map(() => '---|---').join('|')}|`;
  const body = groups.map((group) => {
    const cells = models.map((model) => {
      const of = rows.filter((row) => row.group === group && row.model === model);
      const means = of.map((r) => r.signals.meanLogProb);
      return `${count(of, 'not-english')} / ${count(of, 'doubtful')} / ${count(of, 'ok')} | ${Math.min(...means).toFixed(2)} to ${Math.max(...means).toFixed(2)}`;
    });
    const clips = rows.filter((row) => row.group === group && row.model === models[0]).length;
    return `| ${group} | ${clips} | ${cells.join(' | ')} |`;
  });
  return [head, rule, ...body].join('\n');
}

/** The honesty section: the summary, the per-language table, and every clip not judged as expected. */
export function honestySection(rows: readonly HonestyRow[], context: string): string {
  const misses = rows.filter((r) => (isEnglish(r) ? r.verdict !== 'ok' : r.verdict !== 'not-english'));
  return `## Offline honesty (issue 17)

${machineLine()} · ${context}

${honestySummary(rows)}

${honestyTable(rows)}

Clips not judged as expected (other languages not flagged, English marked doubtful or flagged):

| Model | Clip | Verdict | Mean log-prob | Low-prob share | Tokens/s | Text |
|---|---|---|---|---|---|---|
${misses
  .map(
    (r) =>
      `| ${r.model} | ${r.group} ${r.label} | ${r.verdict} | ${r.signals.meanLogProb.toFixed(2)} | ${r.signals.lowProbShare.toFixed(2)} | ${r.signals.tokensPerSecond.toFixed(1)} | ${r.text.slice(0, 60).replace(/\|/g, '/')} |`,
  )
  .join('\n')}
`;
}

export async function benchHonesty(): Promise<void> {
  const clips = new SpeechClips();
  try {
    const rows = await measureHonesty(await moonshineModels(), clips);
    const markdown = honestySection(rows, 'the models alternating clip by clip');
    console.log(markdown);
    await writeSection('honesty', markdown);
  } finally {
    await clips.dispose();
  }
}
