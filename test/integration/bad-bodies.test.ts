/**
 * Bad input never stops the service (issue 23): every route that reads a body is sent each kind of broken,
 * cut, endless or oversized body a careless or hostile client can send; each gets its 4xx with a message,
 * nothing half-written is left behind, and the runtime keeps answering. An oversized body is refused while
 * it streams in, at the route's own limit, not after the gateway has read 30 MB of it.
 */
import { request } from 'node:http';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { createS3Client } from '../../lambdas/adapters/aws/clients/s3-client';
import { bodyLimit, HTTP_ROUTES, type HttpRoute } from '../../lambdas/http/routes';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';

let runtime: RunningRuntime;
let db: ReturnType<typeof createDocumentClient>;
let s3: ReturnType<typeof createS3Client>;

beforeAll(async () => {
  // Without the gateway's throttles: this file sends dozens of requests to each route within seconds, and a
  // route's burst (an UPLOAD link's is 10) would answer some of them 429 before their body is even read.
  // The limits are tested in throttling.test.ts; a body is read the same way with them on or off.
  runtime = await startLocalRuntime({ env: { LOCAL_THROTTLING: 'off' } });
  db = createDocumentClient({ region: runtime.info.region, endpoint: runtime.info.dynamodb.endpoint });
  s3 = createS3Client({ region: runtime.info.region, endpoint: runtime.info.s3.endpoint });
});

afterAll(async () => {
  db?.destroy();
  s3?.destroy();
  await runtime?.dispose();
});

/** The routes that read a body (they name their limit), each with a path it can be reached at. */
const BODY_ROUTES = HTTP_ROUTES.filter((route) => route.maxBodyBytes !== undefined).map((route) => ({
  route,
  name: `${route.method} ${route.path}`,
  path: route.path
    .replace('{id}', '00000000-0000-4000-8000-000000000000')
    .replace('{code}', 'A7kQ2mZx9LpR4tVw8NcY3b'),
}));

type Answer = { status: number; error: unknown };

/** A request written by hand: `send` writes (some of) the body and may end it, stall it or cut it off. */
async function raw(
  route: HttpRoute,
  path: string,
  headers: Record<string, string>,
  send: (req: ReturnType<typeof request>) => void,
): Promise<Answer | 'no answer'> {
  const token = route.access === 'admin' ? await runtime.adminToken() : null;
  return new Promise((resolve) => {
    const req = request(`${runtime.url}${path}`, {
      method: route.method,
      headers: {
        ...headers,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        // Twilio's routes refuse a post without the header before its body, as WAF does (issue 31); with one
        // (not a valid signature: that needs the body), the body is read and its limit applies.
        ...(route.signedBy ? { 'x-twilio-signature': 'checked-once-the-body-is-in' } : {}),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => {
        req.destroy();
        let error: unknown = null;
        try {
          error = (JSON.parse(text) as { error?: unknown }).error;
        } catch {}
        resolve({ status: res.statusCode ?? 0, error });
      });
    });
    req.on('error', () => resolve('no answer'));
    send(req);
  });
}

