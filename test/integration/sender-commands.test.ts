/**
 * FULL, MODE and SPELL by text, end to end on the local runtime with the real `openai` and `twilio` SDKs
 * against their local fakes: each answer comes through the outbound gate (an opted-out sender gets nothing,
 * the segment caps count them), MODE changes what the next reply carries over the operator's setting, SPELL's
 * words reach the transcriber, FULL texts the latest transcript. The preferences live in the runtime's real
 * (dynalite) table.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segmentCount } from '#core/texts/sms-text';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { LOCAL_TABLES } from '../../local/bootstrap';
import type { FakeOpenAi } from '../support/fake-openai';
import type { FakeTwilio } from '../support/fake-twilio';
import type { RunningRuntime } from '../support/local-runtime';
import { incomingForm, postWebhook, saveSettings, waitForMessage } from '../support/pipeline';
import { type ProviderRuntime, startWithFakeProviders } from '../support/provider-runtime';
import { type Clip, SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

const OPENAI_KEY = 'sk-test-fake-openai-key-commands-0123456';
const TWILIO = {
  accountSid: `AC${'cd'.repeat(16)}`,
  authToken: 'fake-twilio-auth-token-commands-0123',
  number: '+15005550006',
};

/** Too long to text whole (a short voicemail is texted once whatever the mode): the summary, then this. */
const TRANSCRIPT =
  'Hi, this is Siobhan Kowalczyk from the school office. Please call me back at 415 555 0132 before noon. It is about the field trip next week, the permission slip and the money for the bus, which we still need from you, and the list of what to pack for the day, which I will send home with her on Friday.';
/** A transcript that takes two texts (over 1,600 characters). */
const LONG_TRANSCRIPT = Array.from(
  { length: 30 },
  (_, index) => `Sentence ${index + 1} of a long voicemail about the plumbing, the invoice and the visit.`,
).join(' ');

let openai: FakeOpenAi;
let twilio: FakeTwilio;
let runtime: RunningRuntime;
let providers: ProviderRuntime;
let db: ReturnType<typeof createDocumentClient>;
let clip: Clip;
const clips = new SpeechClips();

beforeAll(async () => {
  providers = await startWithFakeProviders({
    openaiKey: OPENAI_KEY,
    twilio: TWILIO,
    settings: {
      reply_mode: 'full',
      auto_reply_enabled: true,
      message_link_enabled: false,
    },
  });
  ({ openai, twilio, runtime } = providers);
  db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  clip = await clips.clip({ sentence: SPEECH_CORPUS.find((s) => s.id === 'callback')!, format: 'm4a' });
  openai.transcription = { text: TRANSCRIPT, language: 'english', duration: 6 };
}, 120_000);

afterAll(async () => {
  db?.destroy();
  await providers?.close();
  await clips.dispose();
});

const post = (form: Record<string, string>) => postWebhook(runtime, form, { token: TWILIO.authToken });
const textsTo = (to: string) => twilio.messages.filter((m) => m.to === to).map((m) => m.body);

/** Texts `body` from `from` and returns the texts it got back. */
async function sendText(from: string, body: string): Promise<string[]> {
  const before = textsTo(from).length;
  expect((await post(incomingForm({ from, body }))).status).toBe(200);
  return textsTo(from).slice(before);
}

/** Sends a voice message, waits for its run to end, and returns it with the texts it got back. */
async function sendVoice(from: string) {
  const before = textsTo(from).length;
  const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
  const form = incomingForm({ from, mediaUrl: media.url, mediaType: clip.contentType });
  expect((await post(form)).status).toBe(200);
  const message = await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed', 'failed']);
  expect(message.error_message).toBeNull();
  return { message, texts: textsTo(from).slice(before) };
}

async function storedPreferences(phone: string) {
  const { Item } = await db.send(
    new GetCommand({ TableName: LOCAL_TABLES.senderPreferences, Key: { phone_number: phone } }),
  );
  return Item ?? null;
}

