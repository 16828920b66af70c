/**
 * Issue 25's urgency through the local runtime (its own process, data directory and port) with a real admin
 * token: an operator's correction (PUT /api/messages/{id}/urgency) stored with who and when, published on the
 * live channel as the list shows the message, counted once in usage; refused with the right status and words
 * a person can act on; and the History's urgency filter and the export's urgency columns, which follow the
 * correction. Messages are seeded with their urgency through the repository, as the pipeline leaves them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { Message } from '#core/messages/message';
import type { Urgency } from '#core/urgency/urgency-schema';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { DynamoMessageRepository } from '../../lambdas/adapters/aws/dynamo-message-repository';
import { currentLiveChannel, openEventsClient, subscribe } from '../support/live-events';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';

let runtime: RunningRuntime;
let token: string;
const sockets: WebSocket[] = [];

const SICK_CHILD: Urgency = { level: 'urgent', reason: 'a child is sick at school', source: 'rules' };
const SALES: Urgency = { level: 'likely_spam', reason: 'recorded sales pitch', source: 'rules' };
const ROUTINE: Urgency = { level: 'normal', reason: '', source: 'model' };

/** A completed voice message from Nov 20, `minute` minutes past nine, judged `urgency` (or not at all). */
function judged(id: string, minute: number, urgency: Urgency | null, extra: Partial<Message> = {}): Message {
  return {
    id,
    created_at: `2026-11-20T09:${String(minute).padStart(2, '0')}:00.000Z`,
    sender: '+14155550161',
    phone_number: '+14155550161',
    audio_url: null,
    status: 'completed',
    summary: `Summary of ${id}.`,
    transcript: `Transcript of ${id}.`,
    error_message: null,
    reply_sent: true,
    attempt: 1,
    ...(urgency ? { urgency } : {}),
    ...extra,
  };
}

beforeAll(async () => {
  runtime = await startLocalRuntime();
  token = await runtime.adminToken();
  const db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  const repo = new DynamoMessageRepository(db, runtime.info.tables.messages);
  for (const message of [
    judged('urg-nurse', 9, SICK_CHILD),
    judged('urg-plumber', 8, SICK_CHILD),
    judged('urg-warranty', 7, SALES),
    judged('urg-dentist', 6, ROUTINE),
    judged('urg-before', 5, null),
    judged('urg-waiting', 4, null, { status: 'processing', summary: null, transcript: null }),
    judged('urg-picture', 3, null, {
      status: 'failed',
      error_message: 'Not a voice message.',
      error_retryable: false,
      refusal: {
        reason: 'not-audio',
        kind: 'attachment',
        content_types: ['image/jpeg'],
        text: null,
        count: 1,
        last_at: '2026-11-20T09:03:00.000Z',
        answered: null,
      },
    }),
  ])
    await repo.create(message);
  db.destroy();
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await runtime?.dispose();
});

