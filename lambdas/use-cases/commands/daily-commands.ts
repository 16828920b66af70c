/**
 * The commands a number may use only a few times a UTC day (Settings): FULL (the latest transcript, up to ten
 * long texts) and UPLOAD (a link that stores up to 25 MB). Past the count, the sender is told when to ask
 * again, in their LANG when the catalogue has it.
 */

import { commandAllowance, minutesUntilNextDay } from '#core/delivery/send-limits';
import type { TextLanguage } from '#core/texts/catalogue';
import { DAILY_LIMIT_TEXT } from '#core/texts/service-texts';
import type { Clock } from '../../ports/clock';
import type { Counters } from '../../ports/counters';

export type DailyCommand = 'full' | 'upload-link';

/**
 * Takes one of today's uses of `command` by `from`: `giveBack` returns it (an answer that sent nothing), or,
 * past `perDay`, the refusal to text in a language.
 */
export async function takeDailyCommand(
  deps: { readonly counters: Counters; readonly clock: Clock; readonly serviceName: string },
  command: DailyCommand,
  from: string,
  perDay: number,
): Promise<
  | { readonly taken: true; readonly giveBack: () => Promise<void> }
  | { readonly taken: false; readonly refusal: (language: TextLanguage) => string }
> {
  const now = deps.clock();
  const allowance = commandAllowance(command, from, now, perDay);
  if (await deps.counters.take(allowance.key, allowance.limit, allowance.expires)) {
    return { taken: true, giveBack: () => deps.counters.giveBack(allowance.key) };
  }
  const minutes = minutesUntilNextDay(now);
  return {
    taken: false,
    refusal: (language) => DAILY_LIMIT_TEXT(deps.serviceName, command, perDay, minutes, language),
  };
}
