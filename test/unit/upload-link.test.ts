/**
 * UPLOAD by text and its one-time link (`/u/<code>`), as use cases over in-memory ports: the keyword, the
 * link texted through the gate, only the code's hash kept, one use per code, one hour, one 404 for all, a
 * few links a number a day, revoked by DELETE and STOP, and nothing stored past the voice messages a day.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UPLOAD_LINK_NOT_AVAILABLE, uploadLinkKey } from '#core/audio/upload-link';
import { classifyInboundText } from '#core/commands/texted-commands';
import { ConflictError, NotFoundError, UnsupportedMediaTypeError } from '#core/errors';
import { uploadCodeFromPath } from '#core/site/site-paths';
import { receiveSms } from '../../lambdas/use-cases/inbound/receive-sms';
import { readUploadLink, receiveLinkUpload, startLinkUpload } from '../../lambdas/use-cases/upload-link';
import { type RecordingSms, settingsWith, WAV_BYTES } from '../support/in-memory-ports';
import { inboundDeps, TEST_SITE_URL } from '../support/inbound-deps';
import { deleteCodeIn } from '../support/pipeline';

const FROM = '+14155550123';
const SITE = TEST_SITE_URL;

let sids = 0;
const text = (body: string, from = FROM) => ({
  MessageSid: `SM${String(++sids).padStart(16, '0')}`,
  From: from,
  Body: body,
  NumMedia: 0,
});

/** Where the file of a link's code goes in the upload area. */
const keyOf = (code: string) => uploadLinkKey(createHash('sha256').update(code).digest('hex'));

/** Texts UPLOAD and returns the code in the link that came back. */
async function askForLink(deps: ReturnType<typeof inboundDeps>['deps'], sms: RecordingSms): Promise<string> {
  await receiveSms(deps, text('upload'));
  const url = /https:\/\/\S+/.exec(sms.sent.at(-1)!.body)![0];
  return uploadCodeFromPath(new URL(url).pathname)!;
}

describe('the UPLOAD keyword', () => {
  it('is the whole message in any case, and never an opt-out (nor an opt-out one)', () => {
    for (const typed of ['UPLOAD', 'upload', ' Upload! ', 'uPlOaD.']) {
      expect(classifyInboundText(typed)).toBe('upload');
    }
    for (const typed of ['upload this please', 'stop upload', 'upload stop', 'uploads']) {
      expect(classifyInboundText(typed)).not.toBe('upload');
    }
    for (const typed of ['STOP', 'stop texting me', 'UNSUBSCRIBE', 'cancel']) {
      expect(['opt-out', 'revocation']).toContain(classifyInboundText(typed));
    }
  });
});

describe('an UPLOAD text', () => {
  it('is answered through the gate with a one-hour link on the site; only the code’s hash is kept', async () => {
    const { deps, sms } = inboundDeps();
    const result = await receiveSms(deps, text('UPLOAD'));

    expect(result.action).toBe('upload');
    expect(sms.sent).toHaveLength(1);
    const body = sms.sent[0]!.body;
    expect(body).toMatch(/within one hour/);
    const code = uploadCodeFromPath(new URL(/https:\/\/\S+/.exec(body)![0]).pathname)!;
    expect(body).toContain(`${SITE}/u/${code}`);
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const hash = createHash('sha256').update(code).digest('hex');
    expect([...deps.uploadCodes.items.keys()]).toEqual([hash]);
    expect(JSON.stringify([...deps.uploadCodes.items.values()])).not.toContain(code);
    expect(await readUploadLink(deps, code)).toEqual({ expires_at: '2026-01-01T13:00:00.000Z' });
  });

  it('sends nothing to an opted-out sender', async () => {
    const { deps, sms } = inboundDeps();
    await deps.optOuts.optOut(FROM, deps.clock());
    await receiveSms(deps, text('UPLOAD'));
    expect(sms.sent).toEqual([]);
  });
});

