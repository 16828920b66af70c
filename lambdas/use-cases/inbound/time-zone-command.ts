/**
 * TZ by text (issue 25): the time zone of the sender's calendar events ("Add to calendar" on their messages'
 * pages, and CARDS ON's attachments). `TZ <zone>` keeps an IANA name or a friendly one on their preferences,
 * `TZ AUTO` clears it (their number's area code decides again, else the operator's default), `TZ` says which
 * zone is used and why. Answered through the outbound gate, in the sender's LANG; a sender on the opt-out
 * list gets nothing but the choice is still recorded, as LANG's is.
 */

import { senderTimeZone } from '#core/cards/sender-time-zone';
import { zoneFromText } from '#core/cards/time-zones';
import { parseTzCommand } from '#core/commands/keywords';
import { textLanguage } from '#core/texts/catalogue';
import { TZ_TEXT, type TzAnswer } from '#core/texts/service-texts';
import type { SenderPreferencesRepository } from '../../ports/sender-preferences';
import { type OutboundSmsDeps, sendTextOrLog } from '../outbound-sms';
import { currentSettings } from '../settings';

export type TzCommandDeps = OutboundSmsDeps & {
  readonly preferences: SenderPreferencesRepository;
  readonly serviceName: string;
  readonly warn: (message: string, details?: Record<string, unknown>) => void;
};

export async function answerTz(deps: TzCommandDeps, from: string, body: string | undefined): Promise<void> {
  const command = parseTzCommand(body) ?? { kind: 'current' as const };
  const preferences = await deps.preferences.get(from);
  const language = textLanguage(preferences?.language);
  const operatorDefault = async () => (await currentSettings(deps)).default_time_zone;
  let answer: TzAnswer;
  if (command.kind === 'set') {
    const zone = zoneFromText(command.zone);
    if (zone === null) answer = { kind: 'unknown' };
    else {
      await deps.preferences.update(from, { time_zone: zone }, deps.clock());
      answer = { kind: 'set', zone };
    }
  } else if (command.kind === 'auto') {
    await deps.preferences.update(from, { time_zone: null }, deps.clock());
    answer = { kind: 'auto', ...senderTimeZone(from, null, await operatorDefault()) };
  } else {
    const { zone, source } = senderTimeZone(from, preferences?.time_zone, await operatorDefault());
    answer = { kind: 'current', zone, source };
  }
  await sendTextOrLog(deps, {
    to: from,
    body: TZ_TEXT(deps.serviceName, answer, language),
    kind: 'tz',
    messageId: null,
  });
}
