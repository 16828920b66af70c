/** The history's query rules (core/messages/message-history.ts) and its use cases over the in-memory repository. */
import { describe, expect, it } from 'vitest';
import { listMessagesQuerySchema, type Message } from '#core/messages/message';
import { decodeCursor, encodeCursor, messageFiltersQuerySchema } from '#core/messages/message-history';
import { listMessageHistory, messagesCsv } from '../../lambdas/use-cases/messages';
import { InMemoryMessages } from '../support/in-memory-ports';
import { pendingMessage } from '../support/messages';

const issues = (query: Record<string, string>) => {
  const result = listMessagesQuerySchema.safeParse(query);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the history query', () => {
  it('reads a sender typed in any format as one E.164 number', () => {
    for (const typed of ['(415) 555-0123', '415-555-0123', '+14155550123', '1 415 555 0123']) {
      expect(listMessagesQuerySchema.parse({ sender: typed }).sender).toBe('+14155550123');
    }
  });

  it('refuses a sender that is not a phone number, saying how to write one', () => {
    expect(issues({ sender: 'maria' })[0]).toMatch(
      /^sender: "maria" is not a phone number\. Enter a US phone/,
    );
  });

  it('takes the four statuses and names them when given another', () => {
    expect(listMessagesQuerySchema.parse({ status: 'failed' }).status).toBe('failed');
    expect(issues({ status: 'done' })).toEqual([
      'status: must be one of pending, processing, completed, failed.',
    ]);
  });

  it('reads plain dates as UTC days, a `to` day included whole, and times with their zone', () => {
    expect(listMessagesQuerySchema.parse({ from: '2026-11-03', to: '2026-11-03' })).toMatchObject({
      from: '2026-11-03T00:00:00.000Z',
      to: '2026-11-04T00:00:00.000Z',
    });
    expect(listMessagesQuerySchema.parse({ from: '2026-11-03T09:00:00-08:00' }).from).toBe(
      '2026-11-03T17:00:00.000Z',
    );
  });

  it.each([
    [{ from: 'last tuesday' }, 'from: must be a date like 2026-11-24'],
    [{ to: '2026-02-30' }, 'to: must be a date like 2026-11-24'],
    [{ from: '2026-11-05', to: '2026-11-04' }, 'to: must be after from.'],
  ])('refuses %j: "%s"', (query, message) => {
    expect(issues(query)[0]).toContain(message);
  });

  it('gives cursors back as the positions they hold, and refuses any other text', () => {
    const position = { id: 'MM123', created_at: '2026-11-03T10:00:00.000Z' };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(listMessagesQuerySchema.parse({ cursor }).cursor).toEqual(position);
    const tampered = [
      `${cursor.slice(0, -3)}abc`,
      'not a cursor',
      encodeCursor({ id: '', created_at: 'x' }),
      Buffer.from('{"i":"a","t":"2026-11-03T10:00:00.000Z","x":1}').toString('base64url'),
      Buffer.from([0xff, 0xfe]).toString('base64url'),
    ];
    for (const bad of tampered) {
      expect(decodeCursor(bad)).toBeNull();
      expect(issues({ cursor: bad })[0]).toMatch(/^cursor: is not one this list gave out/);
    }
  });

  it('refuses a cursor from another date range', () => {
    const cursor = encodeCursor({ id: 'a', created_at: '2026-10-01T00:00:00.000Z' });
    expect(issues({ cursor, from: '2026-11-01' })[0]).toMatch(/^cursor: belongs to another date range/);
  });

  it('the export takes the filters but neither limit nor cursor', () => {
    expect(messageFiltersQuerySchema.parse({ sender: '415.555.0123', limit: '5' })).toEqual({
      sender: '+14155550123',
    });
  });
});

function seeded(count: number): InMemoryMessages {
  const messages = new InMemoryMessages();
  for (let i = 0; i < count; i++) {
    const minute = String(i).padStart(2, '0');
    void messages.create(pendingMessage({ id: `m${minute}`, created_at: `2026-11-03T10:${minute}:00.000Z` }));
  }
  return messages;
}

