/** Summarize: the transcript summarized by the summarizer the settings choose, in the sender's language. */

import { statedSummary } from '#core/facts/stated-summary';
import { PermanentError } from '#core/messages/pipeline-errors';
import { POSSIBLY_UNRELIABLE } from '#core/transcripts/transcript-warnings';
import { checkedUrgency } from '#core/urgency/urgency';
import type { PhoneRegions } from '../../ports/phone-regions';
import type { Providers } from '../../ports/providers';
import type { SenderPreferencesRepository } from '../../ports/sender-preferences';
import type { SentenceEmbedder } from '../../ports/sentence-embedder';
import type { MessageChangeDeps } from '../message-changes';
import { countUsage, type UsageDeps } from '../usage';
import { loadOwned, type PipelineState, record } from './state';
import { withSecondOpinion } from './urgency-opinion';
import { senderChoices } from './vocabulary';

/**
 * What Summarize uses: the sender's LANG and SPELL words (read), the summarizer, the usage counters, and
 * which country a number belongs to (a callback number is stated only when it is valid for its country).
 */
export type SummarizeDeps = MessageChangeDeps &
  UsageDeps & {
    readonly providers: Pick<Providers, 'summarizer'>;
    readonly preferences: Pick<SenderPreferencesRepository, 'get'>;
    readonly phoneRegions: PhoneRegions;
    /**
     * The second opinion on urgency by meaning (issue 32), where the host has one (the local runtime); asked
     * only when the summarizer gave no urgency of its own. Absent or null: the rules alone.
     */
    readonly urgencyOpinion?: SentenceEmbedder | null;
  };

/**
 * Summarize: the summary (and its details: key points, callback number and time) go on the message. It is
 * written in the sender's LANG when they chose one and the summarizer can write in it (`reply_language` records
 * it, and the reply's fixed texts follow it; offline the summary stays in the caller's language, and so does
 * the reply), else in the language the caller spoke; the sender's MODE, when they chose one, is recorded for
 * SendReply (`sender_reply_mode`: it wins over the operator's reply mode); the message's `language` is the spoken one, from the
 * transcriber or, when it did not say, from the summary. Only facts the checks pass are stated
 * (core/facts/stated-summary.ts): what they decided beyond the summary goes on the message as `stated_facts`. How
 * pressing the message is goes on it as `urgency` (core/urgency/urgency.ts), which the texts follow.
 */
export async function summarize(deps: SummarizeDeps, state: PipelineState) {
  const message = await loadOwned(deps, state);
  if (message.transcript === null) throw new PermanentError('Summarize ran before there was a transcript.');
  const chosen = await senderChoices(deps.preferences, message);
  const summarizer = await deps.providers.summarizer();
  // The sender's LANG where the summarizer writes in it; the local one cannot translate, so there the reply
  // stays in the caller's language, fixed texts and all (the event is kept: its time was checked in it).
  const written = summarizer.translates === true ? chosen.language : null;
  const heard = { text: message.transcript, words: message.transcript_words ?? null };
  const { engine, language, usage, caller, urgency, ...proposed } = await summarizer.summarize(heard, {
    language: written,
    vocabulary: chosen.vocabulary,
  });
  const spoken = message.language ?? language ?? null;
  const stated = statedSummary(proposed, caller, heard, {
    isValidNumber: (e164) => deps.phoneRegions.countryOf(e164) !== null,
    vocabulary: chosen.vocabulary,
    seconds: message.audio_duration_seconds ?? null,
    spoken,
    written,
    doubtfulTranscript: (message.warnings ?? []).includes(POSSIBLY_UNRELIABLE),
  });
  // The rules read the transcript as the checks did (words heard with doubt count for nothing); a model's
  // level is kept only as far as they support it. Rules read English only: in another, the model's stands.
  // Without a model's level, the second opinion by meaning may raise the rules' normal (English only).
  const english = (spoken ?? 'en') === 'en';
  const checked = checkedUrgency(heard, urgency ?? null, english);
  const opinion = urgency == null && english ? (deps.urgencyOpinion ?? null) : null;
  await record(deps, state, {
    summary: stated.summary.summary,
    urgency: await withSecondOpinion(opinion, heard, checked),
    summary_details: stated.summary,
    stated_facts: stated.facts,
    summary_engine: engine,
    language: spoken,
    reply_language: written,
    sender_reply_mode: chosen.replyMode,
  });
  const billed = usage && {
    openai_input_tokens: usage.input_tokens,
    openai_output_tokens: usage.output_tokens,
  };
  if (billed) await countUsage(deps, billed);
  return { engine, language: spoken, ...(billed ? { usage: billed } : {}) };
}
