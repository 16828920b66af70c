/**
 * A second listen to a fact's own stretch of audio (issue 32, deliverable 1), measured before anything is wired.
 * For each callback number and caller's name the first listen (Moonshine as the service runs it) found in a kept
 * recording, it prints: right or wrong against the author's truth, sure or doubted by today's checks
 * (core/facts/fact-checks.ts), and whether each second listen agrees. A second listen decodes only the fact's
 * stretch (the words' estimated times, with a margin), alone: without the sentence's context that pulls the
 * decoder toward a common word, and in some variants slowed down or band-limited and levelled by ffmpeg.
 *
 * What counts: among facts today doubted, how many right ones agreement would state and how many wrong ones
 * it would state too (must be 0); among facts stated, how many wrong ones disagreement would catch.
 *
 * Run: npx tsx bench/second-listen.ts [heldout4,heldout3,facts] (each set's recordings as the heard and facts
 * benchmarks kept them: SECOND_LISTEN_HEARD4, SECOND_LISTEN_HEARD3, SECOND_LISTEN_FACTS folders);
 * SECOND_LISTEN_ONLY=id1,id2 limits the voicemails, SECOND_LISTEN_KINDS=phone the facts, SECOND_LISTEN_VARIANTS=1,2,3
 * the ways of listening again (places in ALL_VARIANTS). Prints only; writes nothing. The figures of issue 32 are in
 * docs/local-transcription.md ("A second listen to a number or a name").
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type CheckedFact, checkFacts, LOW_CONFIDENCE, nationalDigits } from '#core/facts/fact-checks';
import { findMentions } from '#core/facts/fact-mentions';
import { heardTokens } from '#core/transcripts/heard-transcript';
import { wordsFromTokens } from '#core/transcripts/token-words';
import { FfmpegAudioTools } from '../lambdas/adapters/offline/ffmpeg-audio-tools';
import { decodeGreedy, scoredTokens } from '../lambdas/adapters/offline/moonshine-decoder';
import { MoonshineTranscriber } from '../lambdas/adapters/offline/moonshine-transcriber';
import { pcmSamples, SAMPLE_RATE, toFloat32 } from '../lambdas/adapters/offline/speech-audio';
import { LibPhoneNumberRegions } from '../lambdas/adapters/phone/libphonenumber-regions';
import { FACT_VOICEMAILS } from '../test/support/fact-voicemails';
import { HELDOUT3_VOICEMAILS } from '../test/support/heldout3-voicemails';
import { HELDOUT4_VOICEMAILS } from '../test/support/heldout4-voicemails';

type Truth = {
  readonly id: string;
  readonly name: string | null;
  readonly names: readonly string[];
  readonly number: string | null;
};
type Recording = { readonly truth: Truth; readonly file: string };

/** How the second listen hears the stretch: its margin around the fact, and ffmpeg's filters over the audio. */
type Variant = {
  readonly name: string;
  readonly margin: number;
  readonly filters: string | null;
  readonly tempo: number;
  /** Another size of the model (tiny) for the second listen; default: the first listen's. */
  readonly model?: 'tiny';
};

const ALL_VARIANTS: readonly Variant[] = [
  { name: 'cut 0.5 s', margin: 0.5, filters: null, tempo: 1 },
  { name: 'cut 1 s', margin: 1, filters: null, tempo: 1 },
  { name: 'cut 1 s slowed 0.85', margin: 1, filters: 'atempo=0.85', tempo: 0.85 },
  {
    name: 'cut 1 s phone band, levelled',
    margin: 1,
    filters: 'highpass=f=300,lowpass=f=3400,dynaudnorm=f=150',
    tempo: 1,
  },
  { name: 'cut 1.5 s', margin: 1.5, filters: null, tempo: 1 },
  { name: 'cut 1 s sped up 1.1', margin: 1, filters: 'atempo=1.1', tempo: 1.1 },
  { name: 'cut 1 s 12 dB quieter', margin: 1, filters: 'volume=0.25', tempo: 1 },
  { name: 'cut 1 s, Moonshine tiny', margin: 1, filters: null, tempo: 1, model: 'tiny' },
  { name: 'cut 1.5 s, Moonshine tiny', margin: 1.5, filters: null, tempo: 1, model: 'tiny' },
];

/** SECOND_LISTEN_VARIANTS=1,2,3 picks variants by their place in the list (default: the first four). */
const VARIANTS = (process.env.SECOND_LISTEN_VARIANTS?.split(',').map(Number) ?? [0, 1, 2, 3]).map(
  (index) => ALL_VARIANTS[index]!,
);
/** SECOND_LISTEN_KINDS=phone limits the facts to callback numbers (or names). */
const KINDS = (process.env.SECOND_LISTEN_KINDS ?? 'phone,name').split(',');

