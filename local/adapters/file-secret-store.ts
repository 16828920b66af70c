import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import * as z from 'zod';
import { SECRET_NAMES, type SecretName } from '#core/operator/settings';
import type { SecretStore } from '../../lambdas/ports/secret-store';

const fileSchema = z.partialRecord(z.enum(SECRET_NAMES), z.string());

/**
 * Secrets for the local runtime: one JSON file under the data directory, readable by its owner only (0600),
 * replaced atomically (write to a temporary file, then rename) so a crash never leaves half a file.
 */
export class FileSecretStore implements SecretStore {
  constructor(private readonly path: string) {}

  async get(name: SecretName): Promise<string | null> {
    return (await this.read())[name] ?? null;
  }

  async put(name: SecretName, value: string | null): Promise<void> {
    const secrets = await this.read();
    if (value === null) delete secrets[name];
    else secrets[name] = value;
    await mkdir(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
    await chmod(temporary, 0o600);
    await rename(temporary, this.path);
  }

  private async read(): Promise<Partial<Record<SecretName, string>>> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(
        `The secrets file ${this.path} is not valid JSON: fix it or delete it and save the settings again.`,
      );
    }
    const parsed = fileSchema.safeParse(json);
    if (!parsed.success) {
      throw new Error(
        `The secrets file ${this.path} has unexpected content: fix it or delete it and save the settings again.`,
      );
    }
    return { ...parsed.data };
  }
}
