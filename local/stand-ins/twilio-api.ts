/**
 * A stand-in of the part of Twilio's REST API the service uses for forwarded calls (issue 33), on loopback,
 * while no Twilio account is saved: it sells fictional numbers (AvailablePhoneNumbers, IncomingPhoneNumbers,
 * local/stand-ins/twilio-numbers.ts) and serves and deletes call recordings (Recordings), answering in
 * Twilio's JSON and its error shape (`{code, message, more_info, status}`). Requests are checked as Twilio
 * checks them: Basic auth with the local account (LOCAL_ACCOUNT_SID) and the runtime's webhook token.
 *
 * `POST /_local/recordings?CallSid=CA...` (same auth, loopback only, size-limited) is the stand-in's own: it
 * is how `npm run call` hands over a caller's audio, as Twilio's media servers record it; it answers the
 * Twilio-shaped RecordingUrl (no extension) the service's callbacks are given.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { detectAudioFormat, MAX_AUDIO_BYTES } from '#core/audio/audio-format';
import { LOCAL_ACCOUNT_SID } from '../../lambdas/adapters/twilio/local-account';
import { ownHostOnly } from './own-host-only';
import { AREA_CODE_PATTERN, friendlyNumber, openNumberStore, type SoldNumber } from './twilio-numbers';

export type TwilioApiStandIn = {
  /** `http://127.0.0.1:<port>`: stands in for https://api.twilio.com. */
  readonly endpoint: string;
  close(): Promise<void>;
};

export type TwilioApiOptions = {
  /** The file the sold numbers are kept in. */
  readonly numbersFile: string;
  /** The folder recordings are kept in until deleted. */
  readonly recordingsDir: string;
  /** The password of the local account: the runtime's webhook token (read per request: it may be made later). */
  readonly token: () => Promise<string | null>;
  /** Numbers never sold: the service's own number on this machine. */
  readonly reserved?: readonly string[];
  /** @default MAX_AUDIO_BYTES */
  readonly maxRecordingBytes?: number;
};

