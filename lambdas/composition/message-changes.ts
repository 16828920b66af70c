/** Everything that writes a message does it through use-cases/message-changes.ts with these dependencies. */
import { LogMessageEvents } from '../adapters/log-message-events';
import { systemClock } from '../ports/clock';
import type { MessageChangeDeps } from '../use-cases/message-changes';
import { logger } from './observability';
import { once } from './once';
import { messageRepository } from './repositories';

export const messageChanges = once(
  (): MessageChangeDeps => ({
    messages: messageRepository(),
    events: new LogMessageEvents(logger),
    clock: systemClock,
    onPublishError: (error: unknown) => logger.warn('Live update not published', { error: error as Error }),
  }),
);

/** Told about things that went wrong but did not stop the work (e.g. deleting media at Twilio). */
export const warn = (message: string, details?: Record<string, unknown>) =>
  logger.warn(message, { ...details });
