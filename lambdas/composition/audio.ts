/** The audio bucket and the ffmpeg/ffprobe tools (a layer in Lambda, Debian's packages locally). */
import { S3AudioStore } from '../adapters/aws/s3-audio-store';
import { FfmpegAudioTools } from '../adapters/local/ffmpeg-audio-tools';
import { readEnv, required } from '../config';
import { ENV } from './env-names';
import { once } from './once';
import { s3Client } from './s3';

export const audioStore = once(
  () =>
    new S3AudioStore(s3Client(), readEnv('the audio bucket', { [ENV.AUDIO_BUCKET]: required }).AUDIO_BUCKET),
);

/** Reads FFMPEG_PATH and FFPROBE_PATH (lambdas/adapters/local/local-engine-config.ts). */
export const audioTools = once(() => new FfmpegAudioTools());
