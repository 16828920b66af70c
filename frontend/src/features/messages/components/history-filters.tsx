import { MESSAGE_KINDS } from '@core/refused-inbound';
import { MESSAGE_STATUSES } from '@core/status';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { type HistoryFilters as Filters, hasFilters, NO_FILTERS } from '../api/messages';
import { KIND_LABEL, STATUS_LABEL } from '../utils/status-labels';

/**
 * The History section's filters: a sender typed in any format, a status, a kind (voice messages, or what
 * was refused instead), and a date range (days in the browser's time zone, both included). Applied on submit, so typing does not reload the list.
 */
export function HistoryFilters({
  applied,
  onApply,
}: {
  readonly applied: Filters;
  readonly onApply: (filters: Filters) => void;
}) {
  const [draft, setDraft] = useState<Filters>(applied);
  const statusId = useId();
  const kindId = useId();
  const set = (field: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Filter the history"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
    >
      <TextField
        label="Sender's number"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="(415) 555-0123"
        value={draft.sender}
        onChange={set('sender')}
      />
      <div>
        <label htmlFor={statusId} className="block font-semibold text-ink">
          Status
        </label>
        <select
          id={statusId}
          value={draft.status}
          onChange={set('status')}
          className="mt-1.5 block min-h-11 w-full rounded-lg border border-line-strong bg-canvas px-3 py-2 text-base text-ink"
        >
          <option value="">Any status</option>
          {MESSAGE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABEL[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={kindId} className="block font-semibold text-ink">
          Kind
        </label>
        <select
          id={kindId}
          value={draft.kind}
          onChange={set('kind')}
          className="mt-1.5 block min-h-11 w-full rounded-lg border border-line-strong bg-canvas px-3 py-2 text-base text-ink"
        >
          <option value="">Any kind</option>
          {MESSAGE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABEL[kind]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="From"
        type="date"
        value={draft.from}
        max={draft.to || undefined}
        onChange={set('from')}
      />
      <TextField label="To" type="date" value={draft.to} min={draft.from || undefined} onChange={set('to')} />
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">Apply filters</Button>
        {hasFilters(applied) && (
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(NO_FILTERS);
              onApply(NO_FILTERS);
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
    </form>
  );
}
