/**
 * The local stand-in of Twilio's REST API (issue 33) answers the requests the service makes for forwarded
 * calls as Twilio does: fictional numbers offered and sold in an area code, kept across a restart, released;
 * recordings handed over by `npm run call`, served with the account's credentials and deleted; anything
 * without the local account's credentials refused in Twilio's error shape.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_ACCOUNT_SID } from '../../lambdas/adapters/twilio/local-account';
import { startTwilioApi, type TwilioApiStandIn } from '../../local/stand-ins/twilio-api';
import { startLocalRuntime } from '../support/local-runtime';

const TOKEN = 'local-webhook-token-for-the-test';
const ACCOUNT = `/2010-04-01/Accounts/${LOCAL_ACCOUNT_SID}`;
const auth = (token = TOKEN) => ({
  authorization: `Basic ${Buffer.from(`${LOCAL_ACCOUNT_SID}:${token}`).toString('base64')}`,
});

let dir: string;
let standIn: TwilioApiStandIn;

async function start(maxRecordingBytes?: number) {
  standIn = await startTwilioApi({
    numbersFile: join(dir, 'twilio', 'numbers.json'),
    recordingsDir: join(dir, 'twilio', 'recordings'),
    token: async () => TOKEN,
    ...(maxRecordingBytes ? { maxRecordingBytes } : {}),
  });
}

type Available = { available_phone_numbers: { phone_number: string; friendly_name: string }[] };
type NumberList = { incoming_phone_numbers: { sid: string }[] };
type Sold = { sid: string; phone_number: string };
type Recording = { sid: string; url: string };
/** The JSON body, as the test reads it. */
const body = async <T>(response: Response | Promise<Response>) => (await (await response).json()) as T;

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${standIn.endpoint}${path}`, { ...init, headers: { ...auth(), ...init.headers } });

const buy = (form: Record<string, string>) =>
  api(`${ACCOUNT}/IncomingPhoneNumbers.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

/** Two seconds of a tone as Twilio records a call (8 kHz mono WAV). */
async function wavBytes(): Promise<Buffer> {
  const { stdout } = await promisify(execFile)(
    'ffmpeg',
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=2',
      '-ar',
      '8000',
      '-ac',
      '1',
      '-f',
      'wav',
      'pipe:1',
    ],
    { encoding: 'buffer' },
  );
  return stdout;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'twilio-stand-in-'));
  await start();
});

afterEach(async () => {
  await standIn?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the local Twilio stand-in: numbers', () => {
  it('offers unsold fictional numbers in the area code asked, and in some area code when none is', async () => {
    const offered = await body<Available>(
      api(`${ACCOUNT}/AvailablePhoneNumbers/US/Local.json?AreaCode=646&PageSize=5`),
    );
    const numbers = offered.available_phone_numbers.map((n) => n.phone_number);
    expect(numbers).toEqual(['+16465550100', '+16465550101', '+16465550102', '+16465550103', '+16465550104']);
    expect(offered.available_phone_numbers[0]?.friendly_name).toBe('(646) 555-0100');

    await buy({ PhoneNumber: '+16465550100', VoiceUrl: 'https://x.test/api/voice' });
    const after = await body<Available>(api(`${ACCOUNT}/AvailablePhoneNumbers/US/Local.json?AreaCode=646`));
    expect(after.available_phone_numbers[0]?.phone_number).toBe('+16465550101');
    const anywhere = await body<Available>(api(`${ACCOUNT}/AvailablePhoneNumbers/US/Local.json`));
    expect(anywhere.available_phone_numbers.length).toBeGreaterThan(0);
    for (const n of anywhere.available_phone_numbers)
      expect(n.phone_number).toMatch(/^\+1[2-9]\d{2}55501\d{2}$/);
  });

  it('sells a number with its webhooks, lists it, keeps it across a restart, and releases it', async () => {
    const sold = await buy({
      AreaCode: '312',
      VoiceUrl: 'https://calls.example.test/api/voice',
      VoiceMethod: 'POST',
      StatusCallback: 'https://calls.example.test/api/voice/status',
      StatusCallbackMethod: 'POST',
      FriendlyName: 'Forwarding for subscriber 7',
    });
    expect(sold.status).toBe(201);
    const number = await body<Sold>(sold);
    expect(number).toMatchObject({
      phone_number: '+13125550100',
      voice_url: 'https://calls.example.test/api/voice',
      status_callback: 'https://calls.example.test/api/voice/status',
      friendly_name: 'Forwarding for subscriber 7',
      account_sid: LOCAL_ACCOUNT_SID,
    });
    expect(number.sid).toMatch(/^PN[0-9a-f]{32}$/);
    // The same number cannot be sold twice.
    const again = await buy({ PhoneNumber: '+13125550100', VoiceUrl: 'https://x.test/api/voice' });
    expect(again.status).toBe(400);
    expect((await body<{ code: number }>(again)).code).toBe(21422);

    await standIn.close();
    await start();
    const listed = await body<NumberList>(
      api(`${ACCOUNT}/IncomingPhoneNumbers.json?PhoneNumber=%2B13125550100`),
    );
    expect(listed.incoming_phone_numbers.map((n) => n.sid)).toEqual([number.sid]);
    expect((await api(`${ACCOUNT}/IncomingPhoneNumbers/${number.sid}.json`)).status).toBe(200);

    expect(
      (await api(`${ACCOUNT}/IncomingPhoneNumbers/${number.sid}.json`, { method: 'DELETE' })).status,
    ).toBe(204);
    expect((await api(`${ACCOUNT}/IncomingPhoneNumbers/${number.sid}.json`)).status).toBe(404);
    const gone = await body<NumberList>(api(`${ACCOUNT}/IncomingPhoneNumbers.json`));
    expect(gone.incoming_phone_numbers).toEqual([]);
  });

  it('refuses a purchase with neither a number nor a valid area code', async () => {
    const none = await buy({ VoiceUrl: 'https://x.test/api/voice' });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({
      status: 400,
      more_info: expect.stringContaining('twilio.com/docs/errors'),
    });
    expect((await buy({ AreaCode: '12' })).status).toBe(400);
  });
});

