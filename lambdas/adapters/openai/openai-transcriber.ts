import OpenAI, { toFile } from 'openai';
import * as z from 'zod';
import { NoSpeechError, TransientError } from '#core/messages/pipeline-errors';
import { whisperLanguageCode } from '#core/texts/languages';
import { type HeardWord, transcriptOf } from '#core/transcripts/heard-words';
import { placedBySentence, wordsFromTokens } from '#core/transcripts/token-words';
import { normalizeVocabulary } from '#core/transcripts/vocabulary';
import type { AudioInput, TranscribeHints, Transcriber, Transcription } from '../../ports/transcriber';
import { mapOpenAiError } from './openai-errors';

export type OpenAiTranscriberOptions = {
  readonly apiKey: string;
  /** @default 'gpt-4o-mini-transcribe' */
  readonly model?: string;
  /** Another OpenAI-compatible endpoint (tests point this at a local fake). @default OpenAI's */
  readonly baseURL?: string;
  /** How long one request may take, upload included. @default 120_000 */
  readonly timeoutMs?: number;
};

// The fields we use from both response formats: `json` (text only, gpt-4o-*-transcribe; with `logprobs` when
// asked) and `verbose_json` (whisper-1: language as an English name, duration in seconds; newer responses also
// carry usage seconds).
const transcriptionResponseSchema = z.object({
  text: z.string(),
  language: z.string().nullish(),
  duration: z.number().nullish(),
  usage: z.object({ type: z.string(), seconds: z.number().optional() }).passthrough().nullish(),
  // Read apart (heardWords): a log-probability list this code cannot read costs the words, not the transcript.
  logprobs: z.unknown().optional(),
});
const logprobsSchema = z.array(
  z.object({ token: z.string().optional(), bytes: z.array(z.number()).optional(), logprob: z.number() }),
);
type TranscriptionResponse = z.infer<typeof transcriptionResponseSchema>;

/**
 * The models that return each token's log-probability when asked (`include: ['logprobs']`, json only):
 * gpt-4o-transcribe and gpt-4o-mini-transcribe (dated versions too), not the diarizing one. whisper-1 and
 * any other model (an OpenAI-compatible server's) are not asked: they refuse or ignore it, and their
 * transcripts come without word confidence.
 */
const GIVES_LOGPROBS = /^gpt-4o(-mini)?-transcribe(?!-diarize)/;

const utf8 = new TextEncoder();

/**
 * The words of a transcription with the log-probabilities OpenAI gave its tokens, or null when there are
 * none or they do not spell the text (an answer this code cannot read word by word is given no confidence
 * rather than a wrong one). OpenAI gives no times: a word's `at` is where its sentence starts in the text,
 * as a share of the recording's length (placedBySentence).
 */
function heardWords(response: TranscriptionResponse, seconds: number | null): HeardWord[] | null {
  const logprobs = logprobsSchema.safeParse(response.logprobs);
  if (!logprobs.success || logprobs.data.length === 0) return null;
  const tokens = logprobs.data.map((token) => ({
    bytes: token.bytes ?? utf8.encode(token.token ?? ''),
    logProb: token.logprob,
  }));
  const words = wordsFromTokens(tokens, null);
  if (transcriptOf(words) !== response.text.trim().split(/\s+/).join(' ')) return null;
  return placedBySentence(words, seconds);
}

/**
 * The transcription models read only the last 224 tokens of a prompt (OpenAI's speech-to-text guide); names
 * cost about one token per 2-3 characters, so the prompt stays under this many characters and the words
 * that do not fit are left out (the summary prompt still has them all).
 */
export const MAX_PROMPT_CHARS = 450;

/**
 * The transcription prompt for a sender's words: a sentence in the style of a transcript that spells them,
 * which is how OpenAI's guide says to get uncommon names right. Null when there are none.
 */
function vocabularyPrompt(words: readonly string[] | undefined): string | null {
  const vocabulary = normalizeVocabulary(words);
  if (vocabulary.length === 0) return null;
  let prompt = 'Names and terms in this voicemail:';
  for (const [index, word] of vocabulary.entries()) {
    const next = `${prompt}${index === 0 ? ' ' : ', '}${word}`;
    if (next.length + 1 > MAX_PROMPT_CHARS) break;
    prompt = next;
  }
  return `${prompt}.`;
}

/** Transcribes with OpenAI's audio API; one attempt per call, because Step Functions owns the retries. */
export class OpenAiTranscriber implements Transcriber {
  private readonly client: OpenAI;
  private readonly model: string;
  private readonly timeoutMs: number;
  private readonly apiKey: string;

  constructor(options: OpenAiTranscriberOptions) {
    this.apiKey = options.apiKey;
    this.model = options.model ?? 'gpt-4o-mini-transcribe';
    this.timeoutMs = options.timeoutMs ?? 120_000;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      maxRetries: 0,
      timeout: this.timeoutMs,
    });
  }

  /**
   * The spoken language is kept: no `language` is sent unless the sender chose one (LANG), so the model
   * detects it and writes what was said, never a translation.
   */
  async transcribe(audio: AudioInput, hints: TranscribeHints = {}): Promise<Transcription> {
    // Only whisper-1 offers verbose_json; the gpt-4o transcribe models reject it and answer json.
    const verbose = this.model.startsWith('whisper');
    const logprobs = GIVES_LOGPROBS.test(this.model);
    const prompt = vocabularyPrompt(hints.vocabulary);
    let raw: unknown;
    try {
      raw = await this.client.audio.transcriptions.create({
        file: await toFile(audio.bytes, audio.fileName, { type: audio.contentType }),
        model: this.model,
        response_format: verbose ? 'verbose_json' : 'json',
        ...(logprobs ? { include: ['logprobs' as const] } : {}),
        ...(hints.language ? { language: hints.language } : {}),
        ...(prompt === null ? {} : { prompt }),
      });
    } catch (error) {
      throw mapOpenAiError(error, {
        doing: `transcribing the voice message with ${this.model}`,
        model: this.model,
        timeoutMs: this.timeoutMs,
        secrets: [this.apiKey],
      });
    }
    const parsed = transcriptionResponseSchema.safeParse(raw);
    if (!parsed.success) {
      throw new TransientError(`OpenAI returned a transcription in an unexpected shape (${this.model}).`);
    }
    const text = parsed.data.text.trim();
    if (!text) throw new NoSpeechError();
    const usageSeconds = parsed.data.usage?.type === 'duration' ? parsed.data.usage.seconds : undefined;
    const durationSeconds = parsed.data.duration ?? usageSeconds ?? null;
    const words = heardWords(parsed.data, audio.known?.durationSeconds ?? durationSeconds);
    return {
      text: words ? transcriptOf(words) : text,
      words,
      engine: `openai:${this.model}`,
      // gpt-4o-*-transcribe do not say which language they heard: the summary's judgement fills it in.
      language: whisperLanguageCode(parsed.data.language),
      durationSeconds,
      warnings: [],
    };
  }
}
