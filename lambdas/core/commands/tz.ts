/**
 * `TZ <zone>`: the time zone of this sender's calendar events, an IANA name (TZ America/Chicago) or a
 * friendly one (TZ CENTRAL, core/cards/time-zones.ts); `TZ`: the current one; `TZ AUTO`: from their number's
 * area code again. Like LANG, the whole message is the word and at most one more.
 */
import { wordAfter } from './message-words';
import type { TextedCommand } from './texted-command';

/** The keyword that chooses the time zone of calendar events. */
export const TZ_KEYWORD = 'TZ';

/** What a TZ text asks for; `zone` as the sender wrote it (checked against the zone data later). */
export type TzCommand =
  | { readonly kind: 'current' }
  | { readonly kind: 'auto' }
  | { readonly kind: 'set'; readonly zone: string };

/** The TZ command a whole message is, or null when it is not one. */
export function parseTzCommand(body: string | null | undefined): TzCommand | null {
  // An IANA name keeps its own punctuation inside ("America/Port-au-Prince"), not around it.
  const zone = wordAfter(body, TZ_KEYWORD);
  if (zone === null) return null;
  if (zone === '') return { kind: 'current' };
  return zone.toUpperCase() === 'AUTO' ? { kind: 'auto' } : { kind: 'set', zone };
}

/** TZ, TZ AUTO, or TZ and a zone. */
export const TZ = {
  name: TZ_KEYWORD,
  words: [TZ_KEYWORD],
  parse: parseTzCommand,
  kind: 'tz',
  help: 'list',
} as const satisfies TextedCommand<typeof TZ_KEYWORD, TzCommand, 'tz'>;
