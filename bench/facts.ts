/**
 * Facts stated in the reply (issue 24): the voicemails of test/support/fact-voicemails.ts (36, each with its
 * truth), spoken by flite and espeak-ng into 16 kHz WAV or 8 kHz AMR-NB, clean or with pink noise, made
 * once and kept in BENCH_DATA_DIR (default: a folder in the temp dir). Each goes through the pipeline as the
 * service runs it (bench/facts-pipeline.ts) with Moonshine base, Moonshine tiny (when fetched: `npm run
 * models -- tiny`) and OpenAI simulated by the local fake (bench/facts-openai.ts); the first text the sender
 * gets is scored fact by fact (bench/fact-score.ts): right / wrong stated as fact / marked unclear / left
 * out. Also: how much of each transcript the engine doubted (words under DOUBTFUL_BELOW, when the
 * transcription carries per-word confidence), on the one recording of human speech to be had here and on the
 * clean synthetic clips, and the summary's length against the transcript's.
 *
 * Run: npm run bench -- facts (writes the section "facts"); BENCH_FACTS_SECTION=before writes the section
 * that keeps the figures from before issue 24's changes instead; BENCH_FACTS_ONLY=jenna-dental,dad runs
 * those voicemails only and writes nothing; BENCH_FACTS_RESCORE=1 scores the texts of the last run again
 * (kept in BENCH_DATA_DIR) and rewrites its section.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isDoubtful } from '#core/transcripts/heard-words';
import { selectSummarizer } from '../lambdas/composition/provider-choice';
import type { Summarizer } from '../lambdas/ports/summarizer';
import { toAmrNb } from '../test/support/amr-nb';
import { type FactVoicemail, type Rendering, renderingLabel, renderingOf } from '../test/support/fact-truth';
import { FACT_VOICEMAILS } from '../test/support/fact-voicemails';
import { HUMAN_SPEECH_FILE, humanSpeechClip } from '../test/support/human-speech';
import { benchDataDir } from '../test/support/npm-files';
import { type Clip, SpeechClips } from '../test/support/speech-clips';
import { SUMMARY_VOICEMAILS } from '../test/support/summary-voicemails';
import { type FactScore, scoreFirstText } from './fact-score';
import { measureCaller } from './facts-callers';
import { startSimulatedOpenAi } from './facts-openai';
import { type Engine, heardWordsOf, runVoicemail, SERVICE_NAME } from './facts-pipeline';
import { type FactsRun, factsSection, type Measured, type Shading } from './facts-report';
import { moonshineModels } from './honesty';
import { machineLine, measuredCommit, writeSection } from './report';

/** The one recording of a person speaking to be had here (test/support/human-speech.ts). */
const HUMAN_SOURCE = `President Kennedy's 11-second inaugural sentence, ${HUMAN_SPEECH_FILE.spec}'s jfk.wav, the only recording of a person to be had here`;

/** Bump when the way clips are made changes, so cached clips are made again. */
const CLIP_RECIPE = 1;

/**
 * The voicemail's clip from the cache (the benchmark's `folder` of BENCH_DATA_DIR), made (speech, noise,
 * resampling, AMR-NB) when it is not there. The urgency benchmark makes its clips the same way.
 */
export async function factClip(
  voicemail: Pick<FactVoicemail, 'id' | 'script'>,
  rendering: Rendering,
  clips: SpeechClips,
  folder = 'facts',
): Promise<Clip> {
  const amr = rendering.band === 'amr-nb-8k';
  const recipe = JSON.stringify({ CLIP_RECIPE, script: voicemail.script, rendering });
  const hash = createHash('sha256').update(recipe).digest('hex').slice(0, 16);
  const dir = join(benchDataDir(), folder);
  const path = join(dir, `${voicemail.id}-${hash}.${amr ? 'amr' : 'wav'}`);
  const clip = (bytes: Buffer): Clip =>
    amr
      ? { bytes, contentType: 'audio/amr', fileName: 'voicemail.amr' }
      : { bytes, contentType: 'audio/wav', fileName: 'voicemail.wav' };
  try {
    return clip(await readFile(path));
  } catch {}
  const spoken = await clips.clip({
    sentence: { id: voicemail.id, text: voicemail.script, keyWords: [] },
    voice: rendering.voice,
    format: 'wav',
    ...(amr ? { sampleRateHz: 8000 } : {}),
    ...(rendering.noiseSnrDb === null ? {} : { noiseSnrDb: rendering.noiseSnrDb }),
  });
  const bytes = amr ? await toAmrNb(spoken.bytes) : spoken.bytes;
  await mkdir(dir, { recursive: true });
  await writeFile(path, bytes);
  return clip(bytes);
}

/** The share of words under DOUBTFUL_BELOW in a transcription, or null when it carries no confidences. */
function doubted(transcription: Parameters<typeof heardWordsOf>[0]): Shading | null {
  const words = heardWordsOf(transcription);
  return words === null ? null : { doubtful: words.filter(isDoubtful).length, words: words.length };
}

/** The summarizer the service chooses when no OpenAI key is saved. */
export function offlineSummarizer(): Promise<Summarizer> {
  const noKeys = { get: async () => null, put: async () => {} };
  return selectSummarizer({
    secrets: noKeys,
    openAi: () => {
      throw new Error('No OpenAI key is saved in the facts benchmark.');
    },
  }).summarizer();
}

