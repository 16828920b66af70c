/**
 * The operator's Settings for forwarded calls (issue 33): the greeting, the longest recording, the missed-call
 * and "forwarding may be off" texts, the area code new forwarding numbers are bought in, and the per-subscriber
 * call limits. Spread into core/operator/settings.ts's record and update schemas.
 */
import * as z from 'zod';
import { limitNumber } from '#core/delivery/send-limits';
import { blankToNull } from '#core/fields';

export const CALL_SETTING_DEFAULTS = {
  /** What a caller hears before the beep; null: the built-in greeting in the subscriber's language. */
  call_greeting: null as string | null,
  /** The longest recording of one call, in seconds (Twilio's <Record maxLength>). */
  call_max_seconds: 120,
  /** Seconds of silence that end a recording (Twilio's <Record timeout>). */
  call_silence_seconds: 5,
  /** "Missed call from (312) 555-0147, no message": at most one a caller a day. */
  missed_call_texts: true,
  /** The one "your forwarding may be off" text after 14 days without a call (at most once a month). */
  forwarding_idle_texts: true,
  /** The area code new forwarding numbers are bought in (any US area code when none is free there); null: any. */
  forwarding_area_code: null as string | null,
  /** Forwarded calls taken per subscriber a day; beyond it the caller hears the number is not taking messages. */
  calls_per_subscriber_per_day: 30,
  /** Minutes of recording per subscriber a day. */
  call_minutes_per_subscriber_per_day: 30,
};

const GREETING_MAX = 300;
const greeting = z.preprocess(
  blankToNull,
  z
    .string({ error: 'The greeting must be text.' })
    .trim()
    .max(GREETING_MAX, {
      error: `Keep the greeting under ${GREETING_MAX} characters: callers hear all of it.`,
    })
    .nullable(),
);
const areaCode = z.preprocess(
  blankToNull,
  z
    .string({ error: 'The area code must be text.' })
    .trim()
    .regex(/^[2-9]\d{2}$/, {
      error: 'An area code is three digits and does not start with 0 or 1, for example 312.',
    })
    .nullable(),
);
const seconds = (min: number, max: number, what: string) => {
  const error = `${what}: enter a whole number of seconds from ${min} to ${max}.`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};
const flag = (name: string) => z.boolean({ error: `${name} must be true or false.` });

/** The fields as the settings table holds them; rows saved before issue 33 get the defaults. */
export const callSettingsRecordFields = {
  call_greeting: greeting.default(CALL_SETTING_DEFAULTS.call_greeting),
  call_max_seconds: seconds(10, 600, 'Longest call recording').default(
    CALL_SETTING_DEFAULTS.call_max_seconds,
  ),
  call_silence_seconds: seconds(2, 30, 'Silence that ends a recording').default(
    CALL_SETTING_DEFAULTS.call_silence_seconds,
  ),
  missed_call_texts: flag('missed_call_texts').default(CALL_SETTING_DEFAULTS.missed_call_texts),
  forwarding_idle_texts: flag('forwarding_idle_texts').default(CALL_SETTING_DEFAULTS.forwarding_idle_texts),
  forwarding_area_code: areaCode.default(CALL_SETTING_DEFAULTS.forwarding_area_code),
  calls_per_subscriber_per_day: limitNumber(500).default(CALL_SETTING_DEFAULTS.calls_per_subscriber_per_day),
  call_minutes_per_subscriber_per_day: limitNumber(600).default(
    CALL_SETTING_DEFAULTS.call_minutes_per_subscriber_per_day,
  ),
};

/** PUT /api/settings: any of them; those left out keep their value, blank clears the greeting or area code. */
export const callSettingsUpdateFields = {
  call_greeting: greeting.optional(),
  call_max_seconds: seconds(10, 600, 'Longest call recording').optional(),
  call_silence_seconds: seconds(2, 30, 'Silence that ends a recording').optional(),
  missed_call_texts: flag('missed_call_texts').optional(),
  forwarding_idle_texts: flag('forwarding_idle_texts').optional(),
  forwarding_area_code: areaCode.optional(),
  calls_per_subscriber_per_day: limitNumber(500).optional(),
  call_minutes_per_subscriber_per_day: limitNumber(600).optional(),
};
