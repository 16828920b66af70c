/** The S3 audio store against a real s3rver (own directory and port for this file). */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '#core/errors';
import { S3AudioStore } from '../../lambdas/adapters/aws/s3-audio-store';
import { startTestBucket, type TestBucket } from '../support/stand-ins';

let bucket: TestBucket;
let store: S3AudioStore;

beforeAll(async () => {
  bucket = await startTestBucket();
  store = new S3AudioStore(bucket.s3, bucket.bucket);
});

afterAll(async () => {
  await bucket?.close();
});

/** Bytes that are not valid UTF-8 and cover every byte value, so any text conversion would show. */
function audioLikeBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + 7) % 256;
  return bytes;
}

describe('audio store', () => {
  it('gives back exactly the bytes and content type it was given', async () => {
    const bytes = audioLikeBytes(300_000);
    await store.put('audio/a.m4a', bytes, 'audio/mp4');
    const back = await store.get('audio/a.m4a');
    expect(back.contentType).toBe('audio/mp4');
    expect(back.body.equals(bytes)).toBe(true);
  });

  it('stores a streamed upload uncorrupted', async () => {
    const bytes = audioLikeBytes(1_000_000);
    const stream = Readable.from([bytes.subarray(0, 400_000), bytes.subarray(400_000)]);
    await store.put('audio/streamed.amr', stream, 'audio/amr', bytes.byteLength);
    expect((await store.get('audio/streamed.amr')).body.equals(bytes)).toBe(true);
  });

  it('hands out a presigned URL a browser can play without credentials, and no browser cache keeps it', async () => {
    const bytes = audioLikeBytes(5_000);
    await store.put('audio/play.mp3', bytes, 'audio/mpeg');
    const url = await store.presignGet('audio/play.mp3', 300);
    expect(url).toMatch(/X-Amz-Signature=/);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    // Not in the browser's cache after the message is deleted.
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('says whether audio exists, deletes it, and reports missing audio clearly', async () => {
    await store.put('audio/gone.wav', audioLikeBytes(10), 'audio/wav');
    expect(await store.exists('audio/gone.wav')).toBe(true);
    await store.delete('audio/gone.wav');
    expect(await store.exists('audio/gone.wav')).toBe(false);
    await expect(store.get('audio/gone.wav')).rejects.toBeInstanceOf(NotFoundError);
  });
});
