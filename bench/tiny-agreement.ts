/**
 * Moonshine tiny as a second opinion on the whole message (issue 32, deliverable 2), measured, not wired: for
 * each caller's name and business the checks find in base's transcript of a held-out recording, whether tiny's
 * transcript of the same recording has the same words, and whether base heard it right (the set's truth), by
 * base's least confidence in its words. A lower bar for what both models heard would state what is agreed in
 * a band: it is worth it only if the band's agreed mentions are right ones.
 *
 * Run: npx tsx bench/tiny-agreement.ts heldout6 heldout5 ... (the heard benchmark's recordings, made or read in
 * BENCH_DATA_DIR; transcriptions cached in TINY_AGREEMENT_CACHE, default a folder in the temp dir). Needs both
 * models (`npm run models -- tiny`). Prints only. The figures are in docs/local-transcription.md ("Moonshine tiny
 * as a second opinion on the whole message").
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findMentions } from '#core/facts/fact-mentions';
import { MoonshineTranscriber } from '../lambdas/adapters/offline/moonshine-transcriber';
import type { Transcription } from '../lambdas/ports/transcriber';
import type { HeardVoicemail } from '../test/support/heard-truth';
import { SpeechClips } from '../test/support/speech-clips';
import { factClip } from './facts';
import { heardRenderings, heardSet } from './heard-setup';

const CACHE = process.env.TINY_AGREEMENT_CACHE ?? join(tmpdir(), 'voice-summary-tiny-agreement');
const BANDS: readonly (readonly [number, number])[] = [
  [0, 0.5],
  [0.5, 0.7],
  [0.7, 0.8],
  [0.8, 0.9],
  [0.9, 1.01],
];

type Row = { kind: string; value: string; conf: number; right: boolean; tinyAgrees: boolean };

const bare = (word: string) =>
  word
    .toLowerCase()
    .replace(/[^a-z'-]/g, '')
    .replace(/'s$/, '');

/** A model's transcription of a clip, kept by the clip's bytes and the model (a clip it refuses: no words). */
async function heardBy(model: string, transcriber: MoonshineTranscriber, clip: { bytes: Buffer }) {
  const key = createHash('sha256').update(clip.bytes).update(model).digest('hex').slice(0, 24);
  const file = join(CACHE, `${key}.json`);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Pick<Transcription, 'text' | 'words'>;
  } catch {}
  const heard = await transcriber
    .transcribe(clip as never)
    .catch(() => ({ text: '', words: [] }) as Pick<Transcription, 'text' | 'words'>);
  await writeFile(file, JSON.stringify({ text: heard.text, words: heard.words }));
  return heard;
}

/** The caller's name and business mentions of base's transcript, each against the truth and tiny's words. */
function rowsOf(
  voicemail: HeardVoicemail,
  base: Pick<Transcription, 'words'>,
  tiny: Pick<Transcription, 'words'>,
) {
  const words = base.words ?? [];
  const tinyWords = new Set((tiny.words ?? []).map((word) => bare(word.text)));
  const tokens = words.map((word) => word.text);
  const names = [voicemail.name ?? '', ...(voicemail.nameSpelledAlso ?? [])].flatMap((name) =>
    name.split(/\s+/).map(bare),
  );
  const business = (voicemail.business ?? '').split(/\s+/).map(bare);
  return findMentions(tokens)
    .filter((mention) => mention.kind === 'name' || mention.kind === 'business')
    .flatMap((mention): Row[] => {
      const own = tokens
        .slice(mention.start, mention.end)
        .map(bare)
        .filter((word) => word !== '' && !['dr', 'mr', 'mrs', 'ms', 'the', 'of', 'and'].includes(word));
      if (own.length === 0) return [];
      const truth = mention.kind === 'name' ? names : business;
      const conf = Math.min(...words.slice(mention.start, mention.end).map((word) => word.confidence ?? 0));
      return [
        {
          kind: mention.kind,
          value: mention.value,
          conf,
          right: own.every((word) => truth.includes(word)),
          tinyAgrees: own.every((word) => tinyWords.has(word)),
        },
      ];
    });
}

await mkdir(CACHE, { recursive: true });
const base = new MoonshineTranscriber({ moonshineModel: 'base' });
const tiny = new MoonshineTranscriber({ moonshineModel: 'tiny' });
const clips = new SpeechClips();
const rows: Row[] = [];
try {
  for (const name of process.argv.slice(2)) {
    const set = await heardSet(name);
    for (const [index, voicemail] of set.voicemails.entries()) {
      if ((!voicemail.name && !voicemail.business) || voicemail.spam) continue;
      for (const rendering of heardRenderings(index, 2)) {
        const clip = await factClip(voicemail, rendering, clips, 'heard');
        rows.push(...rowsOf(voicemail, await heardBy('base', base, clip), await heardBy('tiny', tiny, clip)));
      }
    }
  }
} finally {
  await clips.dispose();
}
for (const kind of ['name', 'business']) {
  console.log(
    `${kind === 'name' ? 'names' : 'businesses'}, by base's least confidence: right (tiny agrees / not) | not the caller's (agrees / not)`,
  );
  for (const [low, high] of BANDS) {
    const band = rows.filter((row) => row.kind === kind && row.conf >= low && row.conf < high);
    const count = (right: boolean, agrees: boolean) =>
      band.filter((row) => row.right === right && row.tinyAgrees === agrees).length;
    console.log(
      `  ${low}-${Math.min(high, 1)}: ${count(true, true)} / ${count(true, false)} | ${count(false, true)} / ${count(false, false)}`,
    );
  }
  for (const row of rows.filter((r) => r.kind === kind && !r.right && r.tinyAgrees && r.conf >= 0.5))
    console.log(`    agreed, not the caller's: "${row.value}" ${row.conf.toFixed(2)}`);
}
process.exit(0);