export async function benchFacts(): Promise<void> {
  const section = process.env.BENCH_FACTS_SECTION === 'before' ? 'before' : 'after';
  // A few voicemails by id (comma-separated), to look at their texts: printed, not written to the doc.
  const only = process.env.BENCH_FACTS_ONLY?.split(',').map((id) => id.trim());
  // The summary's development set (issue 32): longer voicemails, printed and scored, never written to the doc.
  const summarySet = process.env.BENCH_FACTS_SET === 'summary';
  const voicemails = summarySet ? SUMMARY_VOICEMAILS : FACT_VOICEMAILS;
  if (process.env.BENCH_FACTS_RESCORE) return rescore(section);
  const clips = new SpeechClips();
  const openAi = await startSimulatedOpenAi();
  const models = await moonshineModels();
  const offline = await offlineSummarizer();
  const base = models.find((model) => model.model.size === 'base');
  if (!base) throw new Error('The facts benchmark needs Moonshine base (npm run models).');
  const engines: Engine[] = models.map((model) => ({
    name: `Moonshine ${model.model.size}`,
    transcriber: model,
    summarizer: offline,
    openAi: false,
  }));
  const measured: Measured[] = [];
  const human: Record<string, Shading | null> = {};
  try {
    for (const [index, voicemail] of voicemails.entries()) {
      if (only && !only.includes(voicemail.id)) continue;
      const rendering = renderingOf(index);
      const clip = await factClip(voicemail, rendering, clips);
      const byEngine = new Map<string, Awaited<ReturnType<typeof runVoicemail>>>();
      for (const engine of engines) byEngine.set(engine.name, await runVoicemail(engine, clip));
      openAi.hear(byEngine.get(`Moonshine ${base.model.size}`)?.transcription ?? null);
      byEngine.set(openAi.engine.name, await runVoicemail(openAi.engine, clip));
      for (const [engine, outcome] of byEngine) {
        const first = outcome.texts[0] ?? '';
        const scores: FactScore[] = scoreFirstText(first, voicemail, SERVICE_NAME);
        measured.push({
          engine,
          voicemail,
          rendering,
          first,
          texts: outcome.texts.length,
          transcript: outcome.message.transcript ?? '',
          summary: outcome.summary?.summary ?? null,
          error: outcome.error,
          scores,
          shading: doubted(outcome.transcription),
          caller: {
            proposed: outcome.summary?.caller ?? null,
            stated: outcome.message.summary_details?.caller_parts ?? null,
          },
          callers: measureCaller(voicemail, outcome.transcription, outcome.message),
        });
        const misses = scores.filter((s) => s.verdict !== 'right').map((s) => `${s.label}: ${s.verdict}`);
        const points = 'points' in voicemail ? (voicemail.points as readonly string[]) : [];
        for (const point of points)
          if (!first.toLowerCase().includes(point)) misses.push(`"${point}": left out`);
        if (summarySet) console.log(`  heard: ${outcome.message.transcript}`);
        console.log(
          `${voicemail.id} (${renderingLabel(rendering)}) ${engine}: ${first.replace(/\n/g, ' | ')}${misses.length ? `\n  -> ${misses.join('; ')}` : ''}`,
        );
      }
    }
    const speech = await humanSpeechClip();
    for (const engine of engines) {
      const transcription = await engine.transcriber.transcribe({ ...speech });
      human[engine.name] = doubted(transcription);
      console.log(`human speech, ${engine.name}: ${transcription.text}`);
    }
    // The simulated OpenAI hears what Moonshine base heard, with the same confidences.
    human[openAi.engine.name] = human[`Moonshine ${base.model.size}`] ?? null;
  } finally {
    await clips.dispose();
    await openAi.close();
  }
  const run: FactsRun = {
    section,
    machine: machineLine(),
    commit: measuredCommit(),
    engines: [...engines.map((e) => e.name), openAi.engine.name],
    measured,
    human,
    humanSource: HUMAN_SOURCE,
  };
  if (only || summarySet) {
    console.log(factsSection(run));
    return;
  }
  const path = runFile(section);
  await writeFile(path, JSON.stringify(run, null, 1));
  console.log(`Every text and verdict: ${path}`);
  await report(run);
}

/** Where a run's texts and verdicts are kept (with the clips, not committed), for scoring them again. */
const runFile = (section: string) => join(benchDataDir(), `facts-${section}.json`);

async function report(run: FactsRun): Promise<void> {
  const markdown = factsSection(run);
  console.log(markdown);
  await writeSection(run.section === 'before' ? 'facts-before' : 'facts', markdown);
}

/**
 * The texts of the last run scored again with the scorer and truth as they are now (BENCH_FACTS_RESCORE=1):
 * a change to the scoring needs no new transcriptions.
 */
async function rescore(section: 'before' | 'after'): Promise<void> {
  const run = JSON.parse(await readFile(runFile(section), 'utf8')) as FactsRun;
  const measured = run.measured.map((m) => {
    const voicemail = FACT_VOICEMAILS.find((v) => v.id === m.voicemail.id) ?? m.voicemail;
    return { ...m, voicemail, scores: scoreFirstText(m.first, voicemail, SERVICE_NAME) };
  });
  await report({ ...run, measured, humanSource: HUMAN_SOURCE });
}
