/**
 * Urgency on a labelled set (issue 25): the voicemails of test/support/urgency-voicemails.ts (urgent, routine,
 * robocall, scam), spoken by flite and espeak-ng into 16 kHz WAV or 8 kHz AMR-NB, clean or with pink noise
 * (renderingOf, as the facts benchmark makes its clips; kept in BENCH_DATA_DIR), each run through the
 * pipeline's steps as the service runs them (bench/facts-pipeline.ts) offline with Moonshine base and with
 * OpenAI simulated by the local fake (bench/facts-openai.ts, whose model answers the urgency of
 * bench/urgency-model.ts). The level the message gets is compared with its label: a confusion table per
 * engine, the costly mistake (urgent marked normal) and its opposite (normal marked urgent).
 *
 * The held-out set (test/support/urgency-heldout.ts, written without reading the rules) and the fresh one
 * (test/support/urgency-fresh.ts, written after the rules were tuned on the held-out set's mistakes, again
 * without reading them) run the same way and get their own tables in the section.
 *
 * Issue 32's set of new phrasings (test/support/urgency-fresh-voicemails.ts, written before the rules were
 * widened and the second opinion tuned, never tuned on) runs the same way too.
 *
 * Run: npm run bench -- urgency (all four sets; writes the section "urgency"); BENCH_URGENCY_SET=main,
 * heldout, fresh or phrasings runs one set, BENCH_URGENCY_ONLY=sick-son,irs-arrest those voicemails only; either writes
 * nothing.
 */
import { isDoubtful } from '#core/transcripts/heard-words';
import type { UrgencyLevel } from '#core/urgency/urgency-schema';
import { renderingLabel, renderingOf } from '../test/support/fact-truth';
import { SpeechClips } from '../test/support/speech-clips';
import { URGENCY_FRESH } from '../test/support/urgency-fresh';
import { URGENCY_FRESH_VOICEMAILS } from '../test/support/urgency-fresh-voicemails';
import { URGENCY_HELDOUT } from '../test/support/urgency-heldout';
import { URGENCY_VOICEMAILS } from '../test/support/urgency-voicemails';
import { factClip, offlineSummarizer } from './facts';
import { startSimulatedOpenAi } from './facts-openai';
import { type Engine, runVoicemail } from './facts-pipeline';
import { moonshineModels } from './honesty';
import { machineLine, measuredCommit, writeSection } from './report';
import { timedEncoder } from './urgency-opinion-cost';
import { type Judged, urgencySection } from './urgency-report';

const SETS = {
  main: URGENCY_VOICEMAILS,
  heldout: URGENCY_HELDOUT,
  fresh: URGENCY_FRESH,
  phrasings: URGENCY_FRESH_VOICEMAILS,
} as const;
/** Where each set's clips are kept, under BENCH_DATA_DIR. */
const FOLDERS: Readonly<Record<keyof typeof SETS, string>> = {
  main: 'urgency',
  heldout: 'urgency-heldout',
  fresh: 'urgency-fresh',
  phrasings: 'urgency-phrasings',
};

export async function benchUrgency(): Promise<void> {
  const only = process.env.BENCH_URGENCY_ONLY?.split(',').map((id) => id.trim());
  const set = process.env.BENCH_URGENCY_SET;
  if (set !== undefined && !(set in SETS))
    throw new Error('BENCH_URGENCY_SET is main, heldout, fresh or phrasings.');
  const clips = new SpeechClips();
  const openAi = await startSimulatedOpenAi();
  const base = (await moonshineModels()).find((model) => model.model.size === 'base');
  if (!base) throw new Error('The urgency benchmark needs Moonshine base (npm run models).');
  // The local runtime's second opinion on urgency (issue 32); BENCH_URGENCY_OPINION=off measures the rules alone.
  const opinion = process.env.BENCH_URGENCY_OPINION === 'off' ? undefined : timedEncoder();
  const offline: Engine = {
    name: 'Moonshine base',
    transcriber: base,
    summarizer: await offlineSummarizer(),
    openAi: false,
    urgencyOpinion: opinion,
  };
  const judged: Judged[] = [];
  const heldOut: Judged[] = [];
  const fresh: Judged[] = [];
  const phrasings: Judged[] = [];
  const started = Date.now();
  const voicemails = (name: keyof typeof SETS, into: Judged[]) =>
    set === undefined || set === name
      ? SETS[name].map((voicemail, index) => ({ voicemail, index, into, folder: FOLDERS[name] }))
      : [];
  try {
    for (const { voicemail, index, into, folder } of [
      ...voicemails('main', judged),
      ...voicemails('heldout', heldOut),
      ...voicemails('fresh', fresh),
      ...voicemails('phrasings', phrasings),
    ]) {
      if (only && !only.includes(voicemail.id)) continue;
      const rendering = renderingOf(index);
      const clip = await factClip(voicemail, rendering, clips, folder);
      const heard = await runVoicemail(offline, clip);
      // The simulated OpenAI hears what Moonshine base heard, with the same confidences.
      openAi.hear(heard.transcription);
      const simulated = await runVoicemail(openAi.engine, clip);
      for (const [engine, outcome] of [
        [offline.name, heard],
        [openAi.engine.name, simulated],
      ] as const) {
        const urgency = outcome.message.urgency ?? null;
        const proposed = outcome.summary?.urgency?.level ?? null;
        into.push({
          voicemail,
          rendering,
          engine,
          level: (urgency?.level ?? null) as UrgencyLevel | null,
          reason: urgency?.reason ?? '',
          source: urgency?.source ?? null,
          proposed,
          transcript: outcome.message.transcript ?? '',
          doubted: (outcome.message.transcript_words ?? []).filter(isDoubtful).map((word) => word.text),
          first: outcome.texts[0] ?? '',
          error: outcome.error,
        });
        console.log(
          `${voicemail.id} (${voicemail.label}; ${renderingLabel(rendering)}) ${engine}: ${urgency?.level ?? outcome.error} ${urgency?.reason ?? ''}${proposed ? ` [model: ${proposed}]` : ''} | ${outcome.message.transcript}`,
        );
      }
    }
  } finally {
    await clips.dispose();
    await openAi.close();
  }
  const markdown = urgencySection({
    machine: machineLine(),
    commit: measuredCommit(),
    engines: [offline.name, openAi.engine.name],
    judged,
    heldOut,
    fresh,
    phrasings,
    minutes: (Date.now() - started) / 60_000,
    opinionCost:
      opinion?.cost() ?? 'Second opinion by meaning off (BENCH_URGENCY_OPINION=off): the rules alone.',
  });
  console.log(markdown);
  if (!only && set === undefined) await writeSection('urgency', markdown);
}
