import { MAX_AUDIO_BYTES } from '@core/audio/audio-format';

/** The largest recording we take, in the words pages and errors use ("25 MB"). */
export const MAX_AUDIO_SIZE = `${MAX_AUDIO_BYTES / (1024 * 1024)} MB`;
