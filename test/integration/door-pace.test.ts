/**
 * Every door of the local runtime paces a body (issue 31): the sign-in door (`/cognito/`), the live-update
 * publish route (`/event`) and the internal door (the sign-in service's administrator actions, Step Functions)
 * answer a body that trickles in with 408 after about 10 s, as the API's routes do, instead of holding the
 * connection until Node's 5-minute request timeout; the runtime keeps serving meanwhile.
 */
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_TIMEOUT_MESSAGE } from '../../local/api-gateway';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';

let runtime: RunningRuntime;

beforeAll(async () => {
  runtime = await startLocalRuntime({ env: { LOCAL_THROTTLING: 'off' } });
});

afterAll(async () => {
  await runtime?.dispose();
});

type Answer = { readonly status: number; readonly body: unknown } | 'no answer';

/** Posts a body that says 1,000 bytes and sends one every half second; resolves with the answer. */
function trickle(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-length': '1000' } });
    const timer = setInterval(() => req.write(' '), 500);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => {
        clearInterval(timer);
        req.destroy();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {}
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', () => {
      clearInterval(timer);
      resolve('no answer');
    });
    req.write('{');
  });
}

const cognito = (target: string) => ({
  'content-type': 'application/x-amz-json-1.1',
  'x-amz-target': `AWSCognitoIdentityProviderService.${target}`,
});

describe('a body that trickles in', () => {
  it('gets 408 at the sign-in, publish and internal doors, and the runtime keeps serving', async () => {
    const { info } = runtime;
    // The publish door reads a body only from a request naming this start's publisher key, freshly dated
    // (issue 31's doors): the trickle names it, as the runtime's functions do, then trickles.
    const { accessKeyId } = JSON.parse(await readFile(info.events.credentialsFile, 'utf8')) as {
      accessKeyId: string;
    };
    const publisher = {
      'content-type': 'application/json',
      authorization: `AWS4-HMAC-SHA256 Credential=${accessKeyId}/20260101/us-east-1/appsync/aws4_request, SignedHeaders=host, Signature=${'0'.repeat(64)}`,
      'x-amz-date': new Date().toISOString().replace(/[-:]|\.\d{3}/g, ''),
    };
    const trickles = {
      signIn: trickle(`${runtime.url}/cognito/`, cognito('InitiateAuth')),
      publish: trickle(info.events.httpEndpoint, publisher),
      internalCognito: trickle(`${info.cognito.adminEndpoint.replace(/\/$/, '')}/`, cognito('ListUsers')),
      stepFunctions: trickle(`${info.stepFunctions.endpoint.replace(/\/$/, '')}/`, {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': 'AWSStepFunctions.StartExecution',
      }),
    };
    // While the four are held open, the service answers as usual.
    expect((await fetch(`${runtime.url}/api/health`)).status).toBe(200);

    const timedOut = { __type: 'RequestTimeoutException', message: BODY_TIMEOUT_MESSAGE };
    expect(await trickles.signIn).toEqual({ status: 408, body: timedOut });
    expect(await trickles.publish).toEqual({
      status: 408,
      body: { errors: [{ errorType: 'RequestTimeoutException', message: BODY_TIMEOUT_MESSAGE }] },
    });
    expect(await trickles.internalCognito).toEqual({ status: 408, body: timedOut });
    expect(await trickles.stepFunctions).toEqual({ status: 408, body: timedOut });
    expect((await fetch(`${runtime.url}/api/health`)).status).toBe(200);
  }, 60_000);
});
