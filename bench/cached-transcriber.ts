/**
 * A transcriber that keeps what it heard (issue 32, for trying rules): each transcription is kept in a folder,
 * named by a hash of the audio's bytes and the hints, and read back when the same recording is transcribed
 * again. The heard benchmark takes it with BENCH_HEARD_CACHE=<folder>: a change to the rules after the
 * transcript (facts, summary, urgency, cards) is then measured on the same words in about a minute a set,
 * instead of Moonshine's several. Its seconds to the first text are not the service's: a section run with it
 * says so in its engine's name.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AudioInput, TranscribeHints, Transcriber, Transcription } from '../lambdas/ports/transcriber';

/** The file a recording's transcription is kept in: the audio and the hints decide it. */
export function cacheKey(audio: AudioInput, hints?: TranscribeHints): string {
  return createHash('sha256')
    .update(audio.bytes)
    .update(JSON.stringify(hints ?? {}))
    .digest('hex')
    .slice(0, 32);
}

export class CachedTranscriber implements Transcriber {
  constructor(
    private readonly inner: Transcriber,
    private readonly folder: string,
  ) {}

  async transcribe(audio: AudioInput, hints?: TranscribeHints): Promise<Transcription> {
    const file = join(this.folder, `${cacheKey(audio, hints)}.json`);
    try {
      return JSON.parse(await readFile(file, 'utf8')) as Transcription;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const heard = await this.inner.transcribe(audio, hints);
    await mkdir(this.folder, { recursive: true });
    // Written whole or not at all: a run stopped midway leaves no half a transcript to read back.
    const partial = `${file}.${process.pid}.part`;
    await writeFile(partial, JSON.stringify(heard));
    await rename(partial, file);
    return heard;
  }
}
