/** The Transcribe step's transcriber: OpenAI with a saved key, else the host's offline engine (if any). */
import { OpenAiTranscriber } from '../adapters/openai/openai-transcriber';
import { selectTranscriber } from '../providers';
import { hostAdapters } from './host';
import { once } from './once';
import { openAiOptions } from './openai';
import { secretStore } from './secrets';

export const transcription = once(() => {
  const { transcribeModel, baseURL } = openAiOptions();
  return selectTranscriber({
    secrets: secretStore(['openai_api_key']),
    openAi: (apiKey) =>
      new OpenAiTranscriber({ apiKey, model: transcribeModel, ...(baseURL ? { baseURL } : {}) }),
    // Lambda has no offline engine yet; a model layer would add its factory here.
    offline: hostAdapters().offlineTranscriber ?? null,
  });
});
