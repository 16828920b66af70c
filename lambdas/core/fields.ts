/**
 * Fields as forms and APIs send them, shared by sign-ups (core/senders/signup.ts) and Settings
 * (core/operator/settings.ts), and sender preferences: blank means none, phone numbers are stored as E.164,
 * e-mails in lower case, time zones as the zone data writes them.
 */
import * as z from 'zod';
import { canonicalTimeZone } from '#core/cards/time-zones';
import { normalizePhone } from '#core/delivery/phone';

/** Blank strings (after trimming) and null both mean "no value" (SPEC: empty values are saved as null). */
export const blankToNull = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/** A phone number in any US format, or international with +, stored as E.164; blank means none. */
export const optionalPhoneSchema = z.preprocess(
  blankToNull,
  z
    .string({ error: 'Phone must be text, for example "(415) 555-0132".' })
    .max(40, { error: 'Phone number is too long.' })
    .transform((value, ctx) => {
      const result = normalizePhone(value);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      return result.e164;
    })
    .nullable(),
);

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, { error: 'Email is required.' })
  .max(254, { error: 'Email is too long (254 characters at most).' })
  .pipe(z.email({ error: 'Enter an email address like name@example.com.' }))
  .transform((email) => email.toLowerCase());

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
