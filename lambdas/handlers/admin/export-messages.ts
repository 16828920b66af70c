/**
 * GET /api/messages/export (admin): the history narrowed by `sender`, `status`, `from`, `to` as a CSV
 * attachment. `x-export-truncated: true` says the file stopped at the size limit (narrow the dates).
 */

import { messageFiltersQuerySchema } from '#core/messages/message-history';
import { adminRoutes } from '../../composition/http';
import { messageRepository } from '../../composition/repositories';
import { messagesCsv } from '../../use-cases/messages';

const messages = messageRepository();
const route = adminRoutes();

export const handler = route({ access: 'admin', query: messageFiltersQuerySchema }, async ({ query }) => {
  const { csv, rows, truncated } = await messagesCsv({ messages }, query);
  return {
    status: 200,
    text: csv,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="messages-${new Date().toISOString().slice(0, 10)}.csv"`,
      'x-export-rows': String(rows),
      'x-export-truncated': String(truncated),
    },
  };
});
