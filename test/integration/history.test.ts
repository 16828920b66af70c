/**
 * The message history through the local runtime (its own process, data directory and port) with a real
 * admin token: 30 messages from three senders paged 25 + 5, filtered by sender typed three ways, by status,
 * by how their texts fared (delivery) and by date, the CSV export of a filtered list (formula-safe), the
 * wrong-transcript mark stored and exported, and cursors that were not given out refused with a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsPart } from '#core/delivery/delivery-status';
import type { Message } from '#core/messages/message';
import { MESSAGE_STATUSES } from '#core/messages/status';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { DynamoMessageRepository } from '../../lambdas/adapters/aws/dynamo-message-repository';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';

const SENDERS = ['+14155550101', '+14155550102', '+14155550103'] as const;

let runtime: RunningRuntime;
let token: string;

/**
 * The texts of message i: completed ones (i % 4 = 2) delivered, or (every other one) not delivered; every
 * other failed one (i % 8 = 3) has a failure notice still waiting for the carrier; the rest none.
 */
function texts(i: number): SmsPart[] {
  const status = i % 8 === 2 ? 'delivered' : i % 8 === 6 ? 'undelivered' : i % 8 === 3 ? 'sent' : null;
  if (status === null) return [];
  return [
    {
      sid: `SM${String(i).padStart(32, '0')}`,
      index: 0,
      kind: i % 8 === 3 ? 'failure-notice' : 'reply',
      segments: 1,
      status,
      error_code: status === 'undelivered' ? 30007 : null,
      status_updated_at: '2026-11-01T00:00:00.000Z',
    },
  ];
}

/** Message i of 30: sender i % 3, status i % 4, one every 12 hours from Nov 1 (so dates span 15 days). */
function seeded(i: number): Message {
  const sender = SENDERS[i % 3]!;
  const status = MESSAGE_STATUSES[i % 4]!;
  const parts = texts(i);
  return {
    ...(parts.length > 0 ? { sms_parts: parts } : {}),
    id: `hist-${String(i).padStart(2, '0')}`,
    created_at: new Date(Date.parse('2026-11-01T00:00:00.000Z') + i * 12 * 3_600_000).toISOString(),
    sender,
    phone_number: sender,
    audio_url: null,
    status,
    summary: status === 'completed' ? `Summary ${i}` : null,
    transcript: status === 'completed' ? `Transcript ${i}` : null,
    error_message: status === 'failed' ? 'The audio could not be read.' : null,
    reply_sent: status === 'completed',
  };
}

beforeAll(async () => {
  runtime = await startLocalRuntime();
  token = await runtime.adminToken();
  const db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  const repo = new DynamoMessageRepository(db, runtime.info.tables.messages);
  for (let i = 0; i < 30; i++) await repo.create(seeded(i));
  await repo.create({
    ...seeded(30),
    id: 'hist-formula',
    created_at: '2026-10-20T00:00:00.000Z',
    status: 'completed',
    summary: '=HYPERLINK("http://evil.example","click")',
    transcript: 'Note: x;=1+1',
  });
  db.destroy();
});

afterAll(async () => {
  await runtime?.dispose();
});

async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${runtime.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
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

type Page = { messages: Message[]; count: number; next_cursor: string | null };

/** Every page of a query, following the cursors. */
async function allPages(query: string, limit = 25): Promise<Page[]> {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const suffix = cursor ? `&cursor=${cursor}` : '';
    const response = await api(`/api/messages?limit=${limit}&${query}${suffix}`);
    expect(response.status).toBe(200);
    pages.push(response.json as unknown as Page);
    cursor = (response.json as unknown as Page).next_cursor;
  } while (cursor);
  return pages;
}

const ids = (pages: Page[]) => pages.flatMap((p) => p.messages.map((m) => m.id));

