/** Summarize: the transcript summarized by the summarizer the settings choose. */
import { PermanentError } from '../../core/pipeline-errors';
import type { Providers } from '../../ports/providers';
import type { MessageChangeDeps } from '../message-changes';
import { loadOwned, type PipelineState, record } from './state';
import { senderVocabulary, type VocabularySource } from './vocabulary';

/** What Summarize uses: the summarizer, and where the sender's words come from (as Transcribe). */
export type SummarizeDeps = MessageChangeDeps & {
  readonly providers: Pick<Providers, 'summarizer'>;
  readonly vocabulary?: VocabularySource;
};

/** Summarize: the summary (and its details: key points, callback number and time) go on the message. */
export async function summarize(deps: SummarizeDeps, state: PipelineState) {
  const message = await loadOwned(deps, state);
  if (message.transcript === null) throw new PermanentError('Summarize ran before there was a transcript.');
  const summarizer = await deps.providers.summarizer();
  const vocabulary = await senderVocabulary(deps.vocabulary, message);
  const { engine, ...details } = await summarizer.summarize(message.transcript, { vocabulary });
  await record(deps, state, { summary: details.summary, summary_details: details, summary_engine: engine });
  return { engine };
}
