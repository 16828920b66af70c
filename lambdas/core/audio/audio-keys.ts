/**
 * Where a message's audio is kept in the audio store: the webhook's voice messages (once PrepareAudio has
 * fetched them), test uploads, and the copy converted for a transcriber that refuses the original format.
 */

/** The key the original audio of a message is stored under. */
export function audioKey(messageId: string, extension: string): string {
  return `audio/${messageId}.${extension}`;
}

/** The key of the message's audio converted to another format (kept, so a retried step converts once). */
export function convertedAudioKey(messageId: string, extension: string): string {
  return `audio/${messageId}.converted.${extension}`;
}
