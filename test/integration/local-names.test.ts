/**
 * Doors by name (issue 23), tried as an attacker would against the runtime's own process: a request under a
 * name the operator did not choose (a DNS-rebinding page's) is refused on every route, the WebSocket too;
 * the local inbox, which shows password-reset codes, answers only whoever holds this start's token (issue 31:
 * never a request that merely looks local, as every request does behind a same-machine proxy that rewrites
 * Host to 127.0.0.1 and adds no header, or a TCP forward), however its path is spelled; the data
 * directory is private to the user; and listening beyond loopback says that passwords travel unencrypted.
 */
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { type IncomingHttpHeaders, request } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createS3Client } from '../../lambdas/adapters/aws/clients/s3-client';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { incomingForm, outboxTo, postWebhook } from '../support/pipeline';

const PUBLIC_HOST = 'voice.example.test';
const CHOSEN = 'my-laptop.lan';

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/** A GET with the path exactly as written (fetch would normalize it) and the given headers. */
function get(
  runtime: RunningRuntime,
  path: string,
  headers: Record<string, string> = {},
  address = '127.0.0.1',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: address,
        port: runtime.info.port,
        path,
        headers: { host: `localhost:${runtime.info.port}`, ...headers },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const errorOf = (answer: Answer) => (JSON.parse(answer.body) as { error: string }).error;

describe('names and the local inbox', () => {
  let runtime: RunningRuntime;

  beforeAll(async () => {
    runtime = await startLocalRuntime({
      env: { PUBLIC_URL: `https://${PUBLIC_HOST}`, ALLOWED_HOSTS: ` ${CHOSEN.toUpperCase()} ` },
    });
  });

  afterAll(async () => {
    await runtime?.dispose();
  });

  it('refuses a name nobody chose with 403 that names the setting, on the site and the API alike', async () => {
    for (const path of ['/api/health', '/admin', '/config.json', '/cognito/', '/_local/inbox']) {
      const answer = await get(runtime, path, { host: `rebound.attacker.example:${runtime.info.port}` });
      expect(answer.status).toBe(403);
      expect(errorOf(answer)).toBe(
        'This service does not answer to the name rebound.attacker.example: to open it under that name, add it to ALLOWED_HOSTS (ALLOWED_HOSTS=rebound.attacker.example npm start).',
      );
    }
    const admin = await get(runtime, '/api/messages', {
      host: 'rebound.attacker.example',
      authorization: `Bearer ${await runtime.adminToken()}`,
    });
    expect(admin.status).toBe(403);
  });

  it('answers the names the operator uses: loopback names, PUBLIC_URL’s host and ALLOWED_HOSTS', async () => {
    const port = runtime.info.port;
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      'voice.localhost',
      PUBLIC_HOST,
      CHOSEN,
    ]) {
      expect((await get(runtime, '/api/health', { host })).status, host).toBe(200);
    }
    const config = JSON.parse((await get(runtime, '/config.json', { host: `${CHOSEN}:8080` })).body);
    expect(config.userPoolEndpoint).toBe(`http://${CHOSEN}:8080/cognito/`);
  });

  it('refuses the live WebSocket under a name nobody chose', async () => {
    const socket = new WebSocket(runtime.info.events.realtimeEndpoint, ['aws-appsync-event-ws'], {
      headers: { host: 'rebound.attacker.example' },
    });
    const refused = await new Promise<number>((resolve, reject) => {
      socket.once('unexpected-response', (_, res) => resolve(res.statusCode ?? 0));
      socket.once('open', () => reject(new Error('opened')));
      socket.once('error', reject);
    });
    socket.terminate();
    expect(refused).toBe(403);
  });

  it('says at start that behind PUBLIC_URL the per-client limits need TRUST_PROXY to tell visitors apart', () => {
    expect(runtime.output()).toContain(
      'PUBLIC_URL is set but TRUST_PROXY is not: every visitor through the tunnel or proxy counts as one client',
    );
  });

  it('shows the inbox to whoever opens the printed address: the token becomes a cookie and leaves the URL', async () => {
    const token = runtime.info.localToken;
    expect(runtime.output()).toContain(`${runtime.url}/_local/inbox?token=${token}`);
    const opened = await get(runtime, `/_local/inbox?token=${token}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe('/_local/inbox');
    const [cookie] = opened.headers['set-cookie'] ?? [];
    expect(cookie).toMatch(/; Path=\/_local; HttpOnly; SameSite=Strict$/);
    const inbox = await get(runtime, '/_local/inbox', { cookie: cookie!.split(';')[0]! });
    expect(inbox.status).toBe(200);
    expect(inbox.body).toContain('<h1>Local inbox</h1>');
    expect((await get(runtime, '/_local/inbox', { authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it.each([
    ['a plain request from this machine (a same-machine proxy that rewrites Host and adds nothing)', {}],
    ['127.0.0.1 as its Host', { host: `127.0.0.1:0` }],
    ['PUBLIC_URL’s host', { host: PUBLIC_HOST }],
    ['X-Forwarded-For', { 'x-forwarded-for': '203.0.113.9' }],
    ['a wrong token', { authorization: 'Bearer not-the-token' }],
    ['another start’s cookie', { cookie: 'vs_local_3000=not-the-token' }],
  ])(
    'never shows the inbox without this start’s token (%s), however the path is spelled',
    async (_, headers) => {
      const withPort: Record<string, string> = { ...headers };
      if (withPort.host === '127.0.0.1:0') withPort.host = `127.0.0.1:${runtime.info.port}`;
      for (const path of [
        '/_local/inbox',
        '/api/../_local/inbox',
        '/api/%2e%2e/_local/inbox',
        '/api/%2E%2E/_local/inbox',
        '//_local/inbox',
        '/%5Flocal/inbox',
        '/api\\..\\_local/inbox',
        '/_local/./inbox?x=1',
        '/_local/inbox?token=wrong',
      ]) {
        const answer = await get(runtime, path, withPort);
        expect(answer.status, path).toBe(403);
        expect(errorOf(answer)).toMatch(/^\/_local\/ needs this start's token/);
      }
      const stop = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: runtime.info.port,
            method: 'POST',
            path: '/api/../_local/realtime/stop',
            headers: { host: `localhost:${runtime.info.port}`, ...withPort },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(stop).toBe(403);
    },
  );

  it('routes every spelling of a path to the same place', async () => {
    for (const path of ['/api/../api/health', '/api/%2e/health', '//api//health', '/%61pi/health']) {
      expect((await get(runtime, path)).status, path).toBe(200);
    }
    const bearer = { authorization: `Bearer ${runtime.info.localToken}` };
    expect((await get(runtime, '/api/%2e%2e/_local/inbox', bearer)).status).toBe(200);
  });
});

/** This machine's first address that is not loopback (the one a phone on the same network would use). */
function lanAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
  if (!address) throw new Error('This machine has no network address besides loopback.');
  return address;
}

async function modesUnder(dir: string): Promise<Record<string, string>> {
  const modes: Record<string, string> = { '.': ((await stat(dir)).mode & 0o777).toString(8) };
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const path = join(entry.parentPath, entry.name);
    modes[path.slice(dir.length + 1)] = ((await stat(path)).mode & 0o777).toString(8);
  }
  return modes;
}

describe('a data directory shared with others, and HOST=0.0.0.0', () => {
  let runtime: RunningRuntime;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'vs-loose-'));
    await mkdir(join(dataDir, 'notes'), { recursive: true });
    await writeFile(join(dataDir, 'notes', 'kept.txt'), 'mine');
    await chmod(join(dataDir, 'notes', 'kept.txt'), 0o644);
    await chmod(join(dataDir, 'notes'), 0o755);
    await chmod(dataDir, 0o755);
    runtime = await startLocalRuntime({ dataDir, env: { HOST: '0.0.0.0' } });
  });

  afterAll(async () => {
    await runtime?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('makes DATA_DIR and everything the stand-ins and the service write in it private to the user, saying so once', async () => {
    // A text answered (outbox.jsonl), a sign-up email (mailbox.jsonl), a saved key (secrets.json), a file
    // stored (s3rver's object and its metadata).
    expect((await postWebhook(runtime, incomingForm({ from: '+14155550177', body: 'HELP' }))).status).toBe(
      200,
    );
    await expect.poll(async () => (await outboxTo(runtime, '+14155550177')).length).toBe(1);
    await runtime.adminToken();
    const settings = await fetch(`${runtime.url}/api/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await runtime.adminToken()}` },
      body: JSON.stringify({ openai_api_key: 'sk-test-abcdefghijklmnopqrstuvwxyz-0000' }),
    });
    expect(settings.status).toBe(200);
    const s3 = createS3Client({ region: runtime.info.region, endpoint: runtime.info.s3.endpoint });
    await s3.send(
      new PutObjectCommand({ Bucket: runtime.info.s3.bucket, Key: 'audio/private.wav', Body: 'not audio' }),
    );
    s3.destroy();

    const modes = await modesUnder(dataDir);
    for (const name of [
      'dynamodb',
      `s3/${runtime.info.s3.bucket}/audio`,
      'cognito',
      'outbox.jsonl',
      'mailbox.jsonl',
      'secrets.json',
      'webhook-token',
      'notes/kept.txt',
    ]) {
      expect(
        Object.keys(modes).some((path) => path === name || path.startsWith(`${name}/`)),
        name,
      ).toBe(true);
    }
    const loose = Object.entries(modes).filter(([, mode]) => Number.parseInt(mode, 8) & 0o077);
    expect(loose).toEqual([]);
    expect(modes['.']).toBe('700');
    expect(modes['notes/kept.txt']).toBe('600');
    expect(runtime.output().match(/made it private to you \(folders 0700, files 0600\)/g)).toHaveLength(1);
  });

  it('says at start that passwords travel unencrypted without TLS in front, and what to do', () => {
    expect(runtime.output()).toContain(
      'HOST=0.0.0.0 lets other machines reach this service over plain HTTP: passwords, sign-in codes and tokens travel unencrypted. Put TLS in front (an https tunnel or reverse proxy, named by PUBLIC_URL), or keep HOST=127.0.0.1.',
    );
  });

  it('answers the network at this machine’s own address, but never shows it the inbox without the token', async () => {
    const address = lanAddress();
    const host = `${address}:${runtime.info.port}`;
    expect((await get(runtime, '/api/health', { host }, address)).status).toBe(200);
    expect((await get(runtime, '/_local/inbox', { host }, address)).status).toBe(403);
    // Naming localhost changes nothing: only the token opens it.
    expect((await get(runtime, '/_local/inbox', {}, address)).status).toBe(403);
    expect((await get(runtime, '/api/health', { host: 'rebound.attacker.example' }, address)).status).toBe(
      403,
    );
  });
});
