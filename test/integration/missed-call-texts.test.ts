/**
 * The once-a-caller-a-day missed-call text in a real counters table, in dynalite (own instance for this file,
 * own tables for each test): the callers are a set under the subscriber's key, added to atomically, replaced
 * by a later day's, and DELETE with its code leaves no item or key that names anyone who called.
 */
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missedCallTextOnce, missedCallTextsKey } from '#core/calls/call-rules';
import { createTables, type TableNames, tableNames } from '../../lambdas/adapters/aws/create-tables';
import { DynamoCallRepository } from '../../lambdas/adapters/aws/dynamo-calls';
import { DynamoCounters } from '../../lambdas/adapters/aws/dynamo-counters';
import { answerCall, voiceWebhookSchema } from '../../lambdas/use-cases/calls/answer-call';
import { callEnded, callStatusSchema } from '../../lambdas/use-cases/calls/call-events';
import { receiveSms } from '../../lambdas/use-cases/inbound/receive-sms';
import { forwardingNumber, InMemoryForwardingNumbers } from '../support/in-memory-calls';
import { testClock } from '../support/in-memory-ports';
import { inboundDeps } from '../support/inbound-deps';
import { startTestTables, type TestTables } from '../support/stand-ins';

const SUBSCRIBER = '+13125550100';
const OTHER = '+13125550200';
const NUMBER = '+13125559000';
const OTHER_NUMBER = '+13125559001';
const CALLER = '+13125550147';
const ACCOUNT = `AC${'a'.repeat(32)}`;
const DAY = '2026-11-28';
const EXPIRES = '2026-11-29T00:00:00.000Z';

let tables: TestTables;
let tablesMade = 0;

beforeAll(async () => {
  tables = await startTestTables();
});

afterAll(async () => {
  await tables?.close();
});

/** A fresh set of tables for one test, on this file's dynalite. */
async function ownTables(): Promise<TableNames> {
  const names = tableNames(`missed-${process.pid}-${++tablesMade}-`);
  await createTables(tables.client, names);
  return names;
}

/** Every key and value the table holds, as text: what a search for a number in it would find. */
async function heldIn(table: string): Promise<string> {
  const { Items } = await tables.client.send(new ScanCommand({ TableName: table, ConsistentRead: true }));
  return JSON.stringify(Items ?? []);
}

describe("a subscriber's missed-call callers in DynamoDB", () => {
  it('are added once a day each, atomically, and a later day replaces them', async () => {
    const names = await ownTables();
    const counters = new DynamoCounters(tables.doc, names.counters);
    const key = missedCallTextsKey(SUBSCRIBER);

    // Five status callbacks for the same caller at once: one text.
    const taken = await Promise.all(
      Array.from({ length: 5 }, () => counters.takeOnce(key, CALLER, DAY, EXPIRES)),
    );
    expect(taken.filter(Boolean)).toHaveLength(1);
    // Two callers' first missed calls of a new day at once: both texted.
    const firstOfDay = await Promise.all([
      counters.takeOnce(key, CALLER, '2026-11-29', '2026-11-30T00:00:00.000Z'),
      counters.takeOnce(key, '+13125550188', '2026-11-29', '2026-11-30T00:00:00.000Z'),
    ]);
    expect(firstOfDay).toEqual([true, true]);
    expect(await counters.takeOnce(key, CALLER, '2026-11-29', '2026-11-30T00:00:00.000Z')).toBe(false);
    // A callback of the day before, late: the newer day is kept, nothing texted.
    expect(await counters.takeOnce(key, 'private', DAY, EXPIRES)).toBe(false);

    const held = JSON.parse(await heldIn(names.counters));
    expect(held).toEqual([
      {
        key: { S: key },
        window: { S: '2026-11-29' },
        members: { SS: expect.arrayContaining([CALLER, '+13125550188']) },
        expires_at: { N: String(Date.parse('2026-11-30T00:00:00.000Z') / 1000) },
      },
    ]);
    expect(held[0].members.SS).toHaveLength(2);
  });

  it('are forgotten by DELETE with its code, with no caller left in any key or item, and nobody else’s', async () => {
    const names = await ownTables();
    const { deps: base, sms } = inboundDeps();
    const forwardingNumbers = new InMemoryForwardingNumbers();
    const deps = {
      ...base,
      // The calls' records expire by the real time (their TTL), so the use cases' clock is now.
      clock: testClock(new Date().toISOString()),
      counters: new DynamoCounters(tables.doc, names.counters),
      calls: new DynamoCallRepository(tables.doc, names.calls),
      forwardingNumbers,
      urls: {
        recorded: 'https://voice.example.com/api/voice/recorded',
        recording: 'https://voice.example.com/api/voice/recording',
      },
    };
    const confirmed = { confirmed_at: '2026-01-01T00:00:00.000Z' };
    forwardingNumbers.items.set(NUMBER, forwardingNumber(NUMBER, SUBSCRIBER, confirmed));
    forwardingNumbers.items.set(OTHER_NUMBER, forwardingNumber(OTHER_NUMBER, OTHER, confirmed));
    let n = 0;
    const missedCall = async (from: string, to: string) => {
      const CallSid = `CA${String(++n).padStart(32, '0')}`;
      await answerCall(deps, voiceWebhookSchema.parse({ CallSid, AccountSid: ACCOUNT, From: from, To: to }));
      return (
        await callEnded(
          deps,
          callStatusSchema.parse({
            CallSid,
            AccountSid: ACCOUNT,
            CallStatus: 'no-answer',
            CallDuration: '0',
            To: to,
          }),
        )
      ).outcome;
    };
    const text = (Body: string) =>
      receiveSms(deps, {
        MessageSid: `SM${String(++n).padStart(32, '0')}`,
        From: SUBSCRIBER,
        Body,
        NumMedia: 0,
      });

    expect(await missedCall(CALLER, NUMBER)).toBe('missed-texted');
    expect(await missedCall(CALLER, NUMBER)).toBe('missed');
    expect(await missedCall(CALLER, OTHER_NUMBER)).toBe('missed-texted');
    expect(await heldIn(names.counters)).toContain(CALLER);

    await text('DELETE');
    const code = /DELETE (\d+)/.exec(sms.sent.at(-1)?.body ?? '')?.[1];
    await text(`DELETE ${code}`);
    expect(sms.sent.at(-1)?.body).toMatch(/^Voice Summary: we hold no voice messages/);

    // The calls table holds only the other subscriber's call; the counters name CALLER only in theirs.
    const calls = JSON.parse(await heldIn(names.calls)) as { subscriber: { S: string } }[];
    expect(calls.map((call) => call.subscriber.S)).toEqual([OTHER]);
    const counters = JSON.parse(await heldIn(names.counters)) as { key: { S: string } }[];
    const naming = counters.filter((item) => JSON.stringify(item).includes(CALLER));
    expect(naming.map((item) => item.key.S)).toEqual([missedCallTextsKey(OTHER)]);
    // The other subscriber's rule still holds: the same caller again the same day is not texted.
    expect(await missedCall(CALLER, OTHER_NUMBER)).toBe('missed');
    expect(missedCallTextOnce(OTHER, CALLER, deps.clock()).key).toBe(missedCallTextsKey(OTHER));
  });
});
