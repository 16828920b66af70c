/**
 * Where the site is, seen from the browser. The runtime answers under each name the operator uses
 * (localhost, 127.0.0.1, a LAN name, a tunnel: local/host-names.ts), and the CSP allows only `'self'`, so
 * `/config.json` is built per request from the address the browser used; Amplify needs absolute URLs (its
 * Cognito endpoint and the events endpoint it derives `wss://.../event/realtime` from), so they cannot simply
 * be relative.
 * `PUBLIC_URL` names the public address when a tunnel or proxy stands in front: the webhook URL Twilio signs,
 * the reset links in emails and the printed URLs use it (checked in local/local-config.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Retention } from '#core/messages/retention';
import { COGNITO_PREFIX, REGION } from './addresses';
import { requestHost } from './doors';
import { EVENTS_HTTP_PATH, EVENTS_REALTIME_PATH } from './stand-ins/appsync-events';

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

/** `/config.json`: what the site needs to find the pool, the API and the live updates, for this browser. */
export function siteConfigFile(options: {
  readonly pool: { readonly userPoolId: string; readonly clientId: string };
  readonly publicUrl: string | null;
  /** `http://localhost:<port>`, for a request without a usable Host header. */
  readonly url: string;
  readonly webhookUrl: string;
  readonly retention: Retention;
}): (req: IncomingMessage) => { type: string; body: string } {
  return (req) => ({
    type: 'application/json; charset=utf-8',
    body: JSON.stringify({
      region: REGION,
      userPoolId: options.pool.userPoolId,
      userPoolClientId: options.pool.clientId,
      ...browserEndpoints(browserOrigin(req, options.publicUrl, options.url), {
        cognitoPath: COGNITO_PREFIX,
        eventsPath: EVENTS_HTTP_PATH,
        realtimePath: EVENTS_REALTIME_PATH,
      }),
      apiBaseUrl: '/api',
      webhookUrl: options.webhookUrl,
      // cognito-local has no SRP.
      authFlow: 'USER_PASSWORD_AUTH',
      // The privacy policy states what the retention sweep applies.
      retention: options.retention,
      local: true,
    }),
  });
}
