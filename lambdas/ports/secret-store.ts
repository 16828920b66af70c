import type { SecretName } from '#core/operator/settings';

/** Holds the service's secrets (OpenAI key, Twilio auth token). Values never leave the server in full. */
export interface SecretStore {
  get(name: SecretName): Promise<string | null>;
  /** Sets the secret, or removes it when `value` is null. */
  put(name: SecretName, value: string | null): Promise<void>;
}
