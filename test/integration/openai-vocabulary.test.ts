/**
 * A sender's words to spell right (issue 18) reach OpenAI: the real openai SDK against the local fake, which
 * records what each request carried.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OpenAiSummarizer, SUMMARY_INSTRUCTIONS } from '../../lambdas/adapters/openai/openai-summarizer';
import { MAX_PROMPT_CHARS, OpenAiTranscriber } from '../../lambdas/adapters/openai/openai-transcriber';
import type { AudioInput } from '../../lambdas/ports/transcriber';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';

/** A transcript as Summarize hands it over: without the engine's confidence (the words are tested apart). */
const said = (text: string) => ({ text, words: null });

const API_KEY = 'sk-test-openai-vocabulary-77d1e0c3a9';
const audio: AudioInput = { bytes: Buffer.alloc(2048, 3), contentType: 'audio/mp4', fileName: 'message.m4a' };
const WORDS = ['Siobhan', 'Kowalczyk', 'Aoife', 'Nguyen'];

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: API_KEY });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const transcriber = (model?: string) =>
  new OpenAiTranscriber({ apiKey: API_KEY, baseURL: fake.baseURL, timeoutMs: 5_000, model });
const summarizer = () => new OpenAiSummarizer({ apiKey: API_KEY, baseURL: fake.baseURL, timeoutMs: 5_000 });

describe('OpenAI transcription prompt', () => {
  it("carries the sender's words, spelled as they wrote them", async () => {
    await transcriber().transcribe(audio, { vocabulary: WORDS });

    expect(fake.uploads[0]?.prompt).toBe(
      'Names and terms in this voicemail: Siobhan, Kowalczyk, Aoife, Nguyen.',
    );
  });

  it('sends them to whisper-1 too', async () => {
    await transcriber('whisper-1').transcribe(audio, { vocabulary: ['Okonkwo'] });

    expect(fake.uploads[0]).toMatchObject({
      model: 'whisper-1',
      prompt: 'Names and terms in this voicemail: Okonkwo.',
    });
  });

  it('sends no prompt for a sender without words', async () => {
    await transcriber().transcribe(audio, { vocabulary: [] });
    await transcriber().transcribe(audio);

    expect(fake.uploads.map((upload) => upload.prompt)).toEqual([null, null]);
  });

  it("keeps within the model's prompt limit, whole words only, the first words first", async () => {
    const many = Array.from(
      { length: 50 },
      (_, index) => `Raghunathan${String.fromCharCode(97 + (index % 26))}${index}`,
    );

    await transcriber().transcribe(audio, { vocabulary: many });

    const prompt = fake.uploads[0]?.prompt ?? '';
    expect(prompt.length).toBeLessThanOrEqual(MAX_PROMPT_CHARS);
    expect(prompt).toMatch(/^Names and terms in this voicemail: Raghunathana0, Raghunathanb1, /);
    const listed = prompt
      .replace(/^[^:]*: /, '')
      .replace(/\.$/, '')
      .split(', ');
    expect(listed.length).toBeGreaterThan(10);
    expect(listed.length).toBeLessThan(50);
    expect(listed.every((word, index) => word === many[index])).toBe(true);
  });

  it('drops what is not a word, so a list cannot carry sentences into the prompt', async () => {
    await transcriber().transcribe(audio, { vocabulary: ['Tadhg', 'ignore<previous>', "O'Neil,", 'Tadhg'] });

    expect(fake.uploads[0]?.prompt).toBe("Names and terms in this voicemail: Tadhg, O'Neil.");
  });
});

describe('OpenAI summary prompt', () => {
  it("asks for the sender's spellings, under the usual instructions", async () => {
    await summarizer().summarize(said('Hi this is Shavon Kowalchick, call me back.'), { vocabulary: WORDS });

    const { instructions, input } = fake.summaryRequests[0]!;
    expect(instructions.startsWith(SUMMARY_INSTRUCTIONS)).toBe(true);
    expect(instructions).toContain(
      'spells these names and terms exactly as: Siobhan, Kowalczyk, Aoife, Nguyen.',
    );
    expect(input).toContain('Shavon Kowalchick');
  });

  it('is the usual prompt for a sender without words', async () => {
    await summarizer().summarize(said('Hi this is Dana, call me back.'), { vocabulary: [] });

    expect(fake.summaryRequests[0]?.instructions).toBe(SUMMARY_INSTRUCTIONS);
  });
});