describe('the local Twilio stand-in: recordings', () => {
  it('takes a recording for a call, serves it as WAV with the credentials, and deletes it', async () => {
    const bytes = await wavBytes();
    const callSid = `CA${'1'.repeat(32)}`;
    const handed = await api(`/_local/recordings?CallSid=${callSid}`, { method: 'POST', body: bytes });
    expect(handed.status).toBe(201);
    const { sid, url } = await body<Recording>(handed);
    expect(sid).toMatch(/^RE[0-9a-f]{32}$/);
    expect(url).toBe(`${standIn.endpoint}${ACCOUNT}/Recordings/${sid}`);

    const wav = await fetch(`${url}.wav`, { headers: auth() });
    expect(wav.status).toBe(200);
    expect(wav.headers.get('content-type')).toMatch(/wav/);
    expect(Buffer.from(await wav.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await fetch(url, { headers: auth() })).status).toBe(200);
    expect((await fetch(`${url}.mp3`, { headers: auth() })).status).toBe(404);
    const meta = await (await fetch(`${url}.json`, { headers: auth() })).json();
    expect(meta).toMatchObject({ sid, call_sid: callSid, status: 'completed' });

    expect((await fetch(`${url}.json`, { method: 'DELETE', headers: auth() })).status).toBe(204);
    expect((await fetch(`${url}.wav`, { headers: auth() })).status).toBe(404);
    expect(await readdir(join(dir, 'twilio', 'recordings'))).toEqual([]);
  });

  it('refuses a recording over the size limit, one that is not audio, or one for no call', async () => {
    await standIn.close();
    await start(4096);
    const big = await api(`/_local/recordings?CallSid=CA${'2'.repeat(32)}`, {
      method: 'POST',
      body: await wavBytes(),
    });
    expect(big.status).toBe(413);
    const text = await api(`/_local/recordings?CallSid=CA${'2'.repeat(32)}`, {
      method: 'POST',
      body: 'hello',
    });
    expect(text.status).toBe(400);
    const noCall = await api('/_local/recordings?CallSid=nope', { method: 'POST', body: 'RIFF' });
    expect(noCall.status).toBe(400);
    expect(await readdir(join(dir, 'twilio', 'recordings'))).toEqual([]);
  });
});

describe('the local Twilio stand-in: who may use it', () => {
  it('refuses requests without the local account, with a wrong token, or sent by a web page', async () => {
    const none = await fetch(`${standIn.endpoint}${ACCOUNT}/IncomingPhoneNumbers.json`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({
      code: 20003,
      message: 'Authenticate',
      more_info: 'https://www.twilio.com/docs/errors/20003',
      status: 401,
    });
    const wrong = await fetch(`${standIn.endpoint}${ACCOUNT}/IncomingPhoneNumbers.json`, {
      headers: auth('guess'),
    });
    expect(wrong.status).toBe(401);
    const handed = await fetch(`${standIn.endpoint}/_local/recordings?CallSid=CA${'3'.repeat(32)}`, {
      method: 'POST',
      headers: auth('guess'),
      body: await wavBytes(),
    });
    expect(handed.status).toBe(401);
    const otherAccount = await api(`/2010-04-01/Accounts/AC${'f'.repeat(32)}/IncomingPhoneNumbers.json`);
    expect(otherAccount.status).toBe(404);
    // A web page's request (it names its Origin) is refused before any check of what it asks.
    const page = await api(`${ACCOUNT}/IncomingPhoneNumbers.json`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(page.status).toBe(403);
  });
});

describe('the local Twilio stand-in in npm start', () => {
  it('starts with the runtime, is named in runtime.json, takes the webhook token, and keeps numbers in the data directory', async () => {
    const runtime = await startLocalRuntime();
    try {
      const { endpoint } = runtime.info.twilioApi;
      expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const token = (await readFile(runtime.info.webhookTokenFile, 'utf8')).trim();
      const sold = await fetch(`${endpoint}${ACCOUNT}/IncomingPhoneNumbers.json`, {
        method: 'POST',
        headers: { ...auth(token), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ AreaCode: '415', VoiceUrl: `${runtime.url}/api/voice` }).toString(),
      });
      expect(sold.status).toBe(201);
      // +1 415 555-0100 is the service's own number on this machine: never sold.
      const kept = JSON.parse(await readFile(join(runtime.dataDir, 'twilio', 'numbers.json'), 'utf8'));
      expect(kept.numbers.map((n: { phone_number: string }) => n.phone_number)).toEqual(['+14155550101']);
      expect(
        (await fetch(`${endpoint}${ACCOUNT}/IncomingPhoneNumbers.json`, { headers: auth() })).status,
      ).toBe(401);
    } finally {
      await runtime.dispose();
    }
  }, 180_000);
});
