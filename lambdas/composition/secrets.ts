/**
 * The secret store of a function, limited to the secrets it names: in Lambda, Secrets Manager with only those
 * secrets' ARNs (the only ones CDK gives it, with read access to them alone); on a host that provides its own
 * store (the local runtime's file), that store. Asking for a secret the function did not name is a bug and
 * fails loudly in both places.
 */
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SecretName } from '#core/operator/settings';
import { SecretsManagerSecretStore } from '../adapters/aws/secrets-manager-secret-store';
import type { SecretStore } from '../ports/secret-store';
import { region } from './clients/region';
import { ENV } from './env-names';
import { hostAdapters } from './host';
import { traced } from './observability';
import { once, oncePerKey } from './once';
import { readEnv, required } from './read-env';

/** The environment variable that carries each secret's ARN. */
export const SECRET_ARN_VARIABLES = {
  openai_api_key: ENV.OPENAI_API_KEY_SECRET_ARN,
  twilio_auth_token: ENV.TWILIO_AUTH_TOKEN_SECRET_ARN,
} as const satisfies Record<SecretName, string>;

function limitedTo(store: SecretStore, names: readonly SecretName[]): SecretStore {
  const check = (name: SecretName) => {
    if (!names.includes(name)) {
      throw new Error(
        `This function was not given the secret ${name}: name it where its handler builds the secret store.`,
      );
    }
  };
  return {
    get: async (name) => {
      check(name);
      return store.get(name);
    },
    put: async (name, value) => {
      check(name);
      return store.put(name, value);
    },
  };
}

/** One Secrets Manager client per container, traced in Lambda. */
const secretsManagerClient = once(() => traced(new SecretsManagerClient({ region: region() })));

export const secretStore = oncePerKey(
  (names: readonly SecretName[]): SecretStore => {
    const host = hostAdapters().secrets;
    if (host) return limitedTo(host, names);
    const arns: Partial<Record<SecretName, string>> = {};
    for (const name of names) {
      const variable = SECRET_ARN_VARIABLES[name];
      arns[name] = readEnv(`the secret ${name}`, { [variable]: required })[variable];
    }
    return limitedTo(new SecretsManagerSecretStore(secretsManagerClient(), arns), names);
  },
  (names) => [...names].sort().join(','),
);
