/**
 * The voice messages a number may have transcribed a day (Settings), however they arrive: forwarded to the
 * number (the webhook) or handed in through an UPLOAD link. One counter a sender a UTC day; a message past it
 * is kept untranscribed (failed, with these words, and Retry Processing transcribes it anyway).
 */
import { dayWindow } from '#core/delivery/day-window';
import { VOICE_LIMIT_LEAD } from '#core/messages/message-outcome';
import { voiceMessages } from '#core/texts/service-texts';
import type { Clock } from '../../ports/clock';
import type { Counters } from '../../ports/counters';

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
