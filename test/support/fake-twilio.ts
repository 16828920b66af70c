/**
 * A local fake of the parts of Twilio's REST API the service uses, for running the real twilio SDK and the
 * media fetcher in tests: sending messages, fetching MMS media (optionally redirected to a second "CDN"
 * server, as Twilio redirects to mms.twiliocdn.com), deleting media, and the account and its numbers (the
 * Settings check). Basic auth is checked like Twilio
 * does; requests are recorded (Authorization header included) but never printed.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  close,
  FaultScript,
  faultControls,
  listen,
  type RecordedRequest,
  sendJson,
  sleep,
} from './fake-http';
import { answerNumberRequest, type FakeNumberMarket, fakeNumberMarket } from './fake-twilio-numbers';

export type SentMessage = {
  readonly sid: string;
  readonly to: string;
  readonly from: string | null;
  readonly messagingServiceSid: string | null;
  readonly body: string;
  /** The `MediaUrl`s it was sent with (an MMS), in order; empty for a plain SMS. */
  readonly mediaUrls: readonly string[];
};

export type MediaOptions = {
  readonly bytes: Buffer;
  readonly contentType: string;
  /** Answer the API GET with a 302 to the CDN server (another origin), like Twilio. @default false */
  readonly redirectToCdn?: boolean;
  /** Answer the API GET with a 302 to this URL instead (to test the host allowlist). */
  readonly redirectTo?: string;
  /** Send Content-Length; without it the body is chunked, so only streaming can enforce a size limit. @default true */
  readonly declareLength?: boolean;
  /** @default 64 KiB */
  readonly chunkSize?: number;
};

export type RegisteredMedia = {
  readonly url: string;
  readonly messageSid: string;
  readonly mediaSid: string;
};

/** How one media body went out: how much was written, and whether the client hung up before the end. */
export type MediaDelivery = {
  readonly path: string;
  readonly totalBytes: number;
  bytesWritten: number;
  completed: boolean;
  aborted: boolean;
};

export type RecordedTwilioRequest = RecordedRequest & { readonly server: 'api' | 'cdn' };

export type FakeTwilio = {
  /** The API origin (stands in for https://api.twilio.com). */
  readonly url: string;
  /** The second origin media redirects to (stands in for https://mms.twiliocdn.com). */
  readonly cdnUrl: string;
  readonly accountSid: string;
  readonly requests: RecordedTwilioRequest[];
  readonly messages: SentMessage[];
  readonly deletions: { readonly messageSid: string; readonly mediaSid: string }[];
  /** The call recordings deleted (RE…), in order (issue 33). */
  readonly recordingDeletions: string[];
  readonly deliveries: MediaDelivery[];
  readonly faults: FaultScript;
  /** The account's numbers (E.164), as IncomingPhoneNumbers lists them. */
  phoneNumbers: string[];
  /**
   * Where each number sends its texts and calls (IncomingPhoneNumbers' sms_url and voice_url, issue 33's Setup
   * check), by number; a number not here has neither set.
   */
  numberWebhooks: Record<string, { readonly sms_url?: string; readonly voice_url?: string }>;
  /** What the Account resource says: `active`, `suspended` or `closed`. */
  accountStatus: string;
  /** The numbers for sale, bought and released (issue 33's forwarding numbers). */
  readonly numbers: FakeNumberMarket;
  /** Registers media under a fresh MM…/ME… and returns its API URL (what Twilio's webhook sends as MediaUrl0). */
  addMedia(options: MediaOptions): RegisteredMedia;
  /**
   * Registers a call's recording under a fresh RE… and returns its RecordingUrl (no extension, as Twilio's
   * callbacks give it): `<url>.wav` serves it with Basic auth, `DELETE <url>.json` deletes it.
   */
  addRecording(bytes: Buffer, createdAt?: Date): { readonly url: string; readonly recordingSid: string };
  failNext(count: number, status: number, body?: unknown, method?: string): void;
  failAlways(status: number | null, body?: unknown): void;
  setLatency(ms: number): void;
  reset(): void;
  close(): Promise<void>;
};