describe('the history', () => {
  it('pages the 31 messages newest first, 25 and then the rest, the last page without a cursor', async () => {
    const pages = await allPages('');
    expect(pages.map((p) => p.count)).toEqual([25, 6]);
    expect(pages[1]!.next_cursor).toBeNull();
    expect(ids(pages)).toEqual([
      ...Array.from({ length: 30 }, (_, i) => `hist-${String(29 - i).padStart(2, '0')}`),
      'hist-formula',
    ]);
  });

  it('keeps the Recent Messages default: the ten newest', async () => {
    const recent = await api('/api/messages');
    expect(recent.json.count).toBe(10);
    expect((recent.json.messages as Message[])[0]!.id).toBe('hist-29');
  });

  it.each(['(415) 555-0102', '415-555-0102', '+14155550102'])(
    'finds one sender typed as %s: their ten messages, newest first',
    async (typed) => {
      const pages = await allPages(`sender=${encodeURIComponent(typed)}`, 4);
      expect(pages.map((p) => p.count)).toEqual([4, 4, 2]);
      expect(ids(pages)).toEqual([
        'hist-28',
        'hist-25',
        'hist-22',
        'hist-19',
        'hist-16',
        'hist-13',
        'hist-10',
        'hist-07',
        'hist-04',
        'hist-01',
      ]);
    },
  );

  it('finds one status, alone and with a sender', async () => {
    const failed = await allPages('status=failed');
    expect(ids(failed)).toEqual([
      'hist-27',
      'hist-23',
      'hist-19',
      'hist-15',
      'hist-11',
      'hist-07',
      'hist-03',
    ]);
    const both = await allPages(`status=failed&sender=${encodeURIComponent('+14155550101')}`);
    expect(ids(both)).toEqual(['hist-27', 'hist-15', 'hist-03']);
  });

  it('finds a date range, a plain `to` day included whole', async () => {
    // Nov 3 and Nov 4 (UTC): messages 4 to 7.
    const pages = await allPages('from=2026-11-03&to=2026-11-04');
    expect(ids(pages)).toEqual(['hist-07', 'hist-06', 'hist-05', 'hist-04']);
    // Times: `to` is exclusive (message 18, at Nov 10 00:00, is left out).
    const completed = await allPages('from=2026-11-03T00:00:00Z&to=2026-11-10T00:00:00Z&status=completed');
    expect(ids(completed)).toEqual(['hist-14', 'hist-10', 'hist-06']);
  });

  it('finds how the texts fared (delivery), alone and with a sender or a status', async () => {
    expect(ids(await allPages('delivery=delivered'))).toEqual(['hist-26', 'hist-18', 'hist-10', 'hist-02']);
    expect(ids(await allPages('delivery=not_delivered', 2))).toEqual([
      'hist-22',
      'hist-14',
      'hist-06',
      'hist-formula',
    ]);
    expect(ids(await allPages('delivery=waiting&status=failed'))).toEqual([
      'hist-27',
      'hist-19',
      'hist-11',
      'hist-03',
    ]);
    expect(ids(await allPages('delivery=waiting&status=completed'))).toEqual([]);
    const sender = encodeURIComponent('+14155550102');
    expect(ids(await allPages(`delivery=not_delivered&sender=${sender}`))).toEqual(['hist-22']);
    const none = ids(await allPages('delivery=none'));
    expect(none).toHaveLength(31 - 12);
    expect(none.slice(0, 3)).toEqual(['hist-29', 'hist-28', 'hist-25']);
  });

  it.each([
    ['a cursor that was not given out', 'cursor=bm90LWEtY3Vyc29y', /^cursor: is not one this list gave out/],
    ['a cursor with a character changed', 'cursor=!!', /^cursor: is not one this list gave out/],
    ['a sender that is not a number', 'sender=maria', /^sender: "maria" is not a phone number\./],
    ['an unknown status', 'status=lost', /^status: must be one of pending, processing, completed, failed\.$/],
    [
      'an unknown delivery',
      'delivery=bounced',
      /^delivery: must be one of delivered, waiting, not_delivered, none\.$/,
    ],
    ['a date range the wrong way round', 'from=2026-11-05&to=2026-11-01', /^to: must be after from\.$/],
    ['a page of 101', 'limit=101', /^limit: must be a whole number from 1 to 100\.$/],
  ])('refuses %s with a 400 saying what to do', async (_, query, message) => {
    const response = await api(`/api/messages?${query}`);
    expect(response.status).toBe(400);
    expect(String(response.json.error)).toMatch(message);
  });

  it('refuses a real cursor edited to point elsewhere with a 400, never a 500', async () => {
    const first = await api('/api/messages?limit=25');
    const cursor = String(first.json.next_cursor);
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    const edited = Buffer.from(JSON.stringify({ ...decoded, t: 'yesterday' })).toString('base64url');
    expect((await api(`/api/messages?cursor=${edited}`)).status).toBe(400);
    const outOfRange = await api(`/api/messages?cursor=${cursor}&from=2026-11-20`);
    expect(outOfRange.status).toBe(400);
    expect(String(outOfRange.json.error)).toMatch(/^cursor: belongs to another date range/);
  });
});

