/**
 * The once-a-caller-a-day missed-call text and DELETE, over in-memory ports: the callers a subscriber was
 * texted about are kept under the subscriber's number alone, so DELETE with its code forgets them all and
 * leaves no caller's number in any counter, while the rule keeps holding for everyone else.
 */
import { describe, expect, it } from 'vitest';
import { missedCallTextOnce, missedCallTextsKey } from '#core/calls/call-rules';
import { answerCall, voiceWebhookSchema } from '../../lambdas/use-cases/calls/answer-call';
import { callEnded, callStatusSchema } from '../../lambdas/use-cases/calls/call-events';
import { receiveSms } from '../../lambdas/use-cases/inbound/receive-sms';
import { forwardingNumber, InMemoryCalls, InMemoryForwardingNumbers } from '../support/in-memory-calls';
import { inboundDeps } from '../support/inbound-deps';

const SUBSCRIBER = '+13125550100';
const NUMBER = '+13125559000';
const OTHER = '+13125550200';
const OTHER_NUMBER = '+13125559001';
const CALLER = '+13125550147';
const SECOND_CALLER = '+13125550188';
const ACCOUNT = `AC${'a'.repeat(32)}`;
const DAY_MS = 24 * 60 * 60 * 1000;
const CONFIRMED = { confirmed_at: '2026-01-01T00:00:00.000Z' };
const URLS = {
  recorded: 'https://voice.example.com/api/voice/recorded',
  recording: 'https://voice.example.com/api/voice/recording',
};

let sids = 0;
let texts = 0;

function setup() {
  const { deps: base, sms } = inboundDeps();
  const forwardingNumbers = new InMemoryForwardingNumbers();
  const deps = { ...base, forwardingNumbers, calls: new InMemoryCalls(), urls: URLS };
  forwardingNumbers.items.set(NUMBER, forwardingNumber(NUMBER, SUBSCRIBER, CONFIRMED));
  forwardingNumbers.items.set(OTHER_NUMBER, forwardingNumber(OTHER_NUMBER, OTHER, CONFIRMED));
  /** A call from `from` to `to` that hangs up at the greeting: what the caller hears, and how it ended. */
  const missedCall = async (from: string, to = NUMBER) => {
    const sid = `CA${String(++sids).padStart(32, '0')}`;
    const { outcome: heard } = await answerCall(
      deps,
      voiceWebhookSchema.parse({ CallSid: sid, AccountSid: ACCOUNT, From: from, To: to }),
    );
    const { outcome } = await callEnded(
      deps,
      callStatusSchema.parse({
        CallSid: sid,
        AccountSid: ACCOUNT,
        CallStatus: 'completed',
        CallDuration: '3',
        To: to,
      }),
    );
    return { heard, outcome };
  };
  const text = (from: string, body: string) =>
    receiveSms(deps, {
      MessageSid: `SM${String(++texts).padStart(32, '0')}`,
      From: from,
      Body: body,
      NumMedia: 0,
    });
  const deleteWithCode = async (from: string) => {
    await text(from, 'DELETE');
    const code = /DELETE (\d+)/.exec(sms.sent.filter((s) => s.to === from).at(-1)?.body ?? '')?.[1];
    await text(from, `DELETE ${code}`);
  };
  const missedTexts = (to: string) => sms.sent.filter((s) => s.to === to && s.body.includes('Missed call'));
  return { deps, sms, missedCall, text, deleteWithCode, missedTexts };
}

