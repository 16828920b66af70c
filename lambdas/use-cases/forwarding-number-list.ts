/**
 * GET /api/forwarding-numbers (issue 33): every subscriber's forwarding number with its subscriber, carrier,
 * when it was confirmed, its last call, its release date, and its cost this month (the rental and this
 * month's call minutes, read from the counter the calls write: core/calls/call-minutes.ts).
 */
import { callMinutesKey, monthOf } from '#core/calls/call-minutes';
import { type ForwardingNumbersReport, forwardingNumbersReport } from '#core/calls/forwarding-number-view';
import type { Clock } from '../ports/clock';
import type { Counters } from '../ports/counters';
import type { ForwardingNumberRepository } from '../ports/forwarding-numbers';
import type { SettingsRepository } from '../ports/settings-repository';
import { currentSettings } from './settings';

export async function listForwardingNumbers(deps: {
  readonly forwardingNumbers: Pick<ForwardingNumberRepository, 'list'>;
  readonly counters: Pick<Counters, 'read'>;
  readonly settings: SettingsRepository;
  readonly clock: Clock;
}): Promise<ForwardingNumbersReport> {
  const month = monthOf(deps.clock());
  const [records, settings] = await Promise.all([deps.forwardingNumbers.list(), currentSettings(deps)]);
  const numbers = await Promise.all(
    records.map(async (record) => ({
      record,
      minutes: await deps.counters.read(callMinutesKey(record.number, month)),
    })),
  );
  return forwardingNumbersReport(month, numbers, settings.unit_prices);
}
