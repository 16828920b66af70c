import {
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  type SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { UnavailableError } from '#core/errors';
import type { SecretName } from '#core/operator/settings';
import type { SecretStore } from '../../ports/secret-store';

/** How long a warm Lambda trusts a secret it read (a save through the settings API updates it at once). */
const CACHE_MS = 60_000;

/**
 * Secrets in AWS Secrets Manager, one secret per name, stored as `{"value": "..."}` (or `{"value": null}`
 * when cleared). A plain string put there by an operator with the AWS CLI is read as the value too.
 */
export class SecretsManagerSecretStore implements SecretStore {
  private readonly cache = new Map<SecretName, { value: string | null; at: number }>();

  constructor(
    private readonly client: SecretsManagerClient,
    private readonly arns: Partial<Record<SecretName, string | undefined>>,
    private readonly now: () => number = Date.now,
  ) {}

  async get(name: SecretName): Promise<string | null> {
    const cached = this.cache.get(name);
    if (cached && this.now() - cached.at < CACHE_MS) return cached.value;
    const arn = this.arns[name];
    if (!arn) return null;
    let value: string | null;
    try {
      const { SecretString } = await this.client.send(new GetSecretValueCommand({ SecretId: arn }));
      value = parseSecretString(SecretString);
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
      value = null;
    }
    this.cache.set(name, { value, at: this.now() });
    return value;
  }

  async put(name: SecretName, value: string | null): Promise<void> {
    const arn = this.arns[name];
    if (!arn) throw new UnavailableError(`The secret ${name} is not configured for this deployment.`);
    await this.client.send(
      new PutSecretValueCommand({ SecretId: arn, SecretString: JSON.stringify({ value }) }),
    );
    this.cache.set(name, { value, at: this.now() });
  }
}

function parseSecretString(secret: string | undefined): string | null {
  if (!secret?.trim()) return null;
  try {
    const parsed: unknown = JSON.parse(secret);
    if (parsed && typeof parsed === 'object') {
      const value = (parsed as { value?: unknown }).value;
      return typeof value === 'string' && value.length > 0 ? value : null;
    }
    return typeof parsed === 'string' && parsed.length > 0 ? parsed : null;
  } catch {
    return secret.trim();
  }
}
