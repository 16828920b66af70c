/**
 * History benchmark (issue 19): 10,000 messages in the local table (dynalite on its own thread, on disk, as
 * `npm start` runs it). One history page (25, newest first), filtered pages (by sender, by status, by both,
 * by a date range) and a page deep in the list (from a cursor), each against listing the ten recent messages
 * (what the live list loads), measured interleaved in the same run. Goal: within 2x of the ten.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { listMessagesQuerySchema } from '#core/messages/message';
import type { MessageStatus } from '#core/messages/status';
import { createDocumentClient, createDynamoDbClient } from '../lambdas/adapters/aws/clients/dynamodb-client';
import { createTables, tableNames } from '../lambdas/adapters/aws/create-tables';
import { DynamoMessageRepository } from '../lambdas/adapters/aws/dynamo-message-repository';
import { MESSAGE_FEED } from '../lambdas/adapters/aws/tables';
import { listMessageHistory } from '../lambdas/use-cases/messages';
import { startDynaliteThread } from '../local/stand-ins/dynalite-thread';
import { machineLine, ms, percentile, writeSection } from './report';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 150);
/** 47 senders (prime to the 50-message status cycle, so each sender has every status). */
const SENDERS = 47;
const START = Date.parse('2026-01-01T00:00:00.000Z');
const TRANSCRIPT = 'Hi, this is Maria from the dental office, calling to confirm your appointment. '.repeat(
  6,
);

/** 84% completed, 10% failed, 4% processing, 2% pending: a service that mostly works. */
function statusOf(i: number): MessageStatus {
  const r = i % 50;
  return r < 42 ? 'completed' : r < 47 ? 'failed' : r < 49 ? 'processing' : 'pending';
}

const phone = (s: number) => `+1415555${String(1000 + s).padStart(4, '0')}`;

function item(i: number) {
  const status = statusOf(i);
  const sender = phone(i % SENDERS);
  return {
    id: `bench-${String(i).padStart(6, '0')}`,
    feed: MESSAGE_FEED,
    // One every 5 minutes: 10,000 messages span about 35 days.
    created_at: new Date(START + i * 300_000).toISOString(),
    sender,
    phone_number: sender,
    audio_url: `audio/bench-${i}.amr`,
    status,
    summary: status === 'completed' ? 'Maria from the dental office confirms your appointment.' : null,
    transcript: status === 'completed' ? TRANSCRIPT : null,
    error_message: status === 'failed' ? 'The audio could not be read.' : null,
    reply_sent: status === 'completed',
    source: 'sms',
    audio_duration_seconds: 24,
  };
}

/** Which pages met the goal (p50 within 2x of the ten), in one sentence. */
function verdict(ratios: readonly (readonly [string, number])[]): string {
  const over = ratios.filter(([, ratio]) => ratio > 2).map(([name]) => name);
  return over.length === 0
    ? 'Every page is within 2x of the ten at p50.'
    : `Within 2x of the ten at p50: every page but ${over.join('; ')}, which reads what its filter discards.`;
}

type Case = { readonly name: string; readonly run: () => Promise<number> };

