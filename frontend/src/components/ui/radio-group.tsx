import type { ReactNode } from 'react';

/** A fieldset of radio buttons, one per option, each a full-height label (44 px touch target). */
export function RadioGroup<T extends string>({
  legend,
  name,
  options,
  value,
  label,
  onChange,
}: {
  readonly legend: string;
  /** The form field's name. */
  readonly name: string;
  readonly options: readonly T[];
  readonly value: T;
  /** The words shown for an option. */
  readonly label: (option: T) => ReactNode;
  readonly onChange: (option: T) => void;
}) {
  return (
    <fieldset>
      <legend className="font-semibold">{legend}</legend>
      <div className="mt-2 space-y-2">
        {options.map((option) => (
          <label key={option} className="flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-5 shrink-0 accent-accent"
            />
            {label(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