const SETS: Record<string, () => Promise<Recording[]>> = {
  heldout4: () =>
    recordings(process.env.SECOND_LISTEN_HEARD4 ?? '/tmp/vsb-heard4/heard', heardTruths(HELDOUT4_VOICEMAILS)),
  heldout3: () =>
    recordings(process.env.SECOND_LISTEN_HEARD3 ?? '/tmp/vsb-final/heard', heardTruths(HELDOUT3_VOICEMAILS)),
  facts: () =>
    recordings(
      process.env.SECOND_LISTEN_FACTS ?? '/tmp/vsb-final/facts',
      FACT_VOICEMAILS.map((v) => ({
        id: v.id,
        name: v.name,
        names: [v.name, ...(v.nameSpelledAlso ?? [])].filter((n): n is string => n !== null),
        number: v.number,
      })),
    ),
};

function heardTruths(set: readonly Omit<Truth, 'names'>[] & readonly object[]): Truth[] {
  return set.map((v) => {
    const also = (v as { nameSpelledAlso?: readonly string[] }).nameSpelledAlso ?? [];
    return { id: v.id, name: v.name, names: v.name ? [v.name, ...also] : [], number: v.number };
  });
}

/** The kept recordings of each voicemail: `<id>-<16 hex>.wav|amr`. */
async function recordings(dir: string, truths: readonly Truth[]): Promise<Recording[]> {
  const only = process.env.SECOND_LISTEN_ONLY?.split(',');
  const files = await readdir(dir);
  const out: Recording[] = [];
  for (const truth of truths) {
    if (only && !only.includes(truth.id)) continue;
    for (const file of files) {
      if (new RegExp(`^${truth.id}-[0-9a-f]{16}\\.(wav|amr)$`).test(file))
        out.push({ truth, file: join(dir, file) });
    }
  }
  return out;
}

