/**
 * The forwarding numbers' daily check on one machine (issue 33; in AWS an EventBridge schedule runs
 * handlers/scheduled/forwarding-numbers.ts): at start-up and then every day, the same use case releases the
 * numbers past their grace period, counts those held and texts idle subscribers.
 */
import { logger } from '../lambdas/composition/observability';
import { phoneNumberProviders } from '../lambdas/composition/phone-numbers';
import { forwardingNumberRepository, senderPreferencesRepository } from '../lambdas/composition/repositories';
import { serviceName } from '../lambdas/composition/service';
import { outboundSms } from '../lambdas/composition/sms';
import { systemClock } from '../lambdas/ports/clock';
import {
  checkForwardingNumbers,
  type ForwardingChecksResult,
} from '../lambdas/use-cases/forwarding-number-checks';

const DAY_MS = 24 * 60 * 60 * 1000;

export function startForwardingNumberChecks(log: (line: string) => void): {
  readonly stop: () => void;
  readonly check: () => Promise<ForwardingChecksResult>;
} {
  const check = async () => {
    const result = await checkForwardingNumbers({
      ...outboundSms(),
      clock: systemClock,
      providers: { ...outboundSms().providers, ...phoneNumberProviders() },
      forwardingNumbers: forwardingNumberRepository(),
      preferences: senderPreferencesRepository(),
      serviceName: serviceName(),
      warn: (message, details) => logger.warn(message, { ...details }),
    });
    if (result.released) log(`Forwarding numbers: released ${result.released} past their grace period.`);
    if (result.idleTexts)
      log(`Forwarding numbers: told ${result.idleTexts} subscriber(s) forwarding may be off.`);
    return result;
  };
  const run = () => {
    check().catch((error: Error) =>
      log(`Forwarding number check failed (it runs again tomorrow): ${error.message}`),
    );
  };
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), check };
}
