import { TextField } from '@/components/ui/text-field';
import type { SettingsFormState } from '../hooks/use-settings-form';
import { LIMIT_FIELDS, namesOf } from '../utils/settings-form';
import { SettingsGroup } from './settings-group';

type Props = Pick<SettingsFormState, 'form' | 'change' | 'errors'>;

/** The limits that keep costs bounded, and the countries replies may go to (their names as typed). */
export function LimitSettings({ form, change, errors }: Props) {
  return (
    <SettingsGroup title="Limits">
      <p className="text-sm text-muted">
        They keep costs bounded when someone floods the number. Senders over a limit are told once, then get
        nothing more until the next day or hour.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
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
