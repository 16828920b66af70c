/** GET /api/team (admin): the administrators and the accounts waiting for approval. */
import { userDirectory } from '../../composition/clients/cognito';
import { adminRoutes } from '../../composition/http';
import { viewTeam } from '../../use-cases/team';

const directory = userDirectory();
const route = adminRoutes();

export const handler = route({ access: 'admin' }, async ({ caller }) => ({
  status: 200,
  body: await viewTeam(directory, caller.userId),
}));
