/** A voice message as the API stores and lists it, for tests and benchmarks: pending, nothing done yet. */

import type { Message } from '#core/messages/message';
import { newMessage } from '#core/messages/new-message';

export function pendingMessage(overrides: Partial<Message> & Pick<Message, 'id'>): Message {
  return newMessage({
    created_at: '2026-11-23T10:00:00.000Z',
    sender: 'test-user',
    phone_number: null,
    audio_url: null,
    ...overrides,
  });
}
