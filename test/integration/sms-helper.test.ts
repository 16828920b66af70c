/**
 * `npm run sms` against the local runtime keeps its word (issue 31): STOP is confirmed as Twilio's opt-out
 * handling confirms it (Twilio's own text, in the outbox), a voice message sent afterwards is not processed and
 * the helper says so at once, naming the true reason, instead of waiting 180 s and blaming Twilio's
 * credentials; its help and its default wait agree (120 s).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../local/adapters/outbox-sms-sender';
import { TWILIO_OPT_OUT_REPLY } from '../../local/sms-delivery';
import { ROOT, type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

let runtime: RunningRuntime;
let dir: string;
const clips = new SpeechClips();

beforeAll(async () => {
  [runtime, dir] = await Promise.all([startLocalRuntime(), mkdtemp(join(tmpdir(), 'sms-helper-'))]);
});

afterAll(async () => {
  await runtime?.dispose();
  await clips.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Runs `npm run sms -- ...args` against this runtime; answers what it printed. */
async function sms(...args: string[]) {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'sms', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: runtime.dataDir, PORT: String(runtime.info.port) },
  });
  return { stdout };
}

describe('npm run sms', () => {
  it('says in its help the wait it keeps', async () => {
    expect((await sms('--help')).stdout).toContain('[--wait 120]');
  });

  it('gets Twilio’s own confirmation of STOP, then says at once why a voice message gets no reply', async () => {
    const from = '+14155550961';
    const stop = await sms('--from', from, '--body', 'STOP');
    expect(stop.stdout).toContain(TWILIO_OPT_OUT_REPLY);
    const toSender = (await readOutbox(runtime.info.outbox)).filter((entry) => entry.to === from);
    expect(toSender.map((entry) => entry.body)).toEqual([TWILIO_OPT_OUT_REPLY]);

    const clip = await clips.clip({ sentence: SPEECH_CORPUS[0]!, format: 'wav' });
    const file = join(dir, clip.fileName);
    await writeFile(file, clip.bytes);
    const voice = await sms(file, '--from', from);
    // Before issue 31: processed, or a 180 s wait ending in "replies go through Twilio when its credentials...".
    expect(voice.stdout).toContain(`No reply: ${from} opted out (it texted STOP)`);
    expect(voice.stdout).toContain(`npm run sms -- --from ${from} --body START`);
    expect(voice.stdout).not.toMatch(/credentials/);
    expect(voice.stdout).not.toContain('No reply in');
    expect((await readOutbox(runtime.info.outbox)).filter((entry) => entry.to === from)).toHaveLength(1);
  }, 120_000);
});
