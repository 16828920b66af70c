/**
 * What every function's bundle uses in place of `@aws-sdk/credential-provider-node` (esbuild alias, see
 * lib/constructs/project-function.ts). In Lambda the credentials are always the execution role's, handed to the
 * function in its environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN); the default
 * chain's other sources (SSO, shared INI files, IMDS, ECS, web identity, STS) are never reached there, and
 * bundled they cost about 110 kB of every function's 1 MB budget. The local runtime is not bundled and keeps
 * the SDK's own chain.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';

/** The SDK clients' default credential provider, as Lambda gives it: from the environment. */
export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);
