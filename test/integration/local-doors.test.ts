/**
 * The doors of the local runtime, tried as an attacker would (its own process, data directory and port): the
 * sign-in stand-in serves only a browser's actions, CORS names only the site's own origin, the local-only
 * controls, Step Functions and the publish route refuse cross-origin and unauthenticated callers, bodies are
 * refused before they are read, the live WebSocket needs a sign-in within seconds and caps its frames, tokens
 * signed with cognito-local's published key are worthless, and a removed administrator's open live page is
 * left on a channel nothing reaches.
 */
import { createPrivateKey, sign } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { liveChannelPath } from '#core/messages/live-updates';
import { AppSyncEventsPublisher } from '../../lambdas/adapters/aws/appsync-events-publisher';
import { LOCAL_CREDENTIALS } from '../../lambdas/adapters/aws/clients/client-options';
import { createMessage } from '../../lambdas/use-cases/message-changes';
import {
  currentLiveChannel,
  openEventsClient,
  runtimeMessageChanges,
  subscribe,
} from '../support/live-events';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { pendingMessage } from '../support/messages';

let runtime: RunningRuntime;
const sockets: WebSocket[] = [];
const EVIL = 'http://evil.example';

beforeAll(async () => {
  // A LAN name the operator chose, for /config.json under another name than localhost.
  runtime = await startLocalRuntime({ env: { ALLOWED_HOSTS: 'my-laptop.lan' } });
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await runtime?.dispose();
});

const target = (action: string) => `AWSCognitoIdentityProviderService.${action}`;

/** A call to the public sign-in door, as a page (or anyone) would make it. */
async function cognito(action: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${runtime.url}/cognito/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target(action), ...headers },
    body: JSON.stringify(body),
  });
  return { response, json: (await response.json()) as Record<string, unknown> };
}

/**
 * Declares a body of `bytes` but sends only its first KB: a door that reads before it refuses would wait for
 * the rest; one that checks first answers at once.
 */
function declaredBody(path: string, bytes: number, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = request(`${runtime.url}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(bytes) },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.write(Buffer.alloc(1024, 'a'));
  });
}

/** A JWT signed RS256 with `pem`. */
function jwt(payload: Record<string, unknown>, pem: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const data = `${part({ alg: 'RS256', kid: 'CognitoLocal', typ: 'JWT' })}.${part(payload)}`;
  return `${data}.${sign('RSA-SHA256', Buffer.from(data), createPrivateKey(pem)).toString('base64url')}`;
}

/** An events-protocol client, closed after the tests. */
async function connect(token: string | null, options: { init?: boolean } = {}) {
  const client = await openEventsClient(runtime, token, options);
  sockets.push(client.socket);
  return client;
}

describe('the sign-in stand-in’s public door', () => {
  it.each([
    ['ListUsers', { UserPoolId: 'any' }],
    ['AdminCreateUser', { UserPoolId: 'any', Username: 'intruder@example.com' }],
    ['AdminSetUserPassword', { UserPoolId: 'any', Username: 'admin@example.com', Password: 'x' }],
    ['AdminAddUserToGroup', { UserPoolId: 'any', Username: 'intruder@example.com', GroupName: 'admins' }],
    ['CreateUserPoolClient', { UserPoolId: 'any', ClientName: 'mine' }],
  ])('refuses %s: 403, JSON in Cognito’s error shape, no open CORS', async (action, body) => {
    for (const origin of [undefined, EVIL]) {
      const { response, json } = await cognito(action, body, origin ? { origin } : {});
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(json).toEqual({ __type: 'AccessDeniedException', message: expect.any(String) });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('serves a browser’s sign-up, with CORS for the site’s own origin only', async () => {
    const own = new URL(runtime.url).origin;
    const { response, json } = await cognito(
      'SignUp',
      { ClientId: runtime.info.cognito.clientId, Username: 'door@example.com', Password: 'door-password-1' },
      { origin: own },
    );
    expect(response.status).toBe(200);
    expect(json.UserSub).toEqual(expect.any(String));
    expect(response.headers.get('access-control-allow-origin')).toBe(own);

    for (const [origin, allowed] of [
      [own, own],
      [EVIL, null],
    ] as const) {
      const preflight = await fetch(`${runtime.url}/cognito/`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBe(allowed);
    }
  });

  it('answers its own failures in JSON, never an HTML page or a stack', async () => {
    const broken = await fetch(`${runtime.url}/cognito/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target('SignUp') },
      body: '{"ClientId": ',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ __type: 'SerializationException', message: expect.any(String) });
    const unknownClient = await cognito('InitiateAuth', {
      ClientId: 'nope',
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: 'a@example.com', PASSWORD: 'x' },
    });
    expect(unknownClient.response.status).toBe(400);
    expect(Object.keys(unknownClient.json).sort()).toEqual(['__type', 'message']);
    const other = await fetch(`${runtime.url}/cognito/oauth2/token`, { method: 'POST' });
    expect(other.status).toBe(403);
    expect(other.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('signs with a key of its own: a token signed with cognito-local’s published key is refused', async () => {
    const published = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as {
      pem: string;
    };
    const now = Math.floor(Date.now() / 1000);
    const issuer = `${runtime.info.url}/cognito/${runtime.info.cognito.userPoolId}`;
    const common = { sub: 'forged', iss: issuer, iat: now, exp: now + 3600, 'cognito:groups': ['admins'] };
    const idToken = jwt(
      { ...common, aud: runtime.info.cognito.clientId, token_use: 'id', email: 'x@example.com' },
      published.pem,
    );
    const api = await fetch(`${runtime.url}/api/messages`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(api.status).toBe(401);
    const accessToken = jwt(
      { ...common, client_id: runtime.info.cognito.clientId, token_use: 'access', username: 'forged' },
      published.pem,
    );
    const user = await cognito('GetUser', { AccessToken: accessToken });
    expect(user.response.status).toBe(400);
    expect(user.json.__type).toBe('NotAuthorizedException');
    // A real administrator's token still works: the runtime signs with its own key and trusts it.
    const admin = await fetch(`${runtime.url}/api/messages`, {
      headers: { authorization: `Bearer ${await runtime.adminToken()}` },
    });
    expect(admin.status).toBe(200);
  });
});

