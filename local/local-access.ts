/**
 * Who may open `/_local/*` (the inbox shows password-reset codes; the realtime controls drop every live
 * connection): whoever holds this start's secret, as notebook servers do. The runtime makes a token at each
 * start and prints `/_local/inbox?token=...` in the terminal; opening that URL once sets a cookie for
 * `/_local` and sends the browser on to the same page without the token (so it stays out of history and
 * referrers); a script sends `Authorization: Bearer <token>`. The request's headers, socket and `Host` decide
 * nothing: behind a same-machine proxy that rewrites `Host` to 127.0.0.1, or a TCP forward, a request from
 * anywhere looks local (issue 31), while a secret is held only by the person at the terminal.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOCAL_PREFIX } from './addresses';

/** The query parameter the printed URL carries the token in. */
export const LOCAL_TOKEN_PARAMETER = 'token';

export type LocalAccess = {
  /** This start's token (printed in the terminal, written to runtime.json, which only its owner can read). */
  readonly token: string;
  /**
   * Lets the request in (`'in'`), or answers it: a redirect that swaps a token in the URL for the cookie, or
   * 403 saying where the token is.
   */
  readonly check: (req: IncomingMessage, res: ServerResponse) => 'in' | 'answered';
};

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The cookie of the runtime on `port`: one per port, since cookies are shared by every port of a host. */
export const localCookieName = (port: number) => `vs_local_${port}`;

function cookie(req: IncomingMessage, name: string): string | null {
  for (const part of String(req.headers.cookie ?? '').split(/;\s*/)) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at) === name) return part.slice(at + 1);
  }
  return null;
}

export function localAccess(options: {
  readonly refuse: (req: IncomingMessage, res: ServerResponse, status: number, body: unknown) => void;
}): LocalAccess {
  const token = randomBytes(24).toString('base64url');
  const expected = digest(token);
  const matches = (value: string | null | undefined) =>
    typeof value === 'string' && value.length > 0 && timingSafeEqual(digest(value), expected);
  return {
    token,
    check(req, res) {
      // The port the request came in on: this runtime's.
      const name = localCookieName(req.socket.localPort ?? 0);
      const url = new URL(req.url ?? '/', 'http://localhost');
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(String(req.headers.authorization ?? ''))?.[1];
      const inUrl = url.searchParams.get(LOCAL_TOKEN_PARAMETER);
      if (matches(inUrl) && (req.method === 'GET' || req.method === 'HEAD')) {
        // The token leaves the address bar: the cookie carries it from now on, for /_local only.
        url.searchParams.delete(LOCAL_TOKEN_PARAMETER);
        res.writeHead(303, {
          location: url.pathname + url.search,
          'set-cookie': `${name}=${token}; Path=${LOCAL_PREFIX}; HttpOnly; SameSite=Strict`,
          'cache-control': 'no-store',
          'referrer-policy': 'no-referrer',
          'content-length': '0',
        });
        res.end();
        return 'answered';
      }
      if (matches(cookie(req, name)) || matches(bearer) || matches(inUrl)) return 'in';
      options.refuse(req, res, 403, {
        error: `${LOCAL_PREFIX}/ needs this start's token: open the "Local inbox" address the terminal printed at start (it carries ?${LOCAL_TOKEN_PARAMETER}=...), or send Authorization: Bearer <token> (localToken in runtime.json).`,
      });
      return 'answered';
    },
  };
}
