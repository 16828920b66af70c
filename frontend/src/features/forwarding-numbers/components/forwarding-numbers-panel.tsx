import type { Carrier } from '@core/calls/forwarding-number';
import type { ForwardingNumberView } from '@core/calls/forwarding-number-view';
import { formatPhoneNumber } from '@core/delivery/phone';
import { PhoneForwarded } from 'lucide-react';
import { RelativeTime } from '@/components/ui/relative-time';
import { formatUsd } from '@/lib/format-money';
import { exactTime } from '@/lib/format-time';
import { useServerData } from '@/lib/use-server-data';
import { loadForwardingNumbers } from '../api/forwarding-numbers';

/** The id the panel's heading has, for a link or a skip to it. */
export const FORWARDING_NUMBERS_ID = 'forwarding-numbers';

const CARRIER_WORDS: Readonly<Record<Carrier, string>> = {
  att: 'AT&T',
  verizon: 'Verizon',
  gsm: 'T-Mobile or another GSM network',
};

/** "April 2026" for `2026-04`. */
function monthWords(month: string): string {
  return new Date(`${month}-15T12:00:00.000Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A day as the operator reads it, "Dec 10, 2026". */
function dayWords(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

function NumberRow({ number }: { readonly number: ForwardingNumberView }) {
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-semibold text-ink">{formatPhoneNumber(number.number)}</p>
        <p className="text-sm text-ink">
          <span className="font-semibold">{formatUsd(number.month_cost)}</span>
          <span className="text-muted"> this month</span>
        </p>
      </div>
      <p className="text-sm text-ink">
        For {formatPhoneNumber(number.subscriber)}
        {number.carrier && <span className="text-muted"> · {CARRIER_WORDS[number.carrier]}</span>}
      </p>
      <p className="text-sm text-muted">
        {number.confirmed_at ? (
          <>
            <span className="text-success">Forwarding works</span> (first call {dayWords(number.confirmed_at)}
            )
          </>
        ) : (
          'Not confirmed: no forwarded call yet'
        )}
        {' · '}
        {number.last_call_at ? (
          <>
            last call <RelativeTime iso={number.last_call_at} />
          </>
        ) : (
          'no calls'
        )}
        {' · '}
        {number.month_minutes} {number.month_minutes === 1 ? 'minute' : 'minutes'}
      </p>
      <p className="text-sm text-muted">
        Bought {dayWords(number.created_at)}
        {number.release_after && (
          <span className="font-medium text-danger" title={exactTime(number.release_after)}>
            {' '}
            · {Date.parse(number.release_after) > Date.now() ? 'to be released' : 'released'}{' '}
            {dayWords(number.release_after)}
          </span>
        )}
      </p>
    </li>
  );
}

/**
 * Issue 33, the subscribers' forwarding numbers: each with its subscriber, carrier, whether a forwarded call
 * has confirmed it, its last call, the day it is released (after the subscriber deleted their data or
 * stopped), and what it costs this month: a month's rental and its call minutes at the prices in Settings.
 */
export function ForwardingNumbersPanel({ reloadKey }: { readonly reloadKey: number }) {
  const { data, error, reload } = useServerData(loadForwardingNumbers, {
    reloadKey,
    onError: (failure) => console.error('The forwarding numbers could not be loaded:', failure),
  });
  return (
    <section
      aria-labelledby={`${FORWARDING_NUMBERS_ID}-title`}
      id={FORWARDING_NUMBERS_ID}
      className="rounded-xl border border-line bg-canvas p-4 sm:p-5"
    >
      <h2 id={`${FORWARDING_NUMBERS_ID}-title`} className="flex items-center gap-2 font-bold text-ink">
        <PhoneForwarded aria-hidden="true" className="size-5 text-accent" />
        Forwarding numbers
      </h2>
      {!data && error === undefined && <p className="mt-2 text-sm text-muted">Loading the numbers...</p>}
      {error !== undefined && (
        <p className="mt-2 text-sm text-muted">
          The forwarding numbers could not be loaded.{' '}
          <button type="button" className="font-semibold text-accent underline" onClick={() => void reload()}>
            Try again
          </button>
        </p>
      )}
      {data && data.numbers.length === 0 && (
        <div className="mt-2 space-y-2 text-sm text-muted">
          <p>
            No forwarding numbers yet. A subscriber gets one by texting{' '}
            <strong className="text-ink">FORWARD</strong> to the service's number: the service buys them a
            number of their own (in the area code set in Settings, Calls) and texts the code that makes their
            phone forward the calls it does not answer.
          </p>
          <p>
            Their callers' messages then come back as texts like a forwarded recording. Each number costs{' '}
            {formatUsd(data.prices.phone_number_month)} a month and {formatUsd(data.prices.voice_minute)} a
            minute of calls.
          </p>
        </div>
      )}
      {data && data.numbers.length > 0 && (
        <>
          <p className="mt-1 text-sm text-muted">
            {data.numbers.length} {data.numbers.length === 1 ? 'number' : 'numbers'} ·{' '}
            <span className="font-semibold text-ink">{formatUsd(data.month_cost)}</span> in{' '}
            {monthWords(data.month)}: each a month's rental and its call minutes.
          </p>
          <ul aria-label="Forwarding numbers" className="divide-y divide-line">
            {data.numbers.map((number) => (
              <NumberRow key={number.number} number={number} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
