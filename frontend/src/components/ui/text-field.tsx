import { type InputHTMLAttributes, useId } from 'react';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  readonly label: string;
  /** Shown under the label, e.g. an example of the expected format. */
  readonly hint?: string;
  /** Shown under the field in red; marks the field invalid for assistive technology. */
  readonly error?: string | undefined;
  readonly optional?: boolean;
};

/** A labelled input with its hint and error tied to it (`aria-describedby`, `aria-invalid`). */
export function TextField({
  label,
  hint,
  error,
  optional = false,
  className = '',
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold text-ink">
        {label}
        {optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {hint && (
        <p id={hintId} className="mt-0.5 text-sm text-muted">
          {hint}
        </p>
      )}
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`mt-1.5 block min-h-11 w-full rounded-lg border bg-canvas px-3 py-2 text-base text-ink placeholder:text-muted ${
          error ? 'border-danger' : 'border-line-strong'
        }`}
        {...input}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
