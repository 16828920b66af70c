/**
 * Facts checked before they are stated, with OpenAI (issue 24): the summary model reads which words the
 * transcription doubted, gives the caller's name and the callback number in fields of their own, and the
 * pipeline states them only once the same checks as offline pass them. A voicemail whose callback number the
 * transcription doubted reaches the sender as "Number unclear, listen at 0:03" with a link that opens the
 * message at that moment. The real openai SDK against the local fake of its API (whose log-probabilities
 * make the doubt deterministic), through the local runtime.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HeardWord } from '#core/transcripts/heard-words';
import {
  DOUBTFUL_SPANS_INSTRUCTION,
  OpenAiSummarizer,
  SUMMARY_INSTRUCTIONS,
} from '../../lambdas/adapters/openai/openai-summarizer';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';
import { incomingForm, postWebhook, waitForMessage } from '../support/pipeline';
import { type ProviderRuntime, startWithFakeProviders } from '../support/provider-runtime';
import { type Clip, SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

const API_KEY = 'sk-test-openai-facts-4c2a9e7b1d';

/** Words as the transcriber gives them: those in `doubted` heard at 0.3, the rest at 0.98. */
const heardAs = (text: string, doubted: readonly string[]): HeardWord[] =>
  text.split(' ').map((word) => ({ text: word, confidence: doubted.includes(word) ? 0.3 : 0.98, at: 0 }));

describe('the summary model', () => {
  let fake: FakeOpenAi;
  const summarizer = () => new OpenAiSummarizer({ apiKey: API_KEY, baseURL: fake.baseURL, timeoutMs: 5_000 });

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: API_KEY });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it('is told which words were doubted, as spans it cannot take a name or number from', async () => {
    const text = 'Hi, this is Jennifer from Lakeside Gentle. Please call us at 206-555-0142. Thanks.';
    await summarizer().summarize({ text, words: heardAs(text, ['Jennifer', 'Lakeside', 'Gentle.']) });

    const [request] = fake.summaryRequests;
    expect(request?.instructions).toBe(`${SUMMARY_INSTRUCTIONS}\n${DOUBTFUL_SPANS_INSTRUCTION}`);
    expect(request?.input).toContain(
      'Hi, this is {?Jennifer?} from {?Lakeside Gentle.?} Please call us at 206-555-0142. Thanks.',
    );
  });

  it('is told nothing more when nothing was doubted, or the engine gave no confidence', async () => {
    const text = 'Hi, this is Jenna. Please call us at 206-555-0142.';
    await summarizer().summarize({ text, words: heardAs(text, []) });
    await summarizer().summarize({ text, words: null });

    expect(fake.summaryRequests.map((request) => request.instructions)).toEqual([
      SUMMARY_INSTRUCTIONS,
      SUMMARY_INSTRUCTIONS,
    ]);
  });

  it('gives the caller apart from the summary, for the checks to pass, and never passes the marks on', async () => {
    fake.summaryReply = () => ({
      output: {
        language: 'en',
        summary: 'Confirming your cleaning on {?Friday?}.',
        key_points: [],
        callback_number: '206-555-0142',
        callback_time: null,
        requested_action: null,
        caller_name: '{?Jennifer?}',
        organization: 'Lakeside Dental',
      },
    });
    const text = 'Hi, this is Jennifer from Lakeside Dental, confirming your cleaning on Friday.';

    const result = await summarizer().summarize({ text, words: heardAs(text, ['Jennifer', 'Friday.']) });

    expect(result.summary).toBe('Confirming your cleaning on Friday.');
    expect(result.caller).toEqual({ name: 'Jennifer', role: null, organization: 'Lakeside Dental' });
  });
});

describe('a voicemail whose callback number was doubted, through the local runtime', () => {
  let providers: ProviderRuntime;
  let clip: Clip;
  const clips = new SpeechClips();
  const TWILIO_TOKEN = 'fake-twilio-auth-token-facts-0123';
  const TRANSCRIPT =
    'Hi, this is Jenna from Lakeside Dental. Please call me back at 206-555-0142 before Friday.';

  beforeAll(async () => {
    providers = await startWithFakeProviders({
      openaiKey: API_KEY,
      twilio: { accountSid: `AC${'fa'.repeat(16)}`, authToken: TWILIO_TOKEN, number: '+15005550006' },
      settings: { reply_mode: 'full', auto_reply_enabled: true },
    });
    // The fake transcribes any audio as told: the shortest clip will do.
    clip = await clips.clip({ sentence: SPEECH_CORPUS[0]!, format: 'm4a' });
  }, 120_000);

  afterAll(async () => {
    await providers?.close();
    await clips.dispose();
  });

  it('gets "Number unclear, listen at" and a link that opens the message where the number was said', async () => {
    const { runtime, twilio, openai } = providers;
    // 8 seconds; the digits "014" doubted, so the word "206-555-0142" is. Its sentence starts at 3.2 s.
    openai.transcription = { text: TRANSCRIPT, language: 'english', duration: 8, doubtful: ['014'] };
    const from = '+14155550184';
    const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
    const form = incomingForm({ from, mediaUrl: media.url, mediaType: clip.contentType });
    expect((await postWebhook(runtime, form, { token: TWILIO_TOKEN })).status).toBe(200);
    const message = await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed', 'failed']);
    expect(message.status).toBe('completed');

    const [first, ...rest] = twilio.messages.filter((sent) => sent.to === from).map((sent) => sent.body);
    expect(rest).toEqual([]);
    expect(first).toContain('206-555-0142(?) before Friday.\nNumber unclear, listen at 0:03\n');
    expect(first).not.toMatch(/Call back: .*555/);
    const link = /\n(https?:\/\/\S+\/m\/([\w-]{22})#t=(\d+))$/.exec(first ?? '');
    expect(link?.[3]).toBe('3');

    // The link opens the message: its page's API answers with the words, the number's placed at that moment.
    const page = await fetch(`${runtime.url}/api/m/${link![2]}`);
    expect(page.status).toBe(200);
    const shown = (await page.json()) as {
      transcript: string;
      words: HeardWord[];
      number_unclear: { at: number | null } | null;
    };
    expect(shown.transcript).toBe(TRANSCRIPT);
    // The page says what the text said, also when opened without the moment (its "listen at 0:03").
    expect(Math.floor(shown.number_unclear?.at ?? -1)).toBe(3);
    const number = shown.words.find((word) => word.text === '206-555-0142')!;
    expect(Math.floor(number.at!)).toBe(3);
    expect((await fetch(link![1]!.replace(/^https?:\/\/[^/]+/, runtime.url))).status).toBe(200);
  });
});
