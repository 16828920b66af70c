/**
 * A forwarded call played the way Twilio plays it (issue 33), for `npm run call` and the calls benchmark: the
 * number's voice webhook (ringing), its TwiML read (what <Say> says, <Record>'s maxLength, action and
 * recordingStatusCallback; a TwiML that only hangs up ends the call), the caller's audio handed to the local
 * Twilio stand-in as the recording (cut at maxLength, as Twilio stops there, and made 8 kHz mono WAV as a
 * phone call is), the <Record> action, the recording status callback, then the number's call status
 * callback. Every post is a form signed with X-Twilio-Signature over its exact public URL.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LOCAL_ACCOUNT_SID } from '../lambdas/adapters/twilio/local-account';
import { type FoundService, postAsTwilio, twilioId } from './as-twilio';

/** What Twilio sends as `From` for each kind of hidden caller ID (`--from anonymous`...). */
export const WITHHELD_CALLER_IDS: Readonly<Record<string, string>> = {
  anonymous: '+266696687',
  restricted: '+7378742833',
  unknown: '+8656696687',
  blocked: '+2562533',
};

/** The number as the stand-in sold it: where Twilio posts its calls. */
export type SoldNumber = {
  readonly phone_number: string;
  readonly voice_url: string | null;
  readonly status_callback: string | null;
};

type RecordVerb = {
  readonly action: string;
  readonly maxLength: number;
  readonly recordingStatusCallback: string | null;
};

export type Twiml = {
  readonly says: string[];
  readonly record: RecordVerb | null;
  readonly hangsUp: boolean;
};

/** Seconds a call lasts when the caller hangs up at the greeting (`--hangup`). */
export const HANG_UP_SECONDS = 3;
/** Twilio's <Record> default maxLength: an hour. */
const TWILIO_MAX_LENGTH = 3600;

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!);

