/**
 * Once a day (an EventBridge schedule, issue 33): releases the forwarding numbers past their grace period
 * after STOP or DELETE, counts the numbers held in today's usage, and texts "your forwarding may be off" to a
 * subscriber whose number has had no call for 14 days (use-cases/forwarding-number-checks.ts).
 */
import { lambdaHandler, logger, metrics } from '../../composition/observability';
import { phoneNumberProviders } from '../../composition/phone-numbers';
import { forwardingNumberRepository, senderPreferencesRepository } from '../../composition/repositories';
import { serviceName } from '../../composition/service';
import { outboundSms } from '../../composition/sms';
import { systemClock as clock } from '../../ports/clock';
import { checkForwardingNumbers, type ForwardingChecksDeps } from '../../use-cases/forwarding-number-checks';

const warn = (message: string, details?: Record<string, unknown>) => logger.warn(message, { ...details });

const deps: ForwardingChecksDeps = {
  ...outboundSms(),
  clock,
  providers: { ...outboundSms().providers, ...phoneNumberProviders() },
  forwardingNumbers: forwardingNumberRepository(),
  preferences: senderPreferencesRepository(),
  serviceName: serviceName(),
  warn,
};

export const handler = lambdaHandler(async () => {
  const result = await checkForwardingNumbers(deps);
  metrics.addMetric('ForwardingNumbersReleased', 'Count', result.released);
  metrics.addMetric('ForwardingNumbersHeld', 'Count', result.held);
  if (result.releaseFailed > 0) {
    logger.warn('Forwarding numbers not released (tried again tomorrow)', { count: result.releaseFailed });
  }
  logger.info('Forwarding numbers checked', result);
  return result;
});
