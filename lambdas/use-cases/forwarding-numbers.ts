/**
 * A subscriber's forwarding number over its life (issue 33): bought on their first FORWARD, kept while they
 * use the service, marked for release when they text STOP or delete their data (after a grace period, so a
 * STOP sent by mistake and taken back with START keeps the number their phone forwards to), and released at
 * the provider by the daily job (use-cases/forwarding-number-checks.ts).
 *
 * Abuse: buying costs money, so a subscriber has at most one number (a second FORWARD shows the one they
 * have), one purchase runs at a time per subscriber, and the service buys at most FORWARDING_NUMBERS_PER_DAY
 * new numbers a UTC day (a constant: a stranger who texts from many numbers can cost at most that much a day).
 * Nothing is half-written: no record without a bought number, and a number bought but not stored is released.
 */
import { createHash } from 'node:crypto';
import type { ForwardingNumber } from '#core/calls/forwarding-number';
import type { NoNumberReason } from '#core/calls/forwarding-texts';
import { DAY_MS, dayWindow } from '#core/delivery/day-window';
import type { Clock } from '../ports/clock';
import type { Counters } from '../ports/counters';
import type { ForwardingNumberRepository } from '../ports/forwarding-numbers';
import type { Providers } from '../ports/providers';
import type { SettingsRepository } from '../ports/settings-repository';
import { currentSettings } from './settings';

/** New numbers the service buys a UTC day, all subscribers together. */
export const FORWARDING_NUMBERS_PER_DAY = 20;

/** Days a number is kept after STOP or DELETE before it is released (START or FORWARD within them keeps it). */
export const RELEASE_GRACE_DAYS = 7;

export type ForwardingNumberDeps = {
  readonly forwardingNumbers: ForwardingNumberRepository;
  readonly providers: Pick<Providers, 'phoneNumbers'>;
  readonly settings: SettingsRepository;
  readonly counters: Counters;
  readonly clock: Clock;
  /** The number's voice webhook and call status callback (composition/service.ts callWebhookUrls()). */
  readonly callUrls: { readonly voice: string; readonly status: string };
  readonly warn: (message: string, details?: Record<string, unknown>) => void;
};

/** The subscriber's number: the one they have (kept from release), a new one, or why none was given. */
export type ForwardingNumberOutcome =
  | { readonly status: 'kept' | 'bought'; readonly record: ForwardingNumber }
  | { readonly status: 'refused'; readonly reason: NoNumberReason }
  /** Another FORWARD of theirs is buying one right now: it will answer. */
  | { readonly status: 'busy' };

/** What the provider shows as the number's name: the subscriber without their number (a hash's start). */
export function friendlyNameFor(subscriber: string): string {
  return `Forwarding ${createHash('sha256').update(subscriber).digest('hex').slice(0, 12)}`;
}

/** The subscriber's number, kept from release; else a new one bought, within the service's day. */
export async function forwardingNumberFor(
  deps: ForwardingNumberDeps,
  subscriber: string,
): Promise<ForwardingNumberOutcome> {
  const existing = await deps.forwardingNumbers.findBySubscriber(subscriber);
  if (existing) {
    if (existing.release_after !== null) {
      await deps.forwardingNumbers.update(existing.number, { release_after: null });
    }
    return { status: 'kept', record: { ...existing, release_after: null } };
  }
  const provider = await deps.providers.phoneNumbers();
  if (provider === null) return { status: 'refused', reason: 'not-set-up' };
  const { day, expires } = dayWindow(deps.clock());
  // One purchase per subscriber at a time: two FORWARDs at once must not buy two numbers.
  const lock = `forwarding-buy#${subscriber}#${day}`;
  if (!(await deps.counters.take(lock, 1, expires))) return { status: 'busy' };
  try {
    const again = await deps.forwardingNumbers.findBySubscriber(subscriber);
    if (again) return { status: 'kept', record: again };
    const dayKey = `forwarding-numbers#${day}`;
    if (!(await deps.counters.take(dayKey, FORWARDING_NUMBERS_PER_DAY, expires))) {
      deps.warn('No forwarding number bought: the numbers for the day are all given', {
        perDay: FORWARDING_NUMBERS_PER_DAY,
      });
      return { status: 'refused', reason: 'daily-cap' };
    }
    const settings = await currentSettings(deps);
    let bought: Awaited<ReturnType<typeof provider.buy>>;
    try {
      bought = await provider.buy({
        areaCode: settings.forwarding_area_code,
        voiceUrl: deps.callUrls.voice,
        statusCallbackUrl: deps.callUrls.status,
        friendlyName: friendlyNameFor(subscriber),
      });
    } catch (error) {
      await deps.counters.giveBack(dayKey);
      deps.warn('No forwarding number bought: the provider refused or failed', {
        error: error instanceof Error ? error.message : String(error),
      });
      return { status: 'refused', reason: 'unavailable' };
    }
    const record: ForwardingNumber = {
      number: bought.number,
      provider_sid: bought.sid,
      subscriber,
      created_at: deps.clock(),
      carrier: null,
      confirmed_at: null,
      last_call_at: null,
      idle_notice_at: null,
      release_after: null,
    };
    try {
      await deps.forwardingNumbers.put(record);
    } catch (error) {
      // Bought but not stored: nobody could ever release it, so it goes back now.
      await provider.release(bought.sid).catch((releaseError: unknown) =>
        deps.warn('A forwarding number bought but not stored could not be released: release it at Twilio', {
          sid: bought.sid,
          error: releaseError instanceof Error ? releaseError.message : String(releaseError),
        }),
      );
      throw error;
    }
    return { status: 'bought', record };
  } finally {
    await deps.counters.giveBack(lock);
  }
}

/** STOP or DELETE: the subscriber's number is released after the grace period (unless they come back). */
export async function releaseLater(
  deps: {
    readonly forwardingNumbers: Pick<ForwardingNumberRepository, 'findBySubscriber' | 'update'>;
    readonly clock: Clock;
  },
  subscriber: string,
): Promise<void> {
  const record = await deps.forwardingNumbers.findBySubscriber(subscriber);
  if (!record || record.release_after !== null) return;
  const releaseAfter = new Date(Date.parse(deps.clock()) + RELEASE_GRACE_DAYS * DAY_MS).toISOString();
  await deps.forwardingNumbers.update(record.number, { release_after: releaseAfter });
}

/** START: the subscriber came back, so their number is kept. */
export async function keepNumber(
  deps: { readonly forwardingNumbers: Pick<ForwardingNumberRepository, 'findBySubscriber' | 'update'> },
  subscriber: string,
): Promise<void> {
  const record = await deps.forwardingNumbers.findBySubscriber(subscriber);
  if (record && record.release_after !== null) {
    await deps.forwardingNumbers.update(record.number, { release_after: null });
  }
}
