/**
 * DELETE /api/team/{id} (admin): removes an account, waiting or administrator (never the last administrator);
 * the live list moves to a new channel, its sessions end and its tokens are refused by every admin route
 * within ADMIN_RECHECK_SECONDS.
 */

import { teamMemberPathSchema } from '#core/operator/team';
import { userDirectory } from '../../composition/clients/cognito';
import { adminRoutes } from '../../composition/http';
import { liveChannelMove } from '../../composition/live-channel';
import { parseOrThrow } from '../../http/validation';
import { removeAccount } from '../../use-cases/team';

const deps = { directory: userDirectory(), live: liveChannelMove() };
const route = adminRoutes();

export const handler = route({ access: 'admin' }, async ({ event }) => {
  const { id } = parseOrThrow(teamMemberPathSchema, event.pathParameters ?? {}, 'path');
  await removeAccount(deps, id);
  return { status: 204 };
});
