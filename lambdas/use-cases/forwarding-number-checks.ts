/**
 * The daily check of the forwarding numbers (issue 33), run by handlers/scheduled/forwarding-numbers.ts in
 * AWS and by the local runtime's daily timer:
 *
 * 1. A number past its `release_after` (STOP or DELETE and the grace period, use-cases/forwarding-numbers.ts)
 *    is released at the provider, then its record deleted; when the provider fails or is not set up, the record
 *    stays and tomorrow's check tries again (a record is never deleted while the number may still be rented).
 * 2. Each number still held adds one to today's usage `number_days` (priced as a month's rent over 30 days),
 *    once a UTC day however often the check runs.
 * 3. A subscriber whose number has had no call for IDLE_DAYS (its last call, or its purchase when none) gets
 *    one "your forwarding may be off" text with the code again, at most once every IDLE_NOTICE_DAYS
 *    (`idle_notice_at`), while Settings' `forwarding_idle_texts` is on. It goes through the outbound gate as
 *    the `forwarding-idle` kind; `idle_notice_at` is set only once it was sent, so a text the budget held back
 *    goes tomorrow.
 */
import type { ForwardingNumber } from '#core/calls/forwarding-number';
import { forwardingIdleText, IDLE_DAYS } from '#core/calls/forwarding-texts';
import { DAY_MS, dayWindow } from '#core/delivery/day-window';
import type { ForwardingNumberRepository } from '../ports/forwarding-numbers';
import type { Providers } from '../ports/providers';
import { type OutboundSmsDeps, sendTextOrLog } from './outbound-sms';
import { type PreferencesReader, senderLanguage } from './sender-language';
import { currentSettings } from './settings';
import { countUsage } from './usage';

/** At most one "forwarding may be off" text a number in this many days. */
export const IDLE_NOTICE_DAYS = 30;

export type ForwardingChecksDeps = OutboundSmsDeps & {
  readonly forwardingNumbers: ForwardingNumberRepository;
  readonly providers: Pick<Providers, 'smsSender' | 'phoneNumbers'>;
  readonly preferences: PreferencesReader;
  readonly serviceName: string;
  readonly warn: (message: string, details?: Record<string, unknown>) => void;
};

export type ForwardingChecksResult = {
  readonly released: number;
  /** Numbers whose release failed (kept, tried again tomorrow). */
  readonly releaseFailed: number;
  /** Numbers held after the check (counted in `number_days` today, unless counted already). */
  readonly held: number;
  readonly idleTexts: number;
};

const daysSince = (now: number, then: string) => (now - Date.parse(then)) / DAY_MS;

export async function checkForwardingNumbers(deps: ForwardingChecksDeps): Promise<ForwardingChecksResult> {
  const now = deps.clock();
  const nowMs = Date.parse(now);
  const settings = await currentSettings(deps);
  let released = 0;
  let releaseFailed = 0;
  let idleTexts = 0;
  const held: ForwardingNumber[] = [];
  for (const record of await deps.forwardingNumbers.list()) {
    if (record.release_after !== null && record.release_after <= now) {
      if (await release(deps, record)) {
        released += 1;
        continue;
      }
      releaseFailed += 1;
    }
    held.push(record);
  }
  for (const record of held) {
    if (settings.forwarding_idle_texts && isIdle(record, nowMs) && (await sendIdleText(deps, record))) {
      idleTexts += 1;
    }
  }
  // Once a UTC day, however often the check runs (the local runtime also runs it at start-up).
  const { day, expires } = dayWindow(now);
  if (held.length > 0 && (await deps.counters.take(`forwarding-number-days#${day}`, 1, expires))) {
    await countUsage(deps, { number_days: held.length });
  }
  return { released, releaseFailed, held: held.length, idleTexts };
}

/** No call for IDLE_DAYS, kept (not on its way out), and no idle text in IDLE_NOTICE_DAYS. */
function isIdle(record: ForwardingNumber, nowMs: number): boolean {
  if (record.release_after !== null) return false;
  if (daysSince(nowMs, record.last_call_at ?? record.created_at) < IDLE_DAYS) return false;
  return record.idle_notice_at === null || daysSince(nowMs, record.idle_notice_at) >= IDLE_NOTICE_DAYS;
}

/** Releases the number at the provider, then forgets it; false (and a warning) when it could not. */
async function release(deps: ForwardingChecksDeps, record: ForwardingNumber): Promise<boolean> {
  const provider = await deps.providers.phoneNumbers();
  if (provider === null) {
    deps.warn('A forwarding number is due for release but no Twilio account is saved: kept until there is', {
      sid: record.provider_sid,
    });
    return false;
  }
  try {
    await provider.release(record.provider_sid);
  } catch (error) {
    deps.warn('A forwarding number could not be released at Twilio: tried again tomorrow', {
      sid: record.provider_sid,
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
  await deps.forwardingNumbers.delete(record.number);
  return true;
}

/** The idle text, in the subscriber's language; true when it was sent (and noted). */
async function sendIdleText(deps: ForwardingChecksDeps, record: ForwardingNumber): Promise<boolean> {
  const language = await senderLanguage(deps.preferences, record.subscriber);
  const body = forwardingIdleText(deps.serviceName, record.number, record.carrier, language);
  const outcome = await sendTextOrLog(deps, {
    to: record.subscriber,
    body,
    kind: 'forwarding-idle',
    messageId: null,
  });
  if (outcome?.status !== 'sent') return false;
  await deps.forwardingNumbers.update(record.number, { idle_notice_at: deps.clock() });
  return true;
}
