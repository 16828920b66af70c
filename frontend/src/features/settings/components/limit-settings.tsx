import type { SegmentLimitName } from '@core/delivery/send-limits';
import { TextField } from '@/components/ui/text-field';
import { formatUsd } from '@/lib/format-money';
import type { SettingsFormState } from '../hooks/use-settings-form';
import { LIMIT_FIELDS, namesOf, SEGMENT_LIMIT_FIELDS, type SettingsForm } from '../utils/settings-form';
import { SettingsGroup } from './settings-group';

type Props = Pick<SettingsFormState, 'form' | 'change' | 'errors'>;

/**
 * The hint under a segment limit: what a day of it costs at the price typed for a segment (when both are
 * numbers), and when the hour's count starts again (so the pair of fields lines up).
 */
function hintOf(form: SettingsForm, name: SegmentLimitName): string | undefined {
  if (name === 'segments_per_number_per_hour') return 'Counted again from each new UTC hour.';
  if (name !== 'segments_per_number_per_day' && name !== 'service_segments_per_day') return undefined;
  const segments = form.segmentLimits[name].trim();
  const price = form.prices.sms_segment.trim().replace(/^\$/, '');
  if (!/^\d+$/.test(segments) || !/^\d*\.?\d+$/.test(price)) return undefined;
  const cost = `${formatUsd(Number(segments) * Number(price))} a day at ${formatUsd(Number(price))} a segment`;
  return name === 'service_segments_per_day'
    ? `${cost}. Past it, only the answers to STOP, START and HELP go out until midnight UTC.`
    : `At most ${cost}.`;
}

/** The limits that keep costs bounded: voice messages, texts in SMS segments, and the countries replies may go to. */
export function LimitSettings({ form, change, errors }: Props) {
  return (
    <SettingsGroup title="Limits">
      <p className="text-sm text-muted">
        They keep costs bounded when someone floods the number. Senders over a limit are told once, then get
        nothing more until the next day or hour.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {LIMIT_FIELDS.map(({ key, name, label }) => (
          <TextField
            key={name}
            label={label}
            name={name}
            inputMode="numeric"
            value={form[key]}
            error={errors[name]}
            onChange={(e) => change({ [key]: e.target.value })}
          />
        ))}
      </div>
      <p className="text-sm text-muted">
        Texts are counted in SMS segments, what Twilio bills: up to 160 characters each, 153 in a long text.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {SEGMENT_LIMIT_FIELDS.map(({ name, label }) => (
          <TextField
            key={name}
            label={label}
            name={name}
            inputMode="numeric"
            hint={hintOf(form, name)}
            className={name === 'service_segments_per_day' ? 'sm:col-span-2' : ''}
            value={form.segmentLimits[name]}
            error={errors[name]}
            onChange={(e) => change({ segmentLimits: { ...form.segmentLimits, [name]: e.target.value } })}
          />
        ))}
      </div>
      <TextField
        label="Countries replies may go to"
        name="reply_countries"
        hint={`Two-letter codes, comma separated: ${namesOf(form.countries) || 'none'}.`}
        autoComplete="off"
        value={form.countries}
        error={errors.reply_countries}
        onChange={(e) => change({ countries: e.target.value })}
      />
    </SettingsGroup>
  );
}
