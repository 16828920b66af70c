/**
 * The time zone a sender's event is written in when CARDS ON sends it (use-cases/card-files.ts asks once per
 * reply and keeps the answer with the file's link, so the file Twilio fetches and a later fetch agree).
 *
 * The sender's own zone (the TZ command, their area code, the operator's default) is the card generators'
 * part of issue 25 (core/time-zones.ts, branch i25-cards), which this branch does not have yet: until it is
 * merged here, every sender's events are written in US Eastern time, where most US numbers are. Merging it
 * replaces this one function, nothing else.
 */
import type { SenderPreferences } from '../core/sender-preferences';

const INTERIM_TIME_ZONE = 'America/New_York';

export const senderTimeZone = async (
  _phoneNumber: string,
  _preferences: SenderPreferences | null,
): Promise<string> => INTERIM_TIME_ZONE;
