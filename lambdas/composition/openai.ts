/** Where OpenAI is (api.openai.com unless OPENAI_BASE_URL names an OpenAI-compatible server) and which models. */
import * as z from 'zod';
import { once } from './once';
import { optionalUrl, readEnv } from './read-env';

export const openAiOptions = once(() => {
  const env = readEnv('OpenAI', {
    OPENAI_BASE_URL: optionalUrl,
    OPENAI_TRANSCRIBE_MODEL: z.string().min(1).default('gpt-4o-mini-transcribe'),
    OPENAI_SUMMARY_MODEL: z.string().min(1).default('gpt-4o-mini'),
  });
  return {
    transcribeModel: env.OPENAI_TRANSCRIBE_MODEL,
    summaryModel: env.OPENAI_SUMMARY_MODEL,
    ...(env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}),
  };
});
