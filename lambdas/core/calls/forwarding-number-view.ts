/**
 * A forwarding number as the operator's list shows it (issue 33, GET /api/forwarding-numbers): the record,
 * and what it costs this month: the month's rental plus this month's call minutes at the voice minute price.
 */
import type { UnitPrices } from '#core/operator/unit-prices';
import type { ForwardingNumber } from './forwarding-number';

export type ForwardingNumberView = ForwardingNumber & {
  /** This UTC month's minutes of forwarded calls (each call rounded up to a minute). */
  readonly month_minutes: number;
  /** This month's estimated cost in US dollars: the rental and the minutes. */
  readonly month_cost: number;
};

export type ForwardingNumbersReport = {
  /** The UTC month the minutes and costs are for, `2026-11`. */
  readonly month: string;
  /** Newest first. */
  readonly numbers: readonly ForwardingNumberView[];
  /** Every number's cost this month together. */
  readonly month_cost: number;
  readonly prices: Pick<UnitPrices, 'voice_minute' | 'phone_number_month'>;
};

const cents4 = (dollars: number) => Math.round(dollars * 10_000) / 10_000;

/** A number's cost this month: a whole month's rental (Twilio bills the month ahead) and the minutes. */
export function monthCost(minutes: number, prices: Pick<UnitPrices, 'voice_minute' | 'phone_number_month'>) {
  return cents4(prices.phone_number_month + minutes * prices.voice_minute);
}

/** The list, newest first, each with its month's minutes and cost. */
export function forwardingNumbersReport(
  month: string,
  numbers: readonly { readonly record: ForwardingNumber; readonly minutes: number }[],
  prices: Pick<UnitPrices, 'voice_minute' | 'phone_number_month'>,
): ForwardingNumbersReport {
  const views = numbers
    .map(({ record, minutes }) => ({
      ...record,
      month_minutes: minutes,
      month_cost: monthCost(minutes, prices),
    }))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return {
    month,
    numbers: views,
    month_cost: cents4(views.reduce((sum, view) => sum + view.month_cost, 0)),
    prices: { voice_minute: prices.voice_minute, phone_number_month: prices.phone_number_month },
  };
}
