import type { Message } from './message';

/** A message as it is first stored: pending, nothing transcribed, summarized, failed or replied yet. */
export function newMessage(
  fields: Pick<Message, 'id' | 'created_at' | 'sender' | 'phone_number' | 'audio_url'> & Partial<Message>,
): Message {
  return {
    status: 'pending',
    summary: null,
    transcript: null,
    error_message: null,
    reply_sent: false,
    ...fields,
  };
}

/**
 * The id of the `index`th voice message of an MMS: its MessageSid and the attachment's place. Logs join on
 * the MessageSid, so every line of a message (the webhook's and each pipeline step's) can be found from it.
 */
export const voiceMessageId = (messageSid: string, index: number): string => `${messageSid}-${index}`;

/** The MessageSid a voice message came in with (voiceMessageId), or null: a test upload or an UPLOAD page's. */
export function messageSidOf(messageId: string): string | null {
  return /^([A-Za-z0-9]{10,64})-\d+$/.exec(messageId)?.[1] ?? null;
}
