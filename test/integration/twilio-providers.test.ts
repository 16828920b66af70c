/**
 * The Twilio SMS sender (Messages API over fetch) and media fetcher against a local fake of Twilio's REST API, and the
 * local outbox that stands in for Twilio when no credentials are configured.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudioTooLargeError, PermanentError, TransientError } from '#core/messages/pipeline-errors';
import { parseTwilioMediaUrl, TwilioMediaFetcher } from '../../lambdas/adapters/twilio/twilio-media-fetcher';
import { TwilioSmsSender } from '../../lambdas/adapters/twilio/twilio-sms-sender';
import type { OutgoingSms } from '../../lambdas/ports/sms-sender';
import { OutboxSmsSender, readOutbox } from '../../local/adapters/outbox-sms-sender';
import { type FakeTwilio, startFakeTwilio } from '../support/fake-twilio';
import { freePort } from '../support/local-runtime';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = '9f8e7d6c5b4a39281706f5e4d3c2b1a0';
const WRONG_TOKEN = '00112233445566778899aabbccddeeff';
const FROM = '+15005550006';
const sms: OutgoingSms = {
  to: '+15551234567',
  from: null,
  body: 'Summary: call Dana back.',
  messageId: 'msg-1',
};

let fake: FakeTwilio;
let dir: string;

beforeAll(async () => {
  fake = await startFakeTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  dir = await mkdtemp(join(tmpdir(), 'outbox-'));
});
afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => fake.reset());

const sender = (options: { authToken?: string; timeoutMs?: number; from?: string } = {}) =>
  new TwilioSmsSender({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    from: FROM,
    apiBaseUrl: fake.url,
    ...options,
  });
const fetcher = (options: { authToken?: string; timeoutMs?: number; allowLoopback?: boolean } = {}) =>
  new TwilioMediaFetcher({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, allowLoopback: true, ...options });
const basicAuth = (token: string) => `Basic ${Buffer.from(`${ACCOUNT_SID}:${token}`).toString('base64')}`;

async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('Twilio SMS sender', () => {
  it('sends to, from and body with Basic auth and returns the message SID', async () => {
    const result = await sender().send(sms);

    expect(result.id).toMatch(/^SM[0-9a-f]{32}$/);
    expect(fake.messages).toEqual([
      { sid: result.id, to: sms.to, from: FROM, messagingServiceSid: null, body: sms.body, mediaUrls: [] },
    ]);
    expect(fake.requests[0]?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(fake.requests[0]?.headers.authorization).toBe(basicAuth(AUTH_TOKEN));
  });

  it("sends an MMS's files as one MediaUrl each, in order (CARDS ON)", async () => {
    const media = [
      'https://voice.example.com/api/c/contact-code',
      'https://voice.example.com/api/c/event-code',
    ];
    const result = await sender().send({ ...sms, media });
    expect(fake.messages.find((m) => m.sid === result.id)?.mediaUrls).toEqual(media);
  });

  it('asks Twilio for delivery status callbacks at the status URL on every text', async () => {
    const statusCallback = 'https://voice.example.com/api/sms-status';
    await new TwilioSmsSender({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      from: FROM,
      apiBaseUrl: fake.url,
      statusCallback,
    }).send(sms);
    await sender().send(sms);

    const asked = fake.requests.map((r) => new URLSearchParams(r.body.toString()).get('StatusCallback'));
    expect(asked).toEqual([statusCallback, null]);
  });

  it('refuses an Account SID that is not one, in words the operator can act on', () => {
    expect(() => new TwilioSmsSender({ accountSid: 'SK123', authToken: AUTH_TOKEN, from: FROM })).toThrow(
      /Account SID must be AC followed by 32 hex digits/,
    );
  });

  it("prefers the SMS's own from, and sends through a Messaging Service when given an MG SID", async () => {
    await sender().send({ ...sms, from: '+15005550001' });
    const service = `MG${'a'.repeat(32)}`;
    await sender({ from: service }).send(sms);

    expect(fake.messages.map((m) => [m.from, m.messagingServiceSid])).toEqual([
      ['+15005550001', null],
      [null, service],
    ]);
  });

  it('reports rejected credentials as permanent, without the token in the message', async () => {
    const error = await rejectionOf(sender({ authToken: WRONG_TOKEN }).send(sms));

    expect(error).toBeInstanceOf(PermanentError);
    expect(error.message).toBe(
      'Twilio rejected the Account SID or auth token (401, Twilio error 20003): check them in Settings.',
    );
    expect(error.message).not.toContain(WRONG_TOKEN);
    expect(error.cause).toBeUndefined();
    expect(fake.messages).toHaveLength(0);
  });

  it.each([429, 503])(
    'reports %i as transient with exactly one request (no retries of its own)',
    async (status) => {
      fake.failNext(1, status);
      const error = await rejectionOf(sender().send(sms));

      expect(error).toBeInstanceOf(TransientError);
      expect(error.name).toBe('TransientError');
      expect(fake.requests).toHaveLength(1);
      await expect(sender().send(sms)).resolves.toHaveProperty('id');
    },
  );

  it('reports an unsubscribed recipient (21610) as permanent, saying why', async () => {
    fake.failNext(1, 400, {
      code: 21610,
      message: 'Attempt to send to unsubscribed recipient',
      more_info: 'https://www.twilio.com/docs/errors/21610',
      status: 400,
    });
    const error = await rejectionOf(sender().send(sms));

    expect(error).toBeInstanceOf(PermanentError);
    expect(error.message).toMatch(/21610.*replied STOP/);
  });

  it('reports a timeout and an unreachable API as transient', async () => {
    fake.setLatency(1_500);
    const slow = await rejectionOf(sender({ timeoutMs: 300 }).send(sms));
    expect(slow).toBeInstanceOf(TransientError);
    expect(slow.message).toMatch(/did not answer within/);

    const unreachable = new TwilioSmsSender({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      from: FROM,
      // A port nothing listens on (fetch refuses well-known ports such as 9 before connecting).
      apiBaseUrl: `http://127.0.0.1:${await freePort()}`,
    });
    const refused = await rejectionOf(unreachable.send(sms));
    expect(refused).toBeInstanceOf(TransientError);
    expect(refused.message).toContain('ECONNREFUSED');
  });
});

describe('Twilio media fetcher', () => {
  const audio = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));

  it('downloads media with Basic auth', async () => {
    const media = fake.addMedia({ bytes: audio, contentType: 'audio/amr' });

    const fetched = await fetcher().fetch(media.url, { maxBytes: 1_000_000 });

    expect(fetched.contentType).toBe('audio/amr');
    expect(fetched.bytes.equals(audio)).toBe(true);
    expect(fake.requests[0]?.headers.authorization).toBe(basicAuth(AUTH_TOKEN));
  });

  it('follows the redirect to the CDN without sending it the credentials', async () => {
    const media = fake.addMedia({ bytes: audio, contentType: 'audio/mp4', redirectToCdn: true });

    const fetched = await fetcher().fetch(media.url, { maxBytes: 1_000_000 });

    expect(fetched.bytes.equals(audio)).toBe(true);
    expect(fake.requests.map((r) => r.server)).toEqual(['api', 'cdn']);
    expect(fake.requests[0]?.headers.authorization).toBe(basicAuth(AUTH_TOKEN));
    expect(fake.requests[1]?.headers.authorization).toBeUndefined();
  });

  it('refuses hosts other than Twilio before making any request', async () => {
    for (const url of [
      'http://evil.example/2010-04-01/Accounts/AC/Messages/MM/Media/ME',
      'https://evil.example/media',
      'https://api.twilio.com.evil.example/media',
      `${fake.url}/not-twilio`.replace('127.0.0.1', '127.0.0.2'),
    ]) {
      const error = await rejectionOf(fetcher().fetch(url, { maxBytes: 1_000 }));
      expect(error).toBeInstanceOf(PermanentError);
      expect(error.message).toMatch(/only Twilio's media hosts/);
    }
    // Loopback is for the local runtime only.
    const media = fake.addMedia({ bytes: audio, contentType: 'audio/amr' });
    await expect(fetcher({ allowLoopback: false }).fetch(media.url, { maxBytes: 1_000_000 })).rejects.toThrow(
      /only Twilio's media hosts/,
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses a redirect to a host other than Twilio', async () => {
    const media = fake.addMedia({
      bytes: audio,
      contentType: 'audio/amr',
      redirectTo: 'http://evil.example/x',
    });
    const error = await rejectionOf(fetcher().fetch(media.url, { maxBytes: 1_000_000 }));
    expect(error).toBeInstanceOf(PermanentError);
    expect(error.message).toContain('http://evil.example');
  });

  it('stops downloading as soon as the body passes maxBytes, even without a Content-Length', async () => {
    const big = Buffer.alloc(8 * 1024 * 1024, 1);
    const media = fake.addMedia({
      bytes: big,
      contentType: 'audio/amr',
      declareLength: false,
      redirectToCdn: true,
    });

    const error = await rejectionOf(fetcher().fetch(media.url, { maxBytes: 256 * 1024 }));

    expect(error).toBeInstanceOf(PermanentError);
    expect(error.message).toBe('The voice message is larger than 262144 bytes.');
    await vi.waitFor(() => expect(fake.deliveries[0]?.aborted).toBe(true));
    expect(fake.deliveries[0]?.completed).toBe(false);
    expect(fake.deliveries[0]?.bytesWritten).toBeLessThan(big.length / 2);
  });

  it('refuses a declared Content-Length past maxBytes without reading the body, in MB for real limits', async () => {
    const media = fake.addMedia({ bytes: Buffer.alloc(200_000), contentType: 'audio/amr' });
    const error = await rejectionOf(fetcher().fetch(media.url, { maxBytes: 100_000 }));
    expect(error.message).toBe('The voice message is larger than 100000 bytes.');

    const limit = 25 * 1024 * 1024;
    const huge = fake.addMedia({ bytes: Buffer.alloc(limit + 1), contentType: 'audio/amr' });
    const hugeError = await rejectionOf(fetcher().fetch(huge.url, { maxBytes: limit }));
    expect(hugeError).toBeInstanceOf(AudioTooLargeError);
    expect(hugeError.message).toBe('The voice message is larger than 25 MB.');
  });

  it('maps 404 to permanent, 429 and 503 to transient, and a slow answer to transient', async () => {
    const missing = `${fake.url}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/MM${'1'.repeat(32)}/Media/ME${'2'.repeat(32)}`;
    await expect(fetcher().fetch(missing, { maxBytes: 1_000 })).rejects.toBeInstanceOf(PermanentError);

    const media = fake.addMedia({ bytes: audio, contentType: 'audio/amr' });
    fake.failNext(1, 429);
    fake.failNext(1, 503);
    await expect(fetcher().fetch(media.url, { maxBytes: 1_000_000 })).rejects.toBeInstanceOf(TransientError);
    await expect(fetcher().fetch(media.url, { maxBytes: 1_000_000 })).rejects.toBeInstanceOf(TransientError);

    fake.setLatency(1_500);
    const slow = await rejectionOf(fetcher({ timeoutMs: 300 }).fetch(media.url, { maxBytes: 1_000_000 }));
    expect(slow).toBeInstanceOf(TransientError);
    expect(slow.message).toMatch(/did not answer within/);
  });

  it('reports rejected credentials as permanent, without the token in the message', async () => {
    const media = fake.addMedia({ bytes: audio, contentType: 'audio/amr' });
    const error = await rejectionOf(
      fetcher({ authToken: WRONG_TOKEN }).fetch(media.url, { maxBytes: 1_000_000 }),
    );
    expect(error).toBeInstanceOf(PermanentError);
    expect(error.message).toMatch(/\(401\).*check the Account SID and auth token/);
    expect(error.message).not.toContain(WRONG_TOKEN);
  });

  it('deletes the media at Twilio with Basic auth, and treats an already deleted media as done', async () => {
    const media = fake.addMedia({ bytes: audio, contentType: 'audio/amr' });

    await fetcher().delete(media.url);
    await fetcher().delete(media.url);

    expect(fake.deletions).toEqual([{ messageSid: media.messageSid, mediaSid: media.mediaSid }]);
    expect(fake.requests.map((r) => [r.method, r.headers.authorization])).toEqual([
      ['DELETE', basicAuth(AUTH_TOKEN)],
      ['DELETE', basicAuth(AUTH_TOKEN)],
    ]);
    await expect(fetcher().delete('https://evil.example/x')).rejects.toBeInstanceOf(PermanentError);
  });

  it('parses a Twilio media URL into its SIDs', () => {
    const url = `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/MM${'a'.repeat(32)}/Media/ME${'b'.repeat(32)}`;
    expect(parseTwilioMediaUrl(url)).toEqual({
      origin: 'https://api.twilio.com',
      accountSid: ACCOUNT_SID,
      messageSid: `MM${'a'.repeat(32)}`,
      mediaSid: `ME${'b'.repeat(32)}`,
    });
    expect(parseTwilioMediaUrl('https://api.twilio.com/2010-04-01/Accounts/AC1/Messages')).toBeNull();
    expect(parseTwilioMediaUrl('not a url')).toBeNull();
  });
});

describe('secrets', () => {
  it('never appear in an error message or a log line, whatever fails', async () => {
    const output: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        output.push(args.map(String).join(' '));
      }),
    );
    const media = fake.addMedia({ bytes: audio(), contentType: 'audio/amr', redirectToCdn: true });
    try {
      const errors: Error[] = [];
      // A provider message that quotes the token must not be passed on as is.
      fake.failNext(1, 400, { code: 21999, message: `Something about token ${AUTH_TOKEN}`, status: 400 });
      errors.push(await rejectionOf(sender().send(sms)));
      expect(errors[0]?.message).toContain('Something about token [redacted]');
      errors.push(await rejectionOf(fetcher().fetch(media.url, { maxBytes: 10 })));
      errors.push(await rejectionOf(sender({ authToken: WRONG_TOKEN }).send(sms)));
      errors.push(await rejectionOf(fetcher({ authToken: WRONG_TOKEN }).fetch(media.url, { maxBytes: 10 })));
      fake.failAlways(503);
      errors.push(await rejectionOf(sender().send(sms)));
      errors.push(await rejectionOf(fetcher().delete(media.url)));

      expect(errors.map((e) => e.name)).toEqual([
        'PermanentError',
        'AudioTooLargeError',
        'PermanentError',
        'PermanentError',
        'TransientError',
        'TransientError',
      ]);
      const seen = [
        ...output,
        ...errors.map((e) => `${e.message} ${String(e.cause ?? '')} ${JSON.stringify(e)}`),
      ];
      const basic = (token: string) => Buffer.from(`${ACCOUNT_SID}:${token}`).toString('base64');
      for (const secret of [AUTH_TOKEN, WRONG_TOKEN, basic(AUTH_TOKEN), basic(WRONG_TOKEN)]) {
        for (const line of seen) expect(line).not.toContain(secret);
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  function audio(): Buffer {
    return Buffer.alloc(1_000, 3);
  }
});

describe('outbox SMS sender (local runtime)', () => {
  it('writes one intact JSON line per SMS, even for 50 concurrent sends', async () => {
    const path = join(dir, 'nested', 'data', 'outbox.jsonl');
    const outbox = new OutboxSmsSender(path, () => '2026-01-02T03:04:05.000Z');
    // Long, multi-line, non-ASCII bodies make any interleaving visible as broken JSON.
    const bodies = Array.from({ length: 50 }, (_, i) => `SMS ${i}: ${'é😀 line\n'.repeat(150)}end ${i}`);

    const ids = await Promise.all(
      bodies.map((body, i) => outbox.send({ to: '+15551234567', from: null, body, messageId: `m${i}` })),
    );

    const lines = (await readFile(path, 'utf8')).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(50);
    const entries = await readOutbox(path);
    expect(new Set(entries.map((e) => e.sid))).toEqual(new Set(ids.map((r) => r.id)));
    expect(new Set(entries.map((e) => e.body))).toEqual(new Set(bodies));
    expect(entries[0]).toMatchObject({ to: '+15551234567', from: null, sentAt: '2026-01-02T03:04:05.000Z' });
    expect(ids[0]?.id).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it("records an MMS's file URLs, and none for a plain text", async () => {
    const path = join(dir, 'mms', 'outbox.jsonl');
    const outbox = new OutboxSmsSender(path);
    const media = ['http://localhost:3000/api/c/contact-code'];
    await outbox.send({
      to: '+15551234567',
      from: null,
      body: 'Summary: call Dana.',
      messageId: 'm1',
      media,
    });
    await outbox.send({ to: '+15551234567', from: null, body: 'Transcript: ...', messageId: 'm1' });
    const [mms, plain] = await readOutbox(path);
    expect(mms?.media).toEqual(media);
    expect(plain).not.toHaveProperty('media');
  });

  it('reads a missing outbox as empty', async () => {
    expect(await readOutbox(join(dir, 'none', 'outbox.jsonl'))).toEqual([]);
  });
});
