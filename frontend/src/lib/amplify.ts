/**
 * Amplify, configured once, from /config.json, and only in the admin part of the app (a chunk of its own):
 * the public pages never load it. Locally the user pool is cognito-local at `userPoolEndpoint`, and the live
 * updates come from the runtime's stand-in of AppSync Events.
 */
import { Amplify } from 'aws-amplify';
import { loadRuntimeConfig, type RuntimeConfig } from '@/config/runtime-config';

let configuring: Promise<RuntimeConfig> | undefined;

/** Configures Amplify on first call; every later call gets the same configuration. */
export function configureAmplify(): Promise<RuntimeConfig> {
  configuring ??= loadRuntimeConfig().then((config) => {
    if (config.events) allowPlainWebSocketsToThisHost();
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
          loginWith: { email: true },
          signUpVerificationMethod: 'code',
        },
      },
      ...(config.events
        ? {
            API: {
              Events: {
                endpoint: config.events.httpEndpoint,
                region: config.region,
                // Subscribing takes the signed-in admin's Cognito token; only the functions publish (IAM).
                defaultAuthMode: 'userPool' as const,
              },
            },
          }
        : {}),
    });
    return config;
  });
  configuring.catch(() => {
    configuring = undefined;
  });
  return configuring;
}

/**
 * Amplify's events client always opens `wss://`. A page served over plain `http:` is the local runtime (under
 * whatever name the browser used: localhost, 127.0.0.1, a LAN name), whose live updates come over `ws://` on
 * the page's own host: there, and only for that host, the address is rewritten before the browser opens it.
 * A page served over https (AWS, or the runtime behind a tunnel) and every other address are left alone. The
 * one place this happens.
 */
export function plainWebSocketUrl(url: string, page: { readonly protocol: string; readonly host: string }) {
  const own = `wss://${page.host}/`;
  return page.protocol === 'http:' && url.toLowerCase().startsWith(own.toLowerCase())
    ? `ws://${page.host}/${url.slice(own.length)}`
    : url;
}

function allowPlainWebSocketsToThisHost(): void {
  if (window.location.protocol !== 'http:') return;
  const Native = window.WebSocket;
  if ((Native as { readonly localRewrite?: boolean }).localRewrite) return;
  class LocalWebSocket extends Native {
    static readonly localRewrite = true;
    constructor(url: string | URL, protocols?: string | string[]) {
      super(plainWebSocketUrl(String(url), window.location), protocols);
    }
  }
  window.WebSocket = LocalWebSocket;
}
