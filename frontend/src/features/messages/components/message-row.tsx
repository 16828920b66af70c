import type { Message } from '@core/messages/message';
import { messageOutcome } from '@core/messages/message-outcome';
import { messageSource, SOURCE_LABEL } from '@core/messages/message-source';
import { effectiveUrgency } from '@core/urgency/urgency-schema';
import { ChevronDown, MessageSquare, Phone, RotateCw, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { RelativeTime } from '@/components/ui/relative-time';
import { useRetry } from '../hooks/use-retry';
import { gistOf, rowAction, whoCalled } from '../utils/message-row';
import { MessageDetail } from './message-detail';
import { OutcomeBadge } from './outcome-badge';
import { UrgencyMarker } from './urgency-marker';

const SOURCE_ICON = { call: Phone, sms: MessageSquare, upload: Upload } as const;

/** Where the message came from (issue 33): an icon, its word for screen readers and on hover. */
function SourceMark({ message }: { readonly message: Message }) {
  const source = messageSource(message);
  const Icon = SOURCE_ICON[source];
  return (
    <span data-source={source} title={SOURCE_LABEL[source]} className="shrink-0 text-muted">
      <Icon aria-hidden="true" className="size-4" />
      <span className="sr-only">{SOURCE_LABEL[source]}: </span>
    </span>
  );
}

/**
 * The columns of a row and of the list's header, on a laptop: status first (as a message log reads), who,
 * the gist taking what is left, the time. On a phone a row is two lines: who and when, then status and gist.
 * A row's action goes under its gist (the same columns), so a list of completed messages and one with actions
 * keep the same columns.
 */
export const ROW_COLUMNS =
  'grid-cols-[auto_minmax(0,1fr)_auto] md:grid-cols-[8.5rem_minmax(0,13rem)_minmax(0,1fr)_auto]';

/**
 * One message as one compact row (issue 26): its one status, who called, the gist on one line (SPEC's words for
 * the state: "Waiting to process...", "Processing audio message...", the error, or the summary and "• Reply
 * sent"), when, and SPEC's action for the state beside it (issue 34); a button that opens the whole message in
 * place below it (and closes it). The list moves between rows with the arrow keys: only the row it last stood
 * on is a Tab stop (`tabbable`), and its action the next one. An urgent message says so first ("Urgent", then
 * its status); a likely-spam one says so, and reads muted (issue 25).
 */
export function MessageRow({
  message,
  open,
  tabbable,
  onToggle,
  onFocus,
}: {
  readonly message: Message;
  readonly open: boolean;
  readonly tabbable: boolean;
  readonly onToggle: () => void;
  readonly onFocus: () => void;
}) {
  const detailId = useId();
  // What an operator's change answered shows at once; a newer version (the live update, a reload) takes over.
  const [answered, setAnswered] = useState<Message | null>(null);
  const shown =
    answered && answered.id === message.id && (answered.updated_at ?? '') > (message.updated_at ?? '')
      ? answered
      : message;
  const urgency = effectiveUrgency(shown);
  const spam = urgency === 'likely_spam';
  const action = rowAction(shown);
  const retry = useRetry(shown);
  return (
    <li className="animate-[fade-in_200ms_ease-out] border-b border-line last:border-b-0">
      <button
        type="button"
        data-row={message.id}
        tabIndex={tabbable ? 0 : -1}
        aria-expanded={open}
        aria-controls={detailId}
        onClick={onToggle}
        onFocus={onFocus}
        className={`group grid w-full ${ROW_COLUMNS} items-center gap-x-3 gap-y-1 px-3 py-2.5 text-left hover:bg-surface focus-visible:-outline-offset-2 md:py-2 ${open ? 'bg-surface' : ''}`}
      >
        <span className="col-start-1 row-start-2 flex flex-wrap items-center gap-1 md:row-start-1">
          <UrgencyMarker level={urgency} />
          <OutcomeBadge outcome={messageOutcome(shown)} />
        </span>
        <span
          className={`col-span-2 col-start-1 row-start-1 flex min-w-0 items-center gap-1.5 font-semibold md:col-span-1 md:col-start-2 ${spam ? 'text-muted' : 'text-ink'}`}
        >
          <SourceMark message={shown} />
          <span className="min-w-0 truncate">{whoCalled(shown)}</span>
        </span>
        <span
          className={`col-span-2 col-start-2 row-start-2 flex min-w-0 gap-2 text-sm text-muted md:col-span-1 md:col-start-3 md:row-start-1 ${spam ? '' : 'md:text-ink'}`}
        >
          <span data-gist className="min-w-0 truncate">
            {gistOf(shown)}
          </span>
          {shown.status === 'completed' && shown.reply_sent && !shown.refusal && (
            <span className="shrink-0 whitespace-nowrap text-muted">• Reply sent</span>
          )}
        </span>
        <span className="col-start-3 row-start-1 flex items-center justify-end gap-1 text-sm whitespace-nowrap text-muted md:col-start-4">
          <RelativeTime iso={shown.created_at} focusable={false} align="end" />
          <ChevronDown
            aria-hidden="true"
            className={`size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </span>
      </button>
      {action && (
        // Under the row's button, not in it (a button holds no button); from 768 px in the gist's column.
        <div className={`px-3 pb-2.5 md:grid ${ROW_COLUMNS} md:gap-x-3`}>
          <button
            type="button"
            tabIndex={tabbable ? 0 : -1}
            data-action
            onClick={() => void retry.retry()}
            onFocus={onFocus}
            disabled={retry.busy}
            className="inline-flex min-h-9 items-center gap-1.5 justify-self-start rounded-lg bg-accent px-3 text-sm font-semibold whitespace-nowrap text-on-accent hover:bg-accent-strong disabled:cursor-not-allowed disabled:bg-accent/60 md:col-start-3"
          >
            <RotateCw aria-hidden="true" className={`size-4 ${retry.busy ? 'animate-spin' : ''}`} />
            {action}
          </button>
        </div>
      )}
      {retry.failure && (
        <p role="alert" className="px-3 pb-2.5 text-sm font-medium text-danger">
          {retry.failure}
        </p>
      )}
      <div id={detailId} hidden={!open} className="border-t border-line px-3 py-3 sm:px-4">
        {open && <MessageDetail message={shown} onChanged={setAnswered} />}
      </div>
    </li>
  );
}
