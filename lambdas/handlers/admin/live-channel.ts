/**
 * GET /api/live-channel (admin): the channel the dashboard's live list subscribes to now
 * (`{channel: "/messages/<key>"}`); it moves whenever an account leaves the team.
 */
import { adminRoutes } from '../../composition/http';
import { liveChannelStore } from '../../composition/live-channel';
import { currentLiveChannel } from '../../use-cases/live-access';

const channels = liveChannelStore();
const route = adminRoutes();

export const handler = route({ access: 'admin' }, async () => ({
  status: 200,
  body: await currentLiveChannel(channels),
}));