type StoredMedia = MediaOptions & { readonly messageSid: string; readonly mediaSid: string };

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/** Starts the API and CDN servers on 127.0.0.1 with free ports. */
export async function startFakeTwilio(options: {
  accountSid: string;
  authToken: string;
}): Promise<FakeTwilio> {
  const faults = new FaultScript();
  const requests: RecordedTwilioRequest[] = [];
  const messages: SentMessage[] = [];
  const deletions: { messageSid: string; mediaSid: string }[] = [];
  const recordingDeletions: string[] = [];
  const recordings = new Map<string, { readonly bytes: Buffer; readonly createdAt: Date }>();
  const deliveries: MediaDelivery[] = [];
  const media = new Map<string, StoredMedia>();
  const cdnTokens = new Map<string, StoredMedia>();
  const expectedAuth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const base = `/2010-04-01/Accounts/${options.accountSid}`;
  const numbers = fakeNumberMarket();

  const cdn = await listen(async (request, response) => {
    requests.push({ ...request, server: 'cdn' });
    const stored = cdnTokens.get(request.path.replace(/^\/cdn\//, ''));
    if (request.method !== 'GET' || !stored) return twilioError(response, 404, 20404, 'Not found');
    await streamMedia(request.path, stored, response);
  });

  const api = await listen(async (request, response) => {
    requests.push({ ...request, server: 'api' });
    if (faults.latencyMs > 0) await sleep(faults.latencyMs);
    if (request.headers.authorization !== expectedAuth) {
      return twilioError(response, 401, 20003, 'Authenticate');
    }
    const fault = faults.take(request.method);
    if (fault) {
      if (fault.body !== undefined) return sendJson(response, fault.status, fault.body);
      return twilioError(response, fault.status, fault.status === 429 ? 20429 : 20500, 'Scripted failure');
    }
    const path = request.path.split('?')[0] ?? '';
    if (request.method === 'POST' && path === `${base}/Messages.json`)
      return createMessage(request, response);
    if (request.method === 'GET' && path === `${base}.json`) {
      return sendJson(response, 200, {
        sid: options.accountSid,
        friendly_name: 'Fake account',
        status: fake.accountStatus,
        type: 'Full',
      });
    }
    if (request.method === 'GET' && path === `${base}/IncomingPhoneNumbers.json`) {
      const wanted = new URLSearchParams(request.path.split('?')[1] ?? '').get('PhoneNumber');
      const numbers = fake.phoneNumbers.filter((n) => wanted === null || n === wanted);
      return sendJson(response, 200, {
        incoming_phone_numbers: numbers.map((phone_number) => ({
          sid: `PN${randomBytes(16).toString('hex')}`,
          account_sid: options.accountSid,
          phone_number,
          capabilities: { sms: true, mms: true, voice: true },
          sms_url: fake.numberWebhooks[phone_number]?.sms_url ?? '',
          voice_url: fake.numberWebhooks[phone_number]?.voice_url ?? null,
        })),
        page: 0,
        page_size: 50,
      });
    }
    if (answerNumberRequest(numbers, base, request, response, twilioError)) return;
    const mediaMatch = new RegExp(
      `^${base}/Messages/(MM[0-9a-f]{32})/Media/(ME[0-9a-f]{32})(\\.json)?$`,
    ).exec(path);
    if (mediaMatch) {
      const stored = media.get(`${mediaMatch[1]}/${mediaMatch[2]}`);
      if (!stored) return twilioError(response, 404, 20404, `The requested resource ${path} was not found`);
      if (request.method === 'DELETE') {
        media.delete(`${stored.messageSid}/${stored.mediaSid}`);
        deletions.push({ messageSid: stored.messageSid, mediaSid: stored.mediaSid });
        response.writeHead(204).end();
        return;
      }
      if (request.method === 'GET') {
        if (stored.redirectTo) {
          response.writeHead(302, { location: stored.redirectTo, 'content-length': 0 }).end();
          return;
        }
        if (stored.redirectToCdn) {
          const token = randomBytes(12).toString('hex');
          cdnTokens.set(token, stored);
          response.writeHead(302, { location: `${cdn.url}/cdn/${token}`, 'content-length': 0 }).end();
          return;
        }
        return streamMedia(path, stored, response);
      }
    }
    if (request.method === 'GET' && path === `${base}/Recordings.json`) {
      // Twilio's `DateCreated<` filter: made before that UTC day.
      const query = new URLSearchParams(request.path.split('?')[1] ?? '');
      const before = query.get('DateCreated<');
      const size = Number(query.get('PageSize') ?? 50);
      const listed = [...recordings.entries()]
        .filter(([, r]) => before === null || r.createdAt.toISOString().slice(0, 10) < before)
        .slice(0, size);
      return sendJson(response, 200, {
        recordings: listed.map(([recordingSid, r]) => ({
          sid: recordingSid,
          date_created: r.createdAt.toUTCString(),
        })),
        page: 0,
        page_size: size,
      });
    }
    const recordingMatch = new RegExp(`^${base}/Recordings/(RE[0-9a-f]{32})(\\.wav|\\.json)?$`).exec(path);
    const recording = recordingMatch ? recordings.get(recordingMatch[1]!) : undefined;
    if (recordingMatch && recording) {
      const recordingSid = recordingMatch[1]!;
      if (request.method === 'DELETE' && recordingMatch[2] === '.json') {
        recordings.delete(recordingSid);
        recordingDeletions.push(recordingSid);
        response.writeHead(204).end();
        return;
      }
      if (request.method === 'GET' && recordingMatch[2] !== '.json') {
        return streamMedia(
          path,
          { bytes: recording.bytes, contentType: 'audio/x-wav', messageSid: '', mediaSid: '' },
          response,
        );
      }
    }
    return twilioError(response, 404, 20404, `The requested resource ${path} was not found`);
  });

  function createMessage(request: RecordedRequest, response: ServerResponse): void {
    const form = new URLSearchParams(request.body.toString('utf8'));
    const to = form.get('To');
    const body = form.get('Body');
    const from = form.get('From');
    const messagingServiceSid = form.get('MessagingServiceSid');
    if (!to || !body || (!from && !messagingServiceSid)) {
      twilioError(response, 400, 21604, "A 'To', 'Body' and 'From' or 'MessagingServiceSid' are required.");
      return;
    }
    const mediaUrls = form.getAll('MediaUrl');
    const message: SentMessage = { sid: sid('SM'), to, from, messagingServiceSid, body, mediaUrls };
    messages.push(message);
    const now = new Date().toUTCString();
    sendJson(response, 201, {
      account_sid: options.accountSid,
      api_version: '2010-04-01',
      body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from,
      messaging_service_sid: messagingServiceSid,
      num_media: String(mediaUrls.length),
      num_segments: '1',
      price: null,
      price_unit: 'USD',
      sid: message.sid,
      status: 'queued',
      subresource_uris: { media: `${base}/Messages/${message.sid}/Media.json` },
      to,
      uri: `${base}/Messages/${message.sid}.json`,
    });
  }

  /** Writes the body in chunks, honouring back-pressure, and notes whether the client hung up early. */
  async function streamMedia(path: string, stored: StoredMedia, response: ServerResponse): Promise<void> {
    const delivery: MediaDelivery = {
      path,
      totalBytes: stored.bytes.length,
      bytesWritten: 0,
      completed: false,
      aborted: false,
    };
    deliveries.push(delivery);
    response.on('close', () => {
      if (!delivery.completed) delivery.aborted = true;
    });
    const headers: Record<string, string | number> = { 'content-type': stored.contentType };
    if (stored.declareLength ?? true) headers['content-length'] = stored.bytes.length;
    response.writeHead(200, headers);
    const chunkSize = stored.chunkSize ?? 64 * 1024;
    for (let offset = 0; offset < stored.bytes.length; offset += chunkSize) {
      if (response.destroyed) return;
      const chunk = stored.bytes.subarray(offset, offset + chunkSize);
      const drained = response.write(chunk);
      delivery.bytesWritten += chunk.length;
      if (!drained) {
        await new Promise<void>((resolve) => {
          const done = () => {
            response.off('drain', done);
            response.off('close', done);
            resolve();
          };
          response.on('drain', done);
          response.on('close', done);
        });
      }
    }
    if (response.destroyed) return;
    response.end(() => {
      delivery.completed = true;
    });
  }

  const fake: FakeTwilio = {
    url: api.url,
    cdnUrl: cdn.url,
    accountSid: options.accountSid,
    requests,
    messages,
    deletions,
    recordingDeletions,
    deliveries,
    faults,
    phoneNumbers: [],
    numberWebhooks: {},
    accountStatus: 'active',
    numbers,
    addMedia: (mediaOptions) => {
      const stored: StoredMedia = { ...mediaOptions, messageSid: sid('MM'), mediaSid: sid('ME') };
      media.set(`${stored.messageSid}/${stored.mediaSid}`, stored);
      return {
        url: `${api.url}${base}/Messages/${stored.messageSid}/Media/${stored.mediaSid}`,
        messageSid: stored.messageSid,
        mediaSid: stored.mediaSid,
      };
    },
    addRecording: (bytes, createdAt = new Date()) => {
      const recordingSid = sid('RE');
      recordings.set(recordingSid, { bytes, createdAt });
      return { url: `${api.url}${base}/Recordings/${recordingSid}`, recordingSid };
    },
    ...faultControls(faults),
    reset: () => {
      faults.reset();
      requests.length = 0;
      messages.length = 0;
      deletions.length = 0;
      recordingDeletions.length = 0;
      recordings.clear();
      deliveries.length = 0;
      media.clear();
      cdnTokens.clear();
      fake.phoneNumbers = [];
      fake.numberWebhooks = {};
      fake.accountStatus = 'active';
      numbers.reset();
    },
    close: async () => {
      await Promise.all([close(api.server), close(cdn.server)]);
    },
  };
  return fake;
}

function twilioError(response: ServerResponse, status: number, code: number, message: string): void {
  sendJson(response, status, {
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });
}