describe('the CSV export', () => {
  it('holds the filtered list, newest first, with spreadsheet formulas defused', async () => {
    const response = await api(`/api/messages/export?status=completed&to=2026-11-02`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="messages-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get('x-export-truncated')).toBe('false');
    const lines = response.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines.map((line) => line.split(',')[0])).toEqual(['"id"', '"hist-02"', '"hist-formula"']);
    // Inert where cells are split on commas, and where they are split on semicolons (x;=1+1).
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")","Note: x;'=1+1"`);
  });

  it('narrows by delivery too, and says how each message’s texts fared', async () => {
    const response = await api('/api/messages/export?delivery=not_delivered');
    expect(response.status).toBe(200);
    const lines = response.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const column = lines[0]!.split(',').indexOf('"delivery"');
    expect(column).toBeGreaterThan(0);
    expect(lines.slice(1).map((line) => [line.split(',')[0], line.split(',')[column]])).toEqual([
      ['"hist-22"', '"not_delivered"'],
      ['"hist-14"', '"not_delivered"'],
      ['"hist-06"', '"not_delivered"'],
      ['"hist-formula"', '"not_delivered"'],
    ]);
    expect((await api('/api/messages/export?delivery=maybe')).status).toBe(400);
  });

  it('refuses bad filters as the list does, and is for administrators only', async () => {
    expect((await api('/api/messages/export?sender=12')).status).toBe(400);
    const anonymous = await fetch(`${runtime.url}/api/messages/export`);
    expect(anonymous.status).toBe(401);
  });
});

describe('the wrong-transcript mark', () => {
  it('is stored with who and when, shown in the list and exported, and counted once in usage', async () => {
    const wrongToday = async () =>
      ((await api('/api/usage?days=1')).json.days as { wrong_transcripts: number }[]).at(-1)!
        .wrong_transcripts;
    const before = await wrongToday();
    const marked = await api('/api/messages/hist-26/transcript-review', {
      method: 'PUT',
      body: { wrong: true, corrected_text: 'Transcript twenty-six, said right.' },
    });
    expect(marked.status).toBe(200);
    expect((marked.json.message as Message).transcript_review).toMatchObject({
      verdict: 'wrong',
      corrected_text: 'Transcript twenty-six, said right.',
      reviewed_by: 'admin@example.com',
    });
    const listed = await api('/api/messages?limit=5');
    const shown = (listed.json.messages as Message[]).find((m) => m.id === 'hist-26');
    expect(shown?.transcript_review?.reviewed_by).toBe('admin@example.com');
    const csv = await api('/api/messages/export?from=2026-11-14&to=2026-11-14');
    const row = csv.text.split('\r\n').find((line) => line.startsWith('"hist-26",'));
    expect(row).toMatch(
      // The review's columns, then what came in (issue 26: a voice message here, nothing refused).
      /,"true","admin@example\.com","2026-\d\d-\d\dT[\d:.]+Z","Transcript twenty-six, said right\.","voice",/,
    );
    expect(await wrongToday()).toBe(before + 1);
    // Marking it again (a corrected text edited) is not another wrong transcript.
    const again = await api('/api/messages/hist-26/transcript-review', {
      method: 'PUT',
      body: { wrong: true, corrected_text: 'Transcript twenty-six.' },
    });
    expect(again.status).toBe(200);
    expect(await wrongToday()).toBe(before + 1);
  });

  it('refuses a message with no transcript yet (409), a missing one (404) and a bad body (400)', async () => {
    const pending = await api('/api/messages/hist-00/transcript-review', {
      method: 'PUT',
      body: { wrong: true },
    });
    expect(pending.status).toBe(409);
    expect(pending.json.error).toBe(
      'This message has no transcript yet: mark it once processing has finished.',
    );
    expect(
      (await api('/api/messages/nope/transcript-review', { method: 'PUT', body: { wrong: true } })).status,
    ).toBe(404);
    expect(
      (await api('/api/messages/hist-26/transcript-review', { method: 'PUT', body: { wrong: 'yes' } }))
        .status,
    ).toBe(400);
  });
});
