/**
 * A message's one status (core/messages/message-outcome.ts), as the dashboard row shows it and the History's delivery
 * filter reads it: delivery counts, the worse news wins, and a limit is told apart from a failure by the very
 * words the service writes when it applies one.
 */
import { describe, expect, it } from 'vitest';
import type { DeliveryStatus, SmsPart } from '#core/delivery/delivery-status';
import { listMessagesQuerySchema, type Message } from '#core/messages/message';
import { deliveryState, messageOutcome } from '#core/messages/message-outcome';
import { VOICE_LIMIT_ERROR } from '../../lambdas/use-cases/inbound/voice-limit';
import { REPLY_LIMIT_WARNING } from '../../lambdas/use-cases/pipeline/reply-steps';
import { pendingMessage } from '../support/messages';

const part = (index: number, status: DeliveryStatus, extra: Partial<SmsPart> = {}): SmsPart => ({
  sid: `SM${index}${extra.kind ?? ''}${extra.attempt ?? ''}`,
  index,
  kind: 'reply',
  segments: 1,
  status,
  error_code: status === 'undelivered' ? 30007 : null,
  status_updated_at: '2026-11-23T10:05:00.000Z',
  ...extra,
});

const completed = (overrides: Partial<Message> = {}): Message => ({
  ...pendingMessage({ id: 'm1', phone_number: '+14155550123' }),
  status: 'completed',
  summary: 'Call back.',
  transcript: 'Please call back.',
  reply_sent: true,
  ...overrides,
});

describe('a message’s delivery', () => {
  it('is the worst text of the latest run: not delivered, then waiting, then delivered; none without texts', () => {
    expect(deliveryState(undefined)).toBe('none');
    expect(deliveryState([])).toBe('none');
    expect(deliveryState([part(0, 'delivered'), part(1, 'delivered')])).toBe('delivered');
    expect(deliveryState([part(0, 'delivered'), part(1, 'sent')])).toBe('waiting');
    expect(deliveryState([part(0, 'queued')])).toBe('waiting');
    expect(deliveryState([part(0, 'sent'), part(1, 'undelivered')])).toBe('not_delivered');
    expect(deliveryState([part(0, 'failed')])).toBe('not_delivered');
    // A retried message is judged by its new reply, not by the first run's notice.
    expect(
      deliveryState([part(0, 'failed', { kind: 'failure-notice' }), part(0, 'delivered', { attempt: 2 })]),
    ).toBe('delivered');
  });

  it('is a filter of the history, named when it is another', () => {
    expect(listMessagesQuerySchema.parse({ delivery: 'not_delivered' }).delivery).toBe('not_delivered');
    expect(listMessagesQuerySchema.parse({ delivery: '' }).delivery).toBeUndefined();
    const refused = listMessagesQuerySchema.safeParse({ delivery: 'lost' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('must be one of delivered, waiting, not_delivered, none.');
  });
});

describe('a message’s one status', () => {
  it('says "not delivered" for a completed message whose reply the carrier did not deliver', () => {
    expect(messageOutcome(completed({ sms_parts: [part(0, 'delivered'), part(1, 'undelivered')] }))).toBe(
      'not_delivered',
    );
  });

  it('says waiting while the carrier has not confirmed, delivered once it has, completed with no texts', () => {
    expect(messageOutcome(completed({ sms_parts: [part(0, 'sent')] }))).toBe('waiting');
    expect(messageOutcome(completed({ sms_parts: [part(0, 'delivered')] }))).toBe('delivered');
    expect(messageOutcome(completed({ reply_sent: false }))).toBe('completed');
  });

  it('keeps pending, processing and failed as they are, whatever an earlier run’s texts did', () => {
    const parts = [part(0, 'delivered')];
    expect(messageOutcome({ ...completed({ sms_parts: parts }), status: 'pending' })).toBe('pending');
    expect(messageOutcome({ ...completed({ sms_parts: parts }), status: 'processing' })).toBe('processing');
    expect(
      messageOutcome({
        ...completed({ sms_parts: [part(0, 'delivered', { kind: 'failure-notice' })] }),
        status: 'failed',
        error_message: 'The audio could not be read.',
      }),
    ).toBe('failed');
  });

  it('says refused for the record of something that was no voice message, not failed', () => {
    const refused = {
      ...completed(),
      status: 'failed' as const,
      error_message: 'Not a voice message.',
      refusal: {
        reason: 'not-audio' as const,
        kind: 'attachment' as const,
        content_types: ['image/png'],
        text: null,
        count: 1,
        last_at: '2026-11-23T10:00:00.000Z',
        answered: null,
      },
    };
    expect(messageOutcome(refused)).toBe('refused');
  });

  it('says limited for a voice message past the sender’s daily limit, not failed', () => {
    const over = { ...completed(), status: 'failed' as const, error_message: VOICE_LIMIT_ERROR(20) };
    expect(messageOutcome(over)).toBe('limited');
  });

  it('says limited when a segment cap stopped the reply, unless a text was not delivered', () => {
    const stopped = REPLY_LIMIT_WARNING({ status: 'limit-reached', segments: 40, per: 'hour' }, 1);
    const limited = completed({ reply_sent: false, warnings: [stopped], sms_parts: [part(0, 'delivered')] });
    expect(messageOutcome(limited)).toBe('limited');
    expect(messageOutcome({ ...limited, sms_parts: [part(0, 'undelivered')] })).toBe('not_delivered');
    const none = REPLY_LIMIT_WARNING({ status: 'budget-spent', budget: 'service', segments: 50 }, 0);
    expect(messageOutcome(completed({ reply_sent: false, warnings: [none] }))).toBe('limited');
    // A warning of another kind (8 kHz audio) is no limit.
    expect(
      messageOutcome(
        completed({ reply_sent: false, warnings: ['8 kHz audio: the transcript may be unreliable.'] }),
      ),
    ).toBe('completed');
  });
});
