/** GET /api/signups?limit=10 (admin): how many people signed up, and the latest, newest first. */
import * as z from 'zod';
import { adminRoutes } from '../../composition/http';
import { signupRepository } from '../../composition/repositories';
import { latestSignups } from '../../use-cases/signups';

const signups = signupRepository();
const route = adminRoutes();

const MAX_LIMIT = 100;
const query = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_LIMIT}.` })
    .int({ error: `limit must be a whole number from 1 to ${MAX_LIMIT}.` })
    .min(1, { error: `limit must be a whole number from 1 to ${MAX_LIMIT}.` })
    .max(MAX_LIMIT, { error: `limit must be a whole number from 1 to ${MAX_LIMIT}.` })
    .default(10),
});

export const handler = route({ access: 'admin', query }, async ({ query }) => ({
  status: 200,
  body: await latestSignups({ signups }, query.limit),
}));
