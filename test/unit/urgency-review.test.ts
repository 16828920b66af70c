/**
 * An operator's correction of a message's urgency (issue 25): the level shown and filtered by (the
 * correction first), the PUT body's checks, the use case over in-memory ports (kept with who and when,
 * cleared by the pipeline's own level, refused without an urgency, published, counted once), and the
 * History's filter and export columns that follow it.
 */
import { describe, expect, it } from 'vitest';
import { listMessagesQuerySchema, type Message } from '#core/messages/message';
import { correctedUrgency, urgencyReviewInputSchema } from '#core/messages/message-corrections';
import { matchesDerivedFilters, messageFiltersQuerySchema } from '#core/messages/message-history';
import type { Urgency } from '#core/urgency/urgency-schema';
import { shownUrgency, urgencyLine } from '#core/urgency/urgency-words';
import { reviewUrgency } from '../../lambdas/use-cases/message-corrections';
import { listMessageHistory, messagesCsv } from '../../lambdas/use-cases/messages';
import { InMemoryMessages, InMemoryUsage, RecordingEvents, testClock } from '../support/in-memory-ports';
import { pendingMessage } from '../support/messages';

const operator = { email: 'ops@example.com', userId: 'u-1' };
const SICK_CHILD: Urgency = { level: 'urgent', reason: 'a child is sick at school', source: 'rules' };
const REVIEW = {
  level: 'normal',
  was: 'urgent',
  reviewed_by: 'ops@example.com',
  reviewed_at: '2026-01-01T12:00:00.000Z',
} as const;

function judged(id: string, urgency: Urgency | undefined, extra: Partial<Message> = {}): Message {
  return {
    ...pendingMessage({ id }),
    status: 'completed',
    summary: 'The school nurse: your son has a fever, please pick him up.',
    transcript: 'This is the school nurse, your son has a fever, please come and pick him up.',
    attempt: 1,
    ...(urgency ? { urgency } : {}),
    ...extra,
  };
}

async function setUp(...messages: Message[]) {
  const deps = {
    messages: new InMemoryMessages(),
    events: new RecordingEvents(),
    usage: new InMemoryUsage(),
    clock: testClock(),
  };
  for (const message of messages) await deps.messages.create(message);
  return deps;
}

const corrections = (deps: Awaited<ReturnType<typeof setUp>>) =>
  deps.usage.days.get('2026-01-01')?.urgency_corrections ?? 0;

describe('the urgency a message is shown with', () => {
  it('is the operator’s correction first, without the pipeline’s reason, which explained another level', () => {
    expect(shownUrgency({ urgency: SICK_CHILD })).toEqual({
      level: 'urgent',
      reason: 'a child is sick at school',
    });
    expect(shownUrgency({ urgency: SICK_CHILD, urgency_review: REVIEW })).toEqual({
      level: 'normal',
      reason: null,
    });
    expect(shownUrgency({})).toBeNull();
    expect(shownUrgency({ urgency: { level: 'normal', reason: ' ', source: 'model' } })).toEqual({
      level: 'normal',
      reason: null,
    });
  });

  it('reads as the level, then the reason when there is one', () => {
    expect(urgencyLine({ level: 'urgent', reason: 'a child is sick at school' })).toBe(
      'Urgent: a child is sick at school',
    );
    expect(urgencyLine({ level: 'likely_spam', reason: 'asks for payment by gift card' })).toBe(
      'Likely spam: asks for payment by gift card',
    );
    expect(urgencyLine({ level: 'normal', reason: null })).toBe('Normal');
  });

  it('is corrected only to another level: the pipeline’s own level is no correction', () => {
    expect(correctedUrgency(SICK_CHILD, 'urgent', 'ops@example.com', 'now')).toBeNull();
    expect(correctedUrgency(SICK_CHILD, 'likely_spam', 'ops@example.com', 'now')).toEqual({
      level: 'likely_spam',
      was: 'urgent',
      reviewed_by: 'ops@example.com',
      reviewed_at: 'now',
    });
  });
});

describe('the correction’s body', () => {
  it('takes one of the three levels and says which when given anything else', () => {
    expect(urgencyReviewInputSchema.parse({ level: 'likely_spam' })).toEqual({ level: 'likely_spam' });
    for (const body of [{ level: 'URGENT' }, { level: 'spam' }, {}, { level: null }]) {
      const parsed = urgencyReviewInputSchema.safeParse(body);
      expect(parsed.error?.issues[0]?.message).toBe('must be one of urgent, normal, likely_spam.');
    }
    expect(urgencyReviewInputSchema.safeParse({ level: 'normal', reason: 'mine' }).success).toBe(false);
  });
});

