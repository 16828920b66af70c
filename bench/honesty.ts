/**
 * The offline honesty rule on the calibration set: espeak-ng voicemails in eleven other languages (two
 * sentences, at 16 and 8 kHz) and flite English (four sentences, every voice, at 16 and 8 kHz and with pink
 * noise at 10 dB SNR), through Moonshine. Per language, how often each verdict comes out; the goal is no
 * English clip flagged not-English and at least 9 in 10 other-language clips flagged. Thresholds:
 * lambdas/core/transcript-quality.ts; discussion: docs/local-transcription.md.
 */
import { MoonshineTranscriber } from '../lambdas/adapters/offline/moonshine-transcriber';
import {
  judgeTranscript,
  type TranscriptSignals,
  type TranscriptVerdict,
} from '../lambdas/core/transcript-quality';
import {
  type Clip,
  type FliteVoice,
  FOREIGN_CORPUS,
  SPEECH_CORPUS,
  SpeechClips,
} from '../test/support/speech-clips';
import { machineLine, writeSection } from './report';

type Row = {
  group: string;
  label: string;
  verdict: TranscriptVerdict;
  signals: TranscriptSignals;
  text: string;
};

const VOICES: readonly FliteVoice[] = ['kal', 'kal16', 'awb', 'rms', 'slt'];

export async function benchHonesty(): Promise<void> {
  const clips = new SpeechClips();
  const transcriber = new MoonshineTranscriber();
  const rows: Row[] = [];
  const measure = async (group: string, label: string, clip: Promise<Clip>) => {
    const { text, signals } = await transcriber.transcribeWithSignals(await clip);
    rows.push({ group, label, verdict: judgeTranscript(signals), signals, text });
  };
  try {
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
  } finally {
    await clips.dispose();
  }
  const groups = [...new Set(rows.map((row) => row.group))];
  const count = (of: readonly Row[], verdict: TranscriptVerdict) =>
    of.filter((r) => r.verdict === verdict).length;
  const table = groups.map((group) => {
    const of = rows.filter((row) => row.group === group);
    const means = of.map((r) => r.signals.meanLogProb);
    return `| ${group} | ${of.length} | ${count(of, 'not-english')} | ${count(of, 'doubtful')} | ${count(of, 'ok')} | ${Math.min(...means).toFixed(2)} to ${Math.max(...means).toFixed(2)} |`;
  });
  const foreign = rows.filter((row) => !row.group.startsWith('en'));
  const english = rows.filter((row) => row.group.startsWith('en'));
  const misses = [
    ...foreign.filter((r) => r.verdict !== 'not-english'),
    ...english.filter((r) => r.verdict !== 'ok'),
  ];
  const markdown = `## Offline honesty (issue 17)

${machineLine()} · Moonshine ${transcriber.model.size}

Other-language clips flagged not English: **${count(foreign, 'not-english')} of ${foreign.length}**; English
clips wrongly flagged: **${count(english, 'not-english')} of ${english.length}**.

| Group | Clips | not-english | doubtful | ok | Mean token log-prob |
|---|---|---|---|---|---|
${table.join('\n')}

Clips not judged as expected (other languages not flagged, English marked doubtful):

| Clip | Verdict | Mean log-prob | Low-prob share | Tokens/s | Text |
|---|---|---|---|---|---|
${misses
  .map(
    (r) =>
      `| ${r.group} ${r.label} | ${r.verdict} | ${r.signals.meanLogProb.toFixed(2)} | ${r.signals.lowProbShare.toFixed(2)} | ${r.signals.tokensPerSecond.toFixed(1)} | ${r.text.slice(0, 60).replace(/\|/g, '/')} |`,
  )
  .join('\n')}
`;
  console.log(markdown);
  await writeSection('honesty', markdown);
}
