/**
 * The settings form's model, apart from any markup: what the form holds, how a saved row fills it, and the
 * update it sends (checked with the same schema as the API, so each problem is named next to its field).
 */

import { DEFAULT_TIME_ZONE } from '@core/cards/time-zones';
import { SEGMENT_LIMIT_DEFAULTS, type SegmentLimitName } from '@core/delivery/send-limits';
import type { ReplyMode } from '@core/messages/message';
import { DEFAULT_MESSAGE_LINK_DAYS, linkDaysTooLong } from '@core/messages/retention';
import {
  type AccentedLetters,
  LIMIT_DEFAULTS,
  type SettingsUpdateInput,
  type SettingsView,
  settingsUpdateSchema,
} from '@core/operator/settings';
import { DEFAULT_UNIT_PRICES, type UnitPrices } from '@core/operator/unit-prices';
import { type CallSettingsForm, callFormFrom, callUpdateFrom } from './call-settings-form';
import { typedNumber } from './typed-number';

/** What a write-only secret field will do on save. */
export type SecretEdit = { readonly value: string; readonly clear: boolean };

export type SettingsForm = {
  replyMode: ReplyMode;
  accentedLetters: AccentedLetters;
  accountSid: string;
  phoneNumber: string;
  autoReply: boolean;
  messageLink: boolean;
  /** Days a message link works, as typed. */
  linkDays: string;
  /** The zone of calendar events for senders with none of their own (IANA), as typed. */
  timeZone: string;
  openaiKey: SecretEdit;
  authToken: SecretEdit;
  maxMinutes: string;
  voicePerDay: string;
  countries: string;
  /** What texts may cost (segments a number an hour and a day, the service's budget, FULL and UPLOAD a day), as typed. */
  segmentLimits: Record<SegmentLimitName, string>;
  /** The unit prices usage's estimated cost applies, as typed (US dollars). */
  prices: Record<keyof UnitPrices, string>;
  /** Forwarded calls (issue 33): the Calls section. */
  calls: CallSettingsForm;
};

export type FieldErrors = Partial<Record<keyof SettingsUpdateInput, string>>;

const NO_EDIT: SecretEdit = { value: '', clear: false };

/** The form for a saved row (the defaults when there is none yet); secrets start empty, as never sent back. */
export function formFrom(view: SettingsView | null): SettingsForm {
  return {
    replyMode: view?.reply_mode ?? 'full',
    accentedLetters: view?.accented_letters ?? 'replace',
    accountSid: view?.twilio_account_sid ?? '',
    phoneNumber: view?.twilio_phone_number ?? '',
    autoReply: view?.auto_reply_enabled ?? true,
    messageLink: view?.message_link_enabled ?? true,
    linkDays: String(view?.message_link_days ?? DEFAULT_MESSAGE_LINK_DAYS),
    timeZone: view?.default_time_zone ?? DEFAULT_TIME_ZONE,
    openaiKey: NO_EDIT,
    authToken: NO_EDIT,
    maxMinutes: String(view?.max_duration_minutes ?? LIMIT_DEFAULTS.max_duration_minutes),
    voicePerDay: String(
      view?.voice_messages_per_sender_per_day ?? LIMIT_DEFAULTS.voice_messages_per_sender_per_day,
    ),
    countries: (view?.reply_countries ?? LIMIT_DEFAULTS.reply_countries).join(', '),
    segmentLimits: Object.fromEntries(
      SEGMENT_LIMIT_FIELDS.map(({ name }) => [name, String(view?.[name] ?? SEGMENT_LIMIT_DEFAULTS[name])]),
    ) as Record<SegmentLimitName, string>,
    prices: Object.fromEntries(
      Object.entries(view?.unit_prices ?? DEFAULT_UNIT_PRICES).map(([name, price]) => [name, String(price)]),
    ) as Record<keyof UnitPrices, string>,
    calls: callFormFrom(view),
  };
}

/** The numeric limits: the form's field, the setting it saves, and what the operator reads. */
export const LIMIT_FIELDS = [
  { key: 'maxMinutes', name: 'max_duration_minutes', label: 'Longest message (minutes)' },
  { key: 'voicePerDay', name: 'voice_messages_per_sender_per_day', label: 'Voice messages per sender a day' },
] as const satisfies readonly { key: keyof SettingsForm; name: keyof SettingsUpdateInput; label: string }[];

