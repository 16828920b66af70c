/**
 * Where the site is, seen from the browser. The runtime answers under any host name that reaches it
 * (localhost, 127.0.0.1, a LAN name, a tunnel), and the CSP allows only `'self'`, so `/config.json` is built
 * per request from the address the browser used; Amplify needs absolute URLs (its Cognito endpoint and the
 * events endpoint it derives `wss://.../event/realtime` from), so they cannot simply be relative.
 * `PUBLIC_URL` names the public address when a tunnel or proxy stands in front: the webhook URL Twilio signs,
 * the reset links in emails and the printed URLs use it.
 */
import type { IncomingMessage } from 'node:http';
import * as z from 'zod';
import { requestHost } from './doors';

const publicUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .refine((value) => {
    // Refinements run even after the URL check failed (zod 4): a value that is no URL is left to that check.
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  }, 'must be an origin only (scheme, host and optional port), with no path: the site is served at its root');

/** `PUBLIC_URL` as an origin (`https://example.ngrok.app`), or null when unset; throws a one-line message. */
export function readPublicUrl(env: NodeJS.ProcessEnv = process.env): string | null {
  const value = env.PUBLIC_URL?.trim();
  if (!value) return null;
  const parsed = publicUrlSchema.safeParse(value);
  if (!parsed.success) {
    throw new Error(
      `PUBLIC_URL ${parsed.error.issues[0]?.message ?? 'is not valid'} (found "${value}"): for example PUBLIC_URL=https://voice.example.com, or unset it.`,
    );
  }
  return new URL(parsed.data).origin;
}

/**
 * The origin the browser sees for this request: `PUBLIC_URL` when it came through that address (its host in
 * `Host` or a proxy's `X-Forwarded-Host`), else `http://<Host>`, else `fallback` (a request without a usable
 * Host header).
 */
export function browserOrigin(req: IncomingMessage, publicUrl: string | null, fallback: string): string {
  if (publicUrl) {
    const publicHost = new URL(publicUrl).host;
    const forwarded = String(req.headers['x-forwarded-host'] ?? '')
      .split(',')[0]
      ?.trim();
    if (req.headers.host === publicHost || forwarded === publicHost) return publicUrl;
  }
  const host = requestHost(req);
  return host ? `http://${host}` : fallback;
}

export type SiteEndpoints = {
  /** The prefix the sign-in stand-in is mounted at (`/cognito`). */
  readonly cognitoPath: string;
  /** The live-update stand-in's publish path (`/event`); Amplify derives `<path>/realtime` from it. */
  readonly eventsPath: string;
  readonly realtimePath: string;
};

/** The endpoints of `/config.json` for a browser at `origin`. */
export function browserEndpoints(origin: string, paths: SiteEndpoints) {
  return {
    userPoolEndpoint: `${origin}${paths.cognitoPath}/`,
    events: {
      httpEndpoint: `${origin}${paths.eventsPath}`,
      realtimeEndpoint: `${origin.replace(/^http/, 'ws')}${paths.realtimePath}`,
    },
  };
}
