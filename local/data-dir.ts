/**
 * The data directory: where everything the runtime keeps lives, checked usable at start, private to the user
 * running it (it holds every message, the secrets and the sign-in stand-in's accounts), and locked so one
 * runtime at a time uses it (the database files allow one process).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  access,
  chmod,
  constants,
  lstat,
  mkdir,
  open,
  readdir,
  readFile,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { StartupError } from './startup-error';

/** Paths of everything under the data directory. */
export function dataPaths(dataDir: string) {
  return {
    lock: join(dataDir, 'runtime.lock'),
    info: join(dataDir, 'runtime.json'),
    dynamodb: join(dataDir, 'dynamodb'),
    s3: join(dataDir, 's3'),
    cognito: join(dataDir, 'cognito'),
    secrets: join(dataDir, 'secrets.json'),
    outbox: join(dataDir, 'outbox.jsonl'),
    mailbox: join(dataDir, 'mailbox.jsonl'),
    webhookToken: join(dataDir, 'webhook-token'),
    publisherCredentials: join(dataDir, 'publisher-credentials.json'),
    executions: join(dataDir, 'stepfunctions', 'executions.jsonl'),
    /** The numbers the Twilio stand-in sold, and the call recordings it holds (issue 33). */
    twilioNumbers: join(dataDir, 'twilio', 'numbers.json'),
    twilioRecordings: join(dataDir, 'twilio', 'recordings'),
  };
}

export type DataPaths = ReturnType<typeof dataPaths>;

/** Creates the directory if needed; a file in its place or one without rights is a StartupError. */
export async function prepareDataDir(dataDir: string): Promise<void> {
  const info = await stat(dataDir).catch(() => null);
  if (info && !info.isDirectory()) {
    throw new StartupError(
      `DATA_DIR ${dataDir} is a file, not a directory: move it away or set DATA_DIR to a directory.`,
    );
  }
  try {
    await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIRECTORY });
    await access(dataDir, constants.W_OK | constants.R_OK);
  } catch (error) {
    throw new StartupError(
      `Cannot use DATA_DIR ${dataDir} (${(error as NodeJS.ErrnoException).code ?? 'error'}): make it a directory you can write to, or set DATA_DIR elsewhere.`,
    );
  }
}

/** Modes of what the data directory holds: its owner's alone. */
const PRIVATE_DIRECTORY = 0o700;
const PRIVATE_FILE = 0o600;

/**
 * Makes everything the process creates from now on private to its user (umask 077): the stand-ins (dynalite,
 * s3rver, cognito-local) and the runtime's own files (outbox, mailbox, secrets) are written with their
 * libraries' default modes, which this narrows to 0700 folders and 0600 files. Process-wide, as the runtime
 * owns its process.
 */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

/**
 * Tightens what the data directory already holds (a directory made by an older version, or by hand) to 0700
 * folders and 0600 files; symbolic links are left alone. Resolves to how many entries it changed.
 */
export async function tightenDataDir(dataDir: string): Promise<number> {
  const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
  const paths = [dataDir, ...entries.map((entry) => join(entry.parentPath, entry.name))];
  let tightened = 0;
  for (const path of paths) {
    const info = await lstat(path).catch(() => null);
    if (!info || info.isSymbolicLink() || (info.mode & 0o077) === 0) continue;
    try {
      await chmod(path, info.isDirectory() ? PRIVATE_DIRECTORY : PRIVATE_FILE);
    } catch (error) {
      throw new StartupError(
        `Cannot make ${path} private (${(error as NodeJS.ErrnoException).code ?? 'error'}): make DATA_DIR yours (chown) or set DATA_DIR to a directory of your own.`,
      );
    }
    tightened++;
  }
  return tightened;
}

/**
 * Whether the process holding the lock still runs. A crashed runtime can linger as a zombie (in a container
 * nobody may reap it): it holds nothing any more, so on Linux a zombie counts as gone.
 */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).charAt(0);
    if (state === 'Z' || state === 'X') return false;
  } catch {}
  return true;
}

/** One runtime per data directory; a stale lock is taken over. Resolves to the unlock. */
export async function lockDataDir(path: string): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
        throw new StartupError(
          `Another local runtime (pid ${pid}) is using ${resolve(path, '..')}: stop it first, or set DATA_DIR to another directory.`,
        );
      }
      await rm(path, { force: true });
    }
  }
  throw new StartupError(`Could not lock ${path}: remove it if no runtime is running.`);
}

/** The local webhook signing token: made once, readable by its owner only. */
export async function ensureWebhookToken(path: string): Promise<void> {
  const existing = (await readFile(path, 'utf8').catch(() => '')).trim();
  if (existing) return;
  await writeFile(path, `${randomBytes(24).toString('hex')}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
}
