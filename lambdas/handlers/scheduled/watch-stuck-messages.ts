/**
 * Every 5 minutes (an EventBridge schedule): counts the messages older than 15 minutes that are still pending
 * or processing, as the StuckMessages metric (its alarm tells the operator), and logs their ids.
 */
import { lambdaHandler, logger, metrics } from '../../composition/observability';
import { messageRepository } from '../../composition/repositories';
import { systemClock as clock } from '../../ports/clock';
import { findStuckMessages } from '../../use-cases/stuck-messages';

const messages = messageRepository();

export const handler = lambdaHandler(async () => {
  const stuck = await findStuckMessages({ messages, clock });
  metrics.addMetric('StuckMessages', 'Count', stuck.length);
  if (stuck.length > 0) {
    logger.warn('Messages stuck for more than 15 minutes', {
      messages: stuck.map((m) => ({ id: m.id, status: m.status, createdAt: m.created_at })),
    });
  }
  return { stuck: stuck.length };
});
