/**
 * The time zone a sender's calendar events are in (issue 25): their own choice (TZ), else their number's
 * area code (core/cards/area-code-zones.ts), else the operator's default (Settings, `default_time_zone`).
 */
import { zoneOfAreaCode } from './area-code-zones';
import { canonicalTimeZone, DEFAULT_TIME_ZONE, type ZoneSource } from './time-zones';

/** The sender's zone and where it came from: their TZ, else their number's area code, else the default. */
export function senderTimeZone(
  sender: string,
  chosen: string | null | undefined,
  operatorDefault: string,
): { readonly zone: string; readonly source: ZoneSource } {
  const own = chosen ? canonicalTimeZone(chosen) : null;
  if (own !== null) return { zone: own, source: 'own' };
  const byArea = zoneOfAreaCode(sender);
  if (byArea !== null) return { zone: byArea, source: 'area-code' };
  return { zone: canonicalTimeZone(operatorDefault) ?? DEFAULT_TIME_ZONE, source: 'default' };
}
