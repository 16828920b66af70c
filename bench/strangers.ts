/**
 * What a stranger can do to the local runtime (issue 23), in two sections of docs/benchmarks.md:
 * - `bodies`: eight parallel 29 MB posts to a small route (POST /api/signups, 16 KB), with and without a
 *   declared length: the runtime's memory (every process of `npm start`) idle, at its peak and after.
 * - `link-flood`: one client guesses random `/m/<code>` links open loop while another reads a real message
 *   link every half second: the reader's share of 200 answers and its p95, over the flood and after the
 *   flooder's per-client allowance is used up.
 * `BENCH_BEFORE=<dir>` also runs the code checked out in <dir> (with its node_modules), in the same sitting,
 * e.g. `git archive <commit> | tar -x -C /tmp/before && ln -s $PWD/node_modules /tmp/before/`.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { CLIENT_LIMITS, THROTTLES } from '../lambdas/http/routes';
import { startLocalRuntime } from '../test/support/local-runtime';
import { linkedMessage } from '../test/support/message-links';
import { machineLine, ms, percentile, writeSection } from './report';
import { runtimeRss } from './runtime-rss';

const MB = 1024 * 1024;
const POSTS = 8;
const POST_BYTES = 29 * MB;
const FLOOD_PER_SECOND = Number(process.env.BENCH_FLOOD_RATE ?? 20);
const FLOOD_SECONDS = Number(process.env.BENCH_SECONDS ?? 40);
const READ_EVERY_MS = 500;

/** The code runs measured: this checkout, and BENCH_BEFORE's when set. */
function codes(): { name: string; root?: string }[] {
  const before = process.env.BENCH_BEFORE;
  return [...(before ? [{ name: 'before', root: before }] : []), { name: 'after' }];
}

/** Posts `bytes` of JSON-ish filler, declared or chunked; resolves to the status (0: the connection ended). */
function bigPost(url: string, body: Buffer, declared: boolean): Promise<number> {
  return new Promise((resolve) => {
    const req = request(`${url}/api/signups`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(declared ? { 'content-length': String(body.byteLength) } : {}),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

type BodiesRow = {
  code: string;
  declared: boolean;
  idle: number;
  peak: number;
  after: number;
  answers: string;
};

async function measureBodies(code: { name: string; root?: string }, declared: boolean): Promise<BodiesRow> {
  const runtime = await startLocalRuntime({ ...(code.root ? { root: code.root } : {}) });
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = await runtimeRss(runtime);
    let peak = idle;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await runtimeRss(runtime));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const body = Buffer.alloc(POST_BYTES, 0x20);
    const statuses = await Promise.all(
      Array.from({ length: POSTS }, () => bigPost(runtime.url, body, declared)),
    );
    await new Promise((resolve) => setTimeout(resolve, 3000));
    sampling = false;
    await sampler;
    const counts = new Map<number, number>();
    for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
    return {
      code: code.name,
      declared,
      idle,
      peak,
      after: await runtimeRss(runtime),
      answers: [...counts].map(([status, n]) => `${n} × ${status || 'closed'}`).join(', '),
    };
  } finally {
    await runtime.dispose();
  }
}

export async function benchBodies(): Promise<void> {
  const rows: BodiesRow[] = [];
  for (const code of codes()) {
    for (const declared of [true, false]) rows.push(await measureBodies(code, declared));
  }
  const mb = (value: number) => `${Math.round(value)} MB`;
  await writeSection(
    'bodies',
    `## Oversized bodies to a small route (issue 23)

${machineLine()}.

\`npm run bench -- bodies\`: the local runtime (\`tsx local/main.ts\`, every process of it
counted), then ${POSTS} posts of ${POST_BYTES / MB} MB at once to \`POST /api/signups\` (its limit: 16 KB),
with the length declared (\`Content-Length\`) or streamed (chunked). Memory sampled every 50 ms; "after" is
3 s after the last answer. "before" is the code before issue 23 (the gateway read up to 30 MB of any body,
then the handler refused it); "after" refuses at the route's limit as the body streams in.

| Code | Length | Idle | Peak | Peak - idle | After | Answers |
|---|---|---:|---:|---:|---:|---|
${rows
  .map(
    (r) =>
      `| ${r.code} | ${r.declared ? 'declared' : 'streamed'} | ${mb(r.idle)} | ${mb(r.peak)} | +${mb(r.peak - r.idle)} | ${mb(r.after)} | ${r.answers} |`,
  )
  .join('\n')}
`,
  );
}

type Sample = { at: number; status: number; ms: number };

async function timedGet(url: string, client: string): Promise<Omit<Sample, 'at'> & { text: string }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: { 'x-forwarded-for': client } });
    const text = await response.text();
    return { status: response.status, ms: performance.now() - started, text };
  } catch {
    return { status: 0, ms: performance.now() - started, text: '' };
  }
}

