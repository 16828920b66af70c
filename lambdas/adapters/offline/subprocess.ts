/**
 * Runs the local engines' programs (ffmpeg, ffprobe, pocketsphinx) with a hard timeout and bounded output.
 *
 * Each program runs in its own process group (detached) so the timeout can SIGKILL the whole group, and the
 * promise settles only after the child has been reaped: no call leaves a process or a zombie behind.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { DependencyMissingError, PermanentError, TransientError } from '#core/messages/pipeline-errors';

export type RunOptions = {
  /** Written to the program's stdin, which is then closed. Without it stdin is /dev/null. */
  readonly stdin?: Buffer;
  /** After this long the process group gets SIGKILL and the call throws SubprocessTimeoutError. */
  readonly timeoutMs: number;
  /** More stdout than this kills the program and throws a PermanentError. Default 256 MiB. */
  readonly maxStdoutBytes?: number;
  /** Only the last this-many bytes of stderr are kept (the end holds the error). Default 64 KiB. */
  readonly maxStderrBytes?: number;
  /** The Debian package that provides the program, named in DependencyMissingError. */
  readonly aptPackage: string;
  /** A name for messages when `program` is a full path, e.g. `ffmpeg`. Default: the program string. */
  readonly displayName?: string;
};

export type RunResult = {
  /** Exit code, or null when a signal ended the program. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: Buffer;
  /** The tail of stderr, decoded as UTF-8. */
  readonly stderr: string;
};

/**
 * A local program ran past its timeout and was killed.
 *
 * Transient on purpose: callers scale the timeout to the audio's length (30 s + 2x its duration), so a run
 * that still exceeds it almost always means the machine was busy (other transcriptions on the same cores),
 * which a later retry does not meet. Inputs too long to ever finish are refused before this point by the
 * pipeline's size limit, and the state machine's bounded retries cap the cost of a wrong guess.
 */
export class SubprocessTimeoutError extends TransientError {}

const DEFAULT_MAX_STDOUT = 256 * 1024 * 1024;
const DEFAULT_MAX_STDERR = 64 * 1024;

/** How to install a missing program, for messages the operator reads. */
export function installHint(aptPackage: string): string {
  return `sudo apt-get install ${aptPackage}`;
}

/** Runs `program args`, collecting stdout (capped) and the tail of stderr. Never rejects on a non-zero exit. */
export function runProgram(
  program: string,
  args: readonly string[],
  options: RunOptions,
): Promise<RunResult> {
  const name = options.displayName ?? program;
  const maxStdout = options.maxStdoutBytes ?? DEFAULT_MAX_STDOUT;
  const maxStderr = options.maxStderrBytes ?? DEFAULT_MAX_STDERR;

  return new Promise<RunResult>((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      detached: true,
      windowsHide: true,
    });

    const stdoutChunks: Buffer[] = [];
    let stdoutBytes = 0;
    let stderrTail = Buffer.alloc(0);
    let failure: Error | null = null;
    let spawned = false;

    // The group is killed even when its leader has exited: a grandchild still holding stdout open would
    // otherwise keep 'close' from ever firing. ESRCH (group already empty) is fine.
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    };
    const fail = (error: Error) => {
      failure ??= error;
      killGroup();
    };

    const timer = setTimeout(() => {
      fail(
        new SubprocessTimeoutError(
          `${name} did not finish within ${Math.round(options.timeoutMs / 1000)} s.`,
        ),
      );
    }, options.timeoutMs);

    child.once('spawn', () => {
      spawned = true;
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.byteLength;
      if (stdoutBytes > maxStdout) {
        fail(new PermanentError(`${name} produced more than ${maxStdout} bytes of output.`));
        return;
      }
      stdoutChunks.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderrTail = Buffer.concat([stderrTail, chunk]);
      if (stderrTail.byteLength > maxStderr)
        stderrTail = stderrTail.subarray(stderrTail.byteLength - maxStderr);
    });
    if (options.stdin && child.stdin) {
      // A program may exit without reading all of stdin (ffprobe does): EPIPE then is not our failure.
      child.stdin.on('error', () => {});
      child.stdin.end(options.stdin);
    }

    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (spawned) {
        fail(error);
        return;
      }
      // Never started, so there is no process to wait for.
      if (error.code === 'ENOENT' || error.code === 'EACCES') {
        reject(
          new DependencyMissingError(
            `${name} is not installed or not executable (looked for "${program}"). Install it with: ${installHint(options.aptPackage)}`,
          ),
        );
      } else {
        reject(new PermanentError(`${name} could not be started: ${error.message}`));
      }
    });

    // 'close' comes after the process has exited and its pipes are drained: the child has been reaped.
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (!spawned) return;
      if (failure) {
        reject(failure);
        return;
      }
      resolve({
        code,
        signal,
        stdout: Buffer.concat(stdoutChunks),
        stderr: stderrTail.toString('utf8'),
      });
    });
  });
}

/** Where `program` would be found (a path is checked as is, a bare name along PATH), or null. */
export async function which(program: string, env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const candidates = program.includes('/')
    ? [program]
    : (env.PATH ?? '')
        .split(delimiter)
        .filter(Boolean)
        .map((dir) => join(dir, program));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here; try the next folder.
    }
  }
  return null;
}

/** The last non-empty line of a program's stderr, for short error messages. */
export function lastLine(text: string): string {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.at(-1) ?? '';
}

/**
 * Runs `work` with a fresh folder under the OS temp dir that only this user can read (mkdtemp gives 0700),
 * and removes it afterwards whatever happens. Audio is personal data: it never sits in a shared folder.
 */
export async function withPrivateTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'voice-summary-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
