/**
 * `npm run call` (issue 33) plays a forwarded call as Twilio does, against a fake service that records every
 * post and checks its X-Twilio-Signature over the public URL it was given: the voice webhook, then the
 * recording handed to the real local Twilio stand-in (cut at <Record maxLength>) and fetched back by the
 * service with the account's credentials, the <Record> action, the recording status callback, then the call
 * status callback; `--hangup` only rings and ends; a number the stand-in never sold is refused with the way
 * to get one; the texts the service sends are printed.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_ACCOUNT_SID } from '../../lambdas/adapters/twilio/local-account';
import { isValidTwilioSignature } from '../../lambdas/adapters/twilio/twilio-signature';
import { OutboxSmsSender } from '../../local/adapters/outbox-sms-sender';
import { startTwilioApi, type TwilioApiStandIn } from '../../local/stand-ins/twilio-api';
import { close, listen } from '../support/fake-http';
import { ROOT } from '../support/local-runtime';

const TOKEN = 'local-webhook-token-for-the-call-test';
/** The service's public origin (PUBLIC_URL, a tunnel): what Twilio signs, not where the posts go. */
const PUBLIC = 'https://calls.example.test';
const SUBSCRIBER = '+14155550123';
const auth = `Basic ${Buffer.from(`${LOCAL_ACCOUNT_SID}:${TOKEN}`).toString('base64')}`;
const run = promisify(execFile);

type Post = { path: string; params: Record<string, string>; signed: boolean };

let dir: string;
let standIn: TwilioApiStandIn;
let service: { server: import('node:http').Server; url: string };
let forwardingNumber: string;
const posts: Post[] = [];
let fetchedRecording: Buffer | null = null;

const TWIML = `<?xml version="1.0" encoding="UTF-8"?><Response><Say language="en-US">Leave a message &amp; I will text it.</Say><Record maxLength="5" timeout="5" playBeep="true" action="${PUBLIC}/api/voice/recorded" recordingStatusCallback="${PUBLIC}/api/voice/recording"/><Hangup/></Response>`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'call-helper-'));
  const outbox = new OutboxSmsSender(join(dir, 'outbox.jsonl'));
  standIn = await startTwilioApi({
    numbersFile: join(dir, 'twilio', 'numbers.json'),
    recordingsDir: join(dir, 'twilio', 'recordings'),
    token: async () => TOKEN,
  });
  service = await listen(async (request, response) => {
    if (request.method === 'GET' && request.path === '/api/health') {
      response.writeHead(200).end('{"status":"ok"}');
      return;
    }
    const params = Object.fromEntries(new URLSearchParams(request.body.toString('utf8')));
    const signed = isValidTwilioSignature(
      TOKEN,
      request.headers['x-twilio-signature'],
      `${PUBLIC}${request.path}`,
      params,
    );
    posts.push({ path: request.path, params, signed });
    if (!signed) {
      response.writeHead(403).end('bad signature');
      return;
    }
    const xml = (body: string): void => {
      response.writeHead(200, { 'content-type': 'text/xml' }).end(body);
    };
    if (request.path === '/api/voice') return xml(TWIML);
    if (request.path === '/api/voice/recorded') return xml('<Response><Hangup/></Response>');
    if (request.path === '/api/voice/recording') {
      const audio = await fetch(`${params.RecordingUrl}.wav`, { headers: { authorization: auth } });
      fetchedRecording = Buffer.from(await audio.arrayBuffer());
      await outbox.send({
        to: SUBSCRIBER,
        body: `Voice Summary: message from ${params.CallSid}`,
        from: null,
        messageId: null,
      });
      response.writeHead(204).end();
      return;
    }
    if (request.path === '/api/voice/status') {
      if (params.CallDuration === '3') {
        await outbox.send({
          to: SUBSCRIBER,
          body: `Voice Summary: missed call from ${params.From}`,
          from: null,
          messageId: null,
        });
      }
      response.writeHead(204).end();
      return;
    }
    response.writeHead(404).end();
  });
  const port = Number(new URL(service.url).port);
  await writeFile(join(dir, 'webhook-token'), TOKEN);
  await writeFile(
    join(dir, 'runtime.json'),
    JSON.stringify({
      pid: process.pid,
      url: service.url,
      publicUrl: PUBLIC,
      port,
      dataDir: dir,
      webhookUrl: `${PUBLIC}/api/sms`,
      outbox: join(dir, 'outbox.jsonl'),
      webhookTokenFile: join(dir, 'webhook-token'),
      twilioApi: { endpoint: standIn.endpoint },
    }),
  );
  const sold = await fetch(
    `${standIn.endpoint}/2010-04-01/Accounts/${LOCAL_ACCOUNT_SID}/IncomingPhoneNumbers.json`,
    {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        AreaCode: '312',
        VoiceUrl: `${PUBLIC}/api/voice`,
        StatusCallback: `${PUBLIC}/api/voice/status`,
      }).toString(),
    },
  );
  forwardingNumber = ((await sold.json()) as { phone_number: string }).phone_number;
  // Eight seconds of a tone: longer than the greeting's maxLength of 5.
  await run('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=300:duration=8',
    join(dir, 'caller.mp3'),
  ]);
});

