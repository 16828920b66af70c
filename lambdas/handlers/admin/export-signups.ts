/** GET /api/signups/export (admin): every sign-up as a CSV attachment. */
import { adminRoutes } from '../../composition/http';
import { signupRepository } from '../../composition/repositories';
import { signupsCsv } from '../../use-cases/signups';

const signups = signupRepository();
const route = adminRoutes();

export const handler = route({ access: 'admin' }, async () => ({
  status: 200,
  text: await signupsCsv({ signups }),
  headers: {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="signups-${new Date().toISOString().slice(0, 10)}.csv"`,
  },
}));
