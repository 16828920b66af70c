/**
 * Beam search on the real model (issue 32): one hypothesis decodes exactly as greedy did, and with four the
 * hypotheses kept say how sure a word is: a number heard the same by all is stated, a word they heard
 * differently is doubtful even where its own tokens looked sure. Clips made by flite and ffmpeg
 * (test/support/speech-clips.ts), as in local-transcription.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { DOUBTFUL_BELOW } from '#core/transcripts/heard-words';
import { FfmpegAudioTools } from '../../lambdas/adapters/offline/ffmpeg-audio-tools';
import { decodeBeams } from '../../lambdas/adapters/offline/moonshine-beam';
import { decodeGreedy } from '../../lambdas/adapters/offline/moonshine-decoder';
import { type BeamWord, MoonshineTranscriber } from '../../lambdas/adapters/offline/moonshine-transcriber';
import { pcmSamples, toFloat32 } from '../../lambdas/adapters/offline/speech-audio';
import { SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

const clips = new SpeechClips();
afterAll(() => clips.dispose());

const sentence = (id: string) => SPEECH_CORPUS.find((s) => s.id === id)!;

describe('beam search (issue 32)', () => {
  it('with one hypothesis decodes token for token as greedy, in one batched call a step', async () => {
    const transcriber = new MoonshineTranscriber({ moonshineBeams: 1 });
    const sessions = await transcriber.sessions();
    const clip = await clips.clip({ sentence: sentence('callback'), format: 'wav', sampleRateHz: 8000 });
    const samples = pcmSamples(
      await new FfmpegAudioTools().decodePcm16kMono(clip.bytes, { timeoutMs: 30_000 }),
    );
    const audio = toFloat32(samples, { start: 0, end: samples.length });
    const options = { forbidEndFirst: false, bias: null };

    const greedy = await decodeGreedy(sessions, transcriber.model, audio, options);
    const beams = await decodeBeams(sessions, transcriber.model, audio, options, 1);

    expect(beams.best.tokens).toEqual(greedy.tokens);
    for (const [at, logProb] of beams.best.logProbs.entries()) {
      expect(logProb).toBeCloseTo(greedy.logProbs[at]!, 4);
    }
    expect(beams.nBest).toHaveLength(1);
  });

  it('states a number every hypothesis heard alike, and doubts a word they heard differently', async () => {
    const heard: BeamWord[] = [];
    const transcriber = new MoonshineTranscriber({
      moonshineBeams: 4,
      beamConfidence: 'min',
      onBeamWords: (words) => heard.push(...words),
    });

    const clean = await transcriber.transcribe(
      await clips.clip({ sentence: sentence('callback'), format: 'wav' }),
    );
    const number = (clean.words ?? []).find((word) => /\d{3}-\d{3}-\d{4}/.test(word.text));
    expect(number?.text).toMatch(/415-267-1234/);
    expect(number!.confidence).toBeGreaterThanOrEqual(DOUBTFUL_BELOW);

    heard.length = 0;
    const noisy = await transcriber.transcribe(
      await clips.clip({ sentence: sentence('dentist'), format: 'wav', sampleRateHz: 8000, noiseSnrDb: 5 }),
    );
    const disputed = heard.findIndex((word) => word.posterior < 0.9);
    expect(disputed).toBeGreaterThanOrEqual(0);
    const word = (noisy.words ?? [])[disputed]!;
    expect(word.text).toBe(heard[disputed]!.text);
    expect(word.confidence).toBeCloseTo(Math.min(heard[disputed]!.token, heard[disputed]!.posterior), 6);
    expect(word.confidence).toBeLessThan(0.9);
  });
});
