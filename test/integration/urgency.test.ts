/**
 * Urgency through the whole pipeline (issue 25). Offline, as `npm start` runs it: voicemails spoken by flite,
 * transcribed by Moonshine, judged by the rules; "call me back before five today" about a sick child gets a
 * reply starting "URGENT:", a robocall one line instead of a summary, and FULL still brings its transcript.
 * A danger no rule names (a split pipe, water heading for the furnace) is raised to urgent by the second opinion
 * by meaning (issue 32), with its kind's fixed words. With OpenAI (the real SDK against the local fake): the summary model is asked for the level and its answer
 * is checked by the same rules before a text goes out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { URGENCY_LEVELS } from '#core/urgency/urgency-schema';
import { LOCAL_ACCOUNT_SID } from '../../lambdas/adapters/twilio/local-account';
import { startFakeTwilio } from '../support/fake-twilio';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { incomingForm, localWebhookToken, outboxTo, postWebhook, waitForMessage } from '../support/pipeline';
import { type ProviderRuntime, startWithFakeProviders } from '../support/provider-runtime';
import { type Clip, SpeechClips } from '../support/speech-clips';
import { URGENCY_DEV_VOICEMAILS } from '../support/urgency-dev-voicemails';
import { URGENCY_VOICEMAILS } from '../support/urgency-voicemails';

const clips = new SpeechClips();

/** A voicemail of the benchmark's set, spoken by flite's rms voice. */
function spoken(id: string): Promise<Clip> {
  const voicemail = [...URGENCY_VOICEMAILS, ...URGENCY_DEV_VOICEMAILS].find((v) => v.id === id)!;
  return clips.clip({ sentence: { id, text: voicemail.script, keyWords: [] }, format: 'wav' });
}

afterAll(async () => {
  await clips.dispose();
});

describe('offline, with the real speech engine', () => {
  let runtime: RunningRuntime;
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;

  beforeAll(async () => {
    runtime = await startLocalRuntime({ env: { PIPELINE_RETRY_INTERVAL_MS: '50' } });
    twilio = await startFakeTwilio({
      accountSid: LOCAL_ACCOUNT_SID,
      authToken: await localWebhookToken(runtime),
    });
  });

  afterAll(async () => {
    await twilio?.close();
    await runtime?.dispose();
  });

  /** Sends the clip from `from` as an MMS and waits for the pipeline to finish with it. */
  async function forwarded(from: string, clip: Clip) {
    const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
    const form = incomingForm({ from, mediaUrl: media.url, mediaType: clip.contentType });
    expect((await postWebhook(runtime, form)).status).toBe(200);
    return waitForMessage(runtime, `${form.MessageSid}-0`, ['completed', 'failed']);
  }

  it('"my son is sick, please call me back before five today" gets a reply starting "URGENT:"', async () => {
    const from = '+14155550161';
    const message = await forwarded(from, await spoken('sick-son'));

    expect(message.status).toBe('completed');
    expect(message.urgency).toEqual({ level: 'urgent', reason: 'a child is sick or hurt', source: 'rules' });
    const [first] = await outboxTo(runtime, from);
    expect(first?.body).toMatch(/^URGENT: Voice Summary(, whole message)?: /);
  });

  it('a danger the rules do not name is raised to urgent by meaning, with the kind as the reason', async () => {
    const from = '+14155550163';
    const message = await forwarded(from, await spoken('dev-frozen-pipes'));

    expect(message.status).toBe('completed');
    expect(message.urgency).toEqual({
      level: 'urgent',
      reason: 'sounds like a danger at home',
      source: 'meaning',
    });
    const [first] = await outboxTo(runtime, from);
    expect(first?.body).toMatch(/^URGENT: Voice Summary(, whole message)?: /);
  });

  it('a robocall gets one line instead of a summary; FULL still sends its transcript', async () => {
    const from = '+14155550162';
    const message = await forwarded(from, await spoken('car-warranty'));

    expect(message.urgency?.level).toBe('likely_spam');
    const replies = await outboxTo(runtime, from);
    expect(replies.map((reply) => reply.body)).toEqual([
      expect.stringMatching(
        /^Likely a recorded sales call: an extended warranty offer\. Reply FULL for the transcript\.\nhttps?:\/\/\S+\/m\/[\w-]{22}$/,
      ),
    ]);

    await postWebhook(runtime, incomingForm({ from, body: 'FULL' }));
    await expect
      .poll(async () => (await outboxTo(runtime, from)).map((reply) => reply.body).slice(1))
      .toEqual([expect.stringMatching(/^Transcript: .*warranty/i)]);
  });
});

