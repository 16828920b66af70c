import { useId } from 'react';
import { TextField } from '@/components/ui/text-field';
import type { SettingsFormState } from '../hooks/use-settings-form';
import { CALL_NUMBER_FIELDS, type CallSettingsForm } from '../utils/call-settings-form';
import { SettingsGroup } from './settings-group';

type Props = Pick<SettingsFormState, 'form' | 'change' | 'errors'>;

/** The greeting: a labelled textarea with its hint and error tied to it, like TextField. */
function GreetingField({
  value,
  error,
  onChange,
}: {
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
}) {
  const id = useId();
  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-ink">
        Greeting <span className="font-normal text-muted">(optional)</span>
      </label>
      <p id={`${id}-hint`} className="mt-0.5 text-sm text-muted">
        What callers hear before the beep. Leave it blank for the built-in one, spoken in each subscriber's
        language ("Please leave a message after the beep...").
      </p>
      <textarea
        id={id}
        name="call_greeting"
        rows={3}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
        className={`mt-1.5 block w-full rounded-lg border bg-canvas px-3 py-2 text-base text-ink ${
          error ? 'border-danger' : 'border-line-strong'
        }`}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** A setting that is on or off, with what it does under it. */
function Toggle({
  name,
  checked,
  label,
  help,
  onChange,
}: {
  readonly name: string;
  readonly checked: boolean;
  readonly label: string;
  readonly help: string;
  readonly onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 items-start gap-3 py-2">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 size-5 shrink-0 accent-accent"
      />
      <span>
        {label}
        <span className="block text-sm text-muted">{help}</span>
      </span>
    </label>
  );
}

/**
 * Issue 33: forwarded calls. What a caller hears and how long they may talk, the texts a subscriber gets about
 * calls, the area code new forwarding numbers are bought in, and what calls may cost a subscriber a day.
 */
export function CallSettings({ form, change, errors }: Props) {
  const calls = form.calls;
  const set = (changes: Partial<CallSettingsForm>) => change({ calls: { ...calls, ...changes } });
  return (
    <SettingsGroup title="Forwarded calls">
      <p className="text-sm text-muted">
        A subscriber who texts FORWARD gets a number of their own; their phone forwards the calls it does not
        answer there, and each message left is texted back like a forwarded recording.
      </p>
      <GreetingField
        value={calls.greeting}
        error={errors.call_greeting}
        onChange={(greeting) => set({ greeting })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {CALL_NUMBER_FIELDS.map(({ key, name, label, hint }) => (
          <TextField
            key={name}
            label={label}
            name={name}
            inputMode="numeric"
            hint={hint}
            value={calls[key]}
            error={errors[name]}
            onChange={(e) => set({ [key]: e.target.value })}
          />
        ))}
      </div>
      <Toggle
        name="missed_call_texts"
        checked={calls.missedCallTexts}
        label="Text missed calls"
        help={
          'When a caller hangs up without a message: "Missed call from (312) 555-0147, no message". At most one a caller a day.'
        }
        onChange={(missedCallTexts) => set({ missedCallTexts })}
      />
      <Toggle
        name="forwarding_idle_texts"
        checked={calls.idleTexts}
        label={'Text "your forwarding may be off"'}
        help="When a number gets no call for 14 days (a new phone, SIM or plan often resets forwarding), its subscriber is sent the code again. At most once a month."
        onChange={(idleTexts) => set({ idleTexts })}
      />
      <TextField
        label="Area code for new numbers"
        name="forwarding_area_code"
        inputMode="numeric"
        optional
        hint="Three digits, for example 312. Blank, or none free there: any US area code."
        autoComplete="off"
        value={calls.areaCode}
        error={errors.forwarding_area_code}
        onChange={(e) => set({ areaCode: e.target.value })}
      />
    </SettingsGroup>
  );
}
