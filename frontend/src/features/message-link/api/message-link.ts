/** The public API of a `/m/<code>` link: no sign-in, the code is the key. */

import { sharedAudioSchema, sharedMessageSchema, sharedUrgencySchema } from '@core/messages/message-link';
import { heardWordsSchema } from '@core/transcripts/heard-words';
import type * as z from 'zod';
import { apiRequest } from '@/lib/api-client';

const path = (code: string) => `/m/${encodeURIComponent(code)}`;

/**
 * What the page reads: the message with its transcript's words, when the engine gave them (null for older
 * messages and engines without confidence). Words that do not parse only leave the transcript unshaded; an
 * urgency that does not (an API from before issue 25) only leaves the page without its line.
 */
const pageMessageSchema = sharedMessageSchema.extend({
  words: heardWordsSchema.nullable().catch(null),
  urgency: sharedUrgencySchema.nullable().catch(null),
});
export type PageMessage = z.infer<typeof pageMessageSchema>;

/** The message the link opens (ApiError 404 when it opens none). */
export async function fetchSharedMessage(code: string, signal?: AbortSignal): Promise<PageMessage> {
  return pageMessageSchema.parse(await apiRequest(path(code), signal ? { signal } : {}));
}

/** A link to the audio that works for a few minutes, asked for when play is pressed. */
export async function fetchSharedAudioUrl(code: string): Promise<string> {
  return sharedAudioSchema.parse(await apiRequest(`${path(code)}/audio`, { method: 'POST' })).url;
}

/** Erases the message, its audio and the link. */
export async function deleteSharedMessage(code: string): Promise<void> {
  await apiRequest(path(code), { method: 'DELETE' });
}