describe('history pages', () => {
  it('pages newest first with a cursor until the last page, which has none', async () => {
    const messages = seeded(7);
    const first = await listMessageHistory({ messages }, { limit: 5 });
    expect(first.messages.map((m) => m.id)).toEqual(['m06', 'm05', 'm04', 'm03', 'm02']);
    const cursor = listMessagesQuerySchema.parse({ cursor: first.next_cursor! }).cursor;
    const second = await listMessageHistory({ messages }, { limit: 5, cursor });
    expect(second).toMatchObject({ count: 2, next_cursor: null });
    expect(second.messages.map((m) => m.id)).toEqual(['m01', 'm00']);
  });
});

describe('the CSV export', () => {
  const marked: Message = {
    ...pendingMessage({ id: 'wrong-1', created_at: '2026-11-03T11:00:00.000Z' }),
    status: 'completed',
    summary: '=HYPERLINK("http://evil.example","click")',
    transcript: 'Call me at five five five. x;=1+1',
    transcript_review: {
      verdict: 'wrong',
      corrected_text: 'Call me at 555-0199.',
      reviewed_by: 'ops@example.com',
      reviewed_at: '2026-11-03T12:00:00.000Z',
    },
  };

  it('holds every filtered message across pages, formula-safe, with the transcript mark', async () => {
    const messages = seeded(130);
    await messages.create(marked);
    const { csv, rows, truncated } = await messagesCsv({ messages }, {});
    expect({ rows, truncated }).toEqual({ rows: 131, truncated: false });
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"id","created_at","sender","phone_number","source","caller_number","status","reply_sent","delivery","audio_duration_seconds","summary","transcript","error_message","transcript_marked_wrong","transcript_reviewed_by","transcript_reviewed_at","corrected_transcript","kind","received","answered_text","urgency","urgency_reason","urgency_corrected"',
    );
    expect(lines[1]).toBe(
      `"wrong-1","2026-11-03T11:00:00.000Z","test-user","","upload","","completed","false","none","","'=HYPERLINK(""http://evil.example"",""click"")","Call me at five five five. x;'=1+1","","true","ops@example.com","2026-11-03T12:00:00.000Z","Call me at 555-0199.","voice","","","","","false"`,
    );
    expect(lines).toHaveLength(132);
  });

  it('says where each message came from, a call with its caller, and infers it for messages from before', async () => {
    const messages = seeded(0);
    const at = (minute: number) => `2026-11-03T11:0${minute}:00.000Z`;
    await messages.create({
      ...pendingMessage({ id: 'call-1', created_at: at(3) }),
      phone_number: '+13125550100',
      source: 'call',
      caller_number: '+13125550147',
    });
    await messages.create({
      ...pendingMessage({ id: 'call-2', created_at: at(2) }),
      phone_number: '+13125550100',
      source: 'call',
      caller_number: null,
    });
    await messages.create({
      ...pendingMessage({ id: 'old-mms', created_at: at(1) }),
      phone_number: '+13125550100',
    });
    await messages.create({ ...pendingMessage({ id: 'old-upload', created_at: at(0) }), phone_number: null });
    const { csv } = await messagesCsv({ messages }, {});
    const cells = csv
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',').slice(0, 6).join(','));
    expect(cells).toEqual([
      `"call-1","${at(3)}","test-user","+13125550100","call","+13125550147"`,
      `"call-2","${at(2)}","test-user","+13125550100","call",""`,
      `"old-mms","${at(1)}","test-user","+13125550100","sms",""`,
      `"old-upload","${at(0)}","test-user","","upload",""`,
    ]);
  });

  it('stops on a whole row at the size limit and says so', async () => {
    const messages = seeded(50);
    const { csv, rows, truncated } = await messagesCsv({ messages }, {}, 2_000);
    expect(truncated).toBe(true);
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(50);
    expect(new TextEncoder().encode(csv).byteLength).toBeLessThanOrEqual(2_000);
    expect(csv.trimEnd().split('\r\n')).toHaveLength(rows + 1);
  });
});
