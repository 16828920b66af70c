/**
 * The onSubscribe handler of the live list's `messages` namespace (AppSync Events, DIRECT Lambda): asks the
 * user pool whether the subscriber is an administrator now, and the settings table which channel is current
 * (use-cases/live-access.ts), so a removed administrator's still-valid token cannot open a new subscription
 * and nobody can subscribe to a pattern or an old channel.
 */
import { userDirectory } from '../../composition/clients/cognito';
import { liveChannelStore } from '../../composition/live-channel';
import { lambdaHandler, logger } from '../../composition/observability';
import { liveAccessOf } from '../../use-cases/live-access';
import { type SubscribeResponse, subscribeEventSchema } from './events';

const deps = { membership: userDirectory(), channels: liveChannelStore() };

export const handler = lambdaHandler(async (raw: unknown): Promise<SubscribeResponse> => {
  const event = subscribeEventSchema.safeParse(raw);
  if (!event.success) {
    // Not a user-pool subscription (an API misconfigured by hand, say): nobody is let in on a guess.
    logger.warn('Live subscription refused: not a subscribe event with a Cognito identity');
    return { error: 'Subscribing needs a signed-in administrator.' };
  }
  const accountId = event.data.identity.sub;
  const channel = event.data.info.channel.path;
  // A failing directory or table (throttled, unreachable) throws: AppSync then refuses the subscription, and
  // the dashboard's client subscribes again after a while.
  const access = await liveAccessOf(deps, accountId, channel);
  logger.info('Live subscription', { accountId, channel, allowed: access.allowed });
  return access.allowed ? null : { error: access.reason };
});
