/**
 * Time zones as senders and the operator name them (issue 25): IANA names ("America/Chicago"), checked
 * against the runtime's own zone data (Intl), and the friendly names TZ takes (TZ CENTRAL). Which zone a
 * sender's events are in: core/cards/sender-time-zone.ts. No zod and no zone table here: the dashboard loads it.
 */
/** The names a sender can text instead of an IANA zone: TZ CENTRAL. */
export const FRIENDLY_ZONES: Readonly<Record<string, string>> = {
  EASTERN: 'America/New_York',
  CENTRAL: 'America/Chicago',
  MOUNTAIN: 'America/Denver',
  ARIZONA: 'America/Phoenix',
  PACIFIC: 'America/Los_Angeles',
  ALASKA: 'America/Anchorage',
  HAWAII: 'Pacific/Honolulu',
};

/** The operator's default until they choose one. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** Longer than any IANA name: what is longer is not looked up. */
const ZONE_MAX_CHARS = 40;

/**
 * The IANA zone `name` is, written as the zone data writes it ("america/chicago" is "America/Chicago"), or
 * null when it is none. Abbreviations ("EST", "CST6CDT") are refused: a place's name keeps its summer time.
 */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length > ZONE_MAX_CHARS || !/^[A-Za-z]+\/[A-Za-z0-9_+\-/]+$/.test(trimmed)) {
    return trimmed.toUpperCase() === 'UTC' ? 'UTC' : null;
  }
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A zone a sender texted: a friendly name (any case) or an IANA name; null when it is neither. */
export function zoneFromText(text: string): string | null {
  return FRIENDLY_ZONES[text.trim().toUpperCase()] ?? canonicalTimeZone(text);
}

/** The friendly name of a zone (CENTRAL), or null when it has none. */
export const friendlyZoneName = (zone: string): string | null =>
  Object.entries(FRIENDLY_ZONES).find(([, iana]) => iana === zone)?.[0] ?? null;

/** Where a sender's zone came from: their TZ, their number's area code, or the operator's default. */
export type ZoneSource = 'own' | 'area-code' | 'default';