const ACCOUNT = `/2010-04-01/Accounts/${LOCAL_ACCOUNT_SID}`;
const FORM_LIMIT = 64 * 1024;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const RECORDING = new RegExp(`^${ACCOUNT}/Recordings/(RE[0-9a-f]{32})(\\.json|\\.wav|\\.mp3)?$`);
const NUMBER = new RegExp(`^${ACCOUNT}/IncomingPhoneNumbers/(PN[0-9a-f]{32})\\.json$`);

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Twilio's REST error body. */
function sendError(res: ServerResponse, error: HttpError): void {
  sendJson(res, error.status, {
    code: error.code,
    message: error.message,
    more_info: `https://www.twilio.com/docs/errors/${error.code}`,
    status: error.status,
  });
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new HttpError(413, 20413, `The body is over ${limit} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, 20413, `The body is over ${limit} bytes.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function numberJson(number: SoldNumber) {
  return {
    ...number,
    account_sid: LOCAL_ACCOUNT_SID,
    api_version: '2010-04-01',
    date_updated: number.date_created,
    capabilities: { voice: true, sms: true, mms: true, fax: false },
    sms_url: null,
    origin: 'twilio',
    status: 'in-use',
    uri: `${ACCOUNT}/IncomingPhoneNumbers/${number.sid}.json`,
  };
}

type RecordingMeta = { sid: string; call_sid: string; content_type: string; date_created: string };

export async function startTwilioApi(options: TwilioApiOptions): Promise<TwilioApiStandIn> {
  const numbers = await openNumberStore(options.numbersFile, options.reserved);
  const maxRecordingBytes = options.maxRecordingBytes ?? MAX_AUDIO_BYTES;
  await mkdir(options.recordingsDir, { recursive: true });
  let endpoint = '';
  const recordingPath = (sid: string, ext: 'json' | 'audio') => join(options.recordingsDir, `${sid}.${ext}`);

  async function authorize(req: IncomingMessage): Promise<void> {
    const token = await options.token();
    const expected = `Basic ${Buffer.from(`${LOCAL_ACCOUNT_SID}:${token ?? ''}`).toString('base64')}`;
    if (!token || !sameSecret(String(req.headers.authorization ?? ''), expected)) {
      throw new HttpError(401, 20003, 'Authenticate');
    }
  }

  async function form(req: IncomingMessage): Promise<URLSearchParams> {
    return new URLSearchParams((await readBody(req, FORM_LIMIT)).toString('utf8'));
  }

  async function buy(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await form(req);
    const phoneNumber = body.get('PhoneNumber');
    const areaCode = body.get('AreaCode');
    if (!phoneNumber && !areaCode) {
      throw new HttpError(400, 21451, 'A PhoneNumber or an AreaCode is required.');
    }
    if (areaCode && !AREA_CODE_PATTERN.test(areaCode)) {
      throw new HttpError(
        400,
        21451,
        `AreaCode ${areaCode} is not a US area code (three digits, 2-9 first).`,
      );
    }
    const sold = await numbers.sell(phoneNumber ? { phoneNumber } : { areaCode: areaCode! }, {
      friendly_name: body.get('FriendlyName') ?? friendlyNumber(phoneNumber ?? `+1${areaCode}5550100`),
      voice_url: body.get('VoiceUrl'),
      voice_method: body.get('VoiceMethod') ?? 'POST',
      status_callback: body.get('StatusCallback'),
      status_callback_method: body.get('StatusCallbackMethod') ?? 'POST',
    });
    if (!sold) {
      throw phoneNumber
        ? new HttpError(400, 21422, `${phoneNumber} is not available.`)
        : new HttpError(400, 21452, `No phone numbers found in area code ${areaCode}.`);
    }
    sendJson(res, 201, numberJson(sold));
  }

  async function record(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) {
      throw new HttpError(403, 20403, 'Recordings are handed over from this machine only.');
    }
    const callSid = query.get('CallSid') ?? '';
    if (!/^CA[0-9a-f]{32}$/.test(callSid)) {
      throw new HttpError(400, 21201, 'CallSid must be CA followed by 32 hex digits.');
    }
    const bytes = await readBody(req, maxRecordingBytes);
    const format = detectAudioFormat(bytes);
    if (!format) throw new HttpError(400, 21201, 'The body is not audio.');
    const sid = `RE${randomBytes(16).toString('hex')}`;
    const meta: RecordingMeta = {
      sid,
      call_sid: callSid,
      content_type: format.mime,
      date_created: new Date().toUTCString(),
    };
    await writeFile(recordingPath(sid, 'audio'), bytes);
    await writeFile(recordingPath(sid, 'json'), JSON.stringify(meta));
    sendJson(res, 201, { sid, url: `${endpoint}${ACCOUNT}/Recordings/${sid}` });
  }

  async function recording(req: IncomingMessage, res: ServerResponse, sid: string, ext: string) {
    const metaText = await readFile(recordingPath(sid, 'json'), 'utf8').catch(() => null);
    if (!metaText || ext === '.mp3') {
      throw new HttpError(404, 20404, `The requested resource ${req.url} was not found`);
    }
    const meta = JSON.parse(metaText) as RecordingMeta;
    if (req.method === 'DELETE') {
      await rm(recordingPath(sid, 'audio'), { force: true });
      await rm(recordingPath(sid, 'json'), { force: true });
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET') throw new HttpError(405, 20004, 'Method not allowed');
    if (ext === '.json') {
      sendJson(res, 200, {
        ...meta,
        account_sid: LOCAL_ACCOUNT_SID,
        api_version: '2010-04-01',
        status: 'completed',
        source: 'RecordVerb',
        uri: `${ACCOUNT}/Recordings/${sid}.json`,
      });
      return;
    }
    const bytes = await readFile(recordingPath(sid, 'audio'));
    res.writeHead(200, { 'content-type': meta.content_type, 'content-length': bytes.byteLength });
    res.end(bytes);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    await authorize(req);
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (method === 'POST' && path === '/_local/recordings') return record(req, res, url.searchParams);
    if (method === 'GET' && path === `${ACCOUNT}/AvailablePhoneNumbers/US/Local.json`) {
      const areaCode = url.searchParams.get('AreaCode');
      if (areaCode && !AREA_CODE_PATTERN.test(areaCode)) {
        throw new HttpError(400, 21451, `AreaCode ${areaCode} is not a US area code.`);
      }
      const limit = Math.min(Math.max(Number(url.searchParams.get('PageSize')) || 30, 1), 50);
      return sendJson(res, 200, {
        available_phone_numbers: numbers.available(areaCode, limit).map((phone_number) => ({
          friendly_name: friendlyNumber(phone_number),
          phone_number,
          iso_country: 'US',
          address_requirements: 'none',
          beta: false,
          capabilities: { voice: true, SMS: true, MMS: true },
        })),
        uri: `${path}${url.search}`,
      });
    }
    if (path === `${ACCOUNT}/IncomingPhoneNumbers.json`) {
      if (method === 'POST') return buy(req, res);
      if (method === 'GET') {
        const wanted = url.searchParams.get('PhoneNumber');
        const listed = numbers.list().filter((n) => wanted === null || n.phone_number === wanted);
        return sendJson(res, 200, {
          incoming_phone_numbers: listed.map(numberJson),
          page: 0,
          page_size: 50,
          next_page_uri: null,
          uri: `${path}${url.search}`,
        });
      }
    }
    const number = NUMBER.exec(path);
    if (number && (method === 'GET' || method === 'DELETE')) {
      const found = numbers.get(number[1]!);
      if (!found) throw new HttpError(404, 20404, `The requested resource ${path} was not found`);
      if (method === 'GET') return sendJson(res, 200, numberJson(found));
      await numbers.release(found.sid);
      res.writeHead(204).end();
      return;
    }
    const recorded = RECORDING.exec(path);
    if (recorded) return recording(req, res, recorded[1]!, recorded[2] ?? '');
    throw new HttpError(404, 20404, `The requested resource ${path} was not found`);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      const known =
        error instanceof HttpError ? error : new HttpError(500, 20500, 'The local Twilio stand-in failed.');
      if (!res.headersSent) sendError(res, known);
      else res.destroy();
      req.resume();
    });
  });
  ownHostOnly(server, { browsers: 'none' });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
