/**
 * Everything that writes a message does it through use-cases/message-changes.ts with these dependencies:
 * the messages table, and the live-update publisher (AppSync Events; locally the runtime's stand-in), which
 * reads EVENTS_HTTP_ENDPOINT and the current channel's key (SETTINGS_TABLE). Functions that only read
 * messages use `messageReads` and get neither the variable nor the right to publish.
 */
import { LogMessageEvents } from '../adapters/log-message-events';
import { systemClock } from '../ports/clock';
import type { MessageChangeDeps } from '../use-cases/message-changes';
import { liveUpdates } from './live-channel';
import { logger } from './observability';
import { once } from './once';
import { messageRepository } from './repositories';

export const messageChanges = once(
  (): MessageChangeDeps => ({
    messages: messageRepository(),
    events: new LogMessageEvents(logger, liveUpdates()),
    clock: systemClock,
    // The change is written; only the live list missed it, and the dashboard refetches after a reconnect.
    onPublishError: (error: unknown) =>
      logger.warn('Live update not published', { error: (error as Error).message }),
  }),
);

/** For functions that read messages and never change them. */
export const messageReads = once(() => ({ messages: messageRepository() }));

/** Told about things that went wrong but did not stop the work (e.g. deleting media at Twilio). */
export const warn = (message: string, details?: Record<string, unknown>) =>
  logger.warn(message, { ...details });
