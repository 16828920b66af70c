/**
 * Everything a person acting on the text needs (issue 32): `npm run bench -- heard`. Each voicemail of the set
 * (bench/heard-setup.ts: the held-out set once it exists, else the development set) is spoken by the project's
 * voices, recorded twice (clean 16 kHz and noisy 8 kHz AMR-NB; four ways with BENCH_HEARD_RENDERINGS=4), run
 * through the service as `npm start` runs it offline (Moonshine as the local runtime makes it, the offline
 * summarizer) and read as its sender would: the first text, the page's contact card and event
 * (bench/heard-run.ts). Scored against the author's truth (bench/heard-score.ts) and written as a section of
 * docs/benchmarks.md (bench/heard-report.ts).
 *
 * BENCH_HEARD_SET=heldout17|heldout16|heldout15|heldout14|heldout13|heldout12|heldout11|heldout10|heldout9|heldout8|heldout7|heldout6|heldout5|heldout4|heldout3|heldout2|heldout|dev picks the set; BENCH_HEARD_ONLY=id,id runs those voicemails; BENCH_HEARD_SECTION
 * names the section written (default `heard`; the lead keeps `heard-before` beside it); BENCH_HEARD_CACHE=<folder>
 * keeps each transcription and reads it back for the same recording (bench/cached-transcriber.ts: rules after
 * the transcript tried on the same words in a minute a set); BENCH_HEARD_RESCORE=1
 * scores the kept results of the section's last whole run again (a run of some voicemails only is printed
 * and kept apart, never written over the section) (the clips and results live in BENCH_DATA_DIR).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { MoonshineTranscriber } from '../lambdas/adapters/offline/moonshine-transcriber';
import { SentenceEncoder } from '../lambdas/adapters/offline/sentence-encoder';
import type { HeardVoicemail } from '../test/support/heard-truth';
import { benchDataDir } from '../test/support/npm-files';
import { SpeechClips } from '../test/support/speech-clips';
import { CachedTranscriber } from './cached-transcriber';
import { factClip, offlineSummarizer } from './facts';
import type { Engine } from './facts-pipeline';
import { type HeardReport, heardSection, heardSummary, problemsOf, type Scored } from './heard-report';
import { runHeard } from './heard-run';
import { type HeardRun, scoreHeard } from './heard-score';
import { SET_ABOUT } from './heard-sets-about';
import { HEARD_SENDERS, heardRenderings, heardSet, onlyThese, renderingCount } from './heard-setup';
import { machineLine, measuredCommit, writeSection } from './report';

/** What a run keeps, to be scored again without running again. */
type Kept = {
  readonly section: string;
  readonly set: string;
  readonly commit: string;
  readonly machine: string;
  readonly engine: string;
  readonly renderings: number;
  readonly voicemails: readonly HeardVoicemail[];
  readonly runs: readonly HeardRun[];
};

/** Where a section's last run is kept (with the clips, not committed). */
const keptFile = (section: string, only = false) =>
  join(benchDataDir(), 'heard', `${section}${only ? '-only' : ''}.json`);

