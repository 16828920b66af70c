/** The Summarize step's summarizer: OpenAI with a saved key, else the extractive summarizer. */
import { OpenAiSummarizer } from '../adapters/openai/openai-summarizer';
import { once } from './once';
import { openAiOptions } from './openai';
import { selectSummarizer } from './provider-choice';
import { secretStore } from './secrets';

export const summarization = once(() => {
  const { summaryModel, baseURL } = openAiOptions();
  return selectSummarizer({
    secrets: secretStore(['openai_api_key']),
    openAi: (apiKey) =>
      new OpenAiSummarizer({ apiKey, model: summaryModel, ...(baseURL ? { baseURL } : {}) }),
  });
});