describe('the local-only routes, Step Functions and the publish route', () => {
  it('refuse a cross-origin browser’s POST to /_local/realtime/stop, and the inbox to another site', async () => {
    for (const headers of [
      { origin: EVIL },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const response = await fetch(`${runtime.url}/_local/realtime/stop`, { method: 'POST', headers });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: string }).error).toMatch(/only pages of this site/);
    }
    const inbox = await fetch(`${runtime.url}/_local/inbox`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(inbox.status).toBe(403);
    // The site's own page (same origin) and tools (no browser headers) are let in, with this start's token.
    const own = new URL(runtime.url).origin;
    expect(
      (await fetch(`${runtime.url}/_local/inbox`, { headers: { origin: own, ...runtime.localHeaders() } }))
        .status,
    ).toBe(200);
  });

  it('do not serve Step Functions outside the runtime: a signed StartExecution on the public port is refused', async () => {
    const sfn = new SFNClient({
      region: runtime.info.region,
      endpoint: `${runtime.url}/stepfunctions`,
      credentials: LOCAL_CREDENTIALS,
      maxAttempts: 1,
    });
    await expect(
      sfn.send(new StartExecutionCommand({ stateMachineArn: 'arn:aws:states:x', input: '{}' })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    sfn.destroy();
    const cross = await fetch(`${runtime.url}/stepfunctions/`, { method: 'POST', headers: { origin: EVIL } });
    expect(cross.status).toBe(403);
    expect(cross.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuse browsers on the internal door, which serves the runtime’s own calls', async () => {
    const internal = new URL(runtime.info.cognito.adminEndpoint).origin;
    for (const headers of [{ origin: EVIL }, { 'sec-fetch-site': 'cross-site' }, { origin: internal }]) {
      const response = await fetch(`${runtime.info.cognito.adminEndpoint}/`, {
        method: 'POST',
        headers: { ...headers, 'x-amz-target': target('ListUsers') },
        body: '{}',
      });
      expect(response.status).toBe(403);
    }
  });

  it('publish only with this start’s credentials, never from another origin', async () => {
    const change = { type: 'created' as const, message: pendingMessage({ id: 'door-publish' }) };
    const publisher = (credentials: { accessKeyId: string; secretAccessKey: string }) =>
      new AppSyncEventsPublisher({
        httpEndpoint: runtime.info.events.httpEndpoint,
        region: runtime.info.region,
        credentials,
        channel: async () => liveChannelPath('0'.repeat(32)),
      });
    // The fixed pair every copy of this code knows is not enough.
    await expect(publisher(LOCAL_CREDENTIALS).publish(change)).rejects.toThrow(/401/);
    const credentials = JSON.parse(await readFile(runtime.info.events.credentialsFile, 'utf8'));
    await expect(publisher(credentials).publish(change)).resolves.toBeUndefined();
    const cross = await fetch(runtime.info.events.httpEndpoint, {
      method: 'POST',
      headers: { origin: EVIL, 'content-type': 'application/json' },
      body: JSON.stringify({ channel: liveChannelPath('0'.repeat(32)), events: ['{}'] }),
    });
    expect(cross.status).toBe(403);
    expect(cross.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('request bodies', () => {
  it.each([
    ['/cognito/', 128 * 1024, { 'x-amz-target': target('SignUp') }],
    ['/api/signups', 40 * 1024 * 1024, { 'content-type': 'application/json' }],
  ])('to %s are refused 413 with JSON before they are read', async (path, bytes, headers) => {
    const response = await declaredBody(path, bytes, headers);
    expect(response.status).toBe(413);
    expect(response.type).toMatch(/application\/json/);
    expect(() => JSON.parse(response.body)).not.toThrow();
  });
});

describe('the live WebSocket', () => {
  it('closes a connection that does not sign in within a few seconds', async () => {
    const client = await connect(null, { init: false });
    await expect.poll(() => client.socket.readyState, { timeout: 15_000 }).toBe(WebSocket.CLOSED);
    expect(client.frames).toContainEqual(
      expect.objectContaining({
        type: 'connection_error',
        errors: [expect.objectContaining({ errorType: 'UnauthorizedException' })],
      }),
    );
  });

  it('closes a connection that sends an oversized frame', async () => {
    const token = (await runtime.tokens('admin@example.com', 'admin-password-1')).accessToken;
    await runtime.adminToken();
    const client = await connect(token);
    await expect.poll(() => client.frames.some((f) => f.type === 'connection_ack')).toBe(true);
    client.socket.send(JSON.stringify({ type: 'subscribe', id: 'big', channel: 'x'.repeat(200_000) }));
    await expect.poll(() => client.closeCode()).toBe(1009);
  });

  it('refuses an upgrade from another origin', async () => {
    const socket = new WebSocket(runtime.info.events.realtimeEndpoint, ['aws-appsync-event-ws'], {
      origin: EVIL,
    });
    sockets.push(socket);
    await expect(
      new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      }),
    ).rejects.toThrow(/403/);
  });

  it('leaves a removed administrator’s subscription on a channel nothing reaches, and refuses their old token', async () => {
    await runtime.signIn('leaving@example.com', 'leaving-password-1', 'admins');
    const { accessToken, idToken } = await runtime.tokens('leaving@example.com', 'leaving-password-1');
    const channel = await currentLiveChannel(runtime, idToken);
    const client = await connect(accessToken);
    await expect.poll(() => client.frames.some((f) => f.type === 'connection_ack')).toBe(true);
    subscribe(client, 'all', channel, accessToken);
    await expect
      .poll(() => client.frames.some((f) => f.id === 'all' && f.type === 'subscribe_success'))
      .toBe(true);

    const sub = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub as string;
    const removed = await fetch(`${runtime.url}/api/team/${sub}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await runtime.adminToken()}` },
    });
    expect(removed.status).toBe(204);
    // The old channel is told it moved; the new one is not theirs to learn or to watch.
    const data = () => client.frames.filter((f) => f.type === 'data').map((f) => JSON.parse(String(f.event)));
    await expect.poll(data).toEqual([{ type: 'moved' }]);
    const moved = await currentLiveChannel(runtime, await runtime.adminToken());
    expect(moved).not.toBe(channel);
    subscribe(client, 'new', moved, accessToken);
    await expect.poll(() => client.frames.find((f) => f.id === 'new')?.type).toBe('subscribe_error');

    // A change made after the removal reaches the remaining administrator, not the open page.
    const admin = await connect((await runtime.tokens('admin@example.com', 'admin-password-1')).accessToken);
    await expect.poll(() => admin.frames.some((f) => f.type === 'connection_ack')).toBe(true);
    subscribe(
      admin,
      'now',
      moved,
      (await runtime.tokens('admin@example.com', 'admin-password-1')).accessToken,
    );
    await expect.poll(() => admin.frames.find((f) => f.id === 'now')?.type).toBe('subscribe_success');
    await createMessage(await runtimeMessageChanges(runtime), pendingMessage({ id: 'after-removal' }));
    await expect.poll(() => admin.frames.some((f) => f.type === 'data')).toBe(true);
    expect(data()).toEqual([{ type: 'moved' }]);

    const again = await connect(accessToken);
    await expect.poll(() => again.frames.some((f) => f.type === 'connection_error')).toBe(true);
    expect(again.frames.some((f) => f.type === 'connection_ack')).toBe(false);
  });
});

describe('/config.json', () => {
  it('names the endpoints on the host the browser used, of the names the runtime answers to', async () => {
    const port = new URL(runtime.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'my-laptop.lan:8080']) {
      const config = await new Promise<Record<string, unknown>>((resolve, reject) => {
        request(`${runtime.url}/config.json`, { headers: { host } }, (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve(JSON.parse(body)));
        })
          .on('error', reject)
          .end();
      });
      expect(config).toMatchObject({
        userPoolEndpoint: `http://${host}/cognito/`,
        events: { httpEndpoint: `http://${host}/event`, realtimeEndpoint: `ws://${host}/event/realtime` },
        apiBaseUrl: '/api',
      });
    }
  });
});
