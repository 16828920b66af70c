/**
 * Usage benchmark (issue 19): `GET /api/usage?days=30` is one query. With 10,000 messages and 400 days of
 * usage counters in the local tables, it counts the DynamoDB calls the use case makes (a counting middleware
 * on the same adapter and client the handler uses, against the runtime's dynalite) for 30 and 366 days, and
 * times the route through the local runtime (p50/p95 of sequential requests) against listing the ten recent
 * messages in the same run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { usageDates } from '#core/operator/usage';
import { createDocumentClient } from '../lambdas/adapters/aws/clients/dynamodb-client';
import { DynamoCounters } from '../lambdas/adapters/aws/dynamo-counters';
import { DynamoMessageRepository } from '../lambdas/adapters/aws/dynamo-message-repository';
import { DynamoSettingsRepository } from '../lambdas/adapters/aws/dynamo-settings-repository';
import { DynamoUsageCounter } from '../lambdas/adapters/aws/dynamo-usage-counter';
import { systemClock } from '../lambdas/ports/clock';
import { readUsage } from '../lambdas/use-cases/usage';
import { startLocalRuntime } from '../test/support/local-runtime';
import { machineLine, ms, percentile, writeSection } from './report';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

export async function benchUsage(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-usage-'));
  const runtime = await startLocalRuntime({ dataDir, env: { LOCAL_THROTTLING: 'off', LOG_LEVEL: 'WARN' } });
  const db = createDocumentClient({ region: 'us-east-1', endpoint: runtime.info.dynamodb.endpoint });
  try {
    const seeded = performance.now();
    const messages = new DynamoMessageRepository(db, runtime.info.tables.messages);
    const start = Date.now() - MESSAGES * 60_000;
    for (let i = 0; i < MESSAGES; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, MESSAGES - i) }, (_, j) =>
          messages.create({
            id: `bench-${i + j}`,
            created_at: new Date(start + (i + j) * 60_000).toISOString(),
            sender: `+1415555${String((i + j) % 3000).padStart(4, '0')}`,
            phone_number: `+1415555${String((i + j) % 3000).padStart(4, '0')}`,
            audio_url: null,
            status: 'completed',
            summary: 'Please call back about the invoice before Friday.',
            transcript: 'Hi, this is Sam. Please call back about the invoice before Friday. Thanks.',
            error_message: null,
            reply_sent: true,
          }),
        ),
      );
    }
    const counter = new DynamoUsageCounter(db, runtime.info.tables.usage);
    for (const date of usageDates(new Date().toISOString(), 400)) {
      await counter.add(date, {
        received: 25,
        received_sms: 24,
        completed: 23,
        failed: 1,
        failed_cause: 'no-speech',
        segments: 60,
      });
    }
    console.log(
      `seeded ${MESSAGES} messages and 400 days in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    // The DynamoDB calls one request makes, counted on the client the adapters send with.
    const calls: string[] = [];
    db.middlewareStack.add(
      (next, context) => (args) => {
        calls.push(String(context.commandName));
        return next(args);
      },
      { step: 'initialize', name: 'countCalls' },
    );
    const deps = {
      usage: counter,
      settings: new DynamoSettingsRepository(db, runtime.info.tables.settings),
      counters: new DynamoCounters(db, runtime.info.tables.counters),
      clock: systemClock,
    };
    const counted: string[] = [];
    for (const days of [30, 366]) {
      calls.length = 0;
      const report = await readUsage(deps, days);
      const perCommand = new Map<string, number>();
      for (const name of calls) perCommand.set(name, (perCommand.get(name) ?? 0) + 1);
      const byName = [...perCommand].map(([name, n]) => `${n} ${name.replace(/Command$/, '')}`).join(', ');
      counted.push(`| ${days} | ${report.days.length} | ${byName} |`);
      console.log(`days=${days}: ${byName}`);
    }

    const token = await runtime.adminToken();
    const time = async (path: string) => {
      const started = performance.now();
      const response = await fetch(`${runtime.url}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      return performance.now() - started;
    };
    const routes = ['/api/messages?limit=10', '/api/usage?days=30', '/api/usage?days=366'];
    const samples = new Map(routes.map((r) => [r, [] as number[]]));
    for (const route of routes) for (let i = 0; i < 10; i++) await time(route); // warm-up, not recorded
    for (let i = 0; i < REQUESTS; i++)
      for (const route of routes) samples.get(route)!.push(await time(route));
    const baseP50 = percentile(samples.get(routes[0]!)!, 50);
    const rows = routes.map((route) => {
      const values = samples.get(route)!;
      const p50 = percentile(values, 50);
      return `| \`GET ${route}\` | ${ms(p50)} | ${ms(percentile(values, 95))} | ${(p50 / baseP50).toFixed(2)}x |`;
    });
    console.log(rows.join('\n'));
    await writeSection(
      'usage',
      `## Usage: \`GET /api/usage\` is one query (issue 19)

${machineLine()}. The local runtime with ${MESSAGES.toLocaleString('en-US')} messages and 400 days of usage
counters in its dynalite. Goal: one query for the range, whatever its length.

DynamoDB calls of one request, counted by a middleware on the client the adapters send with (the same
use case and adapters the handler runs):

| days | Days returned | DynamoDB calls |
|---:|---:|---|
${counted.join('\n')}

The usage table holds one item a day in one partition (\`scope = "all"\`, sorted by \`date\`): the range is
one \`Query\` with \`date BETWEEN\`, a year of days about 110 KB, inside one 1 MB page. The \`GetItem\` is the
settings row, for the prices of the estimated cost.

Through the runtime (HTTP, admin token), ${REQUESTS} sequential requests of each route, interleaved, after 10
warm-up requests each; the ten recent messages (the dashboard's list) is the baseline of the same run:

| Route | p50 | p95 | p50 of baseline |
|---|---:|---:|---:|
${rows.join('\n')}`,
    );
  } finally {
    db.destroy();
    await runtime.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}
