/**
 * TZ by text (issue 25): the time zone of the sender's calendar events ("Add to calendar" on their messages'
 * pages, and CARDS ON's attachments). `TZ <zone>` keeps an IANA name or a friendly one on their preferences,
 * `TZ AUTO` clears it (their number's area code decides again, else the operator's default), `TZ` says which
 * zone is used and why. A sender on the opt-out list gets no answer, but the choice is still recorded.
 */

import { senderTimeZone } from '#core/cards/sender-time-zone';
import { zoneFromText } from '#core/cards/time-zones';
import { TZ, type TzCommand } from '#core/commands/tz';
import { TZ_TEXT, type TzAnswer } from '#core/texts/service-texts';
import { readSenderChoices } from '../sender-language';
import { currentSettings } from '../settings';
import { type AskedText, type CommandEntry, replyTo, type SenderChoiceDeps } from './text-command';

/** TZ's entry: answered after the voice messages sent with it. */
export const tzCommand: CommandEntry<'TZ', SenderChoiceDeps, 'tz'> = {
  command: TZ,
  turn: 'after-voice',
  answer: answerTz,
};

/** TZ: the zone set, cleared (AUTO) or shown with where it comes from. */
async function answerTz(deps: SenderChoiceDeps, { from }: AskedText, asked: TzCommand): Promise<'tz'> {
  const { preferences, language } = await readSenderChoices(deps.preferences, from);
  const operatorDefault = async () => (await currentSettings(deps)).default_time_zone;
  let answer: TzAnswer;
  if (asked.kind === 'set') {
    const zone = zoneFromText(asked.zone);
    if (zone === null) answer = { kind: 'unknown' };
    else {
      await deps.preferences.update(from, { time_zone: zone }, deps.clock());
      answer = { kind: 'set', zone };
    }
  } else if (asked.kind === 'auto') {
    await deps.preferences.update(from, { time_zone: null }, deps.clock());
    answer = { kind: 'auto', ...senderTimeZone(from, null, await operatorDefault()) };
  } else {
    const { zone, source } = senderTimeZone(from, preferences?.time_zone, await operatorDefault());
    answer = { kind: 'current', zone, source };
  }
  await replyTo(deps, from, TZ_TEXT(deps.serviceName, answer, language), 'tz');
  return 'tz';
}
