/**
 * The UPLOAD command's one-time link (core/audio/upload-link.ts): made when a sender texts UPLOAD, then the page's
 * three steps: is the link good, sign the upload of its file, hand the file in. Every code that opens nothing
 * (malformed, unknown, expired, used, revoked) gets the same 404 after the same work: hashed and looked up
 * first. A number past its voice messages a day gets 409 at every step, and nothing it sends is kept.
 */

import {
  UPLOAD_LINK_MINUTES,
  UPLOAD_LINK_NOT_AVAILABLE,
  UPLOAD_LINK_OVER_LIMIT,
  type UploadLinkStatus,
  uploadLinkKey,
  uploadLinkUrl,
} from '#core/audio/upload-link';
import type { UploadRequest } from '#core/audio/uploads';
import { UPLOAD_URL_SECONDS } from '#core/audio/uploads';
import { ConflictError } from '#core/errors';
import { voiceMessages } from '#core/texts/service-texts';
import type { AudioStore } from '../ports/audio-store';
import type { Clock } from '../ports/clock';
import type { Counters } from '../ports/counters';
import type { SettingsRepository } from '../ports/settings-repository';
import type { UploadCode, UploadCodeStore } from '../ports/short-lived-codes';
import { newAccessCode, openByCode } from './access-codes';
import { receiveUploadedFile, type UploadDeps } from './inbound/receive-upload';
import { takeVoiceMessage, voiceDayCounter } from './inbound/voice-limit';
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

/** What the page's steps read besides the link: the number's voice messages today, and its limit. */
export type VoiceLeftDeps = UploadLinkDeps & {
  readonly counters: Counters;
  readonly settings: SettingsRepository;
};

/** The 409 of a number past its voice messages a day (`perDay`). */
const overLimit = (perDay: number) => new ConflictError(UPLOAD_LINK_OVER_LIMIT(voiceMessages(perDay)));

/** Refuses (409) when the link's number has no voice message left today, before a byte is sent. */
async function checkVoiceLeft(deps: VoiceLeftDeps, link: UploadCode): Promise<void> {
  const perDay = (await currentSettings(deps)).voice_messages_per_sender_per_day;
  const sent = await deps.counters.read(voiceDayCounter(link.phoneNumber, deps.clock()).key);
  if (sent >= perDay) throw overLimit(perDay);
}

/** `GET /api/u/{code}`: whether the link works, and until when (409: the number's voice messages are used up today). */
export async function readUploadLink(deps: VoiceLeftDeps, code: string): Promise<UploadLinkStatus> {
  const { link } = await pendingLink(deps, code);
  await checkVoiceLeft(deps, link);
  return { expires_at: link.expiresAt };
}

/**
 * DELETE and STOP: every pending link of `phoneNumber` answers as gone from now on, and a file already
 * uploaded through one (not yet handed in) is removed.
 */
export async function revokeUploadLinks(
  deps: { readonly uploadCodes: UploadCodeStore; readonly audio: AudioStore },
  phoneNumber: string,
): Promise<void> {
  for (const hash of await deps.uploadCodes.revokeAll(phoneNumber)) {
    await deps.audio.delete(uploadLinkKey(hash));
  }
}

/**
 * `POST /api/u/{code}/upload`: signs a PUT of one file of exactly this size and type to the link's own key in
 * the upload area. Sizes the pipeline would refuse are refused before a byte is sent; the bytes themselves
 * are checked when the file is handed in.
 */
export async function startLinkUpload(
  deps: VoiceLeftDeps & { readonly audio: AudioStore },
  code: string,
  request: Required<UploadRequest>,
): Promise<{ readonly url: string; readonly headers: Record<string, string> }> {
  const { hash, link } = await pendingLink(deps, code);
  await checkVoiceLeft(deps, link);
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
 * It counts against the sender's voice messages a day like a forwarded one; past the limit (reached since
 * the upload was signed) the file is removed, the link stays used up, and the answer is the 409: nothing
 * is kept.
 */
export async function receiveLinkUpload(
  deps: UploadLinkDeps & UploadDeps & { readonly counters: Counters },
  code: string,
): Promise<{ readonly messageId: string }> {
  const { hash, found: link } = await openByCode(
    code,
    (h) => deps.uploadCodes.consume(h),
    UPLOAD_LINK_NOT_AVAILABLE,
  );
  const perDay = (await currentSettings(deps)).voice_messages_per_sender_per_day;
  const { allowed, giveBack } = await takeVoiceMessage(deps, link.phoneNumber, perDay);
  if (!allowed) {
    await deps.audio.delete(uploadLinkKey(hash));
    throw overLimit(perDay);
  }
  try {
    return await receiveUploadedFile(deps, {
      uploadKey: uploadLinkKey(hash),
      sender: link.phoneNumber,
      source: 'sms',
    });
  } catch (error) {
    await giveBack().catch(() => {});
    await deps.uploadCodes.put(hash, link);
    throw error;
  }
}
