/**
 * The Lambda invoke API (`POST /2015-03-31/functions/<name>/invocations`), served by the local runtime for
 * cognito-local, which calls the user pool's triggers this way. It runs the same handler functions as Lambda
 * and answers as Lambda does: the handler's result as the payload, or `X-Amz-Function-Error: Unhandled` with
 * `{errorType, errorMessage}`.
 *
 * Only cognito-local may call it: the request must come from loopback and be signed with the per-start key
 * the runtime gave cognito-local, so a web page cannot post a forged trigger event to it from a browser.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  API_BODY_PACE,
  BODY_TIMEOUT_MESSAGE,
  BodyAbortedError,
  BodyTimeoutError,
  BodyTooLargeError,
  readBody,
} from './api-gateway';
import { refuseUnread, writeJson } from './doors';

export type TriggerHandler = (event: unknown) => Promise<unknown>;

const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/?]+)\/invocations(?:\?.*)?$/;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function lambdaInvokeEndpoint(options: {
  /** The access key id cognito-local signs with (`Credential=<key>/...` in its Authorization header). */
  readonly accessKeyId: string;
  /** The trigger handlers by function name, once they are loaded (null until then). */
  readonly handlers: () => ReadonlyMap<string, TriggerHandler> | null;
  /** A trigger that failed is reported to the person at the terminal. */
  readonly log: (line: string) => void;
}) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const name = decodeURIComponent(INVOKE_PATH.exec(req.url ?? '')?.[1] ?? '');
    const signed = (req.headers.authorization ?? '').includes(`Credential=${options.accessKeyId}/`);
    if (req.method !== 'POST' || !LOOPBACK.has(req.socket.remoteAddress ?? '') || !signed) {
      writeJson(res, 403, { message: 'Only the local sign-in service may invoke functions here.' });
      return;
    }
    const handlers = options.handlers();
    if (!handlers) {
      writeJson(res, 503, { message: 'The functions are still loading.' }, { 'retry-after': '1' });
      return;
    }
    const handler = handlers.get(name);
    if (!handler) {
      writeJson(
        res,
        404,
        { Type: 'User', message: `Function not found: ${name}` },
        {
          'x-amzn-errortype': 'ResourceNotFoundException',
        },
      );
      return;
    }
    let body: Buffer;
    try {
      body = await readBody(req, 256 * 1024, API_BODY_PACE);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        refuseUnread(req, res, 413, { message: 'The payload is too large: 256 KB at most.' });
      } else if (error instanceof BodyTimeoutError) {
        refuseUnread(req, res, 408, { message: BODY_TIMEOUT_MESSAGE });
      } else if (error instanceof BodyAbortedError) res.destroy();
      else throw error;
      return;
    }
    let event: unknown;
    try {
      event = JSON.parse(body.toString('utf8') || 'null');
    } catch {
      writeJson(res, 400, { message: 'The payload is not JSON.' });
      return;
    }
    try {
      writeJson(res, 200, (await handler(event)) ?? null, { 'x-amz-executed-version': '$LATEST' });
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      options.log(`The ${name} trigger failed: ${failure.message}`);
      writeJson(
        res,
        200,
        { errorType: failure.name, errorMessage: failure.message },
        { 'x-amz-function-error': 'Unhandled', 'x-amz-executed-version': '$LATEST' },
      );
    }
  };
}
