/**
 * Files made to attack the audio tools, sent as an admin's test upload to the local runtime: each is refused
 * with a clear reason, nothing is stored, and nothing the file names is ever fetched. The audio tools on
 * their own too: they parse only the format the bytes prove, and never open a URL.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotAudioError } from '#core/messages/pipeline-errors';
import { FfmpegAudioTools } from '../../lambdas/adapters/offline/ffmpeg-audio-tools';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { recentMessages, upload } from '../support/pipeline';

const run = promisify(execFile);
let runtime: RunningRuntime;
let bait: Server;
let baitUrl: string;
const fetched: string[] = [];
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'hostile-audio-'));
  bait = createServer((req, res) => {
    fetched.push(req.url ?? '');
    res.end('#EXTM3U\n');
  }).listen(0, '127.0.0.1');
  await once(bait, 'listening');
  baitUrl = `http://127.0.0.1:${(bait.address() as AddressInfo).port}`;
  runtime = await startLocalRuntime();
});

afterAll(async () => {
  await runtime?.dispose();
  bait?.close();
  await rm(work, { recursive: true, force: true });
});

const png = Buffer.concat([
  Buffer.from([0x89]),
  Buffer.from('PNG\r\n'),
  Buffer.from([0x1a, 0x0a, 0, 0, 0, 0x0d]),
  Buffer.from('IHDR'),
  Buffer.alloc(200, 7),
]);

/** An ID3v2.4 header whose tag is `size` bytes long (syncsafe), then the tag's bytes. */
function id3(size: number): Buffer {
  return Buffer.concat([
    Buffer.from('ID3'),
    Buffer.from([4, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]),
    Buffer.alloc(size, 0x41),
  ]);
}

async function ffmpeg(args: string[], out: string): Promise<Buffer> {
  await run('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', ...args, '-y', out]);
  return readFile(out);
}

describe('hostile files sent as a test upload', () => {
  it('refuses an ID3 tag in front of a picture as not audio', async () => {
    const response = await upload(runtime, { bytes: Buffer.concat([id3(32), png]), fileName: 'song.mp3' });
    expect(response.status).toBe(415);
    expect(String(response.json.error)).toMatch(/is not audio we can read/);
  });

  it('refuses a WAV header over a video as damaged', async () => {
    const video = await ffmpeg(
      ['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=5', '-t', '1', '-c:v', 'mpeg4', '-f', 'mp4'],
      join(work, 'v.mp4'),
    );
    const wavOverVideo = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([0xff, 0xff, 0, 0]),
      Buffer.from('WAVE'),
      video,
    ]);
    const response = await upload(runtime, { bytes: wavOverVideo, fileName: 'memo.wav' });
    expect(response.status).toBe(422);
    expect(String(response.json.error)).toMatch(/cannot be played: it is damaged or incomplete/);
  });

  it('refuses a playlist that names a URL, and never fetches it', async () => {
    const playlist = Buffer.from(
      `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${baitUrl}/segment.ts\n#EXT-X-ENDLIST\n`,
    );
    const response = await upload(runtime, { bytes: playlist, fileName: 'voicemail.m3u8' });
    expect(response.status).toBe(415);
    expect(fetched).toEqual([]);
  });

  it('refuses a small file that decodes to hours of silence, saying how long it is', async () => {
    const silence = await ffmpeg(
      ['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '10800', '-c:a', 'flac'],
      join(work, 'silence.flac'),
    );
    expect(silence.byteLength).toBeLessThan(5 * 1024 * 1024);
    const before = (await recentMessages(runtime)).length;
    const response = await upload(runtime, { bytes: silence, fileName: 'long.flac' });
    expect(response.status).toBe(422);
    expect(String(response.json.error)).toMatch(/180 min long; the longest transcribed is 10 min/);
    expect((await recentMessages(runtime)).length).toBe(before);
  });
});

describe('the audio tools on their own', () => {
  const tools = new FfmpegAudioTools();

  it('never hand unrecognized bytes to ffmpeg, whatever a demuxer could make of them', async () => {
    const concat = Buffer.from(`ffconcat version 1.0\nfile ${baitUrl}/a.wav\n`);
    const hls = Buffer.from(`#EXTM3U\n#EXTINF:1,\n${baitUrl}/b.aac\n`);
    for (const bytes of [concat, hls, png]) {
      await expect(tools.probe(bytes)).rejects.toBeInstanceOf(NotAudioError);
      await expect(tools.decodePcm16kMono(bytes)).rejects.toBeInstanceOf(NotAudioError);
    }
    expect(fetched).toEqual([]);
  });

  it('decode no more than the longest message, whatever the file holds', async () => {
    const long = await ffmpeg(
      ['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '120', '-c:a', 'flac'],
      join(work, 'two-minutes.flac'),
    );
    const pcm = await tools.decodePcm16kMono(long, { maxDurationSeconds: 10 });
    // 16 kHz mono 16-bit: 32,000 bytes a second; the cap is the limit plus a minute of slack.
    expect(pcm.byteLength).toBe(70 * 32_000);
  });
});
