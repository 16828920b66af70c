/**
 * The UPLOAD command's one-time link (core/upload-link.ts): made when a sender texts UPLOAD, then the page's
 * three steps: is the link good, sign the upload of its file, hand the file in. Every code that opens nothing
 * (malformed, unknown, expired, used) gets the same 404 after the same work: hashed and looked up first.
 */
import {
  UPLOAD_LINK_MINUTES,
  UPLOAD_LINK_NOT_AVAILABLE,
  type UploadLinkStatus,
  uploadLinkKey,
  uploadLinkUrl,
} from '../core/upload-link';
import type { UploadRequest } from '../core/uploads';
import { UPLOAD_URL_SECONDS } from '../core/uploads';
import type { AudioStore } from '../ports/audio-store';
import type { Clock } from '../ports/clock';
import type { Counters } from '../ports/counters';
import type { UploadCode, UploadCodeStore } from '../ports/upload-codes';
import { newAccessCode, openByCode } from './access-codes';
import { receiveUploadedFile, type UploadDeps } from './inbound/receive-upload';
import { takeVoiceMessage, VOICE_LIMIT_ERROR } from './inbound/voice-limit';
import { currentSettings } from './settings';
import { checkUploadSize } from './uploads';

export type UploadLinkDeps = { readonly uploadCodes: UploadCodeStore; readonly clock: Clock };

/** A new one-hour link for `phoneNumber` (E.164): only the code's hash is kept. */
export async function createUploadLink(
  deps: UploadLinkDeps,
  phoneNumber: string,
  siteUrl: string,
): Promise<{ readonly url: string; readonly expiresAt: string }> {
  const { code, hash } = newAccessCode();
  const expiresAt = new Date(Date.parse(deps.clock()) + UPLOAD_LINK_MINUTES * 60_000).toISOString();
  await deps.uploadCodes.put(hash, { phoneNumber, expiresAt });
  return { url: uploadLinkUrl(siteUrl, code), expiresAt };
}

/** The pending link behind `code` and its hash; the one 404 otherwise. */
async function pendingLink(
  deps: UploadLinkDeps,
  code: string,
): Promise<{ readonly hash: string; readonly link: UploadCode }> {
  const { hash, found } = await openByCode(code, (h) => deps.uploadCodes.get(h), UPLOAD_LINK_NOT_AVAILABLE);
  return { hash, link: found };
}

/** `GET /api/u/{code}`: whether the link works, and until when. */
export async function readUploadLink(deps: UploadLinkDeps, code: string): Promise<UploadLinkStatus> {
  const { link } = await pendingLink(deps, code);
  return { expires_at: link.expiresAt };
}

/**
 * `POST /api/u/{code}/upload`: signs a PUT of one file of exactly this size and type to the link's own key in
 * the upload area. Sizes the pipeline would refuse are refused before a byte is sent; the bytes themselves
 * are checked when the file is handed in.
 */
export async function startLinkUpload(
  deps: UploadLinkDeps & { readonly audio: AudioStore },
  code: string,
  request: Required<UploadRequest>,
): Promise<{ readonly url: string; readonly headers: Record<string, string> }> {
  const { hash } = await pendingLink(deps, code);
  checkUploadSize(request.size, {
    empty: 'The recording is empty: choose another one.',
    tooLarge: 'The recording is larger than 25 MB: choose a shorter one.',
  });
  return deps.audio.presignPut(uploadLinkKey(hash), request.contentType, request.size, UPLOAD_URL_SECONDS);
}

/**
 * `POST /api/u/{code}/message`: the uploaded file becomes a voice message from the link's sender (source
 * `sms`: answered by text, failures included, as a forwarded one is). The link is used up first (a
 * conditional delete, so two requests at once cannot make two messages); if the file is refused (not audio,
 * too long, never uploaded) it is given back, so the person can pick another recording within the hour.
 * It counts against the sender's voice messages a day like a forwarded one: past the limit it is kept
 * untranscribed (`transcribed: false`), never lost, and Retry Processing transcribes it anyway.
 */
export async function receiveLinkUpload(
  deps: UploadLinkDeps & UploadDeps & { readonly counters: Counters },
  code: string,
): Promise<{ readonly messageId: string; readonly transcribed: boolean }> {
  const { hash, found: link } = await openByCode(
    code,
    (h) => deps.uploadCodes.consume(h),
    UPLOAD_LINK_NOT_AVAILABLE,
  );
  const perDay = (await currentSettings(deps)).voice_messages_per_sender_per_day;
  const { allowed, giveBack } = await takeVoiceMessage(deps, link.phoneNumber, perDay);
  try {
    const { messageId } = await receiveUploadedFile(deps, {
      uploadKey: uploadLinkKey(hash),
      sender: link.phoneNumber,
      source: 'sms',
      notTranscribed: allowed ? undefined : VOICE_LIMIT_ERROR(perDay),
    });
    return { messageId, transcribed: allowed };
  } catch (error) {
    await giveBack().catch(() => {});
    await deps.uploadCodes.put(hash, link);
    throw error;
  }
}
