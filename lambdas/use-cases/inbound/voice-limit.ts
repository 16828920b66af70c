/**
 * The voice messages a number may have transcribed a day (Settings), however they arrive: forwarded to the
 * number (the webhook) or handed in through an UPLOAD link. One counter a sender a UTC day; a message past it
 * is kept untranscribed (failed, with these words, and Retry Processing transcribes it anyway).
 */
import { dayWindow } from '#core/delivery/day-window';
import type { Message } from '#core/messages/message';
import { VOICE_LIMIT_LEAD } from '#core/messages/message-outcome';
import { newMessage } from '#core/messages/new-message';
import { voiceMessages } from '#core/texts/service-texts';
import type { Clock } from '../../ports/clock';
import type { Counters } from '../../ports/counters';
import { createMessage, type MessageChangeDeps } from '../message-changes';

/** What a card says when its voice message came past the sender's daily limit. */
export const VOICE_LIMIT_ERROR = (perDay: number) =>
  `${VOICE_LIMIT_LEAD} ${voiceMessages(perDay)} today, the daily limit (Settings). Retry Processing to transcribe it anyway.`;

/** Today's counter of `from`'s voice messages: its key, and when it may expire. */
export function voiceDayCounter(
  from: string,
  now: string,
): { readonly key: string; readonly expires: string } {
  const { day, expires } = dayWindow(now);
  return { key: `voice#${from}#${day}`, expires };
}

/**
 * Takes one of `from`'s voice messages for today: `allowed` false past the limit. `giveBack` returns it when
 * the message it was taken for is not made after all (a refused file, a retried webhook).
 */
export async function takeVoiceMessage(
  deps: { readonly counters: Counters; readonly clock: Clock },
  from: string,
  perDay: number,
): Promise<{ readonly allowed: boolean; readonly giveBack: () => Promise<void> }> {
  const counter = voiceDayCounter(from, deps.clock());
  const allowed = await deps.counters.take(counter.key, perDay, counter.expires);
  return { allowed, giveBack: async () => (allowed ? deps.counters.giveBack(counter.key) : undefined) };
}

/**
 * A new voice message from `from`, counted against their day (Settings' voice messages a day): made pending, or
 * past the limit made failed with VOICE_LIMIT_ERROR. `created` is false when a message with its id exists (a
 * retried webhook or callback); then the caller gives the day's count back. A failed write gives it back here.
 */
export async function createVoiceMessage(
  deps: { readonly counters: Counters; readonly clock: Clock } & MessageChangeDeps,
  input: {
    readonly id: string;
    readonly from: string;
    readonly perDay: number;
    /** Where the audio is and what it is (source, media URL, content type, a call's caller). */
    readonly fields: Partial<Message>;
  },
): Promise<{
  readonly message: Message;
  readonly created: boolean;
  readonly allowed: boolean;
  readonly giveBack: () => Promise<void>;
}> {
  const { allowed, giveBack } = await takeVoiceMessage(deps, input.from, input.perDay);
  const message = newMessage({
    ...input.fields,
    id: input.id,
    created_at: deps.clock(),
    sender: input.from,
    phone_number: input.from,
    audio_url: null,
    attempt: 1,
    ...(allowed ? {} : { status: 'failed' as const, error_message: VOICE_LIMIT_ERROR(input.perDay) }),
  });
  try {
    return { message, created: await createMessage(deps, message), allowed, giveBack };
  } catch (error) {
    await giveBack().catch(() => {});
    throw error;
  }
}
