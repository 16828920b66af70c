/** GET /api/messages/{id}/run (admin): the message's runs step by step, its reply parts and estimated cost. */
import * as z from 'zod';
import { adminRoutes } from '../composition/http';
import { runSteps, settingsRepository } from '../composition/repositories';
import { parseOrThrow } from '../http/validation';
import { messageRun } from '../use-cases/usage';

const deps = { runSteps: runSteps(), settings: settingsRepository() };
const route = adminRoutes();

const params = z.object({ id: z.string().min(1).max(100) });

export const handler = route({ access: 'admin' }, async ({ event }) => {
  const { id } = parseOrThrow(params, event.pathParameters ?? {}, 'path');
  return { status: 200, body: await messageRun(deps, id) };
});
