/**
 * Every command the service prints for trying it works as printed (issue 31): the first-run checklist's two
 * commands and the README's "Try it" block, run by a shell from a fresh folder of the project, exactly as a
 * person pastes them, against a running `npm start` (found through its DATA_DIR and PORT, as they say).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_TEST_COMMANDS } from '#core/operator/first-run';
import { ROOT, type RunningRuntime, startLocalRuntime } from '../support/local-runtime';

let runtime: RunningRuntime;
const folders: string[] = [];

beforeAll(async () => {
  runtime = await startLocalRuntime({ via: 'npm' });
}, 240_000);

afterAll(async () => {
  await runtime?.dispose();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** Runs one pasted line in bash from `cwd`, pointed at the test's service; its exit code and output. */
async function paste(line: string, cwd: string): Promise<{ code: number; output: string }> {
  const child = spawn('bash', ['-c', line], {
    cwd,
    env: { ...process.env, DATA_DIR: runtime.dataDir, PORT: String(runtime.info.port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const [code] = await once(child, 'exit');
  return { code: code as number, output };
}

/** A new folder inside the project (npm finds the project from there), for what the commands write. */
async function freshFolder(name: string): Promise<string> {
  const folder = join(ROOT, 'test-results', `printed-${name}-${process.pid}`);
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  folders.push(folder);
  return folder;
}

/** The README's shell block under a heading, as lines. */
async function readmeBlock(heading: string): Promise<string[]> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf(heading));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
}

async function outboxTo(number: string): Promise<string[]> {
  const text = await readFile(runtime.info.outbox, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; body: string })
    .filter((sms) => sms.to === number)
    .map((sms) => sms.body);
}

describe('the commands the service prints', () => {
  it.each([
    ['the first-run checklist', async () => LOCAL_TEST_COMMANDS.map((parts) => parts.join(' '))],
    ['the README', () => readmeBlock('### Try it: send a voice message')],
  ])(
    'from %s make a recording and send it, and the reply comes back',
    async (name, lines) => {
      const commands = await lines();
      expect(commands).toHaveLength(2);
      const folder = await freshFolder(name.replaceAll(' ', '-'));
      const before = (await outboxTo('+14155550123')).length;
      for (const line of commands) {
        const { code, output } = await paste(line, folder);
        expect(code, `${line}\n${output}`).toBe(0);
      }
      const replies = await outboxTo('+14155550123');
      expect(replies.length).toBeGreaterThan(before);
      expect(replies.slice(before).join(' ')).toMatch(/Maria/);
    },
    300_000,
  );
});