describe('the once-a-caller-a-day missed-call text', () => {
  it('is kept under the subscriber alone, the caller inside it, for the UTC day it counts', () => {
    const once = missedCallTextOnce(SUBSCRIBER, CALLER, '2026-11-28T23:59:00.000Z');
    expect(once).toEqual({
      key: `missed-text#${SUBSCRIBER}`,
      caller: CALLER,
      day: '2026-11-28',
      expires: '2026-11-29T00:00:00.000Z',
    });
    expect(once.key).not.toContain(CALLER);
    expect(missedCallTextOnce(SUBSCRIBER, null, '2026-11-28T08:00:00.000Z').caller).toBe('private');
  });

  it('texts a second missed call from the same caller the same day not at all, and the next UTC day again', async () => {
    const { deps, missedCall, missedTexts } = setup();
    expect((await missedCall(CALLER)).outcome).toBe('missed-texted');
    expect((await missedCall(CALLER)).outcome).toBe('missed');
    expect((await missedCall(SECOND_CALLER)).outcome).toBe('missed-texted');
    expect(missedTexts(SUBSCRIBER).map((s) => s.body)).toEqual([
      'Voice Summary: Missed call from (312) 555-0147, no message.',
      'Voice Summary: Missed call from (312) 555-0188, no message.',
    ]);

    deps.clock.advance(DAY_MS);
    expect((await missedCall(CALLER)).outcome).toBe('missed-texted');
    expect((await missedCall(CALLER)).outcome).toBe('missed');
    expect(missedTexts(SUBSCRIBER)).toHaveLength(3);
    // The new day replaced the old day's callers: only today's are held.
    expect(deps.counters.sets.get(missedCallTextsKey(SUBSCRIBER))?.members).toEqual(new Set([CALLER]));
  });

  it("counts each subscriber's callers apart", async () => {
    const { missedCall, missedTexts } = setup();
    expect((await missedCall(CALLER)).outcome).toBe('missed-texted');
    expect((await missedCall(CALLER, OTHER_NUMBER)).outcome).toBe('missed-texted');
    expect(missedTexts(SUBSCRIBER)).toHaveLength(1);
    expect(missedTexts(OTHER)).toHaveLength(1);
  });
});

describe('DELETE with its code', () => {
  it("forgets the callers texted a missed call, of the last day with one too, and not another subscriber's", async () => {
    const { deps, sms, missedCall, deleteWithCode } = setup();
    await missedCall(CALLER);
    await missedCall('anonymous');
    await missedCall(CALLER, OTHER_NUMBER);
    // A day later, with no missed call since, yesterday's callers are still held (until the set expires).
    deps.clock.advance(DAY_MS);
    expect(deps.counters.sets.get(missedCallTextsKey(SUBSCRIBER))?.members).toEqual(
      new Set([CALLER, 'private']),
    );

    await deleteWithCode(SUBSCRIBER);
    expect(sms.sent.at(-1)?.body).toMatch(/^Voice Summary: we hold no voice messages/);

    // Nothing left names anyone who called the subscriber; the other subscriber's caller is still held.
    expect(deps.counters.sets.has(missedCallTextsKey(SUBSCRIBER))).toBe(false);
    const held = deps.counters.held();
    expect(held.filter((entry) => entry.includes(CALLER))).toEqual([CALLER]);
    expect(held).not.toContain('private');
    expect(deps.counters.sets.get(missedCallTextsKey(OTHER))?.members).toEqual(new Set([CALLER]));
    expect([...deps.calls.items.values()].map((call) => call.subscriber)).toEqual([OTHER]);
  });

  it('leaves a new call from the same caller not taken while the number is released, then texted afresh', async () => {
    const { deps, missedCall, deleteWithCode, text, missedTexts } = setup();
    expect((await missedCall(CALLER)).outcome).toBe('missed-texted');
    await deleteWithCode(SUBSCRIBER);

    // The number waits for its release: the call hears "not taking messages", nothing is stored or counted.
    expect(await missedCall(CALLER)).toEqual({ heard: 'not-taking', outcome: 'unknown-call' });
    expect(deps.counters.held().filter((entry) => entry.includes(CALLER))).toEqual([]);
    expect(missedTexts(SUBSCRIBER)).toHaveLength(1);

    // FORWARD keeps the number after all: the same caller's missed call the same day is texted once more,
    // since DELETE started the subscriber afresh, and then once a day again.
    await text(SUBSCRIBER, 'FORWARD');
    expect(deps.forwardingNumbers.items.get(NUMBER)?.release_after ?? null).toBeNull();
    expect(await missedCall(CALLER)).toEqual({ heard: 'recording', outcome: 'missed-texted' });
    expect((await missedCall(CALLER)).outcome).toBe('missed');
    expect(missedTexts(SUBSCRIBER)).toHaveLength(2);
  });
});
