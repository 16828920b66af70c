/** An operator's "wrong transcript" mark (use-cases/message-corrections.ts) over in-memory ports. */
import { describe, expect, it } from 'vitest';
import type { Message } from '#core/messages/message';
import { transcriptReviewInputSchema } from '#core/messages/message-corrections';
import { reviewTranscript } from '../../lambdas/use-cases/message-corrections';
import { InMemoryMessages, RecordingEvents, testClock } from '../support/in-memory-ports';
import { pendingMessage } from '../support/messages';

const operator = { email: 'ops@example.com', userId: 'u-1' };

async function setUp(overrides: Partial<Message> = {}) {
  const deps = { messages: new InMemoryMessages(), events: new RecordingEvents(), clock: testClock() };
  await deps.messages.create({
    ...pendingMessage({ id: 'm1' }),
    status: 'completed',
    transcript: 'Call me at five five five.',
    attempt: 2,
    ...overrides,
  });
  return deps;
}

const input = (body: unknown) => transcriptReviewInputSchema.parse(body);

describe('marking a transcript wrong', () => {
  it('stores who, when, the run judged and the right text, and tells the live list', async () => {
    const deps = await setUp();
    const result = await reviewTranscript(
      deps,
      'm1',
      input({ wrong: true, corrected_text: '  Call me at 555-0199. ' }),
      operator,
    );
    expect(result.newlyMarked).toBe(true);
    expect(result.message.transcript_review).toEqual({
      verdict: 'wrong',
      corrected_text: 'Call me at 555-0199.',
      reviewed_by: 'ops@example.com',
      reviewed_at: '2026-01-01T12:00:00.000Z',
      attempt: 2,
    });
    expect((await deps.messages.get('m1'))?.transcript_review?.reviewed_by).toBe('ops@example.com');
    expect(deps.events.changes.map((c) => c.type)).toEqual(['updated']);
  });

  it('counts only the first mark as new, and clearing removes it', async () => {
    const deps = await setUp();
    await reviewTranscript(deps, 'm1', input({ wrong: true }), operator);
    const again = await reviewTranscript(deps, 'm1', input({ wrong: true, corrected_text: 'x' }), operator);
    expect(again.newlyMarked).toBe(false);
    const cleared = await reviewTranscript(deps, 'm1', input({ wrong: false }), operator);
    expect(cleared.message.transcript_review).toBeNull();
  });

  it('names the account when the token has no email, and keeps a blank right text as none', async () => {
    const deps = await setUp();
    const { message } = await reviewTranscript(deps, 'm1', input({ wrong: true, corrected_text: '   ' }), {
      email: null,
      userId: 'u-7',
    });
    expect(message.transcript_review).toMatchObject({ reviewed_by: 'u-7', corrected_text: null });
  });

  it('refuses a message without a transcript (409) and one that does not exist (404)', async () => {
    const deps = await setUp({ status: 'processing', transcript: null });
    await expect(reviewTranscript(deps, 'm1', input({ wrong: true }), operator)).rejects.toMatchObject({
      kind: 'conflict',
      message: 'This message has no transcript yet: mark it once processing has finished.',
    });
    await expect(reviewTranscript(deps, 'nope', input({ wrong: true }), operator)).rejects.toMatchObject({
      kind: 'not-found',
    });
  });

  it('refuses input that is not a verdict, or a right text past the limit', () => {
    expect(transcriptReviewInputSchema.safeParse({}).success).toBe(false);
    expect(transcriptReviewInputSchema.safeParse({ wrong: true, note: 'x' }).success).toBe(false);
    const long = transcriptReviewInputSchema.safeParse({ wrong: true, corrected_text: 'a'.repeat(20_001) });
    expect(long.error?.issues[0]?.message).toBe('corrected_text is too long (20,000 characters at most).');
  });
});
