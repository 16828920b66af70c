/**
 * AppSync Events' publish over HTTP (`POST /event`), locally: as in AWS only IAM may publish, so a request
 * must carry a SigV4 signature (service `appsync`, at most 5 minutes old) by the credentials the runtime gave
 * its functions. A post whose headers do not name them is refused before its body is read; the body is capped
 * and paced as it is read, its signature checked, then `{channel, events: [1 to 5 JSON strings]}` is checked
 * and each event handed to `deliver`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity } from '@smithy/types';
import {
  API_BODY_PACE,
  BODY_TIMEOUT_MESSAGE,
  BodyAbortedError,
  BodyTimeoutError,
  BodyTooLargeError,
  readBody,
} from '../api-gateway';
import { closeAfterRefusal } from '../doors';

export const MAX_PUBLISH_BYTES = 1_200_000;
/** AppSync Events takes at most 5 events per publish. */
const MAX_EVENTS_PER_PUBLISH = 5;
/** A channel path: `/namespace/segment...`, 1 to 5 segments after the namespace, letters, digits and `-`. */
const CHANNEL = /^\/[A-Za-z0-9-]{1,50}(\/[A-Za-z0-9-]{1,50}){0,4}$/;

type ErrorItem = { readonly errorType: string; readonly message: string };

export const UNAUTHORIZED: ErrorItem = {
  errorType: 'UnauthorizedException',
  message: 'You are not authorized to make this call.',
};

const badRequest = (message: string) => ({ errors: [{ errorType: 'BadRequestException', message }] });

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function publishOverHttp(options: {
  /** What publishers sign with (the local runtime gives its functions the same pair). */
  readonly credentials: AwsCredentialIdentity;
  readonly region: string;
  readonly log: (line: string) => void;
  /** Sends one event (a JSON string) to every subscription matching `channel`. */
  readonly deliver: (channel: string, event: string) => void;
}): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const signer = new SignatureV4({
    service: 'appsync',
    region: options.region,
    credentials: options.credentials,
    sha256: Sha256,
  });

  /** The signature's parts, when the headers name the publishers' key and a fresh date: null otherwise. */
  function signatureOf(req: IncomingMessage) {
    const authorization = String(req.headers.authorization ?? '');
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/[^/]+\/appsync\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    const date = String(req.headers['x-amz-date'] ?? '');
    const dated = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(date);
    if (!match || !dated || match[1] !== options.credentials.accessKeyId) return null;
    const signingDate = new Date(
      Date.UTC(+dated[1]!, +dated[2]! - 1, +dated[3]!, +dated[4]!, +dated[5]!, +dated[6]!),
    );
    // AppSync refuses signatures older (or newer) than 5 minutes.
    if (Math.abs(Date.now() - signingDate.getTime()) > 5 * 60_000) return null;
    return { signedHeaders: match[2]!, signature: match[3]!, signingDate };
  }

  /** Whether the headers name this start's publisher: what can be known before the body is read. */
  const namesPublisher = (req: IncomingMessage) => signatureOf(req) !== null;

  /** Whether the request carries a valid SigV4 signature by the publishers' credentials. */
  async function signedByPublisher(req: IncomingMessage, body: string): Promise<boolean> {
    const signed = signatureOf(req);
    if (!signed) return false;
    const headers: Record<string, string> = {};
    for (const name of signed.signedHeaders.split(';')) headers[name] = String(req.headers[name] ?? '');
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    const expected = await signer.sign(
      {
        method: req.method ?? 'POST',
        protocol: 'http:',
        hostname: url.hostname,
        path: url.pathname,
        query: {},
        headers,
        body,
      },
      { signingDate: signed.signingDate },
    );
    return String(expected.headers.authorization ?? '').endsWith(`Signature=${signed.signature}`);
  }

  return async (req, res) => {
    if (req.method !== 'POST') {
      answer(res, 405, badRequest('Publish with POST.'));
      req.resume();
      return;
    }
    // Who signed is read from the headers before a byte of the body: a post that does not name this start's
    // credentials, freshly dated, is refused unread and its connection closed (the signature itself covers
    // the body, so it is checked once the body is in).
    if (!namesPublisher(req)) {
      options.log('Live updates: a publish without a valid SigV4 signature was refused');
      answer(res, 401, { errors: [UNAUTHORIZED] }, { connection: 'close' });
      closeAfterRefusal(req);
      return;
    }
    let body: string;
    try {
      // Capped whether the size is declared or only streamed, and at the API's pace (no trickle holds it).
      body = (await readBody(req, MAX_PUBLISH_BYTES, API_BODY_PACE)).toString('utf8');
    } catch (error) {
      if (error instanceof BodyAbortedError) return void res.destroy();
      const late = error instanceof BodyTimeoutError;
      if (!late && !(error instanceof BodyTooLargeError)) throw error;
      // Each refusal in AppSync's own error format: a trickle gets 408 in about 10 s, not Node's 5 minutes.
      answer(
        res,
        late ? 408 : 413,
        late
          ? { errors: [{ errorType: 'RequestTimeoutException', message: BODY_TIMEOUT_MESSAGE }] }
          : badRequest(`Too large: ${MAX_PUBLISH_BYTES} bytes at most.`),
        { connection: 'close' },
      );
      closeAfterRefusal(req);
      return;
    }
    if (!(await signedByPublisher(req, body))) {
      options.log('Live updates: a publish without a valid SigV4 signature was refused');
      answer(res, 401, { errors: [UNAUTHORIZED] });
      return;
    }
    let parsed: { channel?: unknown; events?: unknown };
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      answer(res, 400, badRequest('Not JSON.'));
      return;
    }
    const channel = String(parsed?.channel ?? '');
    const events = parsed?.events;
    if (
      !CHANNEL.test(channel) ||
      !Array.isArray(events) ||
      events.length === 0 ||
      events.length > MAX_EVENTS_PER_PUBLISH ||
      !events.every((e) => typeof e === 'string')
    ) {
      answer(res, 400, badRequest('Send {channel, events: [1 to 5 JSON strings]}.'));
      return;
    }
    const successful: { identifier: string; index: number }[] = [];
    const failed: { identifier: string; index: number; code: number; message: string }[] = [];
    events.forEach((event: string, index) => {
      const identifier = randomUUID();
      try {
        JSON.parse(event);
      } catch {
        failed.push({ identifier, index, code: 400, message: 'The event is not valid JSON.' });
        return;
      }
      successful.push({ identifier, index });
      options.deliver(channel, event);
    });
    answer(res, 200, { successful, failed });
  };
}
