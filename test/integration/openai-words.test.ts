/**
 * The words' confidence with OpenAI (issue 24): the transcriber asks gpt-4o-*-transcribe for each token's
 * log-probability (`include: ['logprobs']`) and makes words of them as Moonshine's are made, placed roughly by
 * sentence over the recording's length; whisper-1, which cannot give them, is not asked and gives no words.
 * The real openai SDK against the local fake of its API.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isDoubtful, transcriptOf } from '#core/transcripts/heard-words';
import { OpenAiTranscriber } from '../../lambdas/adapters/openai/openai-transcriber';
import type { AudioInput } from '../../lambdas/ports/transcriber';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';

const API_KEY = 'sk-test-openai-words-7d1e9b3c5a';
const audio: AudioInput = {
  bytes: Buffer.alloc(4096, 7),
  contentType: 'audio/mp4',
  fileName: 'message.m4a',
  known: { durationSeconds: 10, sampleRateHz: 16_000 },
};

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: API_KEY });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => fake.reset());

const transcriber = (model?: string) =>
  new OpenAiTranscriber({ apiKey: API_KEY, baseURL: fake.baseURL, timeoutMs: 5_000, model });

describe('words from OpenAI', () => {
  it('come from the log-probabilities: a doubtful name and digit group shade their words, the rest are sure', async () => {
    fake.transcription = {
      text: 'Hi, this is Jenna from Lakeside Dental. Please call me back at 555-873-0421 before Friday.',
      language: 'english',
      duration: 10,
      doubtful: ['Jenna', '042'],
    };

    const result = await transcriber('gpt-4o-transcribe').transcribe(audio);

    expect(fake.uploads[0]).toMatchObject({ responseFormat: 'json', include: ['logprobs'] });
    expect(result.text).toBe(fake.transcription.text);
    expect(transcriptOf(result.words!)).toBe(result.text);
    expect(result.words!.filter(isDoubtful).map((word) => word.text)).toEqual(['Jenna', '555-873-0421']);
    // Placed by sentence: the second starts 40 characters into 90, at 4.4 s of the 10.
    expect(result.words!.map((word) => word.at)).toEqual([0, 0, 0, 0, 0, 0, 0, ...Array(8).fill(4.4)]);
  });

  it('whisper-1 is not asked for log-probabilities (it refuses them) and gives no words', async () => {
    fake.transcription = { text: 'Call me back.', language: 'english', duration: 2 };

    const result = await transcriber('whisper-1').transcribe(audio);

    expect(fake.uploads[0]).toMatchObject({ responseFormat: 'verbose_json', include: [] });
    expect(result).toMatchObject({ text: 'Call me back.', words: null });
  });

  it.each([
    [
      'tokens that do not spell the text',
      [
        { token: 'Call', logprob: -0.01, bytes: [67, 97, 108, 108] },
        { token: ' me', logprob: -0.01, bytes: [32, 109, 101] },
      ],
    ],
    ['a token without its log-probability', [{ token: 'Call me back tomorrow.', bytes: [] }]],
    ['log-probabilities in a shape it does not know', { tokens: ['Call'] }],
  ])(
    'an answer with %s keeps its transcript and gives no words rather than wrong ones',
    async (_what, logprobs) => {
      fake.failNext(1, 200, { text: 'Call me back tomorrow.', logprobs });

      const result = await transcriber().transcribe(audio);

      expect(result).toMatchObject({ text: 'Call me back tomorrow.', words: null });
    },
  );
});
