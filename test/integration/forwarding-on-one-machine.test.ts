/**
 * Voicemail by call forwarding on one machine (issue 33), as a new user tries it from the README: the whole
 * local runtime (`npm start`'s code) with the offline engines and the local Twilio stand-in, driven by the two
 * command-line helpers. `npm run sms -- --body FORWARD` gets the subscriber a number the stand-in sells;
 * `npm run call` plays a forwarded call through the signed webhooks; the subscriber's text names the caller ID
 * as the callback whatever was said, the recording is gone from the stand-in, and a hang-up is texted as a
 * missed call.
 */
import { execFile } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { DynamoForwardingNumberRepository } from '../../lambdas/adapters/aws/dynamo-forwarding-numbers';
import { type OutboxEntry, readOutbox } from '../../local/adapters/outbox-sms-sender';
import { ROOT, type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { SpeechClips } from '../support/speech-clips';

const SUBSCRIBER = '+14155550177';
const CALLER = '+13125550147';
const HANG_UP_CALLER = '+17735550123';
/** What the caller says: a number of their own that is not the caller ID (a cell phone they call from). */
const SAID =
  'Hi, this is Dana from Oak Kitchens. Your cabinets came in today. Call me back at six one seven, five five five, zero one one zero.';

const run = promisify(execFile);
const clips = new SpeechClips();
let runtime: RunningRuntime;
let forwardingNumber: string;

/** Runs one of the README's helpers against this runtime, as a person would in a second terminal. */
async function helper(script: 'sms' | 'call', args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', '--silent', script, '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: runtime.dataDir, PORT: String(runtime.info.port) },
    timeout: 240_000,
  });
  return stdout;
}

async function textsTo(number: string, wanted: (entry: OutboxEntry) => boolean): Promise<OutboxEntry> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const found = (await readOutbox(runtime.info.outbox)).find((e) => e.to === number && wanted(e));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No text to ${number} came: ${JSON.stringify(await readOutbox(runtime.info.outbox))}`);
}

beforeAll(async () => {
  runtime = await startLocalRuntime({ env: { LOCAL_THROTTLING: 'off' } });
  await helper('sms', ['--from', SUBSCRIBER, '--body', 'FORWARD', '--wait', '30']);
  const db = createDocumentClient({ region: runtime.info.region, endpoint: runtime.info.dynamodb.endpoint });
  try {
    const record = await new DynamoForwardingNumberRepository(
      db,
      runtime.info.tables.forwardingNumbers,
    ).findBySubscriber(SUBSCRIBER);
    if (!record) throw new Error('FORWARD bought no number from the local Twilio stand-in.');
    forwardingNumber = record.number;
  } finally {
    db.destroy();
  }
}, 180_000);

afterAll(async () => {
  await runtime?.dispose();
  await clips.dispose();
});

describe('a forwarded call on one machine', () => {
  it('FORWARD texts the number the stand-in sold', async () => {
    const answer = await textsTo(SUBSCRIBER, (e) => e.body.includes(forwardingNumber.slice(-4)));
    expect(answer.body).toMatch(/ATT|VERIZON|T-?MOBILE/i);
  });

  it('a call becomes a text naming the caller ID as the callback, and its recording is deleted', async () => {
    const clip = await clips.clip({
      sentence: { id: 'oak-kitchens', text: SAID, keyWords: [] },
      format: 'wav',
    });
    const audio = join(runtime.dataDir, 'voicemail.wav');
    await writeFile(audio, clip.bytes);
    const printed = await helper('call', [
      audio,
      '--from',
      CALLER,
      '--to',
      forwardingNumber,
      '--wait',
      '120',
    ]);
    // The caller heard the greeting, with "Forwarding works" on this first call.
    expect(printed).toMatch(/Forwarding works/i);

    const works = await textsTo(SUBSCRIBER, (e) => e.messageId === null && /Forwarding works/i.test(e.body));
    expect(works.body).toMatch(/Forwarding works/);
    const reply = await textsTo(SUBSCRIBER, (e) => e.messageId !== null && /Call back/.test(e.body));
    // The network's caller ID first, stated as fact.
    expect(reply.body).toMatch(/Call back: \(312\) 555-0147/);
    // Twilio keeps no recording once the service has stored it.
    const left = await readdir(join(runtime.dataDir, 'twilio', 'recordings')).catch(() => []);
    expect(left.filter((name) => !name.endsWith('.json'))).toEqual([]);
  }, 240_000);

  it('a hang-up at the greeting is texted as a missed call, once', async () => {
    await helper('call', ['--hangup', '--from', HANG_UP_CALLER, '--to', forwardingNumber, '--wait', '20']);
    const missed = await textsTo(SUBSCRIBER, (e) => /missed call/i.test(e.body));
    expect(missed.body).toContain('Missed call from (773) 555-0123, no message');
    await helper('call', ['--hangup', '--from', HANG_UP_CALLER, '--to', forwardingNumber, '--wait', '5']);
    const all = (await readOutbox(runtime.info.outbox)).filter((e) => /missed call/i.test(e.body));
    expect(all).toHaveLength(1);
  }, 120_000);
});
