import { UNIT_PRICE_LABELS, type UnitPrices } from '@core/operator/unit-prices';
import { TextField } from '@/components/ui/text-field';
import type { SettingsFormState } from '../hooks/use-settings-form';
import { SettingsGroup } from './settings-group';

type Props = Pick<SettingsFormState, 'form' | 'change' | 'errors'>;

const PRICE_NAMES = Object.keys(UNIT_PRICE_LABELS) as (keyof UnitPrices)[];

/** The unit prices the Usage section's estimated cost applies (defaults: the cost model in the docs). */
export function PriceSettings({ form, change, errors }: Props) {
  return (
    <SettingsGroup title="Prices for the cost estimate">
      <p className="text-sm text-muted">
        In US dollars. The Usage section and each message's Details multiply what was counted by these; set
        them to what Twilio, OpenAI and AWS charge you.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {PRICE_NAMES.map((name) => (
          <TextField
            key={name}
            label={UNIT_PRICE_LABELS[name]}
            name={`unit_prices.${name}`}
            inputMode="decimal"
            value={form.prices[name]}
            onChange={(e) => change({ prices: { ...form.prices, [name]: e.target.value } })}
          />
        ))}
      </div>
      {errors.unit_prices && (
        <p role="alert" className="text-sm text-danger">
          {errors.unit_prices}
        </p>
      )}
    </SettingsGroup>
  );
}
