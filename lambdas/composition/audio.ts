/** The audio bucket and the ffmpeg/ffprobe tools (a layer in Lambda, Debian's packages locally). */
import { S3AudioStore } from '../adapters/aws/s3-audio-store';
import { FfmpegAudioTools } from '../adapters/offline/ffmpeg-audio-tools';
import { s3Client } from './clients/s3';
import { ENV } from './env-names';
import { once } from './once';
import { readEnv, required } from './read-env';

export const audioStore = once(
  () =>
    new S3AudioStore(s3Client(), readEnv('the audio bucket', { [ENV.AUDIO_BUCKET]: required }).AUDIO_BUCKET),
);

/** Reads FFMPEG_PATH and FFPROBE_PATH (lambdas/adapters/offline/engine-config.ts). */
export const audioTools = once(() => new FfmpegAudioTools());