export async function benchHistory(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-history-'));
  const dynalite = await startDynaliteThread({ path: dataDir });
  const options = { region: 'us-east-1', endpoint: dynalite.endpoint };
  const client = createDynamoDbClient(options);
  const db = createDocumentClient(options);
  try {
    const names = tableNames('bench-');
    await createTables(client, names);
    const seeding = performance.now();
    for (let i = 0; i < MESSAGES; i += 100) {
      await Promise.all(
        [0, 25, 50, 75].map(async (offset) => {
          const batch = Array.from({ length: Math.min(25, Math.max(0, MESSAGES - i - offset)) }, (_, k) =>
            item(i + offset + k),
          );
          if (batch.length === 0) return;
          let requests: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> = {
            [names.messages]: batch.map((Item) => ({ PutRequest: { Item } })),
          };
          while (Object.keys(requests).length > 0) {
            const { UnprocessedItems } = await db.send(new BatchWriteCommand({ RequestItems: requests }));
            requests = (UnprocessedItems ?? {}) as typeof requests;
          }
        }),
      );
    }
    const seedSeconds = (performance.now() - seeding) / 1000;
    const messages = new DynamoMessageRepository(db, names.messages);
    const query = (q: Record<string, string>) => listMessagesQuerySchema.parse(q);
    const deep = await listMessageHistory({ messages }, query({ limit: '100' })).then(async (page) => {
      let cursor = page.next_cursor;
      for (let n = 1; n < MESSAGES / 200 && cursor; n++) {
        cursor = (await listMessageHistory({ messages }, query({ limit: '100', cursor }))).next_cursor;
      }
      return cursor!; // half way down the list
    });
    const page = (q: Record<string, string>) => async () =>
      (await listMessageHistory({ messages }, query({ limit: '25', ...q }))).count;
    const all = Array.from({ length: MESSAGES }, (_, i) => item(i));
    const SENDER = phone(7);
    const DAY = new Date(START + (MESSAGES / 2) * 300_000).toISOString().slice(0, 10);
    const of = (match: (m: ReturnType<typeof item>) => boolean) =>
      all.filter(match).length.toLocaleString('en-US');
    const cases: Case[] = [
      {
        name: 'Recent ten (baseline)',
        run: async () => (await listMessageHistory({ messages }, query({}))).count,
      },
      { name: 'History page (25)', run: page({}) },
      { name: `Page ${MESSAGES / 50 + 1} (25, from a cursor half way down)`, run: page({ cursor: deep }) },
      { name: `By sender (of ${of((m) => m.sender === SENDER)})`, run: page({ sender: '(415) 555-1007' }) },
      { name: `By status: failed (of ${of((m) => m.status === 'failed')})`, run: page({ status: 'failed' }) },
      {
        name: `Sender + status: failed (of ${of((m) => m.sender === SENDER && m.status === 'failed')}, a filter)`,
        run: page({ sender: '415-555-1007', status: 'failed' }),
      },
      {
        name: `Date range: one day (of ${of((m) => m.created_at.startsWith(DAY))})`,
        run: page({ from: DAY, to: DAY }),
      },
    ];
    const times = new Map(cases.map((c) => [c.name, [] as number[]]));
    const counts = new Map<string, number>();
    for (const c of cases) await c.run(); // warm-up, not recorded
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of cases) {
        const started = performance.now();
        counts.set(c.name, await c.run());
        times.get(c.name)!.push(performance.now() - started);
      }
    }
    const base = times.get(cases[0]!.name)!;
    const [baseP50, baseP95] = [percentile(base, 50), percentile(base, 95)];
    const rows = cases.map((c) => {
      const t = times.get(c.name)!;
      const [p50, p95] = [percentile(t, 50), percentile(t, 95)];
      return `| ${c.name} | ${counts.get(c.name)} | ${ms(p50)} | ${ms(p95)} | ${(p50 / baseP50).toFixed(2)}x | ${(p95 / baseP95).toFixed(2)}x |`;
    });
    console.log(rows.join('\n'));
    await writeSection(
      'history',
      `## Message history (issue 19)

${machineLine()}. ${MESSAGES.toLocaleString('en-US')} messages (${SENDERS} senders, 84% completed, 10% failed) in
dynalite on its own thread and on disk, as \`npm start\` runs it (seeded in ${seedSeconds.toFixed(0)} s). Each
row is the use case the route calls (\`listMessageHistory\`, its query schema included; the baseline is the route
without parameters, what the live list loads), the
cases interleaved, ${ROUNDS} rounds after a warm-up. Goal: a history page within 2x of the recent ten.

| Request | Messages | p50 | p95 | p50 vs ten | p95 vs ten |
|---|---:|---:|---:|---:|---:|
${rows.join('\n')}

Every row is one index query (the \`recent\`, \`sender\` or \`status\` index, the date range in the key condition),
except sender + status, whose status is a filter over the sender's index: it reads all the sender's messages
in the range (here ${of((m) => m.sender === SENDER)}) to return the failed ones, at most 1,000 items a page.
${verdict(cases.slice(1).map((c) => [c.name, percentile(times.get(c.name)!, 50) / baseP50] as const))}`,
    );
  } finally {
    db.destroy();
    client.destroy();
    await dynalite.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
