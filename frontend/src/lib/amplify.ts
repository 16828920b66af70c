/**
 * Amplify, configured once, from /config.json, and only in the admin part of the app (a chunk of its own):
 * the public pages never load it. Locally the user pool is cognito-local at `userPoolEndpoint`.
 */
import { Amplify } from 'aws-amplify';
import { loadRuntimeConfig, type RuntimeConfig } from '@/config/runtime-config';

let configuring: Promise<RuntimeConfig> | undefined;

/** Configures Amplify on first call; every later call gets the same configuration. */
export function configureAmplify(): Promise<RuntimeConfig> {
  configuring ??= loadRuntimeConfig().then((config) => {
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
    });
    return config;
  });
  configuring.catch(() => {
    configuring = undefined;
  });
  return configuring;
}
