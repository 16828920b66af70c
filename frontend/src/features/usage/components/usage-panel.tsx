import type { UsageReport } from '@core/operator/usage';
import { ChartColumn } from 'lucide-react';
import { useId, useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { formatUsd } from '@/lib/format-money';
import { useServerData } from '@/lib/use-server-data';
import { loadUsage } from '../api/usage';
import { hasCalls, numbersHeld, shortDate, usageSummary } from '../utils/usage-summary';
import { SmsBudgetMeter } from './sms-budget';
import { UsageChart } from './usage-chart';

const RANGES = [7, 30, 90, 365] as const;

/**
 * The table's columns: voice messages, then what came instead of one (pictures and other files that are not
 * audio, texts that are no command, anything from a number that opted out), each kept as a failed record.
 */
const COLUMNS = [
  'Day',
  'Received',
  'Completed',
  'Failed',
  'Segments',
  'MMS',
  'Pictures, files',
  'Other texts',
  'After STOP',
  'Calls',
  'Call min',
  'Cost',
] as const;

/**
 * The dashboard's Usage section: today's segments against the SMS budget, messages a day as a chart, the
 * range's totals and its estimated cost.
 */
export function UsagePanel({ reloadKey }: { readonly reloadKey: number }) {
  const [days, setDays] = useState<number>(30);
  const rangeId = useId();
  const usage = useServerData((signal) => loadUsage(days, signal), {
    reloadKey: `${reloadKey}-${days}`,
    onError: (error) => console.error('Usage could not be loaded:', error),
  });
  const report = usage.data;
  return (
    <section aria-labelledby="usage-title" className="rounded-xl border border-line bg-canvas p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="usage-title" className="flex items-center gap-2 font-bold text-ink">
          <ChartColumn aria-hidden="true" className="size-5 text-accent" />
          Usage
        </h2>
        <div className="flex items-center gap-2 text-sm">
          <label htmlFor={rangeId} className="text-muted">
            Range
          </label>
          <select
            id={rangeId}
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            className="min-h-9 rounded-lg border border-line-strong bg-canvas px-2 text-ink"
          >
            {RANGES.map((n) => (
              <option key={n} value={n}>
                Last {n} days
              </option>
            ))}
          </select>
        </div>
      </div>
      {usage.error !== undefined && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {errorMessage(usage.error, { fallback: 'Usage could not be loaded. Refresh to try again.' })}
        </p>
      )}
      {!report && usage.error === undefined && <p className="mt-2 text-sm text-muted">Loading usage...</p>}
      {report && <UsageReportView report={report} />}
    </section>
  );
}

function UsageReportView({ report }: { readonly report: UsageReport }) {
  const summary = usageSummary(report);
  const days = [...report.days].reverse();
  const t = report.totals;
  const totals = [
    ['Received', t.received],
    ['Completed', t.completed],
    ['Failed', t.failed],
    ['Segments sent', t.segments],
    ['MMS sent (cards)', t.mms_sent],
    ['Audio minutes', (t.audio_seconds / 60).toFixed(1)],
    // Issue 33: forwarded calls, when the range had any call or number.
    ...(hasCalls(report)
      ? ([
          ['Forwarded calls', t.calls],
          ['Call minutes', t.call_minutes],
          ['Missed calls', t.missed_calls],
          ['Numbers held', numbersHeld(report)],
        ] as const)
      : []),
    ['Estimated cost', formatUsd(report.estimated_cost)],
  ] as const;
  return (
    <div className="mt-3 space-y-3">
      <SmsBudgetMeter budget={report.budget} />
      <dl aria-label="Totals" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {totals.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-surface px-3 py-2">
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
            <dd className="text-lg font-bold text-ink">
              {typeof value === 'number' ? value.toLocaleString('en-US') : value}
            </dd>
          </div>
        ))}
      </dl>
      <UsageChart days={report.days} summary={summary} />
      <p className="text-sm text-muted">{summary}</p>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-accent">Numbers by day</summary>
        <div className="@container mt-2 max-h-72 overflow-y-auto">
          {/* Twelve columns need room: a narrow section (a phone, the side column) lists each day on its lines. */}
          <table className="hidden w-full text-left @2xl:table">
            <thead className="text-muted">
              <tr>
                {COLUMNS.map((h) => (
                  <th key={h} scope="col" className="py-1 pr-3 font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap text-ink">
                    {shortDate(day.date)}
                  </th>
                  <td className="py-1 pr-3 text-ink">{day.received}</td>
                  <td className="py-1 pr-3 text-ink">{day.completed}</td>
                  <td className="py-1 pr-3 text-ink">{day.failed}</td>
                  <td className="py-1 pr-3 text-ink">{day.segments}</td>
                  <td className="py-1 pr-3 text-ink">{day.mms_sent}</td>
                  <td className="py-1 pr-3 text-ink">{day.refused_attachments}</td>
                  <td className="py-1 pr-3 text-ink">{day.unknown_texts}</td>
                  <td className="py-1 pr-3 text-ink">{day.opted_out_messages}</td>
                  <td className="py-1 pr-3 text-ink">{day.calls}</td>
                  <td className="py-1 pr-3 text-ink">{day.call_minutes}</td>
                  <td className="py-1 text-ink">{formatUsd(day.estimated_cost)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul aria-label="Numbers by day" className="divide-y divide-line @2xl:hidden">
            {days.map((day) => (
              <li key={day.date} className="py-1.5 text-ink">
                <span className="font-semibold">{shortDate(day.date)}</span>: {day.received} received,{' '}
                {day.completed} completed, {day.failed} failed, {day.segments} segments,{' '}
                {day.mms_sent > 0 && `${day.mms_sent} MMS, `}
                {day.calls + day.missed_calls > 0 &&
                  `${day.calls} ${day.calls === 1 ? 'call' : 'calls'} (${day.call_minutes} min, ${day.missed_calls} missed), `}
                {formatUsd(day.estimated_cost)}
                {refusedLine(day)}
              </li>
            ))}
          </ul>
        </div>
      </details>
    </div>
  );
}

/** What came instead of voice messages that day, on a narrow screen's line: only what there was. */
function refusedLine(day: UsageReport['days'][number]): string {
  const parts = [
    day.refused_attachments
      ? `${day.refused_attachments} ${day.refused_attachments === 1 ? 'picture or file' : 'pictures or files'}`
      : null,
    day.unknown_texts ? `${day.unknown_texts} other ${day.unknown_texts === 1 ? 'text' : 'texts'}` : null,
    day.opted_out_messages ? `${day.opted_out_messages} after STOP` : null,
  ].filter((part) => part !== null);
  return parts.length ? `; ${parts.join(', ')}` : '';
}
