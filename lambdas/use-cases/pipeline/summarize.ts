/** Summarize: the transcript summarized by the summarizer the settings choose. */
import { PermanentError } from '../../core/pipeline-errors';
import type { Providers } from '../../ports/providers';
import type { MessageChangeDeps } from '../message-changes';
import { countUsage, type UsageDeps } from '../usage';
import { loadOwned, type PipelineState, record } from './state';

/** What Summarize uses: the summarizer. */
export type SummarizeDeps = MessageChangeDeps &
  UsageDeps & { readonly providers: Pick<Providers, 'summarizer'> };

/** Summarize: the summary (and its details: key points, callback number and time) go on the message. */
export async function summarize(deps: SummarizeDeps, state: PipelineState) {
  const message = await loadOwned(deps, state);
  if (message.transcript === null) throw new PermanentError('Summarize ran before there was a transcript.');
  const summarizer = await deps.providers.summarizer();
  const { engine, usage, ...details } = await summarizer.summarize(message.transcript);
  await record(deps, state, { summary: details.summary, summary_details: details, summary_engine: engine });
  const tokens = usage && {
    openai_input_tokens: usage.input_tokens,
    openai_output_tokens: usage.output_tokens,
  };
  if (tokens) await countUsage(deps, tokens);
  return { engine, ...(tokens ? { usage: tokens } : {}) };
}