const BOUNDARY = 'form-boundary-23';
const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
const filePart = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="audio"; filename="note.wav"\r\nContent-Type: audio/wav\r\n\r\nRIFF....WAVEfmt `;

/** Each kind of bad body, as a client sends it. */
const BAD_BODIES: [string, Record<string, string>, (req: ReturnType<typeof request>) => void][] = [
  ['malformed JSON', { 'content-type': 'application/json' }, (req) => req.end('{"sender": "+1415555')],
  ['JSON that is not an object', { 'content-type': 'application/json' }, (req) => req.end('[1, 2, 3]')],
  [
    'a multipart form cut inside a part header',
    { 'content-type': multipart },
    (req) => req.end(`--${BOUNDARY}\r\nContent-Disposition: form-da`),
  ],
  ['a multipart form that never closes its file', { 'content-type': multipart }, (req) => req.end(filePart)],
  [
    'a multipart form without its boundary',
    { 'content-type': 'multipart/form-data' },
    (req) => req.end(filePart),
  ],
  [
    'a form post with broken escapes',
    { 'content-type': 'application/x-www-form-urlencoded' },
    (req) => req.end('From=%2B1415%&Body=%E0%A4%&%%%=%zz'),
  ],
  ['the wrong content type', { 'content-type': 'text/plain' }, (req) => req.end('hello')],
  [
    'binary bytes called JSON',
    { 'content-type': 'application/json' },
    (req) => req.end(Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x80])),
  ],
];

async function health() {
  return fetch(`${runtime.url}/api/health`).then(
    (response) => response.status,
    () => 'no answer',
  );
}

async function leftovers() {
  const rows = async (table: string) =>
    (await db.send(new ScanCommand({ TableName: table, ConsistentRead: true }))).Items?.length ?? 0;
  const objects = await s3.send(new ListObjectsV2Command({ Bucket: runtime.info.s3.bucket }));
  return {
    messages: await rows(runtime.info.tables.messages),
    signups: await rows(runtime.info.tables.signups),
    objects: objects.KeyCount ?? 0,
  };
}

describe('a bad body to every route that reads one', () => {
  it.each(BODY_ROUTES)(
    '$name answers each with its 4xx and a message, and stores nothing',
    async ({ route, path }) => {
      const before = await leftovers();
      for (const [kind, headers, send] of BAD_BODIES) {
        const answer = await raw(route, path, headers, send);
        expect({ kind, answer }).toEqual({
          kind,
          answer: { status: expect.toBeOneOf([400, 403, 404, 413, 415, 422]), error: expect.any(String) },
        });
        expect(await health()).toBe(200);
      }
      expect(await leftovers()).toEqual(before);
    },
  );

  it.each(BODY_ROUTES)(
    '$name refuses a body over its limit with 413 as soon as it is declared',
    async ({ route, path }) => {
      // Only the first KB is sent: an answer proves the gateway refused before reading the rest.
      const answer = await raw(
        route,
        path,
        { 'content-type': 'application/json', 'content-length': String(bodyLimit(route) + 1) },
        (req) => req.write(Buffer.alloc(1024, 0x20)),
      );
      expect(answer).toEqual({ status: 413, error: expect.stringMatching(/too large: \d+ [KM]B at most/) });
    },
  );

  it.each(BODY_ROUTES)(
    '$name refuses an endless body with 413 as soon as it passes the limit',
    async ({ route, path }) => {
      // Chunked, no length: 1 MB past the route's limit, then the connection is held open without an end.
      // Only a gateway that counts while the body streams in can answer (30 MB would never come).
      const answer = await raw(route, path, { 'content-type': 'application/json' }, (req) => {
        let sent = 0;
        const more = () => {
          while (sent < bodyLimit(route) + 1024 * 1024 && !req.destroyed) {
            sent += 64 * 1024;
            if (!req.write(Buffer.alloc(64 * 1024, 0x20))) return void req.once('drain', more);
          }
        };
        more();
      });
      expect(answer).toEqual({ status: 413, error: expect.stringMatching(/too large/) });
      expect(await health()).toBe(200);
    },
  );

  it('answers a body that trickles in with 408, on every route, and keeps serving meanwhile', async () => {
    const before = await leftovers();
    const timers: NodeJS.Timeout[] = [];
    const trickles = BODY_ROUTES.map(({ route, path }) =>
      raw(route, path, { 'content-type': 'application/json', 'content-length': '1000' }, (req) => {
        req.write('{');
        timers.push(setInterval(() => req.write(' '), 500));
      }),
    );
    // While nine connections are held open, the service answers as usual.
    expect(await health()).toBe(200);
    const answers = await Promise.all(trickles);
    for (const timer of timers) clearInterval(timer);
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([
        JSON.stringify({
          status: 408,
          error: 'The request body took too long to arrive: send the request again.',
        }),
      ]),
    );
    expect(await health()).toBe(200);
    expect(await leftovers()).toEqual(before);
  });

  it('keeps serving after clients hang up halfway through their bodies', async () => {
    const before = await leftovers();
    await Promise.all(
      BODY_ROUTES.map(({ route, path }) =>
        raw(route, path, { 'content-type': multipart, 'content-length': '100000' }, (req) => {
          req.write(filePart);
          setTimeout(() => req.destroy(), 200);
        }),
      ),
    );
    expect(await health()).toBe(200);
    expect(runtime.child.exitCode).toBeNull();
    expect(await leftovers()).toEqual(before);
  });
});
