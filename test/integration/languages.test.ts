/**
 * Replies in the caller's language, end to end on the local runtime with the real `openai` and `twilio` SDKs
 * against their local fakes: a Spanish voice message gets a Spanish summary inside Spanish fixed texts, a
 * sender who chose English (LANG en) gets the same message summarized in English, and LANG by text: its
 * answers, HELP naming it, DELETE erasing it. The preferences live in the runtime's real (dynalite) table.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { segmentCount, smsEncoding } from '#core/texts/sms-text';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { LOCAL_TABLES } from '../../local/bootstrap';
import type { FakeOpenAi, SummaryReply } from '../support/fake-openai';
import type { FakeTwilio } from '../support/fake-twilio';
import type { RunningRuntime } from '../support/local-runtime';
import { deleteCodeIn, incomingForm, postWebhook, saveSettings, waitForMessage } from '../support/pipeline';
import { type ProviderRuntime, startWithFakeProviders } from '../support/provider-runtime';
import { type Clip, SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

const OPENAI_KEY = 'sk-test-fake-openai-key-languages-0123456';
const TWILIO = {
  accountSid: `AC${'ef'.repeat(16)}`,
  authToken: 'fake-twilio-auth-token-languages-0123',
  number: '+15005550006',
};

const SPANISH_TRANSCRIPT =
  'Hola, soy Dana de la clínica dental. Le confirmo su cita del jueves a las diez. Si no puede venir, llámeme al 415 555 0132.';

/**
 * The fake model: it reports Spanish, and writes the summary in Spanish, or in English when the instructions
 * ask for English (what the real model does with the same instructions).
 */
function spanishSpeaker(): SummaryReply {
  const english = /in English \(en\)/.test(openai.summaryRequests.at(-1)?.instructions ?? '');
  return {
    output: {
      language: 'es',
      caller_name: null,
      organization: null,
      summary: english
        ? 'Dana from the dental clinic confirms your appointment on Thursday at ten.'
        : 'Dana, de la clínica dental, confirma su cita del jueves a las diez.',
      key_points: [],
      callback_number: '415 555 0132',
      callback_time: null,
      requested_action: null,
    },
  };
}

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
    },
  });
  ({ openai, twilio, runtime } = providers);
  db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  clip = await clips.clip({ sentence: SPEECH_CORPUS.find((s) => s.id === 'callback')!, format: 'm4a' });
  openai.transcription = { text: SPANISH_TRANSCRIPT, language: 'spanish', duration: 6 };
  openai.summaryReply = spanishSpeaker;
}, 120_000);

afterAll(async () => {
  db?.destroy();
  await providers?.close();
  await clips.dispose();
});

const post = (form: Record<string, string>) => postWebhook(runtime, form, { token: TWILIO.authToken });
const textsTo = (to: string) => twilio.messages.filter((m) => m.to === to).map((m) => m.body);

async function sendText(from: string, body: string): Promise<string> {
  const before = textsTo(from).length;
  expect((await post(incomingForm({ from, body }))).status).toBe(200);
  const texts = textsTo(from);
  expect(texts.length).toBe(before + 1);
  return texts.at(-1)!;
}

async function sendVoice(from: string): Promise<string> {
  const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
  const form = incomingForm({ from, mediaUrl: media.url, mediaType: clip.contentType });
  expect((await post(form)).status).toBe(200);
  return `${form.MessageSid}-0`;
}

async function storedPreferences(phone: string) {
  const { Item } = await db.send(
    new GetCommand({ TableName: LOCAL_TABLES.senderPreferences, Key: { phone_number: phone } }),
  );
  return Item ?? null;
}

