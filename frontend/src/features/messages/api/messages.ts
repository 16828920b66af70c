import { type Message, RECENT_MESSAGES_LIMIT } from '@core/schemas';
import { adminRequest } from '@/lib/admin-api';

/** SPEC: "Select messages ordered by created_at descending, limit 10". */
export async function listRecentMessages(signal?: AbortSignal): Promise<Message[]> {
  const body = await adminRequest<{ messages: Message[] }>(`/messages?limit=${RECENT_MESSAGES_LIMIT}`, {
    signal,
  });
  return body.messages;
}

/** SPEC: POST process-audio {messageId, audioUrl, sender}; on failure the body's `error` is read. */
export function processAudio(message: Message): Promise<unknown> {
  return adminRequest('/process-audio', {
    method: 'POST',
    body: { messageId: message.id, audioUrl: message.audio_url, sender: message.sender },
  });
}

/** A short-lived link to the message's audio, asked for when the player is opened. */
export async function audioUrl(messageId: string): Promise<string> {
  const body = await adminRequest<{ url: string }>(`/messages/${encodeURIComponent(messageId)}/audio`);
  return body.url;
}
