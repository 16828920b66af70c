/** Summarize: the transcript summarized by the summarizer the settings choose, in the sender's language. */
import { PermanentError } from '../../core/pipeline-errors';
import type { Providers } from '../../ports/providers';
import type { SenderPreferencesRepository } from '../../ports/sender-preferences';
import type { MessageChangeDeps } from '../message-changes';
import { countUsage, type UsageDeps } from '../usage';
import { loadOwned, type PipelineState, record } from './state';
import { senderChoices } from './vocabulary';

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
  const chosen = await senderChoices(deps.preferences, message);
  const summarizer = await deps.providers.summarizer();
  const { engine, language, usage, ...details } = await summarizer.summarize(message.transcript, {
    language: chosen.language,
    vocabulary: chosen.vocabulary,
  });
  const spoken = message.language ?? language ?? null;
  await record(deps, state, {
    summary: details.summary,
    summary_details: details,
    summary_engine: engine,
    language: spoken,
    reply_language: chosen.language,
    sender_reply_mode: chosen.replyMode,
  });
  const tokens = usage && {
    openai_input_tokens: usage.input_tokens,
    openai_output_tokens: usage.output_tokens,
  };
  if (tokens) await countUsage(deps, tokens);
  return { engine, language: spoken, ...(tokens ? { usage: tokens } : {}) };
}