async function api(path: string, init: { method?: string; body?: unknown; raw?: string } = {}) {
  const body = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  const response = await fetch(`${runtime.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, json, text };
}

const correct = (id: string, body: unknown) => api(`/api/messages/${id}/urgency`, { method: 'PUT', body });
const correctionsToday = async () =>
  ((await api('/api/usage?days=1')).json.days as { urgency_corrections: number }[]).at(-1)!
    .urgency_corrections;
const found = async (query: string) =>
  (
    (await api(`/api/messages?limit=100&from=2026-11-20&to=2026-11-20&${query}`)).json.messages as Message[]
  ).map((m) => m.id);

describe('correcting the urgency', () => {
  it('keeps who and when, reaches every open dashboard as the list shows it, and counts once', async () => {
    const { idToken, accessToken } = await runtime.tokens('admin@example.com', 'admin-password-1');
    const client = await openEventsClient(runtime, accessToken);
    sockets.push(client.socket);
    await expect.poll(() => client.frames.some((f) => f.type === 'connection_ack')).toBe(true);
    subscribe(client, 'all', await currentLiveChannel(runtime, idToken), accessToken);
    await expect
      .poll(() => client.frames.some((f) => f.id === 'all' && f.type === 'subscribe_success'))
      .toBe(true);
    const before = await correctionsToday();

    const corrected = await correct('urg-plumber', { level: 'normal' });
    expect(corrected.status).toBe(200);
    const message = corrected.json.message as Message;
    expect(message.urgency_review).toEqual({
      level: 'normal',
      was: 'urgent',
      reviewed_by: 'admin@example.com',
      reviewed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
    });
    // What the pipeline said stays beside the correction.
    expect(message.urgency).toEqual(SICK_CHILD);

    const live = () =>
      client.frames
        .filter((f) => f.type === 'data' && f.id === 'all')
        .map((f) => JSON.parse(String(f.event)) as { type: string; message: Message })
        .find((c) => c.message.id === 'urg-plumber');
    await expect.poll(() => live()?.message.urgency_review?.level, { timeout: 30_000 }).toBe('normal');
    expect(live()).toEqual({ type: 'update', message });
    expect(await correctionsToday()).toBe(before + 1);
    const usage = await api('/api/usage?days=7');
    expect((usage.json.totals as { urgency_corrections: number }).urgency_corrections).toBe(before + 1);

    // Changing the correction is not another; the pipeline's own level clears it.
    expect((await correct('urg-plumber', { level: 'likely_spam' })).status).toBe(200);
    expect(await correctionsToday()).toBe(before + 1);
    const cleared = await correct('urg-plumber', { level: 'urgent' });
    expect((cleared.json.message as Message).urgency_review).toBeNull();
    expect(await correctionsToday()).toBe(before + 1);
  });

  it.each([
    ['a level it does not know', { level: 'high' }, /^level: must be one of urgent, normal, likely_spam\.$/],
    ['no level', {}, /^level: must be one of urgent, normal, likely_spam\.$/],
    ['a field it does not take', { level: 'normal', reason: 'mine' }, /reason/],
  ])('refuses %s with a 400 saying what to send', async (_, body, message) => {
    const response = await correct('urg-nurse', body);
    expect(response.status).toBe(400);
    expect(String(response.json.error)).toMatch(message);
  });

  it('refuses a body that is not JSON (400), an unknown message (404), and one without urgency (409)', async () => {
    expect(
      (await api('/api/messages/urg-nurse/urgency', { method: 'PUT', raw: 'level=urgent' })).status,
    ).toBe(400);
    expect((await correct('nope', { level: 'urgent' })).status).toBe(404);
    const waiting = await correct('urg-waiting', { level: 'urgent' });
    expect(waiting.status).toBe(409);
    expect(waiting.json.error).toBe(
      'This message has no urgency yet: correct it once processing has finished.',
    );
    const picture = await correct('urg-picture', { level: 'urgent' });
    expect(picture.status).toBe(409);
    expect(picture.json.error).toBe(
      'This is the record of something refused, not a voice message: it has no urgency to correct.',
    );
    const anonymous = await fetch(`${runtime.url}/api/messages/urg-nurse/urgency`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ level: 'normal' }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('the History by urgency', () => {
  it('finds each level by the correction first, and names the levels when given another', async () => {
    expect((await correct('urg-warranty', { level: 'normal' })).status).toBe(200);
    expect(await found('urgency=urgent')).toEqual(['urg-nurse', 'urg-plumber']);
    expect(await found('urgency=normal')).toEqual(['urg-warranty', 'urg-dentist']);
    expect(await found('urgency=likely_spam')).toEqual([]);
    expect(await found('urgency=urgent&status=completed')).toEqual(['urg-nurse', 'urg-plumber']);
    const wrong = await api('/api/messages?urgency=URGENT');
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toBe('urgency: must be one of urgent, normal, likely_spam.');
  });

  it('exports the level shown, the pipeline’s reason with its own level, and whether it was corrected', async () => {
    const response = await api('/api/messages/export?from=2026-11-20&to=2026-11-20&urgency=normal');
    expect(response.status).toBe(200);
    const [header, ...rows] = response.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toMatch(/,"urgency","urgency_reason","urgency_corrected"$/);
    expect(rows.map((row) => [row.split(',')[0], ...row.split(',').slice(-3)])).toEqual([
      ['"urg-warranty"', '"normal"', '""', '"true"'],
      ['"urg-dentist"', '"normal"', '""', '"false"'],
    ]);
    const urgent = await api('/api/messages/export?from=2026-11-20&to=2026-11-20&urgency=urgent');
    expect(urgent.text).toContain('"urgent","a child is sick at school","false"');
    expect((await api('/api/messages/export?urgency=soon')).status).toBe(400);
  });
});
