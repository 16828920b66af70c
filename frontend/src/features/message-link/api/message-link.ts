/** The public API of a `/m/<code>` link: no sign-in, the code is the key. */
import { type SharedMessage, sharedAudioSchema, sharedMessageSchema } from '@core/message-link';
import { apiRequest } from '@/lib/api-client';

const path = (code: string) => `/m/${encodeURIComponent(code)}`;

/** The message the link opens (ApiError 404 when it opens none). */
export async function fetchSharedMessage(code: string, signal?: AbortSignal): Promise<SharedMessage> {
  return sharedMessageSchema.parse(await apiRequest(path(code), signal ? { signal } : {}));
}

/** A link to the audio that works for a few minutes, asked for when play is pressed. */
export async function fetchSharedAudioUrl(code: string): Promise<string> {
  return sharedAudioSchema.parse(await apiRequest(`${path(code)}/audio`, { method: 'POST' })).url;
}

/** Erases the message, its audio and the link. */
export async function deleteSharedMessage(code: string): Promise<void> {
  await apiRequest(path(code), { method: 'DELETE' });
}
