/**
 * The local runtime as a person meets it: `npm start` with a data directory and a port, used, stopped with
 * Ctrl-C, started again with everything still there; and the one-line answers to the usual mistakes.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, ROOT, startLocalRuntime } from '../support/local-runtime';

const cleanup: string[] = [];
afterAll(async () => {
  for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
});

/** Runs `npm start` expecting it to refuse; returns its exit code and what it printed. */
async function startExpectingFailure(env: Record<string, string>) {
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const [code] = await once(child, 'exit');
  return {
    code: code as number,
    output,
    errorLines: output.split('\n').filter((l) => l.startsWith('Cannot start')),
  };
}

function processGroupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  it('starts, prints every URL, keeps data across a Ctrl-C and a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vs-e2e-'));
    cleanup.push(dataDir);
    const port = await freePort();

    const first = await startLocalRuntime({ via: 'npm', dataDir, port });
    const url = `http://localhost:${port}`;
    expect(first.url).toBe(url);
    for (const line of [
      `${url}/`,
      `${url}/admin`,
      `${url}/api/health`,
      `${url}/api/receive-message`,
      'npm run sms',
      join(dataDir, 'outbox.jsonl'),
      join(dataDir, 'mailbox.jsonl'),
    ]) {
      expect(first.output()).toContain(line);
    }

    const token = await first.adminToken();
    const signup = await fetch(`${url}/api/signups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Restart Test',
        email: 'restart@example.com',
        phone: '4155550123',
        sms_opt_in: true,
      }),
    });
    expect(signup.status).toBe(201);
    const saved = await fetch(`${url}/api/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ reply_mode: 'summary_only', twilio_phone_number: '+14155550177' }),
    });
    expect(saved.status).toBe(200);

    // Ctrl-C: the runtime closes everything and says so (npm itself exits by the signal, as in a terminal),
    // and no process of the group is left behind.
    await first.stop();
    expect(first.output()).toContain(`Stopped. Your data is kept in ${dataDir}`);
    expect(first.output()).not.toMatch(/\n\s+at /);
    expect(processGroupAlive(first.child.pid!)).toBe(false);

    // Started again on the same data directory: the same admin can sign in, settings and sign-ups are there.
    const built = (await stat(join(ROOT, 'frontend', 'dist', 'index.html'))).mtimeMs;
    const second = await startLocalRuntime({ via: 'npm', dataDir, port });
    try {
      // The site built (by this start or an earlier one) is used as it is: nothing changed, nothing rebuilt.
      expect((await stat(join(ROOT, 'frontend', 'dist', 'index.html'))).mtimeMs).toBe(built);
      const again = await second.signIn('admin@example.com', 'admin-password-1');
      const settings = await fetch(`${url}/api/settings`, { headers: { authorization: `Bearer ${again}` } });
      expect(settings.status).toBe(200);
      expect(await settings.json()).toMatchObject({
        reply_mode: 'summary_only',
        twilio_phone_number: '+14155550177',
      });
      // The first run's token is still valid: the issuer did not change with the restart.
      const withOldToken = await fetch(`${url}/api/messages`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(withOldToken.status).toBe(200);
      const info = await fetch(`${url}/api/public-info`);
      expect(((await info.json()) as { phone_number: string }).phone_number).toBe('+14155550177');
    } finally {
      await second.stop();
    }
  });

  it('says in one line that the port is in use, and how to fix it', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const { port } = blocker.address() as { port: number };
    const dataDir = await mkdtemp(join(tmpdir(), 'vs-e2e-'));
    cleanup.push(dataDir);
    try {
      const result = await startExpectingFailure({ PORT: String(port), DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.errorLines).toEqual([
        `Cannot start: Port ${port} is already in use: stop the program using it, or start on another port with PORT=${port + 1} npm start.`,
      ]);
      expect(result.output).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      blocker.close();
    }
  });

  it('says in one line that DATA_DIR is not a directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vs-e2e-'));
    cleanup.push(dir);
    const file = join(dir, 'not-a-dir');
    await writeFile(file, 'x');
    const result = await startExpectingFailure({ PORT: String(await freePort()), DATA_DIR: file });
    expect(result.code).toBe(1);
    expect(result.errorLines).toHaveLength(1);
    expect(result.errorLines[0]).toMatch(/is a file, not a directory: move it away or set DATA_DIR/);
  });

  it('refuses a second runtime on the same data directory, naming the first', async () => {
    const running = await startLocalRuntime();
    try {
      const result = await startExpectingFailure({
        PORT: String(await freePort()),
        DATA_DIR: running.dataDir,
      });
      expect(result.code).toBe(1);
      expect(result.errorLines[0]).toMatch(/Another local runtime \(pid \d+\) is using/);
      expect((await fetch(`${running.url}/api/health`)).status).toBe(200);
    } finally {
      await running.dispose();
    }
  });

  it('says exactly what offline transcription is missing, at start and in the health check', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'vs-no-model-'));
    cleanup.push(dataDir);
    const running = await startLocalRuntime({
      dataDir,
      env: { MOONSHINE_MODEL_DIR: join(dataDir, 'no-model') },
      readyWhen: 'answering',
    });
    try {
      const missing = ['encoder_model.onnx', 'decoder_model_merged.onnx'].map(
        (file) => `Moonshine base model (${file}) (npm run models)`,
      );
      expect(running.output()).toContain(`Offline transcription needs: ${missing.join('; ')}.`);

      const health = await fetch(`${running.url}/api/health`);
      expect(health.status).toBe(503);
      const details = await fetch(`${running.url}/api/health/details`, {
        headers: { authorization: `Bearer ${await running.adminToken()}` },
      });
      expect(details.status).toBe(503);
      const report = (await details.json()) as { checks: Record<string, { ok: boolean; error?: string }> };
      expect(report.checks.database).toEqual({ ok: true });
      expect(report.checks.transcription).toEqual({ ok: false, error: `missing ${missing.join(', ')}` });
    } finally {
      await running.dispose();
    }
  });

  it('says in one line that PORT is not a number', async () => {
    const result = await startExpectingFailure({ PORT: 'eighty', DATA_DIR: join(tmpdir(), 'unused') });
    expect(result.code).toBe(1);
    expect(result.errorLines).toEqual([
      'Cannot start: PORT=eighty is not a port number: use a whole number such as PORT=3000.',
    ]);
  });
});