describe('with OpenAI: the summary model proposes, the rules check', () => {
  const API_KEY = 'sk-test-openai-urgency-7d1e0c';
  const TWILIO_TOKEN = 'fake-twilio-auth-token-urgency-01';
  let providers: ProviderRuntime;
  let clip: Clip;

  beforeAll(async () => {
    providers = await startWithFakeProviders({
      openaiKey: API_KEY,
      twilio: { accountSid: `AC${'ab'.repeat(16)}`, authToken: TWILIO_TOKEN, number: '+15005550006' },
      settings: { reply_mode: 'full', auto_reply_enabled: true },
    });
    // The fake transcribes any audio as told: one short clip will do.
    clip = await spoken('friend-dinner');
  }, 120_000);

  afterAll(async () => {
    await providers?.close();
  });

  /** A voicemail the fake transcribes as `text`, whose summary model answers `urgency`; the texts sent. */
  async function answered(from: string, text: string, urgency: string, reason: string) {
    const { runtime, twilio, openai } = providers;
    openai.transcription = { text, language: 'english', duration: 9 };
    openai.summaryReply = () => ({
      output: {
        language: 'en',
        summary: 'A message.',
        key_points: [],
        callback_number: null,
        callback_time: null,
        requested_action: null,
        caller_name: null,
        organization: null,
        urgency,
        urgency_reason: reason,
      },
    });
    const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
    const form = incomingForm({ from, mediaUrl: media.url, mediaType: clip.contentType });
    expect((await postWebhook(runtime, form, { token: TWILIO_TOKEN })).status).toBe(200);
    const message = await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed', 'failed']);
    return { message, texts: twilio.messages.filter((sent) => sent.to === from).map((sent) => sent.body) };
  }

  it('asks the model for the level and a few words why, in the strict schema', async () => {
    await answered('+14155550171', "Hi, it's Chloe. Dinner next week?", 'normal', '');
    const request = providers.openai.summaryRequests.at(-1)!;
    const schema = JSON.stringify(request.body.text);
    expect(schema).toContain('"urgency_reason"');
    for (const level of URGENCY_LEVELS) expect(schema).toContain(`"${level}"`);
    expect(request.instructions).toMatch(/"likely_spam" for robocalls.*even when they say it is urgent/);
  });

  it("keeps the model's urgent when the words support it: the text starts URGENT:", async () => {
    const { message, texts } = await answered(
      '+14155550172',
      "Hi, it's Ann. Please call me back before five today, it's about the closing.",
      'urgent',
      'Needs a call back before 5 today.',
    );
    expect(message.urgency).toEqual({
      level: 'urgent',
      reason: 'asks for a call back before 5 today',
      source: 'model',
    });
    expect(texts[0]).toMatch(/^URGENT: Voice Summary/);
  });

  it("a scam the model calls urgent gets the scam's one line, not URGENT", async () => {
    const { message, texts } = await answered(
      '+14155550173',
      'This is the IRS. A warrant has been issued for your arrest. Call us back immediately.',
      'urgent',
      'Arrest warrant, call immediately',
    );
    expect(message.urgency).toEqual({ level: 'likely_spam', reason: 'a tax threat', source: 'rules' });
    expect(texts).toEqual([
      expect.stringMatching(
        /^Likely a scam: a tax threat\. Reply FULL for the transcript\.\nhttps?:\/\/\S+$/,
      ),
    ]);
  });
});
