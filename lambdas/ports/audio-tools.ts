/** What ffprobe says about a piece of audio. */
export type AudioProbe = {
  readonly durationSeconds: number | null;
  readonly sampleRateHz: number | null;
  readonly channels: number | null;
  /** ffprobe's codec_name of the first audio stream, e.g. `aac`, `amr_nb`, `opus`. */
  readonly codec: string | null;
  /** ffprobe's format_name, e.g. `mov,mp4,m4a,3gp,3g2,mj2`. */
  readonly container: string | null;
};

/** Formats the pipeline converts to: what OpenAI accepts, and what pocketsphinx reads. */
export type ConversionTarget = 'mp3' | 'flac' | 'wav-16k-mono';

/** ffmpeg/ffprobe as the pipeline uses them. Every call has a timeout; no call leaves a process behind. */
export interface AudioTools {
  /** Throws NotAudioError when there is no decodable audio stream. */
  probe(bytes: Buffer): Promise<AudioProbe>;
  convert(bytes: Buffer, to: ConversionTarget): Promise<Buffer>;
}
