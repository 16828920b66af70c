/** POST /api/team/{id}/approve (admin): a waiting account becomes an administrator. */

import { teamMemberPathSchema } from '#core/operator/team';
import { userDirectory } from '../../composition/clients/cognito';
import { adminRoutes } from '../../composition/http';
import { parseOrThrow } from '../../http/validation';
import { approveAccount } from '../../use-cases/team';

const directory = userDirectory();
const route = adminRoutes();

export const handler = route({ access: 'admin' }, async ({ caller, event }) => {
  const { id } = parseOrThrow(teamMemberPathSchema, event.pathParameters ?? {}, 'path');
  return { status: 200, body: await approveAccount(directory, id, caller.userId) };
});
