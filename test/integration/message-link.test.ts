/**
 * The whole message behind a link, on the local runtime as `npm start` runs it: a voicemail's reply (the
 * outbox) ends with a `/m/<code>` link on the site's own address; its API answers with the message, plays
 * the recording from a signed link, and 404s "This message is not available" for a tampered code and once
 * the sender texts DELETE or once it is older than its lifetime (Settings); with the setting off, no link is
 * sent and the links already sent stop working.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_NOT_AVAILABLE } from '#core/messages/message-link';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { LOCAL_ACCOUNT_SID } from '../../lambdas/adapters/twilio/local-account';
import { startFakeTwilio } from '../support/fake-twilio';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import {
  deleteCodeIn,
  incomingForm,
  localWebhookToken,
  outboxTo,
  postWebhook,
  saveSettings,
  waitForMessage,
} from '../support/pipeline';
import { SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

let runtime: RunningRuntime;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
const clips = new SpeechClips();
const callback = SPEECH_CORPUS.find((s) => s.id === 'callback')!;

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
  await clips.dispose();
});

/** Sends a voicemail from `from` as Twilio would and waits until it is answered; returns its texts. */
async function voicemailFrom(from: string) {
  const clip = await clips.clip({ sentence: callback, format: 'm4a' });
  const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
  const form = incomingForm({ from, mediaUrl: media.url, mediaType: clip.contentType });
  expect((await postWebhook(runtime, form)).status).toBe(200);
  const done = await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed', 'failed']);
  expect(done.status).toBe('completed');
  return { message: done, replies: await outboxTo(runtime, from) };
}

