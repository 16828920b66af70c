/** GET /api/messages/{id}/run (admin): the message's runs step by step, its reply parts and estimated cost. */
import { adminRoutes } from '../../composition/http';
import { runSteps, settingsRepository } from '../../composition/repositories';
import { messageIdPathSchema } from '../../http/path-schemas';
import { parseOrThrow } from '../../http/validation';
import { messageRun } from '../../use-cases/usage';

const deps = { runSteps: runSteps(), settings: settingsRepository() };
const route = adminRoutes();

export const handler = route({ access: 'admin' }, async ({ event }) => {
  const { id } = parseOrThrow(messageIdPathSchema, event.pathParameters ?? {}, 'path');
  return { status: 200, body: await messageRun(deps, id) };
});
