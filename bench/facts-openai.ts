/**
 * The OpenAI column of the facts benchmark, offline: the service's own OpenAI adapters (the real SDK, its
 * requests, parsing and checks) against the local fake (test/support/fake-openai.ts), which answers as
 * follows, so the OpenAI code path is measured on realistic text and realistic doubts:
 *
 * - transcription: the Moonshine base transcript of the same clip, and when asked for log-probabilities
 *   (`include: ['logprobs']`), one token per word with ln(Moonshine's confidence in that word), when
 *   Moonshine gives per-word confidence (issue 24), else none;
 * - summary: what the offline summarizer writes from the transcript it is sent, with the caller's name and
 *   organization in their own fields (as the prompt asks the model), the urgency of bench/urgency-model.ts,
 *   every other field the request's schema requires empty. It reads the words the prompt marks as doubtful like the rest (a model that ignores the
 *   marks): a real model writes better gists; what is measured is whether a name, number, amount or time
 *   the model repeats from a misheard transcript reaches the sender as fact.
 */
import { summarizeExtractively } from '../lambdas/adapters/extractive/extractive-summarizer';
import { OpenAiSummarizer } from '../lambdas/adapters/openai/openai-summarizer';
import { OpenAiTranscriber } from '../lambdas/adapters/openai/openai-transcriber';
import type { Transcription } from '../lambdas/ports/transcriber';
import { type FakeOpenAi, startFakeOpenAi } from '../test/support/fake-openai';
import { type Engine, heardWordsOf } from './facts-pipeline';
import { simulatedUrgency } from './urgency-model';

const API_KEY = 'sk-bench-facts-0000000000000000';

/** What the simulated model answers for a transcript, before the request's schema shapes it. */
export function simulatedAnswer(transcript: string): Record<string, unknown> {
  const { caller, ...summary } = summarizeExtractively(transcript.replace(/\{\?|\?\}/g, ''));
  return {
    language: 'en',
    ...summary,
    // The prompt says not to repeat the name in the summary: it has its own field.
    caller_name: caller?.name ?? null,
    organization: caller?.organization ?? null,
    ...simulatedUrgency(transcript),
  };
}

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** An empty value of a schema's type: null where allowed, else [], '', 0, false or an object of empties. */
function emptyOf(schema: JsonSchema): unknown {
  const types = [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].flat().filter(Boolean);
  if (types.includes('null')) return null;
  if (types.includes('array')) return [];
  if (types.includes('string')) return '';
  if (types.includes('number') || types.includes('integer')) return 0;
  if (types.includes('boolean')) return false;
  return shaped(schema, {});
}

/** The answer with exactly the properties the schema asks for (strict structured output). */
export function shaped(schema: JsonSchema, answer: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    out[key] = key in answer ? answer[key] : emptyOf(property);
  }
  return out;
}

export type SimulatedOpenAi = {
  readonly engine: Engine;
  /** What the fake will transcribe the next clip as: Moonshine base's transcription of the same clip. */
  hear(transcription: Transcription | null): void;
  close(): Promise<void>;
};

export async function startSimulatedOpenAi(): Promise<SimulatedOpenAi> {
  const fake: FakeOpenAi = await startFakeOpenAi({ apiKey: API_KEY });
  fake.summaryReply = (transcript) => {
    const body = fake.summaryRequests.at(-1)?.body as { text?: { format?: { schema?: JsonSchema } } };
    return { output: shaped(body.text?.format?.schema ?? {}, simulatedAnswer(transcript)) };
  };
  const options = { apiKey: API_KEY, baseURL: fake.baseURL };
  return {
    engine: {
      name: 'OpenAI (simulated)',
      transcriber: new OpenAiTranscriber(options),
      summarizer: new OpenAiSummarizer(options),
      openAi: true,
    },
    hear(transcription) {
      const words = heardWordsOf(transcription);
      fake.transcription = {
        text: transcription?.text ?? '',
        language: 'english',
        duration: transcription?.durationSeconds ?? 0,
        ...(words
          ? {
              logprobs: words.map((word, index) => {
                const token = `${index === 0 ? '' : ' '}${word.text}`;
                return {
                  token,
                  logprob: Math.log(Math.max(word.confidence, 1e-6)),
                  bytes: [...Buffer.from(token, 'utf8')],
                };
              }),
            }
          : {}),
      };
    },
    close: () => fake.close(),
  };
}
