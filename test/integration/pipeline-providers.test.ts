/**
 * The pipeline with the real `openai` and `twilio` SDKs, talking to local fakes of their HTTP APIs: the
 * OpenAI path (transcription upload, structured summary, conversion of formats OpenAI refuses), the Twilio
 * path (media fetched with Basic auth and deleted, replies sent from the saved number), and faults: providers
 * that fail and recover, providers that keep failing, and a crash in the middle of a run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../local/adapters/outbox-sms-sender';
import { INTERRUPTED_REASON } from '../../local/interrupted-runs';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';
import { type FakeTwilio, startFakeTwilio } from '../support/fake-twilio';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import {
  incomingForm,
  postWebhook,
  processAudio,
  saveSettings,
  upload,
  waitForMessage,
} from '../support/pipeline';
import { SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

const OPENAI_KEY = 'sk-test-fake-openai-key-0123456789abcdef';
const TWILIO = {
  accountSid: `AC${'ab'.repeat(16)}`,
  authToken: 'fake-twilio-auth-token-0123456789',
  number: '+15005550006',
};

let openai: FakeOpenAi;
let twilio: FakeTwilio;
let runtime: RunningRuntime;
const clips = new SpeechClips();
const sentence = SPEECH_CORPUS.find((s) => s.id === 'callback')!;

function runtimeEnv() {
  return {
    LOG_LEVEL: 'INFO',
    PIPELINE_RETRY_INTERVAL_MS: '50',
    OPENAI_BASE_URL: openai.baseURL,
    TWILIO_API_BASE_URL: twilio.url,
  };
}

async function configure(target: RunningRuntime) {
  await saveSettings(target, {
    openai_api_key: OPENAI_KEY,
    twilio_account_sid: TWILIO.accountSid,
    twilio_auth_token: TWILIO.authToken,
    twilio_phone_number: TWILIO.number,
    reply_mode: 'full',
    auto_reply_enabled: true,
  });
}

beforeAll(async () => {
  openai = await startFakeOpenAi({ apiKey: OPENAI_KEY });
  twilio = await startFakeTwilio({ accountSid: TWILIO.accountSid, authToken: TWILIO.authToken });
  runtime = await startLocalRuntime({ env: runtimeEnv() });
  await configure(runtime);
});

afterAll(async () => {
  await runtime?.dispose();
  await openai?.close();
  await twilio?.close();
  await clips.dispose();
});

async function mms(from: string, format: 'm4a' | '3gp' = 'm4a') {
  const clip = await clips.clip({ sentence, format });
  const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType, redirectToCdn: true });
  const form = incomingForm({ from, mediaUrl: media.url, mediaType: clip.contentType });
  return { form, media, id: `${form.MessageSid}-0` };
}

function resetFakes() {
  openai.failAlways(null);
  twilio.failAlways(null);
  openai.setLatency(0);
}

describe('with an OpenAI key and Twilio credentials saved', () => {
  it('transcribes and summarizes with OpenAI and replies through Twilio from the saved number', async () => {
    resetFakes();
    // Too long to text whole: the summary comes first, then the transcript (a short one is texted once).
    openai.transcription = {
      text: `Hi, this is Dana. Please call me back at 415 555 0132 before 5 pm.${' I wanted to go over the plans for the garden and the fence with you before the builders come back.'.repeat(3)}`,
      language: 'english',
      duration: 20,
    };
    const from = '+14155550201';
    const { form, id } = await mms(from);
    // Signed with the saved Twilio auth token now, as Twilio would sign it.
    const answer = await postWebhook(runtime, form, { token: TWILIO.authToken });
    expect(answer.status).toBe(200);

    const done = await waitForMessage(runtime, id, ['completed', 'failed']);
    expect(done.error_message).toBeNull();
    expect(done.transcript).toBe(openai.transcription.text);
    expect(done.transcription_engine).toBe('openai:gpt-4o-mini-transcribe');
    expect(done.summary_engine).toBe('openai:gpt-4o-mini');
    expect(done.reply_sent).toBe(true);

    const upload = openai.uploads.at(-1)!;
    expect(upload.model).toBe('gpt-4o-mini-transcribe');
    expect(upload.fileName).toBe('voice-message.m4a');
    const summaryRequest = openai.summaryRequests.at(-1)!;
    expect(summaryRequest.instructions).toMatch(/ignore/i);
    expect(JSON.stringify(summaryRequest.input)).toContain('call me back at 415 555 0132');

    const sent = twilio.messages.filter((m) => m.to === from);
    expect(sent.length).toBe(2);
    expect(sent.every((m) => m.from === TWILIO.number)).toBe(true);
    expect(sent[0]!.body).toMatch(/summary/i);
    expect(sent[1]!.body).toContain('call me back at 415 555 0132');
    // The media was fetched (through Twilio's redirect to its CDN) and then deleted at Twilio.
    expect(twilio.deletions.length).toBeGreaterThan(0);
    expect((await readOutbox(runtime.info.outbox)).filter((e) => e.to === from)).toEqual([]);
  });

  it('converts formats OpenAI refuses (3GP, AMR, CAF) before sending them', async () => {
    resetFakes();
    const { form, id } = await mms('+14155550202', '3gp');
    await postWebhook(runtime, form, { token: TWILIO.authToken });
    await waitForMessage(runtime, id, ['completed']);
    expect(openai.uploads.at(-1)!.fileName).toBe('voice-message.mp3');
  });

  it('refuses a webhook signed with the local token once a Twilio token is saved', async () => {
    const { form } = await mms('+14155550203');
    expect((await postWebhook(runtime, form)).status).toBe(403);
  });
});

describe('faults', () => {
  it('a provider that answers 429 and then 500 before succeeding: the run completes', async () => {
    resetFakes();
    const clip = await clips.clip({ sentence, format: 'wav' });
    openai.failNext(2, 429);
    const first = await upload(runtime, clip);
    await waitForMessage(runtime, String(first.json.messageId), ['completed']);
    openai.failNext(2, 500);
    const second = await upload(runtime, clip);
    const done = await waitForMessage(runtime, String(second.json.messageId), ['completed']);
    expect(done.summary).toBeTruthy();
  });

  it('Twilio failing twice while sending: the reply still goes out once, every part in order', async () => {
    resetFakes();
    // The media comes from a second Twilio host, so the scripted failures hit the sending API only.
    const mediaHost = await startFakeTwilio({ accountSid: TWILIO.accountSid, authToken: TWILIO.authToken });
    try {
      const from = '+14155550204';
      const clip = await clips.clip({ sentence, format: 'm4a' });
      const media = mediaHost.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
      const form = incomingForm({ from, mediaUrl: media.url, mediaType: clip.contentType });
      const before = twilio.requests.length;
      twilio.failNext(2, 503);
      await postWebhook(runtime, form, { token: TWILIO.authToken });
      const done = await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed', 'failed']);
      expect(done.status).toBe('completed');
      expect(done.reply_sent).toBe(true);
      const attempts = twilio.requests
        .slice(before)
        .filter((r) => r.method === 'POST' && r.path.endsWith('/Messages.json'));
      expect(attempts.length).toBe(4); // two refused, then the two parts
      const bodies = twilio.messages.filter((m) => m.to === from).map((m) => m.body);
      expect(bodies).toHaveLength(2);
      expect(bodies[0]).toMatch(/summary/i);
      expect(bodies[1]).toMatch(/^Transcript/);
    } finally {
      await mediaHost.close();
    }
  });

  it('deletes the media at Twilio even when the first delete fails after the audio was stored', async () => {
    resetFakes();
    const mediaHost = await startFakeTwilio({ accountSid: TWILIO.accountSid, authToken: TWILIO.authToken });
    try {
      const clip = await clips.clip({ sentence, format: 'm4a' });
      const media = mediaHost.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
      const form = incomingForm({ from: '+14155550205', mediaUrl: media.url, mediaType: clip.contentType });
      mediaHost.failNext(1, 503, undefined, 'DELETE');
      await postWebhook(runtime, form, { token: TWILIO.authToken });
      const done = await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed', 'failed']);
      expect(done.status).toBe('completed');
      expect(done.media_url).toBeNull();
      expect(mediaHost.requests.filter((r) => r.method === 'DELETE')).toHaveLength(2);
      expect(mediaHost.deletions.map((d) => d.mediaSid)).toEqual([media.mediaSid]);
    } finally {
      await mediaHost.close();
    }
  });

  it('a provider that keeps failing: failed with a readable error; once fixed, process-audio completes it', async () => {
    resetFakes();
    openai.failAlways(500);
    const clip = await clips.clip({ sentence, format: 'wav' });
    const uploaded = await upload(runtime, clip);
    const id = String(uploaded.json.messageId);
    const failed = await waitForMessage(runtime, id, ['failed']);
    expect(failed.error_message).toMatch(/OpenAI/);
    expect(failed.error_message).toMatch(/tried several times/i);
    expect(failed.error_message).not.toMatch(/\n\s+at |Error:|sk-test/);

    openai.failAlways(null);
    const retried = await processAudio(runtime, failed);
    expect(retried.status).toBe(202);
    const done = await waitForMessage(runtime, id, ['completed']);
    expect(done.error_message).toBeNull();
    expect(done.attempt).toBe(2);
  });

  it('a bad API key fails at once, saying what to fix, without the key', async () => {
    resetFakes();
    await saveSettings(runtime, { openai_api_key: 'sk-wrong-key-0000000000000000' });
    try {
      const uploaded = await upload(runtime, await clips.clip({ sentence, format: 'wav' }));
      const failed = await waitForMessage(runtime, String(uploaded.json.messageId), ['failed']);
      expect(failed.error_message).toMatch(/API key.*Settings/);
      expect(failed.error_message).not.toContain('sk-wrong');
    } finally {
      await saveSettings(runtime, { openai_api_key: OPENAI_KEY });
    }
  });

  it('a crash in the middle of a run loses nothing: after a restart the message is failed, says why, and retries', async () => {
    resetFakes();
    openai.setLatency(4000);
    const uploaded = await upload(runtime, await clips.clip({ sentence, format: 'wav' }));
    const id = String(uploaded.json.messageId);
    await waitForMessage(runtime, id, ['processing']);
    await new Promise((r) => setTimeout(r, 500));
    // Crash: every process of the runtime killed at once, no chance to clean up.
    process.kill(-runtime.child.pid!, 'SIGKILL');
    await new Promise((r) => runtime.child.once('exit', r));
    openai.setLatency(0);

    runtime = await startLocalRuntime({ dataDir: runtime.dataDir, env: runtimeEnv() });
    // The run died with the process: the message is not left in processing, and it says what happened.
    const stuck = await waitForMessage(runtime, id, ['failed']);
    expect(stuck.error_message).toBe(INTERRUPTED_REASON);
    expect(stuck.audio_url).toBeTruthy();
    const retried = await processAudio(runtime, stuck);
    expect(retried.status).toBe(202);
    const done = await waitForMessage(runtime, id, ['completed']);
    expect(done.transcript).toBeTruthy();
  });
});