const bare = (word: string) =>
  word
    .toLowerCase()
    .replace(/[^\p{L}\p{N}']/gu, '')
    .replace(/'s$/, '');

/** Whether the first listen's fact is right: the callback's digits, or the caller's first name. */
function isRight(fact: CheckedFact, truth: Truth): boolean {
  if (fact.kind === 'phone') return truth.number !== null && nationalDigits(fact.value) === truth.number;
  return truth.names.some((name) => bare(name.split(/\s+/)[0]!) === bare(fact.value));
}

/** Whether the second listen's words say the same fact. */
function agrees(fact: CheckedFact, second: readonly string[]): boolean {
  if (fact.kind === 'phone') {
    const mine = nationalDigits(fact.value);
    const phones = findMentions(second).filter((m) => m.kind === 'phone');
    return (
      phones.some((m) => nationalDigits(m.value) === mine) ||
      second.join('').replace(/\D/g, '').includes(mine)
    );
  }
  return second.some((word) => bare(word) === bare(fact.value));
}

type Row = {
  readonly set: string;
  readonly id: string;
  readonly file: string;
  readonly kind: string;
  readonly value: string;
  readonly right: boolean;
  readonly sure: boolean;
  readonly doubt: string | null;
  readonly heard: readonly string[];
  readonly agree: readonly boolean[];
};

async function main() {
  const wanted = (process.argv[2] ?? 'heldout4,heldout3,facts').split(',');
  const transcriber = new MoonshineTranscriber();
  const sessions = await transcriber.sessions();
  const tiny = VARIANTS.some((variant) => variant.model === 'tiny')
    ? new MoonshineTranscriber({ moonshineModel: 'tiny' })
    : null;
  const tinySessions = tiny ? await tiny.sessions() : null;
  const tools = new FfmpegAudioTools();
  const regions = new LibPhoneNumberRegions();
  const isValidNumber = (e164: string) => regions.countryOf(e164) !== null;
  const cost = { first: 0, second: VARIANTS.map(() => 0), voicemails: 0, audio: 0 };
  const rows: Row[] = [];
  for (const setName of wanted) {
    const set = await SETS[setName]!();
    for (const { truth, file } of set) {
      const bytes = await readFile(file);
      const audio = file.endsWith('.amr')
        ? { bytes, contentType: 'audio/amr', fileName: 'voicemail.amr' }
        : { bytes, contentType: 'audio/wav', fileName: 'voicemail.wav' };
      let started = performance.now();
      const first = await transcriber.transcribeWithSignals(audio);
      cost.first += (performance.now() - started) / 1000;
      cost.voicemails += 1;
      cost.audio += first.seconds;
      const tokens = heardTokens({ text: first.text, words: first.words }, first.seconds);
      const facts = checkFacts(tokens, { isValidNumber }).filter((fact) => KINDS.includes(fact.kind));
      if (facts.length === 0) continue;
      const pcms = new Map<string | null, Int16Array>();
      for (const variant of VARIANTS) {
        if (!pcms.has(variant.filters)) {
          const pcm = await tools.decodePcm16kMono(bytes, { timeoutMs: 60_000, filters: variant.filters });
          pcms.set(variant.filters, pcmSamples(pcm));
        }
      }
      for (const fact of facts) {
        const from = tokens[fact.start]?.at ?? 0;
        const to = tokens[fact.end]?.at ?? first.seconds;
        const heard: string[] = [];
        const agree: boolean[] = [];
        for (const [index, variant] of VARIANTS.entries()) {
          const samples = pcms.get(variant.filters)!;
          const start = Math.max(0, Math.floor(((from - variant.margin) / variant.tempo) * SAMPLE_RATE));
          const end = Math.min(
            samples.length,
            Math.ceil(((to + variant.margin) / variant.tempo) * SAMPLE_RATE),
          );
          started = performance.now();
          const other = variant.model === 'tiny' && tiny !== null && tinySessions !== null;
          const decoded = await decodeGreedy(
            other ? tinySessions : sessions,
            other ? tiny.model : transcriber.model,
            toFloat32(samples, { start, end }),
            { forbidEndFirst: false, bias: null },
          );
          cost.second[index]! += (performance.now() - started) / 1000;
          const words = wordsFromTokens(
            scoredTokens(sessions.tokenizer, decoded.tokens, decoded.logProbs),
            null,
          );
          const texts = words.map((word) => word.text);
          heard.push(texts.join(' '));
          agree.push(agrees(fact, texts));
        }
        const row: Row = {
          set: setName,
          id: truth.id,
          file: file.endsWith('.amr') ? 'amr' : 'wav',
          kind: fact.kind,
          value: fact.value,
          right: isRight(fact, truth),
          sure: fact.sure,
          doubt: fact.doubt,
          heard,
          agree,
        };
        rows.push(row);
        console.log(
          `${setName} ${row.id} ${row.file} ${row.kind} "${row.value}" ${row.right ? 'RIGHT' : 'WRONG'} ${row.sure ? 'stated' : `doubted (${row.doubt})`} [${from.toFixed(1)}-${to.toFixed(1)} s]`,
        );
        for (const [index, variant] of VARIANTS.entries()) {
          console.log(
            `    ${row.agree[index] ? 'agree   ' : 'disagree'} ${variant.name}: ${row.heard[index]}`,
          );
        }
      }
    }
  }
  const policies = [
    ...VARIANTS.map((variant, index) => ({ name: variant.name, agrees: (row: Row) => row.agree[index]! })),
    { name: 'every variant above', agrees: (row: Row) => row.agree.every(Boolean) },
  ];
  for (const setName of wanted.length > 1 ? [...wanted, wanted.join('+')] : wanted) {
    console.log(`\n${setName}:`);
    const ofSet = rows.filter((row) => setName.split('+').includes(row.set));
    for (const policy of policies) {
      const line = (kind: string) => {
        const of = ofSet.filter((row) => row.kind === kind);
        const doubted = of.filter((row) => row.doubt === LOW_CONFIDENCE);
        const stated = of.filter((row) => row.sure);
        const count = (list: Row[], test: (row: Row) => boolean) => list.filter(test).length;
        const agree = policy.agrees;
        return [
          `doubted for confidence: right ${count(doubted, (r) => r.right)} (agreement states ${count(doubted, (r) => r.right && agree(r))})`,
          `wrong ${count(doubted, (r) => !r.right)} (agreement states ${count(doubted, (r) => !r.right && agree(r))})`,
          `stated: right ${count(stated, (r) => r.right)} (disagreement doubts ${count(stated, (r) => r.right && !agree(r))})`,
          `wrong ${count(stated, (r) => !r.right)} (disagreement catches ${count(stated, (r) => !r.right && !agree(r))})`,
        ].join('; ');
      };
      console.log(`  ${policy.name}`);
      for (const kind of KINDS) console.log(`    ${kind}: ${line(kind)}`);
    }
  }
  const decodes = rows.length;
  console.log('\nCost of a second listen (one variant, one fact), seconds of wall clock:');
  for (const [index, variant] of VARIANTS.entries()) {
    console.log(`  ${variant.name}: ${(cost.second[index]! / Math.max(1, decodes)).toFixed(2)} s per fact`);
  }
  console.log(
    `first listen: ${(cost.first / Math.max(1, cost.voicemails)).toFixed(2)} s per voicemail (${(cost.audio / Math.max(1, cost.voicemails)).toFixed(1)} s of audio), ${cost.voicemails} recordings`,
  );
}

await main();
