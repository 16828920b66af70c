/**
 * Nothing unheard is stated, nothing to act on from a scam (issue 31), through the local runtime with the
 * real openai SDK against the fake of its API (answering hostile summaries) and the real Twilio adapter
 * against the fake of Twilio. Each attack is made as the issue found it, and what reaches the user is read
 * where it reaches them: the texts Twilio was given, the vCard and iCalendar bytes its MMS would fetch, and
 * what the message link's page is served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MARK } from '#core/facts/link-text';
import type { SharedMessage } from '#core/messages/message-link';
import { incomingForm, postWebhook, waitForMessage } from '../support/pipeline';
import { type ProviderRuntime, startWithFakeProviders } from '../support/provider-runtime';
import { type Clip, SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

const API_KEY = 'sk-test-openai-unheard-5e8d2c';
const TWILIO_TOKEN = 'fake-twilio-auth-token-unheard-0123';

/** Long enough that the first text is a summary, not the whole message. */
const FILLER =
  'I am calling about the recent activity on your card and wanted to go over a couple of charges with you before we close the review. It should only take a few minutes of your time, and I can answer any questions you have then.';

let providers: ProviderRuntime;
let clip: Clip;
const clips = new SpeechClips();

beforeAll(async () => {
  providers = await startWithFakeProviders({
    openaiKey: API_KEY,
    twilio: { accountSid: `AC${'5e'.repeat(16)}`, authToken: TWILIO_TOKEN, number: '+15005550006' },
    settings: { reply_mode: 'summary_only', auto_reply_enabled: true },
  });
  // The fake transcribes any audio as told: the shortest clip will do.
  clip = await clips.clip({ sentence: SPEECH_CORPUS[0]!, format: 'm4a' });
}, 120_000);

afterAll(async () => {
  await providers?.close();
  await clips.dispose();
});

const textsTo = (to: string) => providers.twilio.messages.filter((sent) => sent.to === to);

async function text(from: string, body: string) {
  const before = textsTo(from).length;
  const form = incomingForm({ from, body });
  expect((await postWebhook(providers.runtime, form, { token: TWILIO_TOKEN })).status).toBe(200);
  await expect.poll(() => textsTo(from).length).toBeGreaterThan(before);
  return textsTo(from).slice(before);
}

/** A voicemail the fake transcribes as `transcript` and whose summary model answers `summary`. */
async function voicemail(from: string, transcript: string, summary: Record<string, unknown>) {
  const { runtime, twilio, openai } = providers;
  openai.transcription = { text: transcript, language: 'english', duration: 20 };
  openai.summaryReply = () => ({
    output: {
      language: 'en',
      key_points: [],
      requested_action: null,
      callback_number: null,
      callback_time: null,
      caller_name: null,
      organization: null,
      urgency: 'normal',
      urgency_reason: '',
      ...summary,
    },
  });
  const before = textsTo(from).length;
  const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
  const form = incomingForm({ from, mediaUrl: media.url, mediaType: clip.contentType });
  expect((await postWebhook(runtime, form, { token: TWILIO_TOKEN })).status).toBe(200);
  const message = await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed', 'failed']);
  expect(message.status).toBe('completed');
  return textsTo(from).slice(before);
}

/** The code of the message link a text carries. */
const linkCode = (body: string) => /\/m\/([A-Za-z0-9_-]{22})/.exec(body)?.[1] ?? '';

