/** The public API of an UPLOAD link (`/u/<code>`): no sign-in, the code is the key. */
import {
  type UploadLinkStatus,
  uploadLinkReceivedSchema,
  uploadLinkStatusSchema,
  uploadLinkTicketSchema,
} from '@core/audio/upload-link';
import { apiRequest } from '@/lib/api-client';
import type { SignedPut } from '@/lib/send-file';

const path = (code: string) => `/u/${encodeURIComponent(code)}`;

/** Whether the link works, and until when (ApiError 404 when it does not, 409 past the voice messages a day). */
export async function fetchUploadLink(code: string, signal?: AbortSignal): Promise<UploadLinkStatus> {
  return uploadLinkStatusSchema.parse(await apiRequest(path(code), signal ? { signal } : {}));
}

/** A signed PUT of this file to the link's place in storage. */
export async function requestLinkUpload(code: string, file: File): Promise<SignedPut> {
  return uploadLinkTicketSchema.parse(
    await apiRequest(`${path(code)}/upload`, {
      method: 'POST',
      body: { contentType: file.type || 'application/octet-stream', size: file.size },
    }),
  );
}

/**
 * Hands the uploaded file in: it becomes a voice message from the link's sender, and the link is used up
 * (ApiError 409 when the number's voice messages for today are used up: nothing is kept).
 */
export async function handInRecording(code: string): Promise<void> {
  uploadLinkReceivedSchema.parse(await apiRequest(`${path(code)}/message`, { method: 'POST' }));
}