export async function benchHeard(): Promise<void> {
  const section = process.env.BENCH_HEARD_SECTION?.trim() || 'heard';
  if (!/^[a-z0-9-]+$/.test(section)) throw new Error(`BENCH_HEARD_SECTION "${section}" is no section name.`);
  if (process.env.BENCH_HEARD_RESCORE) return report(JSON.parse(await readFile(keptFile(section), 'utf8')));
  const set = await heardSet(process.env.BENCH_HEARD_SET);
  const voicemails = onlyThese(set.voicemails, process.env.BENCH_HEARD_ONLY);
  const count = renderingCount(process.env.BENCH_HEARD_RENDERINGS);
  // As the local runtime makes it (local/host-adapters.ts), and the summarizer it picks with no OpenAI key.
  // BENCH_HEARD_CACHE=<folder>: the same recordings' words read back, to try rules after the transcript.
  const cache = process.env.BENCH_HEARD_CACHE?.trim() || null;
  const moonshine = new MoonshineTranscriber();
  const engine: Engine = {
    name: `Moonshine (as npm start runs it${cache ? "; transcripts kept from an earlier run of the same recordings, so its seconds are not the service's" : ''}) + offline summarizer + the urgency second opinion`,
    transcriber: cache === null ? moonshine : new CachedTranscriber(moonshine, cache),
    summarizer: await offlineSummarizer(),
    urgencyOpinion: new SentenceEncoder(),
    openAi: false,
  };
  const clips = new SpeechClips();
  const runs: HeardRun[] = [];
  try {
    // The model and the encoder load on their first voicemail: loaded before the clock runs, as in a service already running.
    const first = voicemails[0];
    if (first) {
      await engine.transcriber.transcribe(
        await factClip(first, heardRenderings(0, count)[0]!, clips, 'heard'),
      );
      await engine.urgencyOpinion?.embed([first.script]);
    }
    for (const [index, voicemail] of voicemails.entries()) {
      const sender = HEARD_SENDERS[index % HEARD_SENDERS.length]!;
      for (const rendering of heardRenderings(index, count)) {
        const run = await runHeard(engine, clips, voicemail, rendering, sender);
        runs.push(run);
        const problems = problemsOf({ run, voicemail, score: scoreHeard(run, voicemail) });
        console.log(
          `${voicemail.id} (${rendering.voice}, ${rendering.band}${rendering.noiseSnrDb === null ? '' : ', noise'}, ${run.audioSeconds?.toFixed(1)} s, ${run.firstTextSeconds?.toFixed(1)} s to text): ${run.first.replace(/\n/g, ' | ')}${problems.length ? `\n  -> ${problems.join('; ')}` : ''}`,
        );
      }
    }
  } finally {
    await clips.dispose();
  }
  const kept: Kept = {
    section,
    set: set.name,
    commit: measuredCommit(),
    machine: machineLine(),
    engine: engine.name,
    renderings: count,
    voicemails,
    runs,
  };
  const path = keptFile(section, Boolean(process.env.BENCH_HEARD_ONLY));
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(kept, null, 1));
  console.log(`Every text, file and verdict: ${path}`);
  await report(kept);
}

/** Scores the kept runs with the truth as it is now (the set's file, else the truth kept with the run). */
async function report(kept: Kept): Promise<void> {
  const current = await heardSet(kept.set).catch(() => null);
  const truthOf = (id: string) =>
    current?.voicemails.find((v) => v.id === id) ?? kept.voicemails.find((v) => v.id === id)!;
  const scored: Scored[] = kept.runs.map((run) => {
    const voicemail = truthOf(run.voicemailId);
    return { run, voicemail, score: scoreHeard(run, voicemail) };
  });
  const partial = process.env.BENCH_HEARD_ONLY ? ' (only some voicemails: BENCH_HEARD_ONLY)' : '';
  const heardReport: HeardReport = {
    heading: `## Heard: what a person acting on the text gets${kept.section === 'heard' ? '' : ` (${kept.section})`}`,
    machine: `Measured at commit ${kept.commit} · re-run: \`BENCH_HEARD_SET=${kept.set} ${kept.section === 'heard' ? '' : `BENCH_HEARD_SECTION=${kept.section} `}npm run bench -- heard\`\n\n${kept.machine}`,
    about: `${kept.voicemails.length} voicemails of ${SET_ABOUT[kept.set] ?? kept.set}${partial}, each recorded ${kept.renderings} ways (voices taken in turn), through ${kept.engine}, forwarded by senders in four US zones and arriving on a Sunday at 8:15 their time; the model is loaded before the first is timed. Facts are the caller's name and business, the callback number, dollar amounts and days and times; "wrong" is stated as fact but not as said, or invented. A file is right when it is offered with the right number and name (card) or the right day, hour, minute and zone (event).`,
    scored,
  };
  const markdown = heardSection(heardReport);
  console.log(`\n${heardSummary(heardReport)}`);
  // Some voicemails only: printed, not written over the whole set's section.
  if (partial) return console.log(`\n${markdown}`);
  await writeSection(
    kept.section,
    markdown,
    `${kept.section === 'heard' ? '' : `BENCH_HEARD_SECTION=${kept.section} `}npm run bench -- heard`,
  );
}
