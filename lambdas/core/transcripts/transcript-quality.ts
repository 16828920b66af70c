/**
 * Whether an offline transcript can be trusted enough to text: the engine's own signals (token probabilities,
 * tokens per second, script, music notes, a transcript that is mostly a repetition loop) say whether its
 * output is English, doubtful English, or most likely another language it cannot understand. Thresholds and
 * the error rates they were measured at are in docs/local-transcription.md; loops themselves, from any engine,
 * are cut in core/transcripts/decoder-loops.ts.
 */
import { loopShareOf, MOSTLY_LOOP_SHARE } from './decoder-loops';

/** What the offline decoder said and how sure it was of each token. */
export type DecoderOutput = {
  readonly text: string;
  /** The log-probability (log-softmax) of each token the decoder chose, in order. */
  readonly tokenLogProbs: readonly number[];
  /** Seconds of audio decoded. */
  readonly speechSeconds: number;
};

/** What the honesty rule reads. */
export type TranscriptSignals = {
  /** Mean log-probability of the chosen tokens (0 = certain). */
  readonly meanLogProb: number;
  /** Share of tokens chosen with a probability below LOW_TOKEN_PROBABILITY. */
  readonly lowProbShare: number;
  readonly tokensPerSecond: number;
  /** Share of the letters outside the Latin script (Japanese characters from Arabic audio, say). */
  readonly nonLatinShare: number;
  /** Music notes: the model took the sound for a song. */
  readonly musicNotes: boolean;
  /** More than half the transcript is a repetition loop (core/transcripts/decoder-loops.ts): the engine did not follow. */
  readonly loop: boolean;
};

/** A token the decoder gave less than this probability is "low-probability". */
const LOW_TOKEN_PROBABILITY = 0.5;

/** The signals of one transcript (pure: the adapter measures, this counts). */
export function transcriptSignals(output: DecoderOutput): TranscriptSignals {
  const logProbs = output.tokenLogProbs;
  const count = logProbs.length;
  const lowLog = Math.log(LOW_TOKEN_PROBABILITY);
  const letters = [...output.text].filter((char) => /\p{L}/u.test(char));
  const nonLatin = letters.filter((char) => !/\p{Script=Latin}/u.test(char)).length;
  return {
    meanLogProb: count === 0 ? 0 : logProbs.reduce((sum, value) => sum + value, 0) / count,
    lowProbShare: count === 0 ? 0 : logProbs.filter((value) => value < lowLog).length / count,
    tokensPerSecond: output.speechSeconds > 0 ? count / output.speechSeconds : 0,
    nonLatinShare: letters.length === 0 ? 0 : nonLatin / letters.length,
    musicNotes: /[\u266A-\u266C\u{1F3B5}\u{1F3B6}]/u.test(output.text),
    loop: loopShareOf(output.text) > MOSTLY_LOOP_SHARE,
  };
}

/** ok: send; doubtful: English but unreliable, sent with the note; not-english: not sent at all. */
export type TranscriptVerdict = 'ok' | 'doubtful' | 'not-english';

/**
 * The honesty rule's thresholds, measured on Moonshine tiny and base with flite English (5 voices, 16 and 8 kHz,
 * pink noise at 10 dB SNR) and espeak-ng in 11 other languages (docs/local-transcription.md). The same values
 * serve both models (base: no English clip flagged, worst English mean -0.59; 41 of 44 others flagged), so
 * they are not kept per model. As measured on tiny:
 * - English never went below a mean log-probability of -0.64 (garbled noisy clips); other languages mostly
 *   fall between -0.5 and -1.7. -0.75 leaves English a margin.
 * - Between -0.45 and -0.75, a decoder that runs to within 10% of its cap (6 tokens per second) did not
 *   choose to stop: English ran at 3.3-5.2 tokens per second, the other languages' near misses at 5.4-6.1.
 * - Doubtful English: mean below -0.35 or more than a quarter of tokens below probability 0.5; the clean
 *   default-voice clips stay under -0.2 and 13%.
 */
const HONESTY_THRESHOLDS = {
  notEnglishMeanLogProb: -0.75,
  unsureMeanLogProb: -0.45,
  runawayTokensPerSecond: 5.4,
  doubtfulMeanLogProb: -0.35,
  doubtfulLowProbShare: 0.25,
  maxNonLatinShare: 0.2,
} as const;

/** The verdict on an offline (English-only) transcript from its signals. */
export function judgeTranscript(signals: TranscriptSignals): TranscriptVerdict {
  const t = HONESTY_THRESHOLDS;
  // English output has none of these; an English-only model writes them when it hears another language.
  if (signals.musicNotes || signals.loop || signals.nonLatinShare > t.maxNonLatinShare) return 'not-english';
  if (signals.meanLogProb < t.notEnglishMeanLogProb) return 'not-english';
  if (signals.meanLogProb < t.unsureMeanLogProb && signals.tokensPerSecond >= t.runawayTokensPerSecond) {
    return 'not-english';
  }
  if (signals.meanLogProb < t.doubtfulMeanLogProb || signals.lowProbShare > t.doubtfulLowProbShare) {
    return 'doubtful';
  }
  return 'ok';
}

/** The signals in a few words, for the card (operators see why a message was judged not English). */
export function signalsSummary(signals: TranscriptSignals): string {
  const parts = [
    `mean token log-probability ${signals.meanLogProb.toFixed(2)}`,
    `${Math.round(signals.lowProbShare * 100)}% low-probability tokens`,
    `${signals.tokensPerSecond.toFixed(1)} tokens/s`,
  ];
  if (signals.nonLatinShare > 0) parts.push(`${Math.round(signals.nonLatinShare * 100)}% non-Latin letters`);
  if (signals.musicNotes) parts.push('music notes');
  if (signals.loop) parts.push('a repetition loop');
  return `The voice message seems to be in another language (${parts.join(', ')}): offline transcription understands English only. Save an OpenAI key in Settings, then Retry Processing.`;
}
