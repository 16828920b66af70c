/**
 * Starts the local runtime as its own process, the way a person does, with a private data directory and a
 * free port, and gives tests what they need: its URL and runtime info, admin and non-admin ID tokens from
 * its cognito-local, and a clean stop.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { RuntimeInfo } from '../../local/runtime-info';

export const ROOT = join(import.meta.dirname, '..', '..');

/** A port nothing listens on right now (for tests that need a fixed port, e.g. a restart on the same one). */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type RunningRuntime = {
  readonly info: RuntimeInfo;
  readonly url: string;
  readonly dataDir: string;
  readonly child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** What a script sends to open `/_local/*`: this start's token (local/local-access.ts). */
  localHeaders(): { authorization: string };
  /** An ID token of a confirmed user in the admins group (created on first call). */
  adminToken(): Promise<string>;
  /** An ID token of a confirmed user who is not an administrator. */
  userToken(): Promise<string>;
  /** Creates a user, optionally in a group, and returns their ID token. */
  signIn(email: string, password: string, group?: string): Promise<string>;
  /** Signs an existing user in: both tokens (the API takes the ID token, Amplify's events client the access token). */
  tokens(email: string, password: string): Promise<{ idToken: string; accessToken: string }>;
  /** Stops with Ctrl-C (SIGINT to the process group) and waits for every process to exit. */
  stop(): Promise<number | null>;
  /** stop() and removes the data directory (unless `keepData`). */
  dispose(options?: { keepData?: boolean }): Promise<void>;
};

export type StartOptions = {
  /** Reuse a data directory (a restart); a fresh temporary one by default. */
  readonly dataDir?: string;
  /** `npm start` (as a person runs it) or the runtime entry directly (faster, same code). */
  readonly via?: 'npm' | 'tsx';
  readonly port?: number;
  readonly env?: Record<string, string>;
  /**
   * `healthy`: wait for /api/health to answer 200. `answering`: any answer will do (a test of what the health
   * check reports when something is missing).
   * @default 'healthy'
   */
  readonly readyWhen?: 'healthy' | 'answering';
  /** Another checkout of the project to run (a benchmark's "before"), with its own node_modules. @default ROOT */
  readonly root?: string;
};

/** Starts the runtime and resolves once /api/health answers 200 (or at all, with `readyWhen: 'answering'`). */
export async function startLocalRuntime(options: StartOptions = {}): Promise<RunningRuntime> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'vs-runtime-')));
  const spawnedAt = new Date().toISOString();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(options.port ?? 0),
    ...options.env,
  };
  const root = options.root ?? ROOT;
  const child =
    options.via === 'npm'
      ? spawn('npm', ['start', '--silent'], {
          cwd: root,
          env,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        })
      : spawn(join(root, 'node_modules/.bin/tsx'), ['local/main.ts'], {
          cwd: root,
          env,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    const exited = once(child, 'exit');
    try {
      process.kill(-child.pid!, 'SIGINT');
    } catch {}
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
    }, 15_000);
    await exited;
    clearTimeout(timer);
    return child.exitCode;
  };

  let info: RuntimeInfo | null = null;
  const deadline = Date.now() + 120_000;
  while (!info) {
    if (child.exitCode !== null) throw new Error(`The runtime exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The runtime did not become healthy within 120 s:\n${output}`);
    }
    try {
      const candidate = JSON.parse(await readFile(join(dataDir, 'runtime.json'), 'utf8')) as RuntimeInfo;
      // A runtime.json left from an earlier run of the same data directory does not count.
      if (candidate.startedAt < spawnedAt) throw new Error('stale runtime.json');
      const response = await fetch(`${candidate.url}/api/health`);
      if (response.status === 200 || (options.readyWhen === 'answering' && response.status === 503)) {
        info = candidate;
      }
    } catch {}
    if (!info) await new Promise((r) => setTimeout(r, 100));
  }
  const running = info;

  // The internal door: tests act as the runtime's own administrator (AdminConfirmSignUp, AdminAddUserToGroup).
  const cognito = new CognitoIdentityProviderClient({
    region: running.region,
    endpoint: running.cognito.adminEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const signIn = async (email: string, password: string, group?: string) => {
    await cognito
      .send(new SignUpCommand({ ClientId: running.cognito.clientId, Username: email, Password: password }))
      .catch((error: Error) => {
        if (error.name !== 'UsernameExistsException') throw error;
      });
    await cognito
      .send(new AdminConfirmSignUpCommand({ UserPoolId: running.cognito.userPoolId, Username: email }))
      .catch(() => {});
    // What entering the emailed code does too: the address is confirmed (an approval needs that).
    await cognito.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: running.cognito.userPoolId,
        Username: email,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    if (group) {
      await cognito.send(
        new AdminAddUserToGroupCommand({
          UserPoolId: running.cognito.userPoolId,
          Username: email,
          GroupName: group,
        }),
      );
    }
    return (await tokens(email, password)).idToken;
  };
  const tokens = async (email: string, password: string) => {
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: running.cognito.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return {
      idToken: auth.AuthenticationResult!.IdToken!,
      accessToken: auth.AuthenticationResult!.AccessToken!,
    };
  };
  let admin: Promise<string> | undefined;
  let user: Promise<string> | undefined;

  return {
    info: running,
    url: running.url,
    dataDir,
    child,
    output: () => output,
    localHeaders: () => ({ authorization: `Bearer ${running.localToken}` }),
    adminToken: () => {
      admin ??= signIn('admin@example.com', 'admin-password-1', 'admins');
      return admin;
    },
    userToken: () => {
      user ??= signIn('visitor@example.com', 'visitor-password-1');
      return user;
    },
    signIn,
    tokens,
    stop,
    dispose: async ({ keepData = false } = {}) => {
      cognito.destroy();
      await stop();
      if (!keepData && !options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