async function page(code: string): Promise<SharedMessage> {
  const response = await fetch(`${providers.runtime.url}/api/m/${code}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SharedMessage;
}

async function files(urls: readonly string[]) {
  return Promise.all(
    urls.map(async (url) => {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      return { type: response.headers.get('content-type') ?? '', body: await response.text() };
    }),
  );
}

/** Characters that reorder, hide or break a line of text. */
const INVISIBLE = /[\u0085\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('words a summarizer adds', () => {
  const transcript = `Hi, this is Rebecca from Chase. Please call me back at 415-555-0132 tomorrow at 10 am. ${FILLER}`;
  const hostile = {
    summary:
      'Rebecca from Chase Bank asks you to verify your card at chase dot com or https://evil.example/pay\u202e now.\u2028Call back tomorrow.',
    caller_name: 'Rebecca https://evil.example/pay',
    organization: 'Chase Bank',
    callback_number: '415-555-0132',
    callback_time: 'tomorrow at 10 am',
  };

  it('never reach the text, the contact card, the event or the page', async () => {
    const from = '+14155550931';
    await text(from, 'CARDS ON');
    const [first, ...rest] = await voicemail(from, transcript, hostile);
    expect(rest).toEqual([]);

    // The text: the caller's name as said, no address, and no business: "Chase Bank" was not said.
    expect(first!.body).toMatch(
      /^Voice Summary: Rebecca from \[unclear\] asks you to verify your card at \[link left out\] or \[link left out\] now\./,
    );
    for (const added of [/evil/i, /dot com/i, /https?:\/\/(?!127\.0\.0\.1|localhost)/, /Bank/, INVISIBLE]) {
      expect(first!.body).not.toMatch(added);
    }
    expect(first!.body).toContain('Call back: (415) 555-0132, tomorrow at 10 am');

    // The files its MMS carries, as Twilio would fetch them.
    const cards = await files(first!.mediaUrls);
    expect(cards).toHaveLength(2);
    const contact = cards.find((file) => file.type.startsWith('text/vcard'))!.body;
    const ics = cards.find((file) => file.type.startsWith('text/calendar'))!.body;
    expect(contact).toContain('\r\nFN:Rebecca\r\n');
    expect(contact).not.toContain('ORG:');
    expect(ics).toContain('\r\nSUMMARY:Call back Rebecca\r\n');
    for (const file of [contact, ics]) {
      for (const added of [/evil/i, /dot com/i, /https?:/, /Bank/, INVISIBLE])
        expect(file).not.toMatch(added);
    }

    // The page the link opens.
    const shown = await page(linkCode(first!.body));
    expect(shown.summary).toContain(LINK_MARK);
    expect(JSON.stringify([shown.summary, shown.callback])).not.toMatch(/evil|dot com|Bank|\\u202e/i);
    expect(shown.transcript).toBe(transcript);
  }, 60_000);
});

describe("a model's urgency reason", () => {
  it('never reaches the text, and the page shows none that carries an address', async () => {
    const from = '+14155550932';
    const transcript =
      'Hello, we are calling about your account. Call our department back, or verify at chase dot com.';
    const [only, ...rest] = await voicemail(from, transcript, {
      summary: 'Verify your account at chase dot com.',
      urgency: 'likely_spam',
      urgency_reason: 'verify at chase dot com',
    });
    expect(rest).toEqual([]);
    expect(only!.body).toMatch(/^Likely (a scam|spam)[:.]/);
    expect(only!.body).not.toMatch(/chase|dot com/i);

    const shown = await page(linkCode(only!.body));
    expect(shown.urgency?.level).toBe('likely_spam');
    expect(shown.urgency?.reason ?? '').not.toMatch(/chase|dot com/i);
    expect(shown.summary).toBe(`Verify your account at ${LINK_MARK}.`);
    // What was said is still there, as it was said.
    expect(shown.transcript).toContain('verify at chase dot com');
  }, 60_000);
});

describe('a scam voicemail', () => {
  const transcript = `Hi, this is Daniel from Amazon security. Buy two Google Play gift cards and call me back at 415-555-0132 today at 3 pm. ${FILLER}`;

  it('gets no callback line, contact card, event or MMS file, by text or on its page; FULL still sends it', async () => {
    const from = '+14155550933';
    await text(from, 'CARDS ON');
    const texts = await voicemail(from, transcript, {
      summary: 'Daniel asks you to buy two Google Play gift cards and call back today at 3 pm.',
      caller_name: 'Daniel',
      organization: 'Amazon security',
      callback_number: '415-555-0132',
      callback_time: 'today at 3 pm',
      urgency: 'likely_spam',
      urgency_reason: 'gift card scam',
    });
    expect(texts.map((sent) => sent.body)).toEqual([
      expect.stringMatching(
        /^Likely a scam: asks for payment by gift card\. Reply FULL for the transcript\.\nhttps?:\/\/\S+\/m\/[\w-]{22}$/,
      ),
    ]);
    expect(texts[0]!.mediaUrls).toEqual([]);

    const code = linkCode(texts[0]!.body);
    const shown = await page(code);
    expect(shown.urgency?.level).toBe('likely_spam');
    expect(shown.callback).toBeNull();
    expect(shown.number_unclear ?? null).toBeNull();
    expect(shown.cards).toEqual({
      contact: false,
      event: null,
      no_event: 'No calendar event: this message looks like spam.',
    });
    for (const file of ['contact.vcf', 'event.ics']) {
      expect((await fetch(`${providers.runtime.url}/api/m/${code}/${file}`)).status).toBe(404);
    }
    // The transcript is still there: on the page, and by FULL.
    expect(shown.transcript).toBe(transcript);
    const [full] = await text(from, 'FULL');
    expect(full!.body).toMatch(/^Transcript( \(1\/\d\))?: Hi, this is Daniel from Amazon security\. Buy two/);
  }, 60_000);
});