describe('MODE by text', () => {
  it("answers the operator's mode, then the sender's own, and the next reply follows it", async () => {
    const from = '+14155550401';
    expect(await sendText(from, 'mode')).toEqual([
      'Voice Summary: your replies carry the summary and the full transcript. Text MODE FULL or MODE SUMMARY to change it.',
    ]);
    expect(await sendText(from, 'MODE SUMMARY')).toEqual([
      'Voice Summary: your replies will now carry the summary only. Text FULL for the transcript of your latest message, or MODE FULL to get it every time.',
    ]);
    expect(await storedPreferences(from)).toMatchObject({ reply_mode: 'summary_only' });
    expect(await sendText(from, 'Mode')).toEqual([
      expect.stringContaining('your replies carry the summary only (your choice)'),
    ]);

    // The operator's setting is full, the sender's summary only: one text, and the card can say why.
    const { message, texts } = await sendVoice(from);
    expect(texts).toHaveLength(1);
    // "Please call me back ... before noon": urgent (issue 25).
    expect(texts[0]).toMatch(/^URGENT: Voice Summary: /);
    expect(message.sender_reply_mode).toBe('summary_only');

    expect(await sendText(from, 'MODE sometimes')).toEqual([
      expect.stringContaining('text MODE FULL for the summary and the transcript, MODE SUMMARY'),
    ]);
    expect((await storedPreferences(from))?.reply_mode).toBe('summary_only');
  });

  it("wins over an operator's summary-only setting, and a sender who chose nothing follows the operator", async () => {
    await saveSettings(runtime, { reply_mode: 'summary_only' });
    try {
      const chooser = '+14155550402';
      expect(await sendText(chooser, 'MODE FULL')).toEqual([
        expect.stringContaining('summary and the full transcript'),
      ]);
      const chosen = await sendVoice(chooser);
      expect(chosen.texts).toHaveLength(2);
      expect(chosen.texts[1]).toBe(`Transcript: ${TRANSCRIPT}`);
      expect(chosen.message.sender_reply_mode).toBe('full');

      const other = await sendVoice('+14155550403');
      expect(other.texts).toHaveLength(1);
      expect(other.message.sender_reply_mode).toBeNull();
    } finally {
      await saveSettings(runtime, { reply_mode: 'full' });
    }
  });
});

describe('SPELL by text', () => {
  it('keeps the words (at most 50), lists them, sends them to the transcriber, and clears them', async () => {
    const from = '+14155550411';
    expect(await sendText(from, 'SPELL')).toEqual([expect.stringContaining('your spelling list is empty')]);

    expect(await sendText(from, 'spell Siobhan, Kowalczyk')).toEqual([
      'Voice Summary: we will spell these right in your messages: Siobhan, Kowalczyk (2 of 50 words). SPELL CLEAR empties the list.',
    ]);
    expect(await sendText(from, 'SPELL Aoife siobhan')).toEqual([
      expect.stringContaining('Siobhan, Kowalczyk, Aoife (3 of 50 words)'),
    ]);
    expect((await storedPreferences(from))?.spell).toEqual(['Siobhan', 'Kowalczyk', 'Aoife']);

    const { message } = await sendVoice(from);
    expect(openai.uploads.at(-1)?.prompt).toContain('Siobhan, Kowalczyk, Aoife');
    expect(message.status).toBe('completed');

    const tooMany = Array.from({ length: 48 }, (_, index) => `Name${index}`).join(' ');
    expect(await sendText(from, `SPELL ${tooMany}`)).toEqual([
      expect.stringContaining(
        'nothing saved: the spelling list holds at most 50 words and this would make 51',
      ),
    ]);
    expect((await storedPreferences(from))?.spell).toHaveLength(3);
    expect(await sendText(from, 'Spell')).toEqual([
      expect.stringContaining('we spell these right in your messages: Siobhan, Kowalczyk, Aoife (3 words)'),
    ]);

    expect(await sendText(from, 'SPELL CLEAR')).toEqual([
      expect.stringContaining('spelling list is now empty'),
    ]);
    expect((await storedPreferences(from))?.spell).toBeUndefined();
    await sendVoice(from);
    expect(openai.uploads.at(-1)?.prompt).toBeNull();
  });
});

