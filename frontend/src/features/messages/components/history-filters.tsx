import { DELIVERY_STATES } from '@core/messages/message-outcome';
import { MESSAGE_KINDS } from '@core/messages/refused-inbound';
import { MESSAGE_STATUSES } from '@core/messages/status';
import { URGENCY_LEVELS } from '@core/urgency/urgency-schema';
import { URGENCY_WORDS } from '@core/urgency/urgency-words';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { type HistoryFilters as Filters, hasFilters, NO_FILTERS } from '../api/messages';
import { DELIVERY_LABEL } from '../utils/message-row';
import { KIND_LABEL, STATUS_LABEL } from '../utils/status-labels';

const SELECT =
  'mt-1.5 block min-h-11 w-full rounded-lg border border-line-strong bg-canvas px-3 py-2 text-base text-ink';

/** A labelled select of the filter form: "Any ..." first, then each value in words. */
function FilterSelect({
  label,
  any,
  value,
  onChange,
  children,
}: {
  readonly label: string;
  readonly any: string;
  readonly value: string;
  readonly onChange: (event: { target: { value: string } }) => void;
  readonly children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block font-semibold text-ink">
        {label}
      </label>
      <select id={id} value={value} onChange={onChange} className={SELECT}>
        <option value="">{any}</option>
        {children}
      </select>
    </div>
  );
}

/**
 * The message list's filters: a sender typed in any format, a status, a kind (voice messages, or what was
 * refused instead), how the texts fared (delivery), how pressing (urgency, the operator's correction first),
 * and a date range (days in the browser's time zone, both included). Applied on submit, so typing does not
 * reload the list.
 */
export function HistoryFilters({
  applied,
  onApply,
  id,
  className = '',
}: {
  readonly applied: Filters;
  readonly onApply: (filters: Filters) => void;
  readonly id?: string;
  readonly className?: string;
}) {
  const [draft, setDraft] = useState<Filters>(applied);
  const set = (field: keyof Filters) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };

  return (
    <form
      id={id}
      noValidate
      onSubmit={submit}
      aria-label="Filter the messages"
      className={`gap-3 rounded-xl border border-line bg-canvas p-3 sm:grid-cols-2 md:grid-cols-3 ${className}`}
    >
      <TextField
        className="min-w-0"
        label="Sender's number"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="(415) 555-0123"
        value={draft.sender}
        onChange={set('sender')}
      />
      <FilterSelect label="Status" any="Any status" value={draft.status} onChange={set('status')}>
        {MESSAGE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABEL[status]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Kind" any="Any kind" value={draft.kind} onChange={set('kind')}>
        {MESSAGE_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {KIND_LABEL[kind]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Delivery" any="Any delivery" value={draft.delivery} onChange={set('delivery')}>
        {DELIVERY_STATES.map((state) => (
          <option key={state} value={state}>
            {DELIVERY_LABEL[state]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Urgency" any="Any urgency" value={draft.urgency} onChange={set('urgency')}>
        {URGENCY_LEVELS.map((level) => (
          <option key={level} value={level}>
            {URGENCY_WORDS[level]}
          </option>
        ))}
      </FilterSelect>
      <TextField
        className="min-w-0"
        label="From"
        type="date"
        value={draft.from}
        max={draft.to || undefined}
        onChange={set('from')}
      />
      <TextField
        className="min-w-0"
        label="To"
        type="date"
        value={draft.to}
        min={draft.from || undefined}
        onChange={set('to')}
      />
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2">
        <Button type="submit" className="px-3 text-sm">
          Apply filters
        </Button>
        {hasFilters(applied) && (
          <Button
            variant="secondary"
            className="px-3 text-sm"
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
