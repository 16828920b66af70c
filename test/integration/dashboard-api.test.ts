/**
 * The routes the dashboard calls, through the local runtime (its own process, data directory and port) with
 * real tokens: the two-step upload to s3rver and its check, the audio link, sign-ups and their CSV, and the
 * Settings checks against local fakes of OpenAI and Twilio, run with the real SDK and fetch.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { createS3Client } from '../../lambdas/adapters/aws/clients/s3-client';
import { type FakeOpenAi, startFakeOpenAi } from '../support/fake-openai';
import { type FakeTwilio, startFakeTwilio } from '../support/fake-twilio';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

const OPENAI_KEY = 'sk-test-dashboard-0123456789abcdefXyZ1';
const TWILIO_SID = 'AC0123456789abcdef0123456789abcdef';
const TWILIO_TOKEN = 'twilio-token-dashboard-0123456789';

let runtime: RunningRuntime;
let openai: FakeOpenAi;
let twilio: FakeTwilio;
let token: string;
const clips = new SpeechClips();
let db: ReturnType<typeof createDocumentClient>;
let s3: ReturnType<typeof createS3Client>;

beforeAll(async () => {
  [openai, twilio] = await Promise.all([
    startFakeOpenAi({ apiKey: OPENAI_KEY }),
    startFakeTwilio({ accountSid: TWILIO_SID, authToken: TWILIO_TOKEN }),
  ]);
  runtime = await startLocalRuntime({
    env: { OPENAI_BASE_URL: openai.baseURL, TWILIO_API_BASE_URL: twilio.url },
  });
  token = await runtime.adminToken();
  db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  s3 = createS3Client({ region: 'us-east-1', endpoint: runtime.info.s3.endpoint });
});

afterAll(async () => {
  db?.destroy();
  s3?.destroy();
  await runtime?.dispose();
  await Promise.all([openai?.close(), twilio?.close(), clips.dispose()]);
});

async function api(path: string, init: { method?: string; body?: unknown; token?: string | null } = {}) {
  const bearer = init.token === undefined ? token : init.token;
  const response = await fetch(`${runtime.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, json, text, headers: response.headers };
}

async function objectKeys(prefix: string): Promise<string[]> {
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: runtime.info.s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((o) => o.Key!);
}

async function messageIds(): Promise<string[]> {
  const { Items = [] } = await db.send(new ScanCommand({ TableName: runtime.info.tables.messages }));
  return Items.map((m) => String(m.id));
}

type Ticket = { uploadKey: string; url: string; headers: Record<string, string> };

/** The browser's two steps: ask for a signed URL, PUT the bytes there. */
async function upload(bytes: Buffer, contentType: string): Promise<Ticket> {
  const asked = await api('/api/uploads', { method: 'POST', body: { contentType, size: bytes.byteLength } });
  expect(asked.status).toBe(200);
  const ticket = asked.json as unknown as Ticket;
  const put = await fetch(ticket.url, {
    method: 'PUT',
    headers: ticket.headers,
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  return ticket;
}

describe('the two-step upload', () => {
  it('is only for administrators', async () => {
    const body = { contentType: 'audio/wav', size: 1000 };
    expect((await api('/api/uploads', { method: 'POST', body, token: null })).status).toBe(401);
    const visitor = await runtime.userToken();
    expect((await api('/api/uploads', { method: 'POST', body, token: visitor })).status).toBe(403);
    const key = await api('/api/messages', {
      method: 'POST',
      body: { uploadKey: 'uploads/00000000-0000-4000-8000-000000000000', sender: 'x' },
      token: visitor,
    });
    expect(key.status).toBe(403);
  });

  it('refuses a file over 25 MB before anything is sent, and an empty one', async () => {
    const big = await api('/api/uploads', {
      method: 'POST',
      body: { contentType: 'audio/mpeg', size: 25 * 1024 * 1024 + 1 },
    });
    expect(big.status).toBe(413);
    expect(big.json.error).toBe('The audio file is larger than 25 MB: upload a shorter recording.');
    expect(
      (await api('/api/uploads', { method: 'POST', body: { contentType: 'audio/mpeg', size: 0 } })).status,
    ).toBe(400);
  });

  it('signs a PUT of the declared size and type, and still refuses a body over 25 MB that got through', async () => {
    const asked = await api('/api/uploads', { method: 'POST', body: { contentType: 'audio/wav', size: 10 } });
    const ticket = asked.json as unknown as Ticket;
    expect(ticket.uploadKey).toMatch(/^uploads\/[0-9a-f-]{36}$/);
    expect(ticket.headers).toEqual({ 'content-type': 'audio/wav' });
    expect(new URL(ticket.url).searchParams.get('X-Amz-SignedHeaders')).toBe(
      'content-length;content-type;host',
    );
    // S3 refuses a body of another length (a signed header); s3rver checks no V4 signature, so locally the
    // oversized file lands, and the check that follows is what refuses it and removes it.
    const put = await fetch(ticket.url, {
      method: 'PUT',
      headers: ticket.headers,
      body: new Uint8Array(25 * 1024 * 1024 + 1),
    });
    expect(put.status).toBe(200);
    const refused = await api('/api/messages', {
      method: 'POST',
      body: { uploadKey: ticket.uploadKey, sender: 'test-user' },
    });
    expect(refused.status).toBe(413);
    expect(await objectKeys('uploads/')).toEqual([]);
  });

  it('turns an uploaded voice message into a message and leaves no copy in the upload area', async () => {
    const clip = await clips.clip({ sentence: SPEECH_CORPUS[0]!, format: 'wav' });
    const ticket = await upload(clip.bytes, clip.contentType);
    const received = await api('/api/messages', {
      method: 'POST',
      body: { uploadKey: ticket.uploadKey, sender: 'test-user' },
    });
    expect(received.status).toBe(201);
    const messageId = String(received.json.messageId);
    expect(await messageIds()).toContain(messageId);
    expect(await objectKeys('uploads/')).toEqual([]);
    expect(await objectKeys(`audio/${messageId}`)).toEqual([`audio/${messageId}.wav`]);

    // The player's link plays exactly those bytes, for a while, and is not the bucket's public address.
    const link = await api(`/api/messages/${messageId}/audio`);
    expect(link.status).toBe(200);
    const url = String(link.json.url);
    expect(url).toContain('X-Amz-Signature=');
    expect(url).toContain('X-Amz-Expires=600');
    const played = await fetch(url);
    expect(played.status).toBe(200);
    expect(Buffer.from(await played.arrayBuffer()).equals(clip.bytes)).toBe(true);
  });

  it('refuses a file that is not audio with the reason, and keeps nothing of it', async () => {
    const before = await messageIds();
    const ticket = await upload(Buffer.from('%PDF-1.7\nnot a voice message\n'), 'application/pdf');
    const refused = await api('/api/messages', {
      method: 'POST',
      body: { uploadKey: ticket.uploadKey, sender: 'test-user' },
    });
    expect(refused.status).toBe(415);
    expect(refused.json.error).toMatch(/^The file is not audio we can read\. Upload MP3, WAV, M4A/);
    expect(await messageIds()).toEqual(before);
    expect(await objectKeys('uploads/')).toEqual([]);
  });

  it('refuses a key it did not give, and a key whose upload is gone', async () => {
    const foreign = await api('/api/messages', {
      method: 'POST',
      body: { uploadKey: 'audio/somebody-else.wav', sender: 'x' },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json.error).toMatch(/uploadKey is not a key POST \/api\/uploads gave/);
    const gone = await api('/api/messages', {
      method: 'POST',
      body: { uploadKey: 'uploads/00000000-0000-4000-8000-000000000000' },
    });
    expect(gone.status).toBe(404);
    expect(gone.json.error).toBe('The uploaded file was not found (uploads expire): upload it again.');
  });

  it('refuses a damaged recording (422) and removes it from the upload area', async () => {
    const clip = await clips.clip({ sentence: SPEECH_CORPUS[0]!, format: 'm4a' });
    const before = await messageIds();
    const ticket = await upload(clip.bytes.subarray(0, Math.floor(clip.bytes.byteLength / 2)), 'audio/mp4');
    const refused = await api('/api/messages', {
      method: 'POST',
      body: { uploadKey: ticket.uploadKey, sender: 'test-user' },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatch(/damaged or incomplete/);
    expect(await messageIds()).toEqual(before);
    expect(await objectKeys('uploads/')).toEqual([]);
  });

  it('takes only JSON or multipart at POST /api/messages, and only from an administrator', async () => {
    const ticket = { uploadKey: 'uploads/00000000-0000-4000-8000-000000000000', sender: 'x' };
    expect((await api('/api/messages', { method: 'POST', body: ticket, token: null })).status).toBe(401);
    const text = await fetch(`${runtime.url}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(415);
    expect(((await text.json()) as { error: string }).error).toMatch(/JSON \{uploadKey, sender\}.*multipart/);
  });

  it('answers 404 for the audio of a message that does not exist', async () => {
    const missing = await api('/api/messages/no-such-message/audio');
    expect(missing.status).toBe(404);
    expect((await api('/api/messages/no-such-message/audio', { token: null })).status).toBe(401);
  });
});

describe('sign-ups on the dashboard', () => {
  it('counts them all and lists the latest first; the CSV has every one, safe to open in a spreadsheet', async () => {
    const people = [
      { name: 'Grace Hopper', email: 'grace@example.com', phone: '(415) 555-0199', sms_opt_in: true },
      { name: '=HYPERLINK("http://evil.example","click")', email: 'formula@example.com' },
      { name: 'Quote "Q" Person, Jr.; =1+1', email: 'quote@example.com', phone: '', sms_opt_in: false },
    ];
    for (const person of people) {
      expect((await api('/api/signups', { method: 'POST', body: person, token: null })).status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const latest = await api('/api/signups?limit=2');
    expect(latest.status).toBe(200);
    expect(latest.json.total).toBe(3);
    expect((latest.json.signups as { email: string }[]).map((s) => s.email)).toEqual([
      'quote@example.com',
      'formula@example.com',
    ]);
    expect((latest.json.signups as Record<string, unknown>[])[0]).toMatchObject({
      name: 'Quote "Q" Person, Jr.; =1+1',
      phone: null,
      sms_opt_in: false,
      created_at: expect.any(String),
    });

    const csv = await api('/api/signups/export');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="signups-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      '"name","email","phone","sms_opt_in","sms_consent","sms_confirmed_at","created_at","updated_at"',
    );
    // Every field quoted; no formula where cells split on commas, nor on semicolons ("; =1+1").
    expect(lines[1]).toMatch(/^"Quote ""Q"" Person, Jr\.; '=1\+1","quote@example\.com","","false","No","",/);
    expect(lines[2]).toMatch(
      /^"'=HYPERLINK\(""http:\/\/evil\.example"",""click""\)","formula@example\.com","","false","No","",/,
    );
    // Grace asked for texts; her phone has not texted JOIN with her code.
    expect(lines[3]).toMatch(
      /^"Grace Hopper","grace@example\.com","\+14155550199","true","Waiting for JOIN","",/,
    );
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');

    expect((await api('/api/signups', { token: null })).status).toBe(401);
    expect((await api('/api/signups/export', { token: await runtime.userToken() })).status).toBe(403);
  });
});

describe('the Settings checks', () => {
  const check = (provider: string) => api(`/api/settings/check/${provider}`, { method: 'POST' });
  const save = (body: Record<string, unknown>) => api('/api/settings', { method: 'PUT', body });

  it('say what is missing before asking anyone', async () => {
    expect((await check('openai')).json).toEqual({
      ok: false,
      message: 'No OpenAI API key is saved: paste one and save, then check again.',
    });
    expect((await check('twilio')).json).toEqual({
      ok: false,
      message: 'Save the Account SID, the auth token and the SMS number first, then check again.',
    });
    expect((await check('sendgrid')).status).toBe(400);
    expect(openai.requests).toHaveLength(0);
  });

  it('tell whether OpenAI takes the saved key, never repeating it', async () => {
    await save({ openai_api_key: 'sk-wrong-key-0123456789abcdef' });
    const refused = await check('openai');
    expect(refused.json).toEqual({
      ok: false,
      message:
        'OpenAI refused the saved API key: it may be mistyped, revoked or in another project. Save a current key.',
    });
    expect(refused.text).not.toContain('sk-wrong');
    await save({ openai_api_key: OPENAI_KEY });
    expect((await check('openai')).json).toEqual({ ok: true, message: 'OpenAI accepted the saved API key.' });
    expect(openai.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/models' });
    await save({ openai_api_key: null });
  });

  it('tell whether Twilio takes the SID and token and owns the number', async () => {
    twilio.phoneNumbers = ['+14155550177'];
    await save({
      twilio_account_sid: TWILIO_SID,
      twilio_auth_token: 'not-the-right-token-0123456789',
      twilio_phone_number: '+14155550177',
    });
    const refused = await check('twilio');
    expect(refused.json).toEqual({
      ok: false,
      message:
        'Twilio refused the saved Account SID and auth token: copy both again from the Twilio Console and save.',
    });
    expect(refused.text).not.toContain('not-the-right-token');

    await save({ twilio_auth_token: TWILIO_TOKEN });
    // Issue 33: and its texts come here (the rest of that check: twilio-webhooks-check.test.ts).
    twilio.numberWebhooks = { '+14155550177': { sms_url: runtime.info.webhookUrl } };
    expect((await check('twilio')).json).toEqual({
      ok: true,
      message:
        'Twilio accepted the Account SID and auth token, and (415) 555-0177 is a number of that account. Texts to (415) 555-0177 come to this service.',
    });

    await save({ twilio_phone_number: '+14155550188' });
    const notOwned = await check('twilio');
    expect(notOwned.json).toEqual({
      ok: false,
      message:
        'Twilio accepted the Account SID and auth token, but (415) 555-0188 is not a number of that account: save one of its numbers.',
    });
    expect(notOwned.text).not.toContain(TWILIO_TOKEN);
    await save({ twilio_account_sid: null, twilio_auth_token: null, twilio_phone_number: null });
  });
});

describe('the webhook URL after uploads moved', () => {
  /** What an admin's upload sent to the old URL is told: where uploads go now. */
  const MOVED = /Dashboard uploads moved to POST \/api\/messages/;

  it('answers an upload sent to POST /api/receive-message 403 (unsigned: refused unread) naming POST /api/messages, and keeps nothing', async () => {
    const clip = await clips.clip({ sentence: SPEECH_CORPUS[0]!, format: 'wav' });
    const before = await messageIds();
    const ticket = await upload(clip.bytes, clip.contentType);

    const json = await api('/api/receive-message', {
      method: 'POST',
      body: { uploadKey: ticket.uploadKey, sender: 'test-user' },
    });
    // Refused before its body is read, as the firewall does in AWS (issue 31): no signature, no entry.
    expect(json.status).toBe(403);
    expect(json.json.error).toMatch(MOVED);

    const form = new FormData();
    const start = new Uint8Array(clip.bytes.subarray(0, 4096));
    form.set('audio', new Blob([start], { type: clip.contentType }), clip.fileName);
    form.set('sender', 'test-user');
    const multipart = await fetch(`${runtime.url}/api/receive-message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(multipart.status).toBe(403);
    expect(((await multipart.json()) as { error: string }).error).toMatch(MOVED);
    expect(await messageIds()).toEqual(before);

    // The webhook cannot touch the upload area: the file is still there, and the new route takes it.
    expect(await objectKeys('uploads/')).toEqual([ticket.uploadKey]);
    const moved = await api('/api/messages', {
      method: 'POST',
      body: { uploadKey: ticket.uploadKey, sender: 'test-user' },
    });
    expect(moved.status).toBe(201);
    expect(await objectKeys('uploads/')).toEqual([]);
  });

  it('answers a form post with an admin token 403 naming POST /api/messages: a token grants nothing there', async () => {
    const before = await messageIds();
    const answer = await fetch(`${runtime.url}/api/receive-message`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ MessageSid: `SM${'0'.repeat(32)}`, From: '+14155550199', Body: 'HELP' }),
    });
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { error: string }).error).toMatch(MOVED);
    expect(await messageIds()).toEqual(before);
  });
});