describe('correcting a message’s urgency', () => {
  it('keeps who, when and what the pipeline had said, tells the live list, and counts it once', async () => {
    const deps = await setUp(judged('m1', SICK_CHILD));
    const result = await reviewUrgency(deps, 'm1', { level: 'normal' }, operator);
    expect(result.newlyCorrected).toBe(true);
    expect(result.message.urgency_review).toEqual(REVIEW);
    // What the pipeline said is kept as it was.
    expect(result.message.urgency).toEqual(SICK_CHILD);
    expect((await deps.messages.get('m1'))?.urgency_review).toEqual(REVIEW);
    expect(deps.events.changes.map((c) => [c.type, c.message.urgency_review?.level])).toEqual([
      ['updated', 'normal'],
    ]);
    expect(corrections(deps)).toBe(1);

    // Changing the correction is not another one.
    const again = await reviewUrgency(deps, 'm1', { level: 'likely_spam' }, operator);
    expect(again.message.urgency_review).toMatchObject({ level: 'likely_spam', was: 'urgent' });
    expect(corrections(deps)).toBe(1);
  });

  it('clears the correction when the pipeline’s own level is chosen again', async () => {
    const deps = await setUp(judged('m1', SICK_CHILD, { urgency_review: REVIEW }));
    const { message, newlyCorrected } = await reviewUrgency(deps, 'm1', { level: 'urgent' }, operator);
    expect(message.urgency_review).toBeNull();
    expect(newlyCorrected).toBe(false);
    expect(shownUrgency(message)).toEqual({ level: 'urgent', reason: 'a child is sick at school' });
    expect(corrections(deps)).toBe(0);
  });

  it('names the account when the token has no email', async () => {
    const deps = await setUp(judged('m1', SICK_CHILD));
    const { message } = await reviewUrgency(deps, 'm1', { level: 'normal' }, { email: null, userId: 'u-7' });
    expect(message.urgency_review?.reviewed_by).toBe('u-7');
  });

  it('refuses an unknown message (404), one not judged yet and a refused record (409), in words', async () => {
    const deps = await setUp(
      judged('waiting', undefined, { status: 'processing', summary: null, transcript: null }),
      judged('picture', undefined, {
        status: 'failed',
        refusal: {
          reason: 'not-audio',
          kind: 'attachment',
          content_types: ['image/jpeg'],
          text: null,
          count: 1,
          last_at: '2026-01-01T11:00:00.000Z',
          answered: null,
        },
      }),
    );
    await expect(reviewUrgency(deps, 'nope', { level: 'urgent' }, operator)).rejects.toMatchObject({
      kind: 'not-found',
    });
    await expect(reviewUrgency(deps, 'waiting', { level: 'urgent' }, operator)).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This message has no urgency yet: correct it once processing has finished.',
    });
    await expect(reviewUrgency(deps, 'picture', { level: 'urgent' }, operator)).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This is the record of something refused, not a voice message: it has no urgency to correct.',
    });
    expect(deps.events.changes).toEqual([]);
  });
});

describe('the History by urgency', () => {
  const spam: Urgency = { level: 'likely_spam', reason: 'recorded sales pitch', source: 'rules' };
  const routine: Urgency = { level: 'normal', reason: '', source: 'model' };
  const at = (minute: number) => `2026-11-03T11:${String(minute).padStart(2, '0')}:00.000Z`;
  const history = () => [
    judged('urgent', SICK_CHILD, { created_at: at(5) }),
    judged('urgent-corrected', SICK_CHILD, { created_at: at(4), urgency_review: REVIEW }),
    judged('spam', spam, { created_at: at(3) }),
    judged('routine', routine, { created_at: at(2) }),
    judged('before-issue-25', undefined, { created_at: at(1) }),
  ];

  it('takes the three levels, blank as any, and names them when given another', () => {
    expect(listMessagesQuerySchema.parse({ urgency: 'urgent' }).urgency).toBe('urgent');
    expect(listMessagesQuerySchema.parse({ urgency: '' }).urgency).toBeUndefined();
    const wrong = messageFiltersQuerySchema.safeParse({ urgency: 'high' });
    expect(wrong.error?.issues[0]).toMatchObject({
      path: ['urgency'],
      message: 'must be one of urgent, normal, likely_spam.',
    });
  });

  it('finds each level by the operator’s correction first; a message without urgency matches none', async () => {
    const deps = await setUp(...history());
    const found = async (urgency: 'urgent' | 'normal' | 'likely_spam') =>
      (await listMessageHistory(deps, { urgency, limit: 10 })).messages.map((m) => m.id);
    expect(await found('urgent')).toEqual(['urgent']);
    expect(await found('normal')).toEqual(['urgent-corrected', 'routine']);
    expect(await found('likely_spam')).toEqual(['spam']);
    expect(matchesDerivedFilters({}, {})).toBe(true);
    expect(matchesDerivedFilters({}, { urgency: 'normal' })).toBe(false);
  });

  it('exports the level shown, the pipeline’s reason with its own level, and whether it was corrected', async () => {
    const deps = await setUp(...history());
    const { csv } = await messagesCsv(deps, {});
    const lines = csv.trimEnd().split('\r\n');
    const columns = lines[0]!.split(',');
    const tail = (line: string) => line.split(',').slice(-3);
    expect(columns.slice(-3)).toEqual(['"urgency"', '"urgency_reason"', '"urgency_corrected"']);
    expect(lines.slice(1).map(tail)).toEqual([
      ['"urgent"', '"a child is sick at school"', '"false"'],
      ['"normal"', '""', '"true"'],
      ['"likely_spam"', '"recorded sales pitch"', '"false"'],
      ['"normal"', '""', '"false"'],
      ['""', '""', '"false"'],
    ]);
  });
});
