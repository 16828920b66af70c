import type { OtherTextView, ReplyPartView, RunView, TimelineStep } from '@core/messages/run-steps';
import { ChevronDown, CircleAlert, CircleCheck, RotateCw } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { formatUsd } from '@/lib/format-money';
import { useServerData } from '@/lib/use-server-data';
import { loadMessageRun } from '../api/run';
import { formatMs, stepLabel } from '../utils/step-labels';

type Props = {
  readonly messageId: string;
  /** Loads again when it changes (the message's `updated_at`: a live change while Details is open). */
  readonly version?: string | undefined;
  /**
   * The slot for a reply part's delivery (the provider's status and error code, issue 19's delivery part).
   * Without it, the part's `delivery` is shown in plain words when the server has one.
   */
  readonly renderPartDelivery?: (part: ReplyPartView) => ReactNode;
};

/** "Details" on a message card: a disclosure that loads the run's timeline when opened. */
export function RunDetails({ messageId, version, renderPartDelivery }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-line-strong px-3 text-sm font-semibold text-ink hover:bg-surface"
      >
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
        />
        Details
      </button>
      <div id={panelId} hidden={!open}>
        {open && <RunPanel messageId={messageId} version={version} renderPartDelivery={renderPartDelivery} />}
      </div>
    </div>
  );
}

function RunPanel({ messageId, version, renderPartDelivery }: Props) {
  const run = useServerData((signal) => loadMessageRun(messageId, signal), { reloadKey: version });
  if (run.error !== undefined && !run.data) {
    return (
      <p role="alert" className="mt-2 text-sm text-danger">
        {errorMessage(run.error, {
          fallback: 'The details could not be loaded. Close and open Details to try again.',
          unreachable: 'The details could not be loaded: the server did not answer. Try again.',
        })}
      </p>
    );
  }
  if (!run.data) {
    return (
      <p role="status" className="mt-2 text-sm text-muted">
        Loading details...
      </p>
    );
  }
  return <RunTimeline view={run.data} renderPartDelivery={renderPartDelivery} />;
}

/**
 * The timeline itself: each run's steps with durations, retries and errors; the reply parts; the other texts
 * sent about the message (FULL's answer, failure notices); the cost.
 */
function RunTimeline({
  view,
  renderPartDelivery,
}: {
  readonly view: RunView;
  readonly renderPartDelivery?: ((part: ReplyPartView) => ReactNode) | undefined;
}) {
  return (
    <section
      aria-label="Run details"
      className="mt-3 space-y-4 rounded-lg border border-line bg-surface p-3 text-sm"
    >
      {view.runs.length === 0 && <p className="text-muted">No steps recorded yet.</p>}
      {view.runs.map((run) => (
        <div key={run.attempt}>
          <h4 className="font-semibold text-ink">
            {run.attempt === 1 ? 'First run' : `Run ${run.attempt} (Retry Processing)`}
            <span className="font-normal text-muted">
              {' · '}
              {formatMs(run.steps.reduce((total, step) => total + step.duration_ms, 0))} in steps
            </span>
          </h4>
          <ol className="mt-2 space-y-1.5">
            {run.steps.map((step, index) => (
              <StepRow
                key={`${step.step}-${step.try}`}
                step={step}
                retried={run.steps.slice(index + 1).some((later) => later.step === step.step)}
                longest={Math.max(...run.steps.map((s) => s.duration_ms), 1)}
              />
            ))}
          </ol>
        </div>
      ))}
      <div>
        <h4 className="font-semibold text-ink">Reply</h4>
        {view.reply_parts.length === 0 ? (
          <p className="mt-1 text-muted">No reply parts were sent.</p>
        ) : (
          <ol className="mt-1 space-y-1">
            {view.reply_parts.map((part) => (
              <TextRow
                key={part.part}
                label={`Part ${part.part}`}
                part={part}
                renderPartDelivery={renderPartDelivery}
              />
            ))}
          </ol>
        )}
      </div>
      {view.other_texts.length > 0 && (
        <div>
          <h4 className="font-semibold text-ink">Other texts about this message</h4>
          <ol className="mt-1 space-y-1">
            {view.other_texts.map((text) => (
              <TextRow
                key={`${text.kind}-${text.attempt}-${text.part}`}
                label={otherTextLabel(text, view.other_texts)}
                part={text}
                renderPartDelivery={renderPartDelivery}
              />
            ))}
          </ol>
        </div>
      )}
      <p className="text-ink">
        <span className="font-semibold">Estimated cost:</span> {formatUsd(view.estimated_cost)}
        <span className="text-muted"> (prices in Settings)</span>
      </p>
    </section>
  );
}

function TextRow({
  label,
  part,
  renderPartDelivery,
}: {
  readonly label: string;
  readonly part: ReplyPartView;
  readonly renderPartDelivery?: ((part: ReplyPartView) => ReactNode) | undefined;
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-2 text-ink">
      <span>
        {label}:{' '}
        {part.media
          ? `an MMS with ${part.media} ${part.media === 1 ? 'file' : 'files'} (cards)`
          : `${part.segments} ${part.segments === 1 ? 'segment' : 'segments'}`}
      </span>
      {renderPartDelivery
        ? renderPartDelivery(part)
        : part.delivery && (
            <span className="text-muted">
              {part.delivery.status}
              {part.delivery.error_code ? ` (error ${part.delivery.error_code})` : ''}
            </span>
          )}
    </li>
  );
}

const OTHER_TEXT_NAME: Readonly<Record<OtherTextView['kind'], string>> = {
  'full-transcript': 'Full transcript (the sender texted FULL)',
  'failure-notice': 'Failure notice',
};

/** "Full transcript (the sender texted FULL), part 2"; the run is named when texts came from several. */
function otherTextLabel(text: OtherTextView, all: readonly OtherTextView[]): string {
  const name = OTHER_TEXT_NAME[text.kind];
  const sameKind = all.filter((other) => other.kind === text.kind && other.attempt === text.attempt);
  const part = sameKind.length > 1 ? `, part ${text.part}` : '';
  const runs = new Set(all.map((other) => other.attempt));
  const run = runs.size > 1 || text.attempt > 1 ? ` (run ${text.attempt})` : '';
  return `${name}${part}${run}`;
}

function StepRow({
  step,
  retried,
  longest,
}: {
  readonly step: TimelineStep;
  readonly retried: boolean;
  readonly longest: number;
}) {
  const ok = step.outcome === 'ok';
  const Icon = ok ? CircleCheck : retried ? RotateCw : CircleAlert;
  const outcome = ok
    ? 'done'
    : `${retried ? 'failed, retried' : 'failed'}: ${step.error_name ?? 'unknown error'}`;
  return (
    <li className="grid grid-cols-[1.25rem_minmax(0,1fr)] gap-x-2">
      <Icon aria-hidden="true" className={`mt-0.5 size-4 ${ok ? 'text-success' : 'text-danger'}`} />
      <div>
        <p className="text-ink">
          <span className="font-medium">{stepLabel(step.step)}</span>
          {step.try > 1 && <span className="text-muted"> · try {step.try}</span>}
          <span className="text-muted"> · {formatMs(step.duration_ms)} · </span>
          <span className={ok ? 'text-muted' : 'text-danger'}>{outcome}</span>
        </p>
        <div aria-hidden="true" className="mt-1 h-1.5 rounded-full bg-line">
          <div
            className={`h-1.5 rounded-full ${ok ? 'bg-accent' : 'bg-danger'}`}
            style={{ width: `${Math.max(2, (step.duration_ms / longest) * 100)}%` }}
          />
        </div>
      </div>
    </li>
  );
}