describe('a voice message in Spanish, with an OpenAI key', () => {
  it('is summarized in Spanish, and texted whole (short enough) inside Spanish fixed texts, accents plain', async () => {
    const from = '+14155550301';
    const id = await sendVoice(from);

    const done = await waitForMessage(runtime, id, ['completed', 'failed']);
    expect(done.error_message).toBeNull();
    expect(done.language).toBe('es');
    expect(done.reply_language).toBeNull();
    // Nobody chose a language: the transcriber was left to detect it, and the summary kept it.
    expect(openai.uploads.at(-1)!.language).toBeNull();
    expect(openai.summaryRequests.at(-1)!.instructions).toMatch(/in the language of the transcript/);

    expect(done.summary).toMatch(/^Dana, de la clínica dental, confirma su cita del jueves a las diez\./);
    // A voicemail this short is texted once, whole; it ends with the link to the whole message (issue 18),
    // on the site's own address.
    const [whole, ...rest] = textsTo(from);
    expect(rest).toEqual([]);
    expect(whole).toMatch(
      new RegExp(
        `^Voice Summary - mensaje completo: Hola, soy Dana de la clinica dental\\. .* llameme al 415 555 0132\\.\n${runtime.url}/m/[\\w-]{22}$`,
      ),
    );
    expect(smsEncoding(whole!)).toBe('GSM-7');
    // The dashboard keeps what was said, accents and all.
    expect(done.transcript).toBe(SPANISH_TRANSCRIPT);
  });

  it('is summarized in English, with English headings, for a sender who chose LANG en', async () => {
    const from = '+14155550302';
    expect(await sendText(from, 'LANG en')).toMatch(
      /replies to your voice messages will be written in English \(en\)/,
    );

    const id = await sendVoice(from);
    const done = await waitForMessage(runtime, id, ['completed', 'failed']);

    expect(openai.uploads.at(-1)!.language).toBe('en');
    const asked = openai.summaryRequests.at(-1)!.instructions;
    expect(asked).toMatch(/in English \(en\), translating if the caller spoke another language/);
    expect(done.language).toBe('es');
    expect(done.reply_language).toBe('en');
    const [, summary, transcript] = textsTo(from);
    expect(summary).toMatch(
      new RegExp(
        `^Voice Summary: Dana from the dental clinic confirms your appointment on Thursday at ten\\.\nCall back: \\(415\\) 555-0132\n${runtime.url}/m/[\\w-]{22}$`,
      ),
    );
    expect(transcript).toMatch(/^Transcript: Hola, soy Dana/);
  });

  it('keeps the accents when the operator chose "keep", at the cost of UCS-2', async () => {
    await saveSettings(runtime, { accented_letters: 'keep' });
    try {
      const from = '+14155550303';
      await waitForMessage(runtime, await sendVoice(from), ['completed']);
      const [summary] = textsTo(from);
      // Kept as said; UCS-2 leaves 134 characters for two segments, so the summary gives way to the link.
      expect(summary).toContain('Dana, de la clínica');
      expect(smsEncoding(summary!)).toBe('UCS-2');
      expect(segmentCount(summary!)).toBeLessThanOrEqual(2);
    } finally {
      await saveSettings(runtime, { accented_letters: 'replace' });
    }
  });
});

describe('LANG by text', () => {
  it('answers the current choice, sets one, answers in it, and goes back with LANG AUTO', async () => {
    const from = '+14155550311';
    expect(await sendText(from, 'lang')).toMatch(/replies are written in the language of each message/);
    expect(await storedPreferences(from)).toBeNull();

    expect(await sendText(from, 'LANG es')).toBe(
      'Voice Summary: desde ahora le escribimos en español (es). Las respuestas a sus mensajes de voz van en español (es) cuando el servicio los resume con OpenAI; sin OpenAI van en el idioma del mensaje. Mande LANG AUTO para deshacerlo.',
    );
    expect(await storedPreferences(from)).toMatchObject({ phone_number: from, language: 'es' });
    expect(await sendText(from, 'Lang')).toMatch(/le respondemos en español \(es\)/);
    expect(await sendText(from, 'LANG xx')).toMatch(/no conocemos ese idioma\. Mande LANG y dos letras/);
    expect((await storedPreferences(from))?.language).toBe('es');

    expect(await sendText(from, 'LANG AUTO')).toMatch(/de nuevo le respondemos en el idioma de cada mensaje/);
    expect((await storedPreferences(from))?.language).toBeUndefined();
    expect(await sendText(from, 'LANG')).toMatch(/replies are written in the language of each message/);
  });

  it('accepts any language the speech models know, and says how to use it for one they do not', async () => {
    const from = '+14155550312';
    expect(await sendText(from, 'LANG fr')).toMatch(/will be written in French \(fr\) when this service/);
    expect(await sendText(from, 'LANG klingon')).toMatch(
      /that is not a language code we know\. Text LANG and a two-letter code \(LANG es for Spanish/,
    );
    expect((await storedPreferences(from))?.language).toBe('fr');
  });

  it("is named in HELP, in the sender's language", async () => {
    const from = '+14155550313';
    expect(await sendText(from, 'HELP')).toMatch(/LANG es for Spanish/);
    await sendText(from, 'LANG es');
    const help = await sendText(from, 'help');
    expect(help).toMatch(/LANG en para inglés/);
    expect(help).toContain('Responda STOP para darse de baja, HELP para ayuda');
  });

  it('is erased by DELETE, whose answer is still in the language the sender had chosen', async () => {
    const from = '+14155550314';
    await sendText(from, 'LANG es');
    expect(await storedPreferences(from)).not.toBeNull();

    const code = deleteCodeIn(await sendText(from, 'DELETE'));
    expect(await storedPreferences(from)).not.toBeNull();
    expect(await sendText(from, `DELETE ${code}`)).toMatch(/no tenemos mensajes de voz de este teléfono/);

    expect(await storedPreferences(from)).toBeNull();
    expect(await sendText(from, 'LANG')).toMatch(/replies are written in the language of each message/);
  });

  it('never opts out, and STOP still opts out a sender who chose a language', async () => {
    const from = '+14155550315';
    await sendText(from, 'LANG es');
    expect((await post(incomingForm({ from, body: 'STOP' }))).status).toBe(200);
    // Twilio confirms its own keywords; the service sends nothing more.
    expect((await post(incomingForm({ from, body: 'LANG en' }))).status).toBe(200);
    expect(textsTo(from)).toHaveLength(1);
  });
});
