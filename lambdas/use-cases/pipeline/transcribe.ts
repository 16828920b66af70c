/** Transcribe: the prepared audio turned into text by the transcriber the settings choose. */

import { PermanentError, TranscriptLoopError } from '#core/messages/pipeline-errors';
import { withClockColons } from '#core/transcripts/clock-colons';
import { cutLoops, MOSTLY_LOOP_SHARE, wordsOfText } from '#core/transcripts/decoder-loops';
import { transcriptOf } from '#core/transcripts/heard-words';
import type { AudioStore } from '../../ports/audio-store';
import type { Providers } from '../../ports/providers';
import type { SenderPreferencesRepository } from '../../ports/sender-preferences';
import type { MessageChangeDeps } from '../message-changes';
import { countUsage, type UsageDeps } from '../usage';
import { loadOwned, type PipelineState, record } from './state';
import { senderChoices } from './vocabulary';

/** What Transcribe uses: the bucket (read), the sender's LANG and SPELL words (read), the transcriber, and the usage counters. */
export type TranscribeDeps = MessageChangeDeps &
  UsageDeps & {
    readonly audio: AudioStore;
    readonly preferences: Pick<SenderPreferencesRepository, 'get'>;
    readonly providers: Pick<Providers, 'transcriber'>;
  };

/** Transcribe: the transcript and its words, engine, language and warnings go on the message. */
export async function transcribe(deps: TranscribeDeps, state: PipelineState) {
  if (!state.audio) throw new PermanentError('Transcribe ran before the audio was prepared.');
  const message = await loadOwned(deps, state);
  const { body } = await deps.audio.get(state.audio.key);
  const transcriber = await deps.providers.transcriber();
  // The sender's choices by text: LANG tells an engine that takes a language what to expect; SPELL, the words
  // it spells as they do.
  const { language, vocabulary } = await senderChoices(deps.preferences, message);
  const result = await transcriber.transcribe(
    {
      bytes: body,
      contentType: state.audio.contentType,
      fileName: state.audio.fileName,
      known: { durationSeconds: state.audio.durationSeconds, sampleRateHz: state.audio.sampleRateHz },
    },
    { language, vocabulary },
  );
  // Cut here, not in each engine: a loop is invented text whoever wrote it, and never reaches a text or a page.
  // "8.15 a.m." is "8:15 a.m." in every text and on the page (the engine's dot, core/transcripts/clock-colons.ts).
  const cut = cutLoops(withClockColons(result.words ?? wordsOfText(result.text)));
  if (cut.loopShare > MOSTLY_LOOP_SHARE) {
    throw new TranscriptLoopError(
      `The transcript from ${result.engine} is mostly the same words over and over (what a speech engine writes when it cannot follow the audio); it was not sent.`,
    );
  }
  const transcript = transcriptOf(cut.words);
  // The `[unclear]` word says where a loop was, on the card and the page; warnings would be texted too.
  const warnings = [...new Set([...(message.warnings ?? []), ...result.warnings])];
  const durationSeconds = result.durationSeconds ?? state.audio.durationSeconds;
  await record(deps, state, {
    transcript,
    // Without the engine's confidence there are no words to keep: the text alone is the transcript.
    transcript_words: result.words ? cut.words : null,
    transcription_engine: result.engine,
    language: result.language,
    audio_duration_seconds: durationSeconds,
    warnings,
  });
  // Whole seconds: the counters hold whole numbers (OpenAI bills by the second too).
  const seconds = Math.ceil(durationSeconds ?? 0);
  const usage = {
    audio_seconds: seconds,
    openai_audio_seconds: result.engine.startsWith('openai:') ? seconds : 0,
  };
  await countUsage(deps, usage);
  return {
    engine: result.engine,
    language: result.language,
    characters: transcript.length,
    durationSeconds,
    usage,
  };
}