/** A guess's answer: its status, and for a 429 which limit refused it (the per-client one names the address). */
function answerKind({ status, text }: { status: number; text: string }): string {
  if (status !== 429) return String(status || 'closed');
  return text.includes('from your address') ? '429 (per client)' : '429 (route)';
}

type FloodResult = {
  code: string;
  reads: Sample[];
  guesses: Map<string, number>;
  /** Seconds into the flood of the first per-client refusal. */
  cutOffAt: number | null;
};

async function measureFlood(code: { name: string; root?: string }): Promise<FloodResult> {
  // The clients come as through a tunnel that appends X-Forwarded-For: TRUST_PROXY=1 says so (since issue
  // 31 the header is read only then; a checkout from before reads it unasked and ignores the variable).
  const runtime = await startLocalRuntime({
    ...(code.root ? { root: code.root } : {}),
    env: { TRUST_PROXY: '1' },
  });
  try {
    const link = `${runtime.url}/api/m/${await linkedMessage(runtime)}`;
    const reads: Sample[] = [];
    const guesses = new Map<string, number>();
    let cutOffAt: number | null = null;
    const start = performance.now();
    const pending: Promise<void>[] = [];
    const total = FLOOD_PER_SECOND * FLOOD_SECONDS;
    // Open loop: each guess and each read leaves at its planned time, whatever the answers before it.
    for (let i = 0; i < total; i++) {
      const at = (i * 1000) / FLOOD_PER_SECOND;
      pending.push(
        (async () => {
          await new Promise((resolve) => setTimeout(resolve, at));
          const url = `${runtime.url}/api/m/${randomBytes(16).toString('base64url')}`;
          const kind = answerKind(await timedGet(url, '203.0.113.9'));
          if (kind === '429 (per client)') cutOffAt ??= (performance.now() - start) / 1000;
          guesses.set(kind, (guesses.get(kind) ?? 0) + 1);
        })(),
      );
    }
    for (let at = 0; at < FLOOD_SECONDS * 1000; at += READ_EVERY_MS) {
      pending.push(
        (async () => {
          await new Promise((resolve) => setTimeout(resolve, at));
          const { status, ms } = await timedGet(link, '198.51.100.23');
          reads.push({ at: (performance.now() - start) / 1000, status, ms });
        })(),
      );
    }
    await Promise.all(pending);
    return { code: code.name, reads, guesses, cutOffAt };
  } finally {
    await runtime.dispose();
  }
}

function readerLine(label: string, reads: readonly Sample[]): string {
  if (reads.length === 0) return `| ${label} | 0 | | | |`;
  const ok = reads.filter((r) => r.status === 200).length;
  const latencies = reads.map((r) => r.ms);
  return `| ${label} | ${reads.length} | ${((100 * ok) / reads.length).toFixed(0)}% | ${ms(percentile(latencies, 50))} | ${ms(percentile(latencies, 95))} |`;
}

export async function benchLinkFlood(): Promise<void> {
  const results: FloodResult[] = [];
  for (const code of codes()) results.push(await measureFlood(code));
  const limit = CLIENT_LIMITS.messageLink;
  const lines = results.flatMap((r) => {
    const cut = r.cutOffAt;
    return [
      readerLine(`${r.code}: the whole flood`, r.reads),
      ...(cut === null
        ? []
        : [
            readerLine(
              `${r.code}: before the flooder was cut off (${cut.toFixed(1)} s)`,
              r.reads.filter((s) => s.at < cut),
            ),
            readerLine(
              `${r.code}: after`,
              r.reads.filter((s) => s.at >= cut),
            ),
          ]),
    ];
  });
  const guessLines = results.map(
    (r) => `| ${r.code} | ${[...r.guesses].map(([kind, n]) => `${n} × ${kind}`).join(', ')} |`,
  );
  await writeSection(
    'link-flood',
    `## A reader's link while another client floods the links (issue 23)

${machineLine()}.

\`npm run bench -- link-flood\`: the local runtime with its limits on (the route
\`GET /api/m/{code}\`: ${THROTTLES.messageLink.rate} requests/s, burst ${THROTTLES.messageLink.burst}, shared; per
client: ${limit.limit} requests per ${limit.windowSeconds} s). One client (X-Forwarded-For 203.0.113.9 from
loopback, as a tunnel sends it) guesses ${FLOOD_PER_SECOND} random codes a second, open loop, for
${FLOOD_SECONDS} s; another (198.51.100.23) opens a real message link every ${READ_EVERY_MS} ms meanwhile.
"before" is the code before issue 23 (route limits only, shared by everyone).

The reader:

| Code, part of the flood | Reads | Answered 200 | p50 | p95 |
|---|---:|---:|---:|---:|
${lines.join('\n')}

The flooder's guesses:

| Code | Answers |
|---|---|
${guessLines.join('\n')}
`,
  );
}