describe('an UPLOAD link', () => {
  it('turns one recording into a voice message from its sender, answered by text; a second use is 404', async () => {
    const { deps, sms } = inboundDeps();
    const code = await askForLink(deps, sms);

    const ticket = await startLinkUpload(deps, code, { contentType: 'audio/wav', size: WAV_BYTES.length });
    const hash = createHash('sha256').update(code).digest('hex');
    expect(ticket.url).toBe(`memory://${uploadLinkKey(hash)}`);
    await deps.audio.put(uploadLinkKey(hash), WAV_BYTES, 'audio/wav');

    const { messageId } = await receiveLinkUpload(deps, code);
    expect((await deps.messages.get(messageId))!).toMatchObject({
      phone_number: FROM,
      sender: FROM,
      source: 'sms',
      status: 'pending',
    });
    expect(deps.pipeline.started).toEqual([{ messageId, attempt: 1 }]);
    expect(await deps.audio.exists(uploadLinkKey(hash))).toBe(false);

    await expect(receiveLinkUpload(deps, code)).rejects.toThrow(UPLOAD_LINK_NOT_AVAILABLE);
    await expect(readUploadLink(deps, code)).rejects.toBeInstanceOf(NotFoundError);
    expect(deps.messages.items.size).toBe(1);
  });

  it('stays usable when the file is refused, so another recording can be picked', async () => {
    const { deps, sms } = inboundDeps();
    const code = await askForLink(deps, sms);
    const key = uploadLinkKey(createHash('sha256').update(code).digest('hex'));

    await deps.audio.put(key, Buffer.from('%PDF-1.7 not audio'), 'audio/wav');
    await expect(receiveLinkUpload(deps, code)).rejects.toBeInstanceOf(UnsupportedMediaTypeError);
    await expect(receiveLinkUpload(deps, code)).rejects.toThrow(/not found/);

    await deps.audio.put(key, WAV_BYTES, 'audio/wav');
    await expect(receiveLinkUpload(deps, code)).resolves.toMatchObject({ messageId: expect.any(String) });
  });

  it("counts against the sender's voice messages a day: past it nothing is stored, and every step says why", async () => {
    const { deps, sms } = inboundDeps();
    deps.settings.record = settingsWith({
      voice_messages_per_sender_per_day: 2,
      upload_links_per_number_per_day: 10,
    });
    const upload = async (code: string, bytes: Buffer) => {
      await startLinkUpload(deps, code, { contentType: 'audio/wav', size: bytes.byteLength });
      await deps.audio.put(keyOf(code), bytes, 'audio/wav');
    };

    // A refused file takes none of them; two recordings use them up.
    const refused = await askForLink(deps, sms);
    await upload(refused, Buffer.from('%PDF-1.7 not audio'));
    await expect(receiveLinkUpload(deps, refused)).rejects.toBeInstanceOf(UnsupportedMediaTypeError);
    const first = await askForLink(deps, sms);
    const late = await askForLink(deps, sms);
    // This one is signed while a voice message is left, and handed in after the last one was used.
    await upload(late, WAV_BYTES);
    await upload(first, WAV_BYTES);
    await receiveLinkUpload(deps, first);
    await receiveSms(deps, {
      MessageSid: 'MM0000000000000001',
      From: FROM,
      NumMedia: 1,
      MediaUrl0: 'https://api.twilio.com/media/1',
      MediaContentType0: 'audio/amr',
    });
    expect(deps.messages.items.size).toBe(2);

    const over = `This number has already sent 2 voice messages today, its daily limit, so no recording is kept until midnight UTC. Text UPLOAD tomorrow for a new link.`;
    await expect(receiveLinkUpload(deps, late)).rejects.toThrow(new ConflictError(over));
    expect(await deps.audio.exists(keyOf(late))).toBe(false);
    expect(deps.messages.items.size).toBe(2);
    // A new link opens on the same answer, and signs no upload.
    const next = await askForLink(deps, sms);
    await expect(readUploadLink(deps, next)).rejects.toThrow(new ConflictError(over));
    await expect(startLinkUpload(deps, next, { contentType: 'audio/wav', size: 10 })).rejects.toThrow(over);
    expect([...deps.audio.objects.keys()].filter((key) => key.startsWith('uploads/'))).toEqual([]);
  });

  it('is made at most the links a number may get a day; past it, the answer says when to ask again', async () => {
    const { deps, sms } = inboundDeps();
    deps.settings.record = settingsWith({ upload_links_per_number_per_day: 2 });
    await askForLink(deps, sms);
    await askForLink(deps, sms);
    await receiveSms(deps, text('UPLOAD'));

    expect(deps.uploadCodes.items.size).toBe(2);
    // The test clock says 12:00 UTC: twelve hours until the next day.
    expect(sms.sent.at(-1)!.body).toBe(
      'Voice Summary: we have sent this number 2 upload links today, the most we send in a day. Text UPLOAD again in 12 hours.',
    );
    deps.clock.advance(12 * 60 * 60 * 1000);
    await askForLink(deps, sms);
    expect(deps.uploadCodes.items.size).toBe(3);
  });

  it.each(['DELETE', 'STOP', 'please stop texting me'])(
    'is revoked by %s: a pending link answers as gone, and its uploaded file is removed',
    async (body) => {
      const { deps, sms } = inboundDeps();
      const code = await askForLink(deps, sms);
      const other = await askForLink(deps, sms);
      await startLinkUpload(deps, code, { contentType: 'audio/wav', size: WAV_BYTES.byteLength });
      await deps.audio.put(keyOf(code), WAV_BYTES, 'audio/wav');
      // Another number's link is not touched.
      await receiveSms(deps, text('UPLOAD', '+14155550999'));
      const stranger = uploadCodeFromPath(new URL(/https:\/\/\S+/.exec(sms.sent.at(-1)!.body)![0]).pathname)!;

      await receiveSms(deps, text(body));
      if (body === 'DELETE') {
        // DELETE alone only texts a code: nothing is revoked until the code comes back.
        await expect(readUploadLink(deps, code)).resolves.toMatchObject({ expires_at: expect.any(String) });
        await receiveSms(deps, text(`DELETE ${deleteCodeIn(sms.sent.at(-1)!.body)}`));
      }

      for (const revoked of [code, other]) {
        await expect(readUploadLink(deps, revoked)).rejects.toThrow(UPLOAD_LINK_NOT_AVAILABLE);
        await expect(receiveLinkUpload(deps, revoked)).rejects.toThrow(UPLOAD_LINK_NOT_AVAILABLE);
      }
      expect(await deps.audio.exists(keyOf(code))).toBe(false);
      expect(deps.messages.items.size).toBe(0);
      await expect(readUploadLink(deps, stranger)).resolves.toMatchObject({ expires_at: expect.any(String) });
    },
  );

  it('is not available after an hour, when tampered with, or malformed: one answer for all', async () => {
    const { deps, sms } = inboundDeps();
    const code = await askForLink(deps, sms);
    const tampered = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;

    for (const bad of [tampered, 'short', '../../etc/passwd', '']) {
      await expect(readUploadLink(deps, bad)).rejects.toThrow(UPLOAD_LINK_NOT_AVAILABLE);
      await expect(startLinkUpload(deps, bad, { contentType: 'audio/wav', size: 10 })).rejects.toThrow(
        UPLOAD_LINK_NOT_AVAILABLE,
      );
    }
    deps.clock.advance(60 * 60 * 1000);
    await expect(readUploadLink(deps, code)).rejects.toThrow(UPLOAD_LINK_NOT_AVAILABLE);
    await expect(receiveLinkUpload(deps, code)).rejects.toThrow(UPLOAD_LINK_NOT_AVAILABLE);
  });

  it('refuses a recording over 25 MB before a byte is sent', async () => {
    const { deps, sms } = inboundDeps();
    const code = await askForLink(deps, sms);
    await expect(
      startLinkUpload(deps, code, { contentType: 'audio/mp4', size: 25 * 1024 * 1024 + 1 }),
    ).rejects.toThrow(/larger than 25 MB/);
  });
});
