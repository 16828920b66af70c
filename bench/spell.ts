/**
 * Names spelled right offline (issue 18): Moonshine on flite clips of sentences full of hard names, without
 * the sender's vocabulary and with it (decoder biasing, phonetic correction, both), on four flite voices:
 * the vocabulary recall (names written exactly), the word error rate of the other words, and the WER of
 * ordinary sentences (SPEECH_CORPUS, no names) with the vocabulary given, which must not get worse.
 *
 * Run: npm run bench -- spell   (measures the model MOONSHINE_MODEL names; tiny by default)
 */
import { type BiasWeights, DEFAULT_BIAS_WEIGHTS } from '../lambdas/adapters/offline/contextual-bias';
import { MoonshineTranscriber } from '../lambdas/adapters/offline/moonshine-transcriber';
import {
  NAME_SENTENCES,
  namesHeard,
  otherWordErrors,
  SENDER_VOCABULARY,
} from '../test/support/name-sentences';
import { type FliteVoice, SPEECH_CORPUS, SpeechClips, wordErrors } from '../test/support/speech-clips';
import { machineLine, writeSection } from './report';

const VOICES: readonly FliteVoice[] = ['rms', 'slt', 'awb', 'kal16'];

export type SpellMethod = 'none' | 'bias' | 'phonetic' | 'both';
const METHODS: readonly SpellMethod[] = ['none', 'bias', 'phonetic', 'both'];

export type SpellScore = {
  /** Name clips with no transcript at all (the honesty rule judged them not English). */
  silent: number;
  clips: number;
  names: number;
  heard: number;
  otherWords: number;
  otherErrors: number;
  plainWords: number;
  plainErrors: number;
};

const pct = (part: number, whole: number) => `${((part / Math.max(1, whole)) * 100).toFixed(1)}%`;

function transcriberFor(method: SpellMethod, weights: BiasWeights): MoonshineTranscriber {
  return new MoonshineTranscriber({
    vocabulary: {
      bias: method === 'bias' || method === 'both' ? weights : false,
      phonetic: method === 'phonetic' || method === 'both',
    },
  });
}

/** What a transcriber writes for a clip ('' when it finds no speech or judges it not English). */
async function heardText(
  transcriber: MoonshineTranscriber,
  clip: Parameters<MoonshineTranscriber['transcribe']>[0],
  vocabulary: readonly string[],
) {
  return transcriber.transcribe(clip, { vocabulary }).then(
    (result) => result.text,
    (error: Error) => {
      if (error.name !== 'NoSpeechError' && error.name !== 'NotEnglishError') throw error;
      return '';
    },
  );
}

/** Scores every method on every voice; `log` gets each transcript. */
async function measureSpell(
  weights: BiasWeights = DEFAULT_BIAS_WEIGHTS,
  log: (line: string) => void = () => {},
): Promise<Map<SpellMethod, SpellScore>> {
  const clips = new SpeechClips();
  const scores = new Map<SpellMethod, SpellScore>();
  try {
    for (const method of METHODS) {
      const transcriber = transcriberFor(method, weights);
      const vocabulary = method === 'none' ? [] : SENDER_VOCABULARY;
      const score: SpellScore = {
        silent: 0,
        clips: 0,
        names: 0,
        heard: 0,
        otherWords: 0,
        otherErrors: 0,
        plainWords: 0,
        plainErrors: 0,
      };
      for (const voice of VOICES) {
        for (const sentence of NAME_SENTENCES) {
          const text = await heardText(
            transcriber,
            await clips.clip({ sentence, format: 'wav', voice }),
            vocabulary,
          );
          log(`${method} ${voice} | ${text}`);
          score.clips += 1;
          if (text === '') score.silent += 1;
          score.names += sentence.names.length;
          score.heard += namesHeard(sentence.names, text);
          const other = otherWordErrors(sentence, SENDER_VOCABULARY, text);
          score.otherWords += other.words;
          score.otherErrors += other.errors;
        }
        for (const sentence of SPEECH_CORPUS) {
          const text = await heardText(
            transcriber,
            await clips.clip({ sentence, format: 'wav', voice }),
            vocabulary,
          );
          log(`${method} ${voice} plain | ${text}`);
          const plain = wordErrors(sentence.text, text);
          score.plainWords += plain.words;
          score.plainErrors += plain.errors;
        }
      }
      scores.set(method, score);
    }
  } finally {
    await clips.dispose();
  }
  return scores;
}

export async function benchSpell(): Promise<void> {
  const model = new MoonshineTranscriber().engine;
  const scores = await measureSpell();
  const label: Record<SpellMethod, string> = {
    none: 'no vocabulary (before)',
    bias: 'decoder biasing only',
    phonetic: 'phonetic correction only',
    both: 'biasing + phonetic correction (what ships)',
  };
  const rows = METHODS.map((method) => {
    const s = scores.get(method)!;
    return `| ${label[method]} | ${s.heard}/${s.names} = ${pct(s.heard, s.names)} | ${pct(s.otherErrors, s.otherWords)} | ${s.silent} of ${s.clips} | ${pct(s.plainErrors, s.plainWords)} |`;
  });
  const { start, continuation } = DEFAULT_BIAS_WEIGHTS;
  const markdown = [
    '## Names spelled right (offline, issue 18)',
    '',
    `Machine: ${machineLine()}. Engine: ${model}. ${NAME_SENTENCES.length} sentences with ${SENDER_VOCABULARY.length} hard names and terms (${SENDER_VOCABULARY.join(', ')}), spoken by the flite voices ${VOICES.join(', ')} (WAV, native rate); the sender's vocabulary is the whole list for every clip. Biasing bonus: ${start} nats to a token that starts a word, ${continuation} to one that continues a match.`,
    '',
    '| Method | Vocabulary recall | WER of the other words | Name clips judged not English | WER of ordinary sentences (no names, vocabulary given) |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    "Recall: a name counts when the transcript has it spelled exactly (case aside). Other words: the sentences' words with the names taken out of the reference and the vocabulary's words out of the transcript (a name heard as three other words costs those words; a clip judged not English, which gets no transcript, costs all of its words; flite spelling a name out letter by letter costs a word per letter). Ordinary sentences: bench/transcription.ts's voicemail sentences, which hold none of the names: what the vocabulary costs a sender's messages that do not say them.",
  ].join('\n');
  console.log(markdown);
  await writeSection('spell', markdown);
}