function attributes(text: string): Map<string, string> {
  return new Map([...text.matchAll(/([A-Za-z]+)\s*=\s*"([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]));
}

/** Reads the verbs of a TwiML document that a forwarded call meets; `base` resolves relative URLs. */
export function parseTwiml(xml: string, base: string): Twiml {
  if (!/<Response\b/.test(xml)) throw new Error(`the answer is not TwiML: ${xml.slice(0, 200)}`);
  const says: string[] = [];
  let record: RecordVerb | null = null;
  let hangsUp = false;
  for (const verb of xml.matchAll(/<(Say|Record|Hangup|Reject)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/g)) {
    const [, name, attrs = '', inner = ''] = verb;
    if (name === 'Say') says.push(decode(inner.replace(/<[^>]+>/g, '')).trim());
    if (name === 'Hangup' || name === 'Reject') {
      hangsUp = true;
      break;
    }
    if (name === 'Record' && !record) {
      const found = attributes(attrs);
      const maxLength = Number(found.get('maxLength') ?? TWILIO_MAX_LENGTH);
      const callback = found.get('recordingStatusCallback');
      record = {
        action: new URL(found.get('action') ?? base, base).href,
        maxLength: Number.isFinite(maxLength) && maxLength > 0 ? maxLength : TWILIO_MAX_LENGTH,
        recordingStatusCallback: callback ? new URL(callback, base).href : null,
      };
      // The call goes on after <Record> only with the action's TwiML.
      break;
    }
  }
  return { says, record, hangsUp };
}

/** The audio as Twilio records a call: 8 kHz mono 16-bit WAV, at most `maxLength` seconds. */
export async function recordedAudio(
  file: string,
  maxLength: number,
): Promise<{ bytes: Buffer; seconds: number }> {
  // To a file, not a pipe: ffmpeg writes the WAV's sizes into its header at the end, which a pipe cannot take.
  const dir = await mkdtemp(join(tmpdir(), 'call-recording-'));
  const out = join(dir, 'recording.wav');
  try {
    const args = ['-v', 'error', '-i', file, '-t', String(maxLength), '-ac', '1', '-ar', '8000'];
    await promisify(execFile)('ffmpeg', [
      ...args,
      '-c:a',
      'pcm_s16le',
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      out,
    ]).catch((error: Error & { code?: string; stderr?: string }) => {
      throw new Error(
        error.code === 'ENOENT'
          ? 'ffmpeg is not installed: install it (apt install ffmpeg, brew install ffmpeg) to play a call.'
          : `ffmpeg could not read the audio: ${String(error.stderr ?? error.message).trim()}`,
      );
    });
    const bytes = await readFile(out);
    // The samples follow the "data" chunk's id and size; 16 000 bytes a second at 8 kHz, 16 bits.
    const data = bytes.indexOf('data', 12);
    const seconds = data < 0 ? 0 : bytes.readUInt32LE(data + 4) / 16_000;
    return { bytes, seconds };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export type CallPlayed = {
  readonly callSid: string;
  /** What the service said to the caller (<Say>), in order. */
  readonly said: string[];
  /** The recording handed over, when there was one. */
  readonly recording: { readonly sid: string; readonly url: string; readonly seconds: number } | null;
  /** When the call ended: the status callback was answered. */
  readonly endedAt: Date;
};

export type CallRequest = {
  readonly service: FoundService;
  /** The local Twilio stand-in's origin. */
  readonly standIn: string;
  readonly number: SoldNumber;
  /** Twilio's `From`: the caller's E.164, or one of WITHHELD_CALLER_IDS. */
  readonly from: string;
  /** The caller's audio file; null: the caller hangs up at the greeting. */
  readonly audioFile: string | null;
  /** Progress for the person at the terminal. */
  readonly log?: (line: string) => void;
};

/** Plays the call; throws an Error with a sentence a person can act on when the service refuses a post. */
export async function playCall(request: CallRequest): Promise<CallPlayed> {
  const { service, number, log = () => {} } = request;
  const origin = new URL(service.info.webhookUrl).origin;
  // The service's public origin as it reports it now (runtime.json), as callWebhookUrls() names the URLs.
  const voiceUrl = `${origin}/api/voice`;
  const statusUrl = `${origin}/api/voice/status`;
  if (number.voice_url && number.voice_url !== voiceUrl) {
    log(
      `Note: the number's voice URL at the stand-in is ${number.voice_url}; Twilio would post there, not to ${voiceUrl}.`,
    );
  }
  const callSid = twilioId('CA');
  const call = {
    AccountSid: LOCAL_ACCOUNT_SID,
    ApiVersion: '2010-04-01',
    CallSid: callSid,
    From: request.from,
    Caller: request.from,
    To: number.phone_number,
    Called: number.phone_number,
    Direction: 'inbound',
    ToCountry: 'US',
  };
  const post = async (url: string, params: Record<string, string>, what: string) => {
    const response = await postAsTwilio(service, url, params, 'npm run call');
    const text = await response.text();
    if (!response.ok) throw new Error(`the service answered ${what} with ${response.status}: ${text}`);
    return text;
  };

  const said: string[] = [];
  const answer = parseTwiml(await post(voiceUrl, { ...call, CallStatus: 'ringing' }, 'the call'), voiceUrl);
  for (const say of answer.says) log(`The service says: "${say}"`);
  said.push(...answer.says);
  let recording: CallPlayed['recording'] = null;
  let seconds = HANG_UP_SECONDS;
  if (answer.record && request.audioFile) {
    const { record } = answer;
    const audio = await recordedAudio(request.audioFile, record.maxLength);
    const uploaded = await fetch(`${request.standIn}/_local/recordings?CallSid=${callSid}`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${LOCAL_ACCOUNT_SID}:${service.token}`).toString('base64')}`,
        'content-type': 'audio/wav',
      },
      body: audio.bytes,
    });
    if (!uploaded.ok) {
      throw new Error(`the local Twilio stand-in refused the recording: ${await uploaded.text()}`);
    }
    const { sid, url } = (await uploaded.json()) as { sid: string; url: string };
    const duration = String(Math.round(audio.seconds));
    recording = { sid, url, seconds: audio.seconds };
    seconds = Math.ceil(audio.seconds) + HANG_UP_SECONDS;
    log(`Recorded ${duration} s${audio.seconds >= record.maxLength ? ` (cut at maxLength)` : ''}.`);
    const recorded = { RecordingUrl: url, RecordingSid: sid, RecordingDuration: duration };
    const after = await post(
      record.action,
      { ...call, ...recorded, CallStatus: 'completed', Digits: 'hangup' },
      'the end of the recording',
    );
    if (after.trim()) said.push(...parseTwiml(after, record.action).says);
    if (record.recordingStatusCallback) {
      await post(
        record.recordingStatusCallback,
        {
          AccountSid: LOCAL_ACCOUNT_SID,
          CallSid: callSid,
          ...recorded,
          RecordingStatus: 'completed',
          RecordingChannels: '1',
          RecordingSource: 'RecordVerb',
          RecordingStartTime: new Date().toUTCString(),
          ErrorCode: '0',
        },
        'the recording status callback',
      );
    }
  } else if (answer.record) {
    log('The caller hangs up without leaving a message.');
  } else if (!answer.hangsUp) {
    log('The service asked for no recording.');
  }
  await post(
    statusUrl,
    {
      ...call,
      CallStatus: 'completed',
      CallDuration: String(seconds),
      CallbackSource: 'call-progress-events',
      SequenceNumber: '0',
      Timestamp: new Date().toUTCString(),
    },
    'the call status callback',
  );
  return { callSid, said, recording, endedAt: new Date() };
}

/** The number as the stand-in sold it, or null when it sold no such number. */
export async function soldNumber(
  service: FoundService,
  standIn: string,
  phoneNumber: string,
): Promise<SoldNumber | null> {
  const query = new URLSearchParams({ PhoneNumber: phoneNumber });
  const response = await fetch(
    `${standIn}/2010-04-01/Accounts/${LOCAL_ACCOUNT_SID}/IncomingPhoneNumbers.json?${query}`,
    {
      headers: {
        authorization: `Basic ${Buffer.from(`${LOCAL_ACCOUNT_SID}:${service.token}`).toString('base64')}`,
      },
    },
  );
  if (!response.ok)
    throw new Error(`the local Twilio stand-in answered ${response.status}: ${await response.text()}`);
  const { incoming_phone_numbers: numbers } = (await response.json()) as {
    incoming_phone_numbers: SoldNumber[];
  };
  return numbers.find((n) => n.phone_number === phoneNumber) ?? null;
}
