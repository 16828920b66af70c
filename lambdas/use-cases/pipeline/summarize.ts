/** Summarize: the transcript summarized by the summarizer the settings choose, in the sender's language. */
import { PermanentError } from '../../core/pipeline-errors';
import { normalizeVocabulary } from '../../core/vocabulary';
import type { Providers } from '../../ports/providers';
import type { SenderPreferencesRepository } from '../../ports/sender-preferences';
import type { MessageChangeDeps } from '../message-changes';
import { countUsage, type UsageDeps } from '../usage';
import { loadOwned, type PipelineState, record } from './state';
import { senderPreferences } from './vocabulary';

/** What Summarize uses: the sender's LANG and SPELL words (read), the summarizer, and the usage counters. */
export type SummarizeDeps = MessageChangeDeps &
  UsageDeps & {
    readonly providers: Pick<Providers, 'summarizer'>;
    readonly preferences: Pick<SenderPreferencesRepository, 'get'>;
  };

/**
 * Summarize: the summary (and its details: key points, callback number and time) go on the message. It is
 * written in the sender's LANG when they chose one (`reply_language` records it, and the reply's fixed texts
 * follow it), else in the language the caller spoke; the sender's MODE, when they chose one, is recorded for
 * SendReply (`sender_reply_mode`: it wins over the operator's reply mode); the message's `language` is the spoken one, from the
 * transcriber or, when it did not say, from the summary.
 */
export async function summarize(deps: SummarizeDeps, state: PipelineState) {
  const message = await loadOwned(deps, state);
  if (message.transcript === null) throw new PermanentError('Summarize ran before there was a transcript.');
  const preferences = await senderPreferences(deps.preferences, message);
  const chosen = preferences?.language ?? null;
  const vocabulary = normalizeVocabulary(preferences?.spell ?? undefined);
  const summarizer = await deps.providers.summarizer();
  const { engine, language, usage, ...details } = await summarizer.summarize(message.transcript, {
    language: chosen ?? null,
    vocabulary,
  });
  await record(deps, state, {
    summary: details.summary,
    summary_details: details,
    summary_engine: engine,
    language: message.language ?? language ?? null,
    reply_language: chosen ?? null,
    sender_reply_mode: preferences?.reply_mode ?? null,
  });
  const tokens = usage && {
    openai_input_tokens: usage.input_tokens,
    openai_output_tokens: usage.output_tokens,
  };
  if (tokens) await countUsage(deps, tokens);
  return { engine, language: message.language ?? language ?? null, ...(tokens ? { usage: tokens } : {}) };
}
