/**
 * LANG offline keeps its word (issue 31): on the local runtime with no OpenAI key (Moonshine transcribes, the
 * local summarizer picks the caller's sentences and cannot translate), `LANG es` says in Spanish what will be
 * in Spanish (the service's texts) and what will not (a voice message's reply, without OpenAI); the next voice
 * message's reply is in the message's language as said, and its calendar event is still there. Before, LANG es
 * answered "desde ahora le respondemos en español", the summary came in English, and the event was dropped (a
 * time in a summary "in Spanish" could not be checked).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SharedMessage } from '#core/messages/message-link';
import { LOCAL_ACCOUNT_SID } from '../../lambdas/adapters/twilio/local-account';
import { startFakeTwilio } from '../support/fake-twilio';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { incomingForm, localWebhookToken, outboxTo, postWebhook, waitForMessage } from '../support/pipeline';
import { SpeechClips } from '../support/speech-clips';

/** Heard well by Moonshine base in flite's rms voice (as in message-cards.test.ts): a name, a number, a time. */
const VOICEMAIL = {
  id: 'cards-maria',
  text: 'Hello, this is Maria from the school office. Call me back tomorrow at ten in the morning at two zero six, five five five, zero one four two.',
  keyWords: [],
};

let runtime: RunningRuntime;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
const clips = new SpeechClips();

beforeAll(async () => {
  runtime = await startLocalRuntime();
  twilio = await startFakeTwilio({
    accountSid: LOCAL_ACCOUNT_SID,
    authToken: await localWebhookToken(runtime),
  });
});

afterAll(async () => {
  await twilio?.close();
  await runtime?.dispose();
  await clips.dispose();
});

describe('LANG es offline', () => {
  it('says what will be in Spanish and what will not, and the next reply keeps its calendar event', async () => {
    const from = '+14155550981';
    expect((await postWebhook(runtime, incomingForm({ from, body: 'LANG es' }))).status).toBe(200);
    const [answer] = await outboxTo(runtime, from);
    expect(answer?.body).toContain('desde ahora le escribimos en español (es)');
    expect(answer?.body).toContain('sin OpenAI van en el idioma del mensaje');

    const clip = await clips.clip({ sentence: VOICEMAIL, format: 'wav', voice: 'rms' });
    const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
    const form = incomingForm({ from, mediaUrl: media.url, mediaType: clip.contentType });
    expect((await postWebhook(runtime, form)).status).toBe(200);
    const message = await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed', 'failed']);
    expect(message).toMatchObject({
      status: 'completed',
      summary_engine: 'extractive',
      reply_language: null,
    });

    // The reply, as LANG said: in the message's language (English), with the link to the whole message.
    const reply = (await outboxTo(runtime, from)).at(-1)!.body;
    expect(reply).toMatch(/whole message/);
    const code = /\/m\/([A-Za-z0-9_-]{22})/.exec(reply)?.[1];
    const page = (await (await fetch(`${runtime.url}/api/m/${code}`)).json()) as SharedMessage;
    // "Call me back tomorrow at ten in the morning": the event is there, as for a sender without LANG.
    expect(page.cards?.event).toMatchObject({ title: 'Call back Maria (The School Office)', all_day: false });
  }, 180_000);
});
