/**
 * The Calls section's part of the settings form (issue 33): what it holds as typed, how a saved row fills it,
 * and the fields it sends (checked by the API's schema like the rest, so problems show at their field).
 */
import { CALL_SETTING_DEFAULTS } from '@core/operator/call-settings';
import type { SettingsUpdateInput, SettingsView } from '@core/operator/settings';
import { typedNumber } from './typed-number';

export type CallSettingsForm = {
  /** What callers hear before the beep; blank: the built-in greeting in the subscriber's language. */
  greeting: string;
  maxSeconds: string;
  silenceSeconds: string;
  missedCallTexts: boolean;
  idleTexts: boolean;
  /** Blank: any US area code. */
  areaCode: string;
  callsPerDay: string;
  minutesPerDay: string;
};

type CallFields = Pick<
  SettingsUpdateInput,
  | 'call_greeting'
  | 'call_max_seconds'
  | 'call_silence_seconds'
  | 'missed_call_texts'
  | 'forwarding_idle_texts'
  | 'forwarding_area_code'
  | 'calls_per_subscriber_per_day'
  | 'call_minutes_per_subscriber_per_day'
>;

/** The numeric fields: the form's field, the setting it saves, what the operator reads and a hint. */
export const CALL_NUMBER_FIELDS = [
  {
    key: 'maxSeconds',
    name: 'call_max_seconds',
    label: 'Longest recording (seconds)',
    hint: 'A call is cut off with a beep after this long. From 10 to 600.',
  },
  {
    key: 'silenceSeconds',
    name: 'call_silence_seconds',
    label: 'Silence that ends it (seconds)',
    hint: 'When the caller is silent this long, the recording ends. From 2 to 30.',
  },
  {
    key: 'callsPerDay',
    name: 'calls_per_subscriber_per_day',
    label: 'Calls per subscriber a day',
    hint: 'Past it, callers hear that the number is not taking messages today.',
  },
  {
    key: 'minutesPerDay',
    name: 'call_minutes_per_subscriber_per_day',
    label: 'Call minutes per subscriber a day',
    hint: 'Recorded minutes, as Twilio bills them (each call rounded up to a minute).',
  },
] as const satisfies readonly {
  key: keyof CallSettingsForm;
  name: keyof CallFields;
  label: string;
  hint: string;
}[];

/** The Calls section for a saved row (the defaults when there is none yet). */
export function callFormFrom(view: SettingsView | null): CallSettingsForm {
  const saved = { ...CALL_SETTING_DEFAULTS, ...(view ?? {}) };
  return {
    greeting: saved.call_greeting ?? '',
    maxSeconds: String(saved.call_max_seconds),
    silenceSeconds: String(saved.call_silence_seconds),
    missedCallTexts: saved.missed_call_texts,
    idleTexts: saved.forwarding_idle_texts,
    areaCode: saved.forwarding_area_code ?? '',
    callsPerDay: String(saved.calls_per_subscriber_per_day),
    minutesPerDay: String(saved.call_minutes_per_subscriber_per_day),
  };
}

/** The fields the Calls section saves; a blank greeting or area code is saved as null (SPEC section 5). */
export function callUpdateFrom(form: CallSettingsForm): CallFields {
  return {
    call_greeting: form.greeting.trim() === '' ? null : form.greeting,
    call_max_seconds: typedNumber(form.maxSeconds),
    call_silence_seconds: typedNumber(form.silenceSeconds),
    missed_call_texts: form.missedCallTexts,
    forwarding_idle_texts: form.idleTexts,
    forwarding_area_code: form.areaCode.trim() || null,
    calls_per_subscriber_per_day: typedNumber(form.callsPerDay),
    call_minutes_per_subscriber_per_day: typedNumber(form.minutesPerDay),
  };
}