afterAll(async () => {
  if (service) await close(service.server);
  await standIn?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  posts.length = 0;
  fetchedRecording = null;
});

/** Runs `npm run call -- ...args` against the fake service; answers its exit code and what it printed. */
async function call(...args: string[]) {
  return run('npm', ['run', '--silent', 'call', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dir, PORT: new URL(service.url).port },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ ...error }),
  );
}

describe('npm run call', () => {
  it('plays a forwarded call through the signed webhooks, the recording cut at maxLength, and prints the text', async () => {
    const result = await call(
      join(dir, 'caller.mp3'),
      '--from',
      '(312) 555-0147',
      '--to',
      forwardingNumber,
      '--wait',
      '20',
    );
    expect(result.code, result.stderr).toBe(0);
    expect(posts.map((p) => [p.path, p.signed])).toEqual([
      ['/api/voice', true],
      ['/api/voice/recorded', true],
      ['/api/voice/recording', true],
      ['/api/voice/status', true],
    ]);
    const [voice, recorded, recording, status] = posts.map((p) => p.params);
    expect(voice).toMatchObject({
      CallStatus: 'ringing',
      Direction: 'inbound',
      From: '+13125550147',
      To: forwardingNumber,
      AccountSid: LOCAL_ACCOUNT_SID,
    });
    expect(voice).not.toHaveProperty('ForwardedFrom');
    expect(voice?.CallSid).toMatch(/^CA[0-9a-f]{32}$/);
    for (const p of [recorded, recording, status]) expect(p?.CallSid).toBe(voice?.CallSid);
    expect(recorded).toMatchObject({ RecordingDuration: '5', CallStatus: 'completed' });
    expect(recorded?.RecordingUrl).toMatch(
      new RegExp(`^${standIn.endpoint}/2010-04-01/Accounts/AC0+/Recordings/RE[0-9a-f]{32}$`),
    );
    expect(recording).toMatchObject({
      RecordingStatus: 'completed',
      RecordingSid: recorded?.RecordingSid,
      RecordingUrl: recorded?.RecordingUrl,
    });
    expect(status).toMatchObject({ CallStatus: 'completed', CallDuration: '8' });
    // What the service fetched with the account's credentials: 5 s of 8 kHz 16-bit mono WAV, not 8.
    expect(fetchedRecording?.subarray(0, 4).toString()).toBe('RIFF');
    expect(Math.round(((fetchedRecording?.length ?? 0) - 44) / 16_000)).toBe(5);
    expect(result.stdout).toContain('The service says: "Leave a message & I will text it."');
    expect(result.stdout).toContain(`Voice Summary: message from ${voice?.CallSid}`);
  }, 60_000);

  it('a caller who hangs up at the greeting: the voice webhook and a 3 s call, from a withheld caller ID', async () => {
    const result = await call('--hangup', '--from', 'anonymous', '--to', forwardingNumber, '--wait', '10');
    expect(result.code, result.stderr).toBe(0);
    expect(posts.map((p) => [p.path, p.signed])).toEqual([
      ['/api/voice', true],
      ['/api/voice/status', true],
    ]);
    expect(posts[0]?.params.From).toBe('+266696687');
    expect(posts[1]?.params).toMatchObject({ CallStatus: 'completed', CallDuration: '3' });
    expect(result.stdout).toContain('Voice Summary: missed call from +266696687');
  }, 60_000);

  it('refuses a number the stand-in never sold, and says how to get a forwarding number', async () => {
    const result = await call(join(dir, 'caller.mp3'), '--from', '+13125550147', '--to', '+13125550199');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('+13125550199 is not a forwarding number');
    expect(result.stderr).toContain('npm run sms -- --from +14155550123 --body FORWARD');
    expect(posts).toEqual([]);
  }, 60_000);
});
