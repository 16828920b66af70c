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
