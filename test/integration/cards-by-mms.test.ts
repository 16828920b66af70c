/**
 * CARDS ON by text, end to end on the local runtime with the real offline speech engine and Twilio faked (its
 * REST API, which the service's Twilio adapter calls): a sender who texted CARDS ON forwards a voicemail that
 * names the caller and a number, and the reply's first text reaches Twilio with `MediaUrl`s on the site's own
 * domain; each URL answers the file (a vCard that ical.js parses), usage counts the MMS, and once the message
 * is deleted the URLs answer 404 as any unknown code does. A sender with CARDS OFF gets no attachment.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_FILE_NOT_AVAILABLE } from '#core/cards/served-cards';
import { type FakeTwilio, startFakeTwilio } from '../support/fake-twilio';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { incomingForm, postWebhook, saveSettings, waitForMessage } from '../support/pipeline';
import { SpeechClips } from '../support/speech-clips';
import { LONG_VOICEMAILS } from '../support/voicemails';

const TWILIO = {
  accountSid: `AC${'e1'.repeat(16)}`,
  authToken: 'fake-twilio-auth-token-cards-0123456789',
  number: '+15005550006',
};
/** A caller who names himself, his bank and a number the engine hears well (a time too: "before five today"). */
const BANK = LONG_VOICEMAILS.find((voicemail) => voicemail.id === 'bank')!;

let runtime: RunningRuntime;
let twilio: FakeTwilio;
let clip: { bytes: Buffer; contentType: string };
const clips = new SpeechClips();

beforeAll(async () => {
  twilio = await startFakeTwilio({ accountSid: TWILIO.accountSid, authToken: TWILIO.authToken });
  runtime = await startLocalRuntime({ env: { TWILIO_API_BASE_URL: twilio.url } });
  // Twilio sends the texts; no OpenAI key, so the offline engine transcribes and summarizes.
  await saveSettings(runtime, {
    twilio_account_sid: TWILIO.accountSid,
    twilio_auth_token: TWILIO.authToken,
    twilio_phone_number: TWILIO.number,
    auto_reply_enabled: true,
    reply_mode: 'summary_only',
  });
  clip = await clips.clip({ sentence: { id: BANK.id, text: BANK.script, keyWords: [] }, format: 'wav' });
}, 180_000);

afterAll(async () => {
  await runtime?.dispose();
  await twilio?.close();
  await clips.dispose();
});

const post = (form: Record<string, string>) => postWebhook(runtime, form, { token: TWILIO.authToken });
const textsTo = (to: string) => twilio.messages.filter((message) => message.to === to);

async function sendText(from: string, body: string) {
  const before = textsTo(from).length;
  expect((await post(incomingForm({ from, body }))).status).toBe(200);
  return textsTo(from).slice(before);
}

/** Forwards the bank's voicemail from `from`, waits for its run, and returns the texts it got back. */
async function sendVoicemail(from: string) {
  const before = textsTo(from).length;
  const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
  const form = incomingForm({ from, mediaUrl: media.url, mediaType: clip.contentType });
  expect((await post(form)).status).toBe(200);
  const message = await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed', 'failed']);
  expect(message.status).toBe('completed');
  return textsTo(from).slice(before);
}

async function todaysUsage() {
  const response = await fetch(`${runtime.url}/api/usage?days=1`, {
    headers: { authorization: `Bearer ${await runtime.adminToken()}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    days: { mms_sent: number; segments: number; texts_sent: number; estimated_cost: number }[];
    totals: { mms_sent: number };
    prices: { mms_message: number };
  };
}

describe('CARDS ON', () => {
  it('brings the contact card as an MMS attachment on our own domain, until the message is deleted', async () => {
    const from = '+14155550711';
    const [confirmation] = await sendText(from, 'cards on');
    expect(confirmation?.body).toContain('CARDS OFF');
    expect(confirmation?.body).toContain('Msg & data rates may apply');
    expect(confirmation?.mediaUrls).toEqual([]);
    const usageBefore = await todaysUsage();

    const [first, ...rest] = await sendVoicemail(from);
    expect(first?.mediaUrls.length).toBeGreaterThanOrEqual(1);
    for (const url of first!.mediaUrls)
      expect(url).toMatch(new RegExp(`^${runtime.url}/api/c/[A-Za-z0-9_-]{22}$`));
    for (const text of rest) expect(text.mediaUrls).toEqual([]);

    // Twilio fetches each file without signing in; the contact card is a vCard with the caller's number.
    const files = await Promise.all(
      first!.mediaUrls.map(async (url) => {
        const response = await fetch(url);
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toBe('no-store');
        expect(response.headers.get('content-disposition')).toMatch(
          /^attachment; filename="[\w.-]+\.(vcf|ics)"$/,
        );
        return { type: response.headers.get('content-type') ?? '', body: await response.text() };
      }),
    );
    const vcard = files.find((file) => file.type.startsWith('text/vcard'));
    expect(vcard).toBeDefined();
    const card = new ICAL.Component(ICAL.parse(vcard!.body) as unknown[]);
    expect(card.name).toBe('vcard');
    expect(String(card.getFirstPropertyValue('version'))).toBe('4.0');
    expect(String(card.getFirstPropertyValue('tel')).replace(/\D/g, '')).toContain(BANK.number);

    // Usage counts the MMS and its price, not its segments.
    const usage = await todaysUsage();
    expect(usage.days.at(-1)!.mms_sent - usageBefore.days.at(-1)!.mms_sent).toBe(1);
    expect(usage.totals.mms_sent).toBeGreaterThanOrEqual(1);
    expect(
      usage.days.at(-1)!.estimated_cost - usageBefore.days.at(-1)!.estimated_cost,
    ).toBeGreaterThanOrEqual(usage.prices.mms_message - 0.0001);

    // Turning message links off in Settings ends the files already sent (issue 31), until turned on again.
    await saveSettings(runtime, { message_link_enabled: false });
    try {
      for (const url of first!.mediaUrls) expect((await fetch(url)).status).toBe(404);
    } finally {
      await saveSettings(runtime, { message_link_enabled: true });
    }
    for (const url of first!.mediaUrls) expect((await fetch(url)).status).toBe(200);

    // "Delete this message" on its page: the files go with it, and answer as a code never made does.
    const code = /\/m\/([A-Za-z0-9_-]{22})/.exec(first!.body)?.[1];
    expect(code).toBeDefined();
    expect((await fetch(`${runtime.url}/api/m/${code}`, { method: 'DELETE' })).status).toBe(200);
    for (const url of first!.mediaUrls) {
      const response = await fetch(url);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: CARD_FILE_NOT_AVAILABLE });
    }
    const unknown = await fetch(`${runtime.url}/api/c/${'A'.repeat(22)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: CARD_FILE_NOT_AVAILABLE });
  }, 180_000);
});

describe('CARDS OFF', () => {
  it('sends the reply without attachments, and CARDS says which is on', async () => {
    const from = '+14155550712';
    await sendText(from, 'CARDS ON');
    const [off] = await sendText(from, 'CARDS OFF');
    expect(off?.body).toContain('no longer');
    const [current] = await sendText(from, 'Cards');
    expect(current?.body).toContain('are off');
    const texts = await sendVoicemail(from);
    expect(texts.length).toBeGreaterThanOrEqual(1);
    for (const text of texts) expect(text.mediaUrls).toEqual([]);
  }, 180_000);
});