/** The link, the first text's last line (at `#t=` where an unclear number was said). */
const LINK = /(https?:\/\/[^\s/]+)\/m\/([A-Za-z0-9_-]{22})(?:#t=\d+)?$/;

function linkIn(body: string): { origin: string; code: string } {
  const match = body.split('\n').at(-1)!.match(LINK);
  if (!match) throw new Error(`No link at the end of: ${body}`);
  return { origin: match[1]!, code: match[2]! };
}

const api = (code: string, init: RequestInit = {}) => fetch(`${runtime.url}/api/m/${code}`, init);

describe('the link in a reply', () => {
  it('ends the first text, on the site, and opens the message: summary, full transcript, time received', async () => {
    const from = '+14155550171';
    const { message, replies } = await voicemailFrom(from);
    const { origin, code } = linkIn(replies[0]!.body);
    expect(origin).toBe(new URL(runtime.url).origin);
    // A voicemail this short is texted whole in that first text, once, full mode or not.
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toMatch(/^[^\n]*whole message: /);

    const response = await api(code);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const shown = (await response.json()) as Record<string, unknown>;
    expect(shown).toMatchObject({
      summary: message.summary,
      transcript: message.transcript,
      received_at: message.created_at,
      has_audio: true,
    });
    // The link works 30 days (the default lifetime), well inside the transcript retention (90 days).
    const days = (Date.parse(shown.expires_at as string) - Date.parse(message.created_at)) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    // Play: a short-lived signed link to the stored recording, which downloads the audio.
    const audio = await api(`${code}/audio`, { method: 'POST' });
    expect(audio.status).toBe(200);
    const { url } = (await audio.json()) as { url: string };
    expect(url).toMatch(/X-Amz-Signature=/);
    const recording = await fetch(url);
    expect(recording.status).toBe(200);
    expect((await recording.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    // The page itself: the app, not indexed, not cached, never sent on as a referrer.
    const page = await fetch(`${runtime.url}/m/${code}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('a tampered or malformed code gets the same 404 "This message is not available"', async () => {
    const { replies } = await voicemailFrom('+14155550172');
    const { code } = linkIn(replies[0]!.body);
    const tampered = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, 'short', `${code}x`]) {
      const response = await api(bad);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ error: MESSAGE_NOT_AVAILABLE });
      expect((await api(`${bad}/audio`, { method: 'POST' })).status).toBe(404);
      expect((await api(bad, { method: 'DELETE' })).status).toBe(404);
    }
    expect((await api(code)).status).toBe(200);
  });

  it('stops working when the sender texts DELETE with its code', async () => {
    const from = '+14155550173';
    const { replies } = await voicemailFrom(from);
    const { code } = linkIn(replies[0]!.body);
    expect((await api(code)).status).toBe(200);

    expect((await postWebhook(runtime, incomingForm({ from, body: 'DELETE' }))).status).toBe(200);
    expect((await api(code)).status).toBe(200);
    const deleteCode = deleteCodeIn((await outboxTo(runtime, from)).at(-1)!.body);
    const confirm = incomingForm({ from, body: `DELETE ${deleteCode}` });
    expect((await postWebhook(runtime, confirm)).status).toBe(200);
    await expect.poll(async () => (await api(code)).status, { timeout: 10_000 }).toBe(404);
    expect(await (await api(code)).json()).toEqual({ error: MESSAGE_NOT_AVAILABLE });
  });

  it('"Delete this message" through the link erases it: the link 404s and its recording is gone', async () => {
    const { replies } = await voicemailFrom('+14155550174');
    const { code } = linkIn(replies[0]!.body);
    const { url } = (await (await api(`${code}/audio`, { method: 'POST' })).json()) as { url: string };

    const deleted = await api(code, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await api(code)).status).toBe(404);
    expect((await fetch(url)).status).toBe(404);
  });

  it("answers 404 with the page's words once older than its lifetime, and follows Settings", async () => {
    const { message, replies } = await voicemailFrom('+14155550176');
    const { code } = linkIn(replies[0]!.body);
    expect((await api(code)).status).toBe(200);

    // The link was sent 31 days ago, as far as the table says.
    const db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
    try {
      await db.send(
        new UpdateCommand({
          TableName: runtime.info.tables.messages,
          Key: { id: message.id },
          UpdateExpression: 'SET link_made_at = :made',
          ExpressionAttributeValues: { ':made': new Date(Date.now() - 31 * 86_400_000).toISOString() },
        }),
      );
    } finally {
      db.destroy();
    }
    const expired = await api(code);
    expect(expired.status).toBe(404);
    expect(expired.headers.get('cache-control')).toBe('no-store');
    expect(await expired.json()).toEqual({ error: MESSAGE_NOT_AVAILABLE });
    expect((await api(`${code}/audio`, { method: 'POST' })).status).toBe(404);
    expect((await api(code, { method: 'DELETE' })).status).toBe(404);

    // A longer lifetime in Settings applies to the links already sent; the message was never deleted.
    await saveSettings(runtime, { message_link_days: 60 });
    try {
      expect((await api(code)).status).toBe(200);
    } finally {
      await saveSettings(runtime, { message_link_days: 30 });
    }
  });

  it('already sent, stops working when "Link to the whole message" is turned off, and works again when on', async () => {
    const { replies } = await voicemailFrom('+14155550177');
    const { code } = linkIn(replies[0]!.body);
    expect((await api(code)).status).toBe(200);

    await saveSettings(runtime, { message_link_enabled: false });
    try {
      // Before issue 31 the links already sent kept working with the setting off.
      const off = await api(code);
      expect(off.status).toBe(404);
      expect(await off.json()).toEqual({ error: MESSAGE_NOT_AVAILABLE });
      expect((await api(`${code}/audio`, { method: 'POST' })).status).toBe(404);
      expect((await api(`${code}/contact.vcf`)).status).toBe(404);
      expect((await api(code, { method: 'DELETE' })).status).toBe(404);
    } finally {
      await saveSettings(runtime, { message_link_enabled: true });
    }
    // The message was not deleted by the attempt: turned back on, the link opens it.
    expect((await api(code)).status).toBe(200);
  });

  it('is not sent when "Link to the whole message" is off in Settings', async () => {
    await saveSettings(runtime, { message_link_enabled: false });
    try {
      const { replies } = await voicemailFrom('+14155550175');
      expect(replies[0]!.body).toMatch(/summary/i);
      expect(replies.map((r) => r.body).join('\n')).not.toContain('/m/');
    } finally {
      await saveSettings(runtime, { message_link_enabled: true });
    }
  });
});
