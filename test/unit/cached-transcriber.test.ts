/**
 * The heard benchmark's kept transcripts (bench/cached-transcriber.ts): the same recording is transcribed once,
 * read back after, and another recording or another sender's SPELL words are transcribed anew.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CachedTranscriber } from '../../bench/cached-transcriber';
import type { AudioInput, Transcriber } from '../../lambdas/ports/transcriber';

const audio = (bytes: string): AudioInput => ({
  bytes: Buffer.from(bytes),
  contentType: 'audio/wav',
  fileName: 'message.wav',
});

/** An engine that says how many times it was asked. */
function countingEngine() {
  let calls = 0;
  const engine: Transcriber = {
    transcribe: async () => {
      calls += 1;
      return { text: `heard ${calls}`, language: 'en', durationSeconds: 3, words: [] } as never;
    },
  };
  return { engine, calls: () => calls };
}

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

describe('a transcriber that keeps what it heard', () => {
  it('reads the same recording back instead of transcribing it again, and keeps nothing half-written', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'heard-cache-'));
    folders.push(folder);
    const { engine, calls } = countingEngine();
    const cached = new CachedTranscriber(engine, folder);

    const first = await cached.transcribe(audio('RIFF one'));
    const again = await cached.transcribe(audio('RIFF one'));
    expect(again).toEqual(first);
    expect(calls()).toBe(1);
    // A new transcriber on the same folder (the next run) reads it too.
    expect(await new CachedTranscriber(engine, folder).transcribe(audio('RIFF one'))).toEqual(first);
    expect(calls()).toBe(1);
    expect((await readdir(folder)).every((file) => file.endsWith('.json'))).toBe(true);
  });

  it('transcribes another recording, or the same one with other SPELL words, anew', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'heard-cache-'));
    folders.push(folder);
    const { engine, calls } = countingEngine();
    const cached = new CachedTranscriber(engine, folder);
    await cached.transcribe(audio('RIFF one'));
    await cached.transcribe(audio('RIFF two'));
    await cached.transcribe(audio('RIFF one'), { vocabulary: ['Siobhan'] });
    expect(calls()).toBe(3);
    expect(await readdir(folder)).toHaveLength(3);
  });
});
