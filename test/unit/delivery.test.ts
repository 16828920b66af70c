/**
 * Delivery status: the ordering rule (a status only moves forward, whatever order Twilio's retried callbacks
 * come in), the worst text deciding what the card says, the one catalogue's plain words, and the use case
 * over in-memory ports (recorded texts, callbacks applied once, unknown SIDs ignored).
 */
import { describe, expect, it } from 'vitest';
import { DELIVERY_ERRORS, describeDelivery } from '#core/delivery/delivery-errors';
import {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  movesForward,
  type SmsPart,
  worstPart,
} from '#core/delivery/delivery-status';
import type { Message } from '#core/messages/message';
import {
  receiveStatusCallback,
  recordSentText,
  smsStatusCallbackSchema,
} from '../../lambdas/use-cases/delivery-status';
import { receiveSms } from '../../lambdas/use-cases/inbound/receive-sms';
import { InMemoryMessages, InMemorySentTexts, RecordingEvents, testClock } from '../support/in-memory-ports';
import { inboundDeps } from '../support/inbound-deps';

const part = (index: number, status: DeliveryStatus, error_code: number | null = null): SmsPart => ({
  sid: `SM${index}`,
  index,
  kind: 'reply',
  segments: 1,
  status,
  error_code,
  status_updated_at: '2026-01-01T12:00:00.000Z',
});

describe('the delivery status order', () => {
  it('moves only forward: queued, then sent, then one final status that stays', () => {
    expect(movesForward('queued', 'sent')).toBe(true);
    expect(movesForward('sent', 'delivered')).toBe(true);
    expect(movesForward('queued', 'undelivered')).toBe(true);
    expect(movesForward('sent', 'failed')).toBe(true);
    expect(movesForward('delivered', 'sent')).toBe(false);
    expect(movesForward('undelivered', 'sent')).toBe(false);
    expect(movesForward('sent', 'queued')).toBe(false);
    // A final word is kept: neither a duplicate nor another final status replaces it.
    for (const final of ['delivered', 'undelivered', 'failed'] as const) {
      for (const next of DELIVERY_STATUSES) expect(movesForward(final, next)).toBe(false);
    }
  });

  it('lets the worst text speak for the message: failed, undelivered, queued, sent, then delivered', () => {
    expect(worstPart([])).toBeNull();
    expect(worstPart([part(0, 'delivered'), part(1, 'sent')])?.index).toBe(1);
    expect(worstPart([part(0, 'sent'), part(1, 'queued')])?.index).toBe(1);
    expect(worstPart([part(0, 'undelivered', 30007), part(1, 'sent')])?.index).toBe(0);
    expect(worstPart([part(0, 'undelivered'), part(1, 'failed', 30034)])?.index).toBe(1);
  });
});

