/** Media as fetched from the SMS provider. */
export type FetchedMedia = { readonly bytes: Buffer; readonly contentType: string | null };

/**
 * Fetches MMS media from the SMS provider (Twilio: HTTP Basic auth, redirects followed, only Twilio's media
 * hosts) and deletes it there once it is safely stored. `fetch` throws AudioTooLargeError past `maxBytes`
 * (checked while streaming), TransientError on 429/5xx/timeouts, PermanentError when the provider refuses.
 */
export interface MediaFetcher {
  fetch(url: string, options: { readonly maxBytes: number }): Promise<FetchedMedia>;
  delete(url: string): Promise<void>;
  /**
   * Deletes every call recording (issue 33) the provider still holds that was made before `before` (a UTC
   * day, `2026-11-24`): those whose callback never reached us, or whose delete failed. How many it deleted.
   * Absent where the provider keeps no recordings.
   */
  deleteRecordingsBefore?(before: string): Promise<number>;
}
