/**
 * Everything that writes a message does it through use-cases/message-changes.ts with these dependencies:
 * the messages table, and the live-update publisher (AppSync Events; locally the runtime's stand-in), which
 * reads EVENTS_HTTP_ENDPOINT. Functions that only read messages use `messageReads` and get neither the
 * variable nor the right to publish.
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';
import * as z from 'zod';
import { AppSyncEventsPublisher } from '../adapters/aws/appsync-events-publisher';
import { LogMessageEvents } from '../adapters/log-message-events';
import { systemClock } from '../ports/clock';
import type { MessageChangeDeps } from '../use-cases/message-changes';
import { ENV } from './env-names';
import { hostAdapters } from './host';
import { logger } from './observability';
import { once } from './once';
import { readEnv } from './read-env';
import { region } from './region';
import { messageRepository } from './repositories';

const liveUpdates = once(() => {
  const { EVENTS_HTTP_ENDPOINT } = readEnv('live updates (AppSync Events)', {
    [ENV.EVENTS_HTTP_ENDPOINT]: z.url(),
  });
  return new AppSyncEventsPublisher({
    httpEndpoint: EVENTS_HTTP_ENDPOINT,
    region: region(),
    // Lambda puts the role's credentials in the environment; the local runtime gives its own.
    credentials: hostAdapters().awsCredentials ?? fromEnv(),
  });
});

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
