/**
 * The live list's channel (core/messages/live-updates.ts): its key in the settings table (SETTINGS_TABLE), and the
 * publisher that sends message changes there and tells the old channel when it moves (EVENTS_HTTP_ENDPOINT).
 */
import { fromEnv } from '@aws-sdk/credential-provider-env';
import * as z from 'zod';
import { liveChannelPath } from '#core/messages/live-updates';
import { AppSyncEventsPublisher } from '../adapters/aws/appsync-events-publisher';
import { DynamoLiveChannelStore } from '../adapters/aws/dynamo-live-channel-store';
import type { LiveChannelMoveDeps } from '../use-cases/live-access';
import { documentClient } from './clients/dynamodb';
import { region } from './clients/region';
import { ENV } from './env-names';
import { hostAdapters } from './host';
import { logger } from './observability';
import { once } from './once';
import { readEnv, required } from './read-env';

export const liveChannelStore = once(
  () =>
    new DynamoLiveChannelStore(
      documentClient(),
      readEnv('the live channel', { [ENV.SETTINGS_TABLE]: required }).SETTINGS_TABLE,
    ),
);

export const liveUpdates = once(() => {
  const { EVENTS_HTTP_ENDPOINT } = readEnv('live updates (AppSync Events)', {
    [ENV.EVENTS_HTTP_ENDPOINT]: z.url(),
  });
  const channels = liveChannelStore();
  return new AppSyncEventsPublisher({
    httpEndpoint: EVENTS_HTTP_ENDPOINT,
    region: region(),
    // Lambda puts the role's credentials in the environment; the local runtime gives its own.
    credentials: hostAdapters().awsCredentials ?? fromEnv(),
    channel: async () => liveChannelPath(await channels.current()),
    unannounced: async () => (await channels.takeUnannounced()).map(liveChannelPath),
  });
});

/** What moving the channel needs (a removal from the team). */
export const liveChannelMove = once(
  (): LiveChannelMoveDeps => ({
    channels: liveChannelStore(),
    notices: liveUpdates(),
    onNoticeError: (error: unknown) =>
      logger.warn('The live channel moved, but the notice to the old one was not published', {
        error: (error as Error).message,
      }),
  }),
);
