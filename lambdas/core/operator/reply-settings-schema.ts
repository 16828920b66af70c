/**
 * Settings of the Reply section kept out of core/messages/schemas.ts (which is at its size): how accented letters are
 * texted, and the operator's default time zone for calendar events (issue 25). The dashboard imports these.
 */
import * as z from 'zod';
import { canonicalTimeZone } from '#core/cards/time-zones';

/**
 * How letters outside GSM-7 (á í ó ú ç...) in a summary or transcript are sent: `replace` writes the plain
 * letter (a, i, o, u, c), so a text stays GSM-7 (160 characters a segment); `keep` sends them as they are,
 * which turns that whole text into UCS-2 (70 a segment), more than twice the segments.
 */
export const ACCENTED_LETTERS = ['replace', 'keep'] as const;
export const accentedLettersSchema = z.enum(ACCENTED_LETTERS, {
  error: 'accented_letters must be "replace" or "keep".',
});
export type AccentedLetters = z.infer<typeof accentedLettersSchema>;

/** An IANA zone name, written as the zone data writes it; `what` names the field in the error. */
export const timeZoneSchema = (what: string) =>
  z.string({ error: `${what} must be text.` }).transform((name, ctx) => {
    const zone = canonicalTimeZone(name);
    if (zone === null) {
      ctx.addIssue({
        code: 'custom',
        message: `"${name.slice(0, 40)}" is not a time zone: use a name like America/New_York or America/Chicago.`,
      });
      return z.NEVER;
    }
    return zone;
  });

/**
 * The zone a sender's calendar events are in when they chose none with TZ and their number's area code has
 * none (core/cards/sender-time-zone.ts).
 */
export const defaultTimeZoneSchema = timeZoneSchema('default_time_zone');
