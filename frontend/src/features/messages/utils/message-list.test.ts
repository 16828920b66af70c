import type { Message } from '@core/messages/message';
import { describe, expect, it } from 'vitest';
import { applyChange } from './message-list';

function message(n: number, overrides: Partial<Message> = {}): Message {
  const at = `2026-11-23T10:${String(n).padStart(2, '0')}:00.000Z`;
  return {
    id: `m${n}`,
    created_at: at,
    updated_at: at,
    sender: '+14155550123',
    phone_number: '+14155550123',
    audio_url: `audio/m${n}.wav`,
    status: 'pending',
    summary: null,
    transcript: null,
    error_message: null,
    reply_sent: false,
    ...overrides,
  };
}

/** Ten messages, newest (m10) first. */
const tenShown = Array.from({ length: 10 }, (_, i) => message(10 - i));

/** The newest messages with more pages to load below them. */
const partial = { complete: false };

describe('the newest messages, live', () => {
  it('puts an inserted message on top, keeping every one shown', () => {
    const next = applyChange(tenShown, { type: 'insert', message: message(11) }, partial);
    expect(next.map((m) => m.id)).toEqual([
      'm11',
      'm10',
      'm9',
      'm8',
      'm7',
      'm6',
      'm5',
      'm4',
      'm3',
      'm2',
      'm1',
    ]);
  });

  it('replaces an updated message where it is', () => {
    const updated = message(5, {
      status: 'completed',
      updated_at: '2026-11-23T11:00:00.000Z',
      summary: 'Call back.',
    });
    const next = applyChange(tenShown, { type: 'update', message: updated }, partial);
    expect(next).toHaveLength(10);
    expect(next[5]).toEqual(updated);
  });

  it('drops a message its sender erased (DELETE), and ignores the erasure of one not shown', () => {
    const next = applyChange(tenShown, { type: 'delete', message: message(5) }, partial);
    expect(next.map((m) => m.id)).not.toContain('m5');
    expect(next).toHaveLength(9);
    expect(applyChange(next, { type: 'delete', message: message(42) }, partial)).toEqual(next);
  });

  it('ignores an update for a message older than every one shown while more pages remain, and takes it when none do', () => {
    const old = { type: 'update', message: message(0, { status: 'failed' }) } as const;
    expect(applyChange(tenShown, old, partial).map((m) => m.id)).toEqual(tenShown.map((m) => m.id));
    expect(applyChange(tenShown, old, { complete: true }).map((m) => m.id)).toEqual([
      ...tenShown.map((m) => m.id),
      'm0',
    ]);
  });

  it('takes an update for a message newer than the oldest shown (its insert was missed)', () => {
    const list = tenShown.filter((m) => m.id !== 'm6');
    const next = applyChange(
      list,
      { type: 'update', message: message(6, { status: 'processing' }) },
      partial,
    );
    expect(next.map((m) => m.id)).toEqual(['m10', 'm9', 'm8', 'm7', 'm6', 'm5', 'm4', 'm3', 'm2', 'm1']);
  });

  it('never steps a message back to an older state when events arrive out of order', () => {
    const done = message(3, { status: 'completed', updated_at: '2026-11-23T11:00:02.000Z' });
    const late = message(3, { status: 'processing', updated_at: '2026-11-23T11:00:01.000Z' });
    const list = applyChange([message(3)], { type: 'update', message: done }, partial);
    expect(applyChange(list, { type: 'update', message: late }, partial)[0]?.status).toBe('completed');
  });
});
