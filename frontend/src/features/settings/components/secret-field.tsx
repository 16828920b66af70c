import type { MaskedSecret } from '@core/operator/settings';
import { useId } from 'react';
import type { SecretEdit } from '../utils/settings-form';

/**
 * A secret the server never gives back (an API key, an auth token): a password input that is empty on load,
 * whether one is saved and its last 4 characters, and "Clear" to remove it. Left empty, the saved one stays.
 */
export function SecretField({
  label,
  name,
  saved,
  edit,
  onEdit,
}: {
  readonly label: string;
  readonly name: string;
  readonly saved: MaskedSecret | null;
  readonly edit: SecretEdit;
  readonly onEdit: (edit: SecretEdit) => void;
}) {
  const id = useId();
  const statusId = `${id}-status`;
  const status = edit.clear
    ? 'Will be removed when you save.'
    : saved?.set
      ? `Saved${saved.last4 ? `: ends in ${saved.last4}` : ''}. Leave empty to keep it.`
      : 'Not set.';
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-ink">
        {label}
      </label>
      <p id={statusId} className="text-sm text-muted">
        {status}
      </p>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          name={name}
          type="password"
          autoComplete="off"
          aria-describedby={statusId}
          value={edit.value}
          disabled={edit.clear}
          onChange={(e) => onEdit({ value: e.target.value, clear: false })}
          className="block min-h-11 w-full min-w-0 rounded-lg border border-line-strong bg-canvas px-3 py-2 text-base text-ink disabled:bg-surface"
        />
        {(saved?.set || edit.clear) && (
          <button
            type="button"
            aria-pressed={edit.clear}
            onClick={() => onEdit({ value: '', clear: !edit.clear })}
            className="min-h-11 shrink-0 rounded-lg border border-line-strong px-3 text-sm font-semibold text-ink hover:bg-surface"
          >
            {edit.clear ? 'Keep' : 'Clear'}
          </button>
        )}
      </div>
    </div>
  );
}
