/** The Transcribe step's transcriber: OpenAI with a saved key, else the host's offline engine (if any). */
import { localEngineEnvSchema } from '../adapters/offline/engine-config';
import { MoonshineTranscriber } from '../adapters/offline/moonshine-transcriber';
import { OpenAiTranscriber } from '../adapters/openai/openai-transcriber';
import type { Transcriber } from '../ports/transcriber';
import { hostAdapters } from './host';
import { once } from './once';
import { openAiOptions } from './openai';
import { selectTranscriber } from './provider-choice';
import { readEnv } from './read-env';
import { secretStore } from './secrets';

/**
 * In Lambda, Moonshine where the function carries its layer (lib/constructs/moonshine-layer.ts sets
 * MOONSHINE_MODEL_DIR): a deployment without an OpenAI key keeps every recording in its account. The model
 * itself loads on the first message that needs it.
 */
function moonshineFromLayer(): (() => Transcriber) | null {
  const env = readEnv('offline transcription (Moonshine)', localEngineEnvSchema.shape);
  if (!env.MOONSHINE_MODEL_DIR) return null;
  return () =>
    new MoonshineTranscriber({
      ffmpegPath: env.FFMPEG_PATH,
      ffprobePath: env.FFPROBE_PATH,
      moonshineModel: env.MOONSHINE_MODEL,
      moonshineModelDir: env.MOONSHINE_MODEL_DIR,
      moonshineThreads: env.MOONSHINE_THREADS,
      moonshineBeams: env.MOONSHINE_BEAMS,
      beamConfidence: env.MOONSHINE_BEAM_CONFIDENCE,
    });
}

export const transcription = once(() => {
  const { transcribeModel, baseURL } = openAiOptions();
  return selectTranscriber({
    secrets: secretStore(['openai_api_key']),
    openAi: (apiKey) =>
      new OpenAiTranscriber({ apiKey, model: transcribeModel, ...(baseURL ? { baseURL } : {}) }),
    // The local runtime gives its own (local/host-adapters.ts); Lambda has Moonshine from its layer.
    offline: hostAdapters().offlineTranscriber ?? moonshineFromLayer(),
  });
});
