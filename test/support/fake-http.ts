/** What both provider fakes share: a node:http server on 127.0.0.1:0, recorded requests, scripted faults. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: Buffer;
};

export type Fault = { readonly status: number; readonly body?: unknown; readonly method?: string };

/** Faults and latency a test scripts; `take()` answers which fault (if any) applies to the next request. */
export class FaultScript {
  private queue: Fault[] = [];
  private always: Fault | null = null;
  latencyMs = 0;

  /**
   * The next `count` requests (of `method`, when given) fail with `status` (and `body`, else the provider's
   * usual error body).
   */
  failNext(count: number, status: number, body?: unknown, method?: string): void {
    for (let i = 0; i < count; i += 1) this.queue.push({ status, body, ...(method ? { method } : {}) });
  }

  /** Every request fails with `status` until `failAlways(null)`. */
  failAlways(status: number | null, body?: unknown): void {
    this.always = status === null ? null : { status, body };
  }

  take(method?: string): Fault | null {
    const index = this.queue.findIndex((fault) => !fault.method || fault.method === method);
    return index >= 0 ? this.queue.splice(index, 1)[0]! : this.always;
  }

  reset(): void {
    this.queue = [];
    this.always = null;
    this.latencyMs = 0;
  }
}

/** Starts a server whose handler sees each request with its body read; resolves with its base URL. */
export async function listen(
  handler: (request: RecordedRequest, response: ServerResponse, raw: IncomingMessage) => Promise<void>,
): Promise<{ server: Server; url: string }> {
  const server = createServer((raw, response) => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const request: RecordedRequest = {
        method: raw.method ?? 'GET',
        path: raw.url ?? '/',
        headers: { ...raw.headers } as Record<string, string | undefined>,
        body: Buffer.concat(chunks),
      };
      handler(request, response, raw).catch((error: unknown) => {
        if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } });
        else response.destroy();
      });
    });
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}` };
}

/** Closes the server and any kept-alive connections. */
export async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Answers with a JSON body and its length. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

/** Resolves after `ms` milliseconds (the fakes' latency). */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The fault-scripting methods both fakes expose, bound to one FaultScript. */
export function faultControls(faults: FaultScript) {
  return {
    failNext: (count: number, status: number, body?: unknown, method?: string) =>
      faults.failNext(count, status, body, method),
    failAlways: (status: number | null, body?: unknown) => faults.failAlways(status, body),
    setLatency: (ms: number) => {
      faults.latencyMs = ms;
    },
  };
}
