/**
 * UPLOAD by text, end to end on the local runtime as `npm start` runs it: the sender texts UPLOAD, the outbox
 * holds a one-hour `/u/<code>` link on the site's own address; the page's API signs a PUT of the recording to
 * storage, then makes it a voice message from that sender, which is transcribed, summarized and answered by
 * text; the code is used up (a second use is 404 "This link is not available"). An opted-out sender gets
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LINK_NOT_AVAILABLE } from '#core/audio/upload-link';
import type { Message } from '#core/messages/message';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { incomingForm, outboxTo, postWebhook, recentMessages, waitForMessage } from '../support/pipeline';
import { SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

let runtime: RunningRuntime;
const clips = new SpeechClips();
const callback = SPEECH_CORPUS.find((s) => s.id === 'callback')!;

beforeAll(async () => {
  runtime = await startLocalRuntime({ env: { PIPELINE_RETRY_INTERVAL_MS: '50' } });
});

afterAll(async () => {
  await runtime?.dispose();
  await clips.dispose();
});

const LINK = /(https?:\/\/[^\s/]+)\/u\/([A-Za-z0-9_-]{22})$/;

/** Texts UPLOAD from `from` and returns the link the answer carries. */
async function askForLink(from: string): Promise<{ origin: string; code: string; body: string }> {
  expect((await postWebhook(runtime, incomingForm({ from, body: 'Upload' }))).status).toBe(200);
  const body = (await outboxTo(runtime, from)).at(-1)!.body;
  const match = body.match(LINK);
  if (!match) throw new Error(`No upload link at the end of: ${body}`);
  return { origin: match[1]!, code: match[2]!, body };
}

const api = (code: string, path = '', init: RequestInit = {}) =>
  fetch(`${runtime.url}/api/u/${code}${path}`, init);

const post = (code: string, path: string, body?: unknown) =>
  api(code, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('UPLOAD by text', () => {
  it('answers with a one-hour link whose page takes a recording that is then answered like a voicemail', async () => {
    const from = '+14155550181';
    const { origin, code, body } = await askForLink(from);
    expect(origin).toBe(new URL(runtime.url).origin);
    expect(body).toMatch(/within one hour/);

    const page = await fetch(`${runtime.url}/u/${code}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(page.headers.get('cache-control')).toBe('no-store');

    const status = await api(code);
    expect(status.status).toBe(200);
    expect(status.headers.get('cache-control')).toBe('no-store');
    const { expires_at: expiresAt } = (await status.json()) as { expires_at: string };
    const minutesLeft = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(55);
    expect(minutesLeft).toBeLessThanOrEqual(60);

    const clip = await clips.clip({ sentence: callback, format: 'wav' });
    const signed = await post(code, '/upload', { contentType: clip.contentType, size: clip.bytes.length });
    expect(signed.status).toBe(200);
    const ticket = (await signed.json()) as { url: string; headers: Record<string, string> };
    const put = await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: clip.bytes });
    expect(put.ok).toBe(true);

    const handedIn = await post(code, '/message');
    expect(handedIn.status).toBe(201);

    const mine = (await recentMessages(runtime)).filter((m: Message) => m.phone_number === from);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ sender: from, source: 'sms' });
    const done = await waitForMessage(runtime, mine[0]!.id, ['completed', 'failed']);
    expect(done.status).toBe('completed');
    expect(done.transcript?.toLowerCase()).toContain('call me back');
    const texts = await outboxTo(runtime, from);
    expect(texts.length).toBeGreaterThan(1);
    expect(texts[1]!.body).toMatch(/summary/i);

    // The code is used up: the page's API says the one thing it says for any code that opens nothing.
    for (const again of [await post(code, '/message'), await api(code)]) {
      expect(again.status).toBe(404);
      expect(await again.json()).toMatchObject({ error: UPLOAD_LINK_NOT_AVAILABLE });
    }
    expect((await recentMessages(runtime)).filter((m) => m.phone_number === from)).toHaveLength(1);
  });

  it('refuses a file that is not audio and keeps the link for another recording', async () => {
    const { code } = await askForLink('+14155550182');
    const notAudio = Buffer.from('%PDF-1.7 this is a document, not a recording');
    const signed = await post(code, '/upload', { contentType: 'audio/mpeg', size: notAudio.length });
    const ticket = (await signed.json()) as { url: string; headers: Record<string, string> };
    expect((await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: notAudio })).ok).toBe(
      true,
    );
    const refused = await post(code, '/message');
    expect(refused.status).toBe(415);
    expect((await api(code)).status).toBe(200);
  });

  it('says "not available" for a tampered code, and sends an opted-out sender nothing', async () => {
    const { code } = await askForLink('+14155550183');
    const tampered = `${code.slice(0, -2)}${code.endsWith('AA') ? 'BB' : 'AA'}`;
    const answer = await api(tampered);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error: UPLOAD_LINK_NOT_AVAILABLE });

    const optedOut = '+14155550184';
    await postWebhook(runtime, incomingForm({ from: optedOut, body: 'STOP' }));
    await postWebhook(runtime, incomingForm({ from: optedOut, body: 'UPLOAD' }));
    expect(await outboxTo(runtime, optedOut)).toEqual([]);
  });
});