describe('the plain-words catalogue', () => {
  it.each([30003, 30004, 30005, 30006, 30007, 30008, 30034, 21610])(
    'explains %i and says what to do',
    (code) => {
      const words = DELIVERY_ERRORS[code]!;
      expect(words.reason.length).toBeGreaterThan(10);
      expect(words.advice.length).toBeGreaterThan(10);
      const summary = describeDelivery([part(0, 'undelivered', code)])!;
      expect(summary.title).toBe(`Not delivered: ${words.reason} (${code})`);
      expect(summary.advice).toBe(`What to do: ${words.advice}`);
    },
  );

  it("says what to do in the advice itself: an operator on the dashboard has no repository's docs to read", () => {
    for (const { advice } of Object.values(DELIVERY_ERRORS)) expect(advice).not.toMatch(/docs\/|\.md\b/);
    expect(DELIVERY_ERRORS[30007]!.advice).toBe(
      "check the number's A2P 10DLC campaign in Twilio: its sample messages must match the replies, links must be on your own domain and never shortened. Many of these in a day is the campaign's problem, not the phone's.",
    );
  });

  it('says an undelivered 30007 reply part was filtered as spam, and names the part', () => {
    expect(describeDelivery([part(0, 'delivered'), part(1, 'undelivered', 30007)])).toEqual({
      status: 'undelivered',
      error_code: 30007,
      title: 'Not delivered (reply part 2): the carrier filtered it as spam (30007)',
      advice: expect.stringMatching(/^What to do: check the number's A2P 10DLC campaign/),
    });
  });

  it('gives a code it does not list its number and where to read about it, and no code its own words', () => {
    expect(describeDelivery([part(0, 'failed', 30999)])).toMatchObject({
      title: 'Not delivered: the carrier reported error 30999 (30999)',
      advice: 'What to do: see https://www.twilio.com/docs/errors/30999.',
    });
    expect(describeDelivery([part(0, 'failed')])?.title).toBe('Not delivered: the carrier did not say why');
  });

  it("speaks of a retried message's latest run, not of a notice an earlier run sent", () => {
    const earlier = { ...part(0, 'undelivered', 30003), kind: 'failure-notice' as const };
    const retried = [earlier, { ...part(1, 'delivered'), index: 0, attempt: 2 }];
    expect(describeDelivery(retried)).toMatchObject({ status: 'delivered', title: 'Delivered' });
    expect(describeDelivery([earlier])?.title).toBe(
      'Not delivered: the phone was unreachable (switched off or out of coverage) (30003)',
    );
  });

  it('says delivered only when every text is, waits while one is unconfirmed, and nothing without texts', () => {
    expect(describeDelivery([part(0, 'delivered'), part(1, 'delivered')])?.title).toBe('Delivered');
    expect(describeDelivery([part(0, 'delivered'), part(1, 'sent')])?.title).toBe(
      'Waiting for the carrier to confirm delivery',
    );
    expect(describeDelivery(undefined)).toBeNull();
    expect(describeDelivery([])).toBeNull();
  });
});

describe("Twilio's status callback form", () => {
  const sid = `SM${'a'.repeat(32)}`;
  it('takes the SID, the status and a numeric error code, ignoring the other fields', () => {
    expect(
      smsStatusCallbackSchema.parse({
        MessageSid: sid,
        MessageStatus: 'undelivered',
        ErrorCode: '30007',
        To: '+1',
      }),
    ).toEqual({ MessageSid: sid, MessageStatus: 'undelivered', ErrorCode: 30007 });
    expect(smsStatusCallbackSchema.parse({ MessageSid: sid, MessageStatus: 'sent', ErrorCode: '' })).toEqual({
      MessageSid: sid,
      MessageStatus: 'sent',
    });
  });

  it('refuses a SID that is not one, an unknown status and a code that is not a number', () => {
    for (const form of [
      { MessageSid: 'SM123', MessageStatus: 'sent' },
      { MessageSid: sid, MessageStatus: 'lost' },
      { MessageSid: sid, MessageStatus: 'failed', ErrorCode: 'spam' },
      { MessageStatus: 'sent' },
    ]) {
      expect(smsStatusCallbackSchema.safeParse(form).success).toBe(false);
    }
  });
});

describe('recording texts and applying their callbacks', () => {
  async function setUp() {
    const deps = {
      messages: new InMemoryMessages(),
      events: new RecordingEvents(),
      clock: testClock(),
      sentTexts: new InMemorySentTexts(),
      warnings: [] as string[],
      warn(message: string) {
        deps.warnings.push(message);
      },
    };
    const message: Message = {
      id: 'MM1-0',
      created_at: deps.clock(),
      sender: '+14155550123',
      phone_number: '+14155550123',
      audio_url: null,
      status: 'completed',
      summary: 'S',
      transcript: 'T',
      error_message: null,
      reply_sent: true,
    };
    await deps.messages.create(message);
    for (const index of [0, 1]) {
      await recordSentText(deps, {
        messageId: 'MM1-0',
        sid: `SM${index}`,
        kind: 'reply',
        index,
        body: 'Hi',
        attempt: 1,
      });
    }
    deps.events.changes.length = 0;
    return deps;
  }
  const callback = (sid: string, status: 'sent' | 'delivered' | 'undelivered', code?: number) => ({
    MessageSid: sid,
    MessageStatus: status,
    ...(code === undefined ? {} : { ErrorCode: code }),
  });

  it('records each text as sent, with its place, kind and segments', async () => {
    const deps = await setUp();
    const message = (await deps.messages.get('MM1-0'))!;
    expect(message.sms_parts).toEqual([
      { ...part(0, 'sent'), sid: 'SM0', segments: 1, attempt: 1 },
      { ...part(1, 'sent'), sid: 'SM1', segments: 1, attempt: 1 },
    ]);
  });

  it('applies a status once, publishes it, and never lets a late "sent" undo "delivered"', async () => {
    const deps = await setUp();
    expect((await receiveStatusCallback(deps, callback('SM0', 'delivered'))).outcome).toBe('recorded');
    expect((await receiveStatusCallback(deps, callback('SM0', 'delivered'))).outcome).toBe('not-news');
    expect((await receiveStatusCallback(deps, callback('SM0', 'sent'))).outcome).toBe('not-news');
    const parts = (await deps.messages.get('MM1-0'))!.sms_parts!;
    expect(parts.map((p) => p.status)).toEqual(['delivered', 'sent']);
    expect(deps.events.changes).toHaveLength(1);
    expect(deps.events.changes[0]!.message.sms_parts?.[0]?.status).toBe('delivered');
  });

  it('keeps the error code of an undelivered text, and the card words follow', async () => {
    const deps = await setUp();
    await receiveStatusCallback(deps, callback('SM0', 'delivered'));
    await receiveStatusCallback(deps, callback('SM1', 'undelivered', 30007));
    await receiveStatusCallback(deps, callback('SM1', 'delivered'));
    const message = (await deps.messages.get('MM1-0'))!;
    expect(message.sms_parts?.[1]).toMatchObject({ status: 'undelivered', error_code: 30007 });
    expect(describeDelivery(message.sms_parts)?.title).toMatch(/filtered it as spam \(30007\)$/);
  });

  it('acknowledges a callback for a text that is not tied to a message and changes nothing', async () => {
    const deps = await setUp();
    const before = await deps.messages.get('MM1-0');
    expect(await receiveStatusCallback(deps, callback('SM9', 'undelivered', 30003))).toEqual({
      outcome: 'unknown-sms',
    });
    expect(await deps.messages.get('MM1-0')).toEqual(before);
    expect(deps.events.changes).toEqual([]);
  });

  it('logs, never throws, when a sent text cannot be recorded (the step must not send it twice)', async () => {
    const deps = await setUp();
    deps.sentTexts.link = async () => {
      throw new Error('Throttled');
    };
    await recordSentText(deps, {
      messageId: 'MM1-0',
      sid: 'SM7',
      kind: 'reply',
      index: 2,
      body: 'Hi',
      attempt: 1,
    });
    expect(deps.warnings).toEqual(['A text was sent but its delivery cannot be followed']);
  });
});

describe('the texts FULL sends', () => {
  it('are recorded on the message they carry, so the card follows their delivery and the cost counts them', async () => {
    const { deps, sms } = inboundDeps();
    const from = '+14155550123';
    const transcript = Array.from(
      { length: 30 },
      (_, i) => `Sentence ${i + 1} about the plumbing visit.`,
    ).join(' ');
    await deps.messages.create({
      id: 'MM1-0',
      created_at: deps.clock(),
      sender: from,
      phone_number: from,
      audio_url: null,
      status: 'completed',
      summary: 'The plumber comes Tuesday.',
      transcript: transcript.repeat(2),
      error_message: null,
      reply_sent: true,
      attempt: 2,
    });

    const answer = await receiveSms(deps, {
      MessageSid: 'SM00000000000000full',
      From: from,
      Body: 'FULL',
      NumMedia: 0,
    });

    expect(answer.action).toBe('full');
    expect(sms.sent.map((text) => text.body.slice(0, 17))).toEqual([
      'Transcript (1/2):',
      'Transcript (2/2):',
    ]);
    const parts = (await deps.messages.get('MM1-0'))!.sms_parts!;
    expect(
      parts.map(({ sid, kind, index, attempt, status }) => ({ sid, kind, index, attempt, status })),
    ).toEqual([
      { sid: 'SM1', kind: 'full-transcript', index: 0, attempt: 2, status: 'sent' },
      { sid: 'SM2', kind: 'full-transcript', index: 1, attempt: 2, status: 'sent' },
    ]);
    expect(parts.every((part) => part.segments > 1)).toBe(true);

    await receiveStatusCallback(deps, { MessageSid: 'SM1', MessageStatus: 'delivered' });
    await receiveStatusCallback(deps, { MessageSid: 'SM2', MessageStatus: 'undelivered', ErrorCode: 30007 });
    const message = (await deps.messages.get('MM1-0'))!;
    expect(describeDelivery(message.sms_parts)?.title).toBe(
      'Not delivered (text 2 of the transcript FULL asked for): the carrier filtered it as spam (30007)',
    );
  });
});
