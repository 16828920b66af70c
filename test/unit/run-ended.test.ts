/** Runs that end without finishing their message, and restarts the pipeline refuses, over in-memory ports. */
import { describe, expect, it } from 'vitest';
import { UnavailableError } from '#core/errors';
import type { Message } from '#core/messages/message';
import { isStuck, STUCK_AFTER_MS } from '#core/messages/status';
import { PIPELINE_NOT_STARTED, processAudio } from '../../lambdas/use-cases/retry-message';
import { endRun, RUN_END_REASONS } from '../../lambdas/use-cases/run-ended';
import { InMemoryMessages, RecordingEvents, testClock } from '../support/in-memory-ports';

function message(overrides: Partial<Message> = {}): Message {
  return {
    id: 'm1',
    created_at: '2026-01-01T12:00:00.000Z',
    sender: '+14155550123',
    phone_number: '+14155550123',
    audio_url: 'audio/m1.wav',
    status: 'processing',
    summary: null,
    transcript: null,
    error_message: null,
    reply_sent: false,
    attempt: 2,
    ...overrides,
  };
}

async function setUp(initial: Message) {
  const messages = new InMemoryMessages();
  await messages.create(initial);
  return { messages, events: new RecordingEvents(), clock: testClock('2026-01-01T13:00:00.000Z') };
}

describe('a run that ends without marking its message', () => {
  it.each(['TIMED_OUT', 'ABORTED', 'FAILED'] as const)(
    '%s: the message is failed, says why, and the change is published',
    async (status) => {
      const deps = await setUp(message());
      expect(await endRun(deps, { messageId: 'm1', attempt: 2, status })).toEqual({ marked: true });
      expect(deps.messages.items.get('m1')).toMatchObject({
        status: 'failed',
        error_message: RUN_END_REASONS[status],
      });
      expect(deps.events.changes.map((c) => c.message.status)).toEqual(['failed']);
    },
  );

  it('changes nothing when the run had marked its message already, or a retry owns it now', async () => {
    const done = await setUp(message({ status: 'completed', summary: 'S' }));
    expect(await endRun(done, { messageId: 'm1', attempt: 2, status: 'FAILED' })).toEqual({ marked: false });
    const retried = await setUp(message({ attempt: 3 }));
    expect(await endRun(retried, { messageId: 'm1', attempt: 2, status: 'TIMED_OUT' })).toEqual({
      marked: false,
    });
    expect(retried.messages.items.get('m1')?.status).toBe('processing');
  });
});

describe('a restart the pipeline does not take', () => {
  it('leaves the message failed and retryable, not processing, and says the pipeline did not answer', async () => {
    const deps = {
      ...(await setUp(message({ status: 'failed', error_message: 'x' }))),
      pipeline: {
        start: async () => {
          throw new UnavailableError(
            'Processing could not be started (ServiceUnavailable): try again in a minute.',
          );
        },
      },
    };
    await expect(processAudio(deps, { messageId: 'm1' })).rejects.toThrow(UnavailableError);
    expect(deps.messages.items.get('m1')).toMatchObject({
      status: 'failed',
      attempt: 3,
      error_message: PIPELINE_NOT_STARTED,
    });
  });
});

describe('a stuck message', () => {
  const at = (iso: string) => Date.parse(iso);
  it('is one pending or processing for longer than a run can take', () => {
    const started = '2026-01-01T12:00:00.000Z';
    const m = message({ attempt_started_at: started });
    expect(isStuck(m, at(started) + STUCK_AFTER_MS)).toBe(false);
    expect(isStuck(m, at(started) + STUCK_AFTER_MS + 1)).toBe(true);
    expect(isStuck(message({ status: 'failed' }), at(started) + 10 * STUCK_AFTER_MS)).toBe(false);
  });
});