/** What texts may cost: each setting and what the operator reads (the service's budget has a hint of its own). */
export const SEGMENT_LIMIT_FIELDS = [
  { name: 'segments_per_number_per_hour', label: 'Segments per number an hour' },
  { name: 'segments_per_number_per_day', label: 'Segments per number a day' },
  { name: 'full_per_number_per_day', label: 'FULL answers per number a day' },
  { name: 'upload_links_per_number_per_day', label: 'UPLOAD links per number a day' },
  { name: 'service_segments_per_day', label: 'SMS budget: segments a day, all numbers' },
] as const satisfies readonly { name: SegmentLimitName; label: string }[];

/** A price typed in dollars ("0.0113", "$0.02"): the number, or the text so the schema names the problem. */
function typedPrice(text: string): unknown {
  const trimmed = text.trim().replace(/^\$/, '');
  return /^\d*\.?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** "us, ca gb" -> ["US", "CA", "GB"]. */
function typedCountries(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
}

const countryNames = new Intl.DisplayNames(undefined, { type: 'region' });

/** "United States, Canada" for the codes an operator typed (unknown codes as they are). */
export function namesOf(text: string): string {
  return typedCountries(text)
    .map((code) => {
      try {
        return countryNames.of(code) ?? code;
      } catch {
        return code;
      }
    })
    .join(', ');
}

/** A secret is sent only when typed (the value) or cleared (null); otherwise the saved one stays. */
function secretUpdate(edit: SecretEdit): string | null | undefined {
  if (edit.clear) return null;
  return edit.value.trim() === '' ? undefined : edit.value.trim();
}

/** SPEC section 5: empty settings values are saved as null. */
function toUpdate(form: SettingsForm): SettingsUpdateInput {
  const update: SettingsUpdateInput = {
    reply_mode: form.replyMode,
    accented_letters: form.accentedLetters,
    twilio_account_sid: form.accountSid.trim() || null,
    twilio_phone_number: form.phoneNumber.trim() || null,
    auto_reply_enabled: form.autoReply,
    message_link_enabled: form.messageLink,
    message_link_days: typedNumber(form.linkDays),
    default_time_zone: form.timeZone.trim(),
    max_duration_minutes: typedNumber(form.maxMinutes),
    voice_messages_per_sender_per_day: typedNumber(form.voicePerDay),
    reply_countries: typedCountries(form.countries),
    ...(Object.fromEntries(
      Object.entries(form.segmentLimits).map(([name, text]) => [name, typedNumber(text)]),
    ) as Record<SegmentLimitName, number>),
    unit_prices: Object.fromEntries(
      Object.entries(form.prices).map(([name, text]) => [name, typedPrice(text)]),
    ) as UnitPrices,
    ...callUpdateFrom(form.calls),
  };
  const openai = secretUpdate(form.openaiKey);
  const token = secretUpdate(form.authToken);
  if (openai !== undefined) update.openai_api_key = openai;
  if (token !== undefined) update.twilio_auth_token = token;
  return update;
}

/**
 * The update to send, or the first problem the API's schema finds with each field, and a link lifetime past
 * `transcriptDays` (how long messages are kept, when the configuration says) in the API's words.
 */
export function checkForm(
  form: SettingsForm,
  transcriptDays: number | null = null,
): { readonly update: SettingsUpdateInput } | { readonly errors: FieldErrors } {
  const update = toUpdate(form);
  const checked = settingsUpdateSchema.safeParse(update);
  const errors: FieldErrors = {};
  if (!checked.success)
    for (const issue of checked.error.issues)
      errors[issue.path[0] as keyof SettingsUpdateInput] ??= issue.message;
  const linkDays = update.message_link_days;
  if (transcriptDays !== null && typeof linkDays === 'number' && linkDays > transcriptDays)
    errors.message_link_days ??= linkDaysTooLong(transcriptDays);
  return Object.keys(errors).length > 0 ? { errors } : { update };
}
