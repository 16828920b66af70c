import type { HeardWord } from '#core/transcripts/heard-words';

/** Audio handed to a provider: the bytes, their MIME type, and a file name whose extension matches them. */
export type AudioInput = {
  readonly bytes: Buffer;
  readonly contentType: string;
  /** e.g. `message.m4a`; providers such as OpenAI infer the format from the extension. */
  readonly fileName: string;
  /** What the caller already measured of this audio (the pipeline probes it once), so it is not redone. */
  readonly known?: { readonly durationSeconds: number | null; readonly sampleRateHz: number | null };
};

export type Transcription = {
  /** The transcript: `transcriptOf(words)` when there are words (one space between words). */
  readonly text: string;
  /**
   * Each word with how sure the engine was of it and where in the recording its piece starts
   * (core/transcripts/heard-words.ts); null when the engine gives no confidence (OpenAI's whisper-1).
   */
  readonly words: readonly HeardWord[] | null;
  /** Which engine produced it, e.g. `pocketsphinx` or `openai:gpt-4o-mini-transcribe`. */
  readonly engine: string;
  /** BCP-47 / ISO-639-1 code when the engine reports it, else null. */
  readonly language: string | null;
  /** Length of the audio in seconds when known. */
  readonly durationSeconds: number | null;
  /** Things the operator should know, e.g. that 8 kHz audio may give an unreliable transcript. */
  readonly warnings: readonly string[];
};

/** What the caller knows about the speech before it is transcribed. */
export type TranscribeHints = VocabularyHints & {
  /**
   * The language the sender chose by text (LANG, ISO 639-1), passed to an engine that takes one; null or
   * absent: the engine detects it. An English-only engine ignores it.
   */
  readonly language?: string | null;
};

/**
 * Turns speech into text. Throws NoSpeechError for silence, NotAudioError for undecodable input,
 * NotEnglishError when an English-only engine judges the speech to be another language,
 * TransientError for timeouts/429/5xx, PermanentError for anything a retry cannot fix.
 */
export interface Transcriber {
  transcribe(audio: AudioInput, hints?: TranscribeHints): Promise<Transcription>;
}

/**
 * The sender's own names and terms (their SPELL list, `core/transcripts/vocabulary.ts`), for this sender's messages only:
 * an engine spells them exactly as written when it hears them. Empty or absent: no hint.
 */
export type VocabularyHints = { readonly vocabulary?: readonly string[] };
