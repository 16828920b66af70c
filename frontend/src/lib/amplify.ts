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
    if (config.events) allowPlainWebSocketsToLocalhost();
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

const LOCALHOST = /^wss:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//;

/**
 * Amplify's events client always opens `wss://`. The local runtime serves plain `ws://` on localhost, so there
 * (and only there) the address is rewritten before the browser opens it; every other address, AppSync's in
 * AWS included, is left alone. The one place this happens.
 */
function allowPlainWebSocketsToLocalhost(): void {
  if (!LOCALHOST.test(`wss://${window.location.host}/`)) return;
  const Native = window.WebSocket;
  if ((Native as { readonly localRewrite?: boolean }).localRewrite) return;
  class LocalWebSocket extends Native {
    static readonly localRewrite = true;
    constructor(url: string | URL, protocols?: string | string[]) {
      super(String(url).replace(LOCALHOST, 'ws://$1$2/'), protocols);
    }
  }
  window.WebSocket = LocalWebSocket;
}