describe('FULL by text', () => {
  it('says there is no transcript before the first voice message', async () => {
    expect(await sendText('+14155550421', 'FULL')).toEqual([
      expect.stringContaining('there is no transcript to send: we hold no voice message from this number'),
    ]);
  });

  it("texts the latest voice message's transcript as numbered texts", async () => {
    const from = '+14155550422';
    await sendText(from, 'MODE SUMMARY');
    await sendVoice(from);
    expect(await sendText(from, 'full')).toEqual([`Transcript: ${TRANSCRIPT}`]);

    openai.transcription = { text: LONG_TRANSCRIPT, language: 'english', duration: 60 };
    try {
      const { message, texts } = await sendVoice(from);
      expect(texts).toHaveLength(1);
      const parts = await sendText(from, ' Full. ');
      expect(parts).toHaveLength(2);
      expect(parts[0]).toMatch(/^Transcript \(1\/2\): Sentence 1 of a long voicemail/);
      expect(parts[1]).toMatch(
        /^Transcript \(2\/2\): .*Sentence 30 of a long voicemail about the plumbing, the invoice and the visit\.$/,
      );

      // Both texts are recorded on the message they carry, and Twilio's status callbacks reach them.
      const sids = twilio.messages
        .filter((m) => m.to === from)
        .slice(-2)
        .map((m) => m.sid);
      const recorded = await waitForMessage(runtime, message.id, ['completed']);
      expect(recorded.sms_parts?.filter((p) => p.kind === 'full-transcript').map((p) => p.sid)).toEqual(sids);
      const callback = await postWebhook(
        runtime,
        {
          AccountSid: TWILIO.accountSid,
          MessageSid: sids[1]!,
          MessageStatus: 'undelivered',
          ErrorCode: '30007',
        },
        { url: runtime.info.smsStatusUrl, token: TWILIO.authToken },
      );
      expect(callback.status).toBe(204);
      const after = await waitForMessage(runtime, message.id, ['completed']);
      expect(after.sms_parts?.find((p) => p.sid === sids[1])).toMatchObject({
        kind: 'full-transcript',
        index: 1,
        status: 'undelivered',
        error_code: 30007,
      });
      // The operator's Details lists them beside the reply, with their delivery.
      const details = await fetch(`${runtime.url}/api/messages/${message.id}/run`, {
        headers: { authorization: `Bearer ${await runtime.adminToken()}` },
      });
      const { other_texts } = (await details.json()) as { other_texts: unknown[] };
      expect(other_texts).toEqual([
        expect.objectContaining({ kind: 'full-transcript', part: 1 }),
        expect.objectContaining({
          kind: 'full-transcript',
          part: 2,
          delivery: { status: 'undelivered', error_code: '30007' },
        }),
      ]);
    } finally {
      openai.transcription = { text: TRANSCRIPT, language: 'english', duration: 6 };
    }
  });

  it('counts against the segments a number may get an hour: the cap stops the rest', async () => {
    const from = '+14155550423';
    openai.transcription = { text: LONG_TRANSCRIPT, language: 'english', duration: 60 };
    try {
      await sendText(from, 'MODE SUMMARY');
      await sendVoice(from);
      // The MODE answer and the summary so far; room for eleven more leaves FULL its first part (eleven).
      const used = textsTo(from).reduce((sum, body) => sum + segmentCount(body), 0);
      await saveSettings(runtime, { segments_per_number_per_hour: used + 11 });
      const parts = await sendText(from, 'FULL');
      expect(parts).toEqual([expect.stringMatching(/^Transcript \(1\/2\): /)]);
      expect(segmentCount(parts[0]!)).toBe(11);
    } finally {
      openai.transcription = { text: TRANSCRIPT, language: 'english', duration: 6 };
      await saveSettings(runtime, { segments_per_number_per_hour: 40 });
    }
  });
});

describe('a sender who opted out', () => {
  it('gets no answer to FULL, MODE or SPELL, and STOP is never taken for one of them', async () => {
    const from = '+14155550431';
    await sendText(from, 'MODE SUMMARY');
    await sendVoice(from);
    const before = textsTo(from).length;
    // Twilio confirms its own keywords: the service sends nothing for STOP.
    expect(await sendText(from, 'stop')).toEqual([]);
    for (const body of ['FULL', 'MODE', 'MODE FULL', 'SPELL', 'SPELL Aoife', 'SPELL CLEAR']) {
      expect(await sendText(from, body)).toEqual([]);
    }
    expect(textsTo(from)).toHaveLength(before);
  });
});
