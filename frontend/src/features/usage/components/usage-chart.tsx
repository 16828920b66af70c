import type { UsageDay } from '@core/operator/usage';
import { useId } from 'react';
import { shortDate } from '../utils/usage-summary';

/** What each bar is stacked from, bottom up, with its colour and its word (the legend: never colour alone). */
const SERIES = [
  { key: 'completed', label: 'Completed', className: 'fill-success', swatch: 'bg-success' },
  { key: 'failed', label: 'Failed', className: 'fill-danger', swatch: 'bg-danger' },
  { key: 'limited', label: 'Over the daily limit', className: 'fill-line-strong', swatch: 'bg-line-strong' },
] as const;

// Drawn at about the size the dashboard's side column shows it, so its labels stay readable.
const WIDTH = 320;
const HEIGHT = 150;
const PAD = { top: 10, right: 6, bottom: 20, left: 26 };

/**
 * Voice messages a day as stacked bars, hand-drawn in SVG (a few dozen rects: lighter than any charting
 * library). An image to assistive technology (`role="img"`), named by the summary the panel writes; each bar
 * has a tooltip with the day's numbers, and the panel's table has them all as text.
 */
export function UsageChart({
  days,
  summary,
}: {
  readonly days: readonly UsageDay[];
  readonly summary: string;
}) {
  const titleId = useId();
  const descId = useId();
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const stackOf = (day: UsageDay) => day.completed + day.failed + day.limited;
  const peak = Math.max(1, ...days.map((day) => Math.max(stackOf(day), day.received)));
  const top = niceCeiling(peak);
  const slot = plotW / Math.max(days.length, 1);
  const barW = Math.max(1, Math.min(24, slot * 0.7));
  const y = (value: number) => PAD.top + plotH - (value / top) * plotH;

  return (
    <div>
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        data-testid="usage-chart"
      >
        <title id={titleId}>Voice messages a day</title>
        <desc id={descId}>{summary}</desc>
        {(Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top]).map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="stroke-line" />
            <text x={PAD.left - 4} y={y(tick) + 4} textAnchor="end" className="fill-muted text-[10px]">
              {tick}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const x = PAD.left + index * slot + (slot - barW) / 2;
          let base = 0;
          return (
            <g key={day.date} data-date={day.date}>
              <title>{`${shortDate(day.date)}: ${day.received} received, ${day.completed} completed, ${day.failed} failed, ${day.limited} over the limit`}</title>
              {SERIES.map((series) => {
                const value = day[series.key];
                if (value === 0) return null;
                const rect = (
                  <rect
                    key={series.key}
                    x={x}
                    y={y(base + value)}
                    width={barW}
                    height={y(base) - y(base + value)}
                    className={series.className}
                  />
                );
                base += value;
                return rect;
              })}
            </g>
          );
        })}
        {days.length > 0 && (
          <>
            <text x={PAD.left} y={HEIGHT - 6} className="fill-muted text-[10px]">
              {shortDate(days[0]!.date)}
            </text>
            <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className="fill-muted text-[10px]">
              {shortDate(days[days.length - 1]!.date)}
            </text>
          </>
        )}
      </svg>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        {SERIES.map((series) => (
          <li key={series.key} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${series.swatch}`} />
            {series.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 1, 2, 5, 10, 20, 50... at or above `value`, so the axis reads in round numbers. */
function niceCeiling(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}
