import type { SmsBudget } from '@core/delivery/send-limits';
import { CircleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useServerData } from '@/lib/use-server-data';
import { loadUsage } from '../api/usage';

/** How often an open dashboard asks again whether the budget is spent (Refresh asks at once). */
const BUDGET_CHECK_MS = 60_000;

const segments = (n: number) => `${n.toLocaleString('en-US')} segment${n === 1 ? '' : 's'}`;

/** "412 of 1,000 segments": today's segments against the budget. */
export const budgetUse = (budget: SmsBudget) =>
  `${budget.used.toLocaleString('en-US')} of ${segments(budget.segments)}`;

/**
 * The dashboard's banner while the service's SMS budget for today is spent: replies and other texts are not
 * sent until midnight UTC, only the answers to STOP, START and HELP. Nothing shows otherwise.
 */
export function SmsBudgetBanner({ reloadKey }: { readonly reloadKey: number }) {
  const usage = useServerData((signal) => loadUsage(1, signal), {
    reloadKey,
    onError: (error) => console.error('The SMS budget could not be checked:', error),
  });
  const { reload } = usage;
  useEffect(() => {
    const timer = setInterval(() => void reload(), BUDGET_CHECK_MS);
    return () => clearInterval(timer);
  }, [reload]);
  const budget = usage.data?.budget;
  if (!budget?.spent) return null;
  return (
    <div
      role="alert"
      className="mb-6 flex items-start gap-2 rounded-lg border border-danger bg-danger-soft px-3 py-2 text-danger"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>
        <strong className="font-semibold">Today's SMS budget is spent</strong> ({budgetUse(budget)}). Replies
        and other texts are not sent until midnight UTC; only the answers to STOP, START and HELP go out.
        Raise the budget in Settings, Limits.
      </p>
    </div>
  );
}

/** The Usage section's line for today: segments against the budget, as a meter and in words. */
export function SmsBudgetMeter({ budget }: { readonly budget: SmsBudget }) {
  return (
    <div className="rounded-lg bg-surface px-3 py-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span id="sms-budget-label" className="font-semibold text-ink">
          Today's SMS budget
        </span>
        <span className={budget.spent ? 'font-semibold text-danger' : 'text-muted'}>
          {budgetUse(budget)}
          {budget.spent ? ': spent' : ''}
        </span>
      </div>
      <meter
        aria-labelledby="sms-budget-label"
        aria-valuetext={`${budgetUse(budget)}${budget.spent ? ', spent' : ''}`}
        min={0}
        max={budget.segments}
        low={budget.segments * 0.5}
        high={budget.segments * 0.8}
        optimum={0}
        value={Math.min(budget.used, budget.segments)}
        className="mt-1 block h-2 w-full"
      />
    </div>
  );
}
