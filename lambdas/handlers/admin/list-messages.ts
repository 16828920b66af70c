/**
 * GET /api/messages (admin): the newest messages first, 10 by default (the Recent Messages list), or a page
 * of the history: `limit` up to 100, `cursor`, and the filters `sender`, `status`, `from`, `to`.
 */

import { listMessagesQuerySchema } from '#core/messages/message';
import { adminRoutes } from '../../composition/http';
import { messageRepository } from '../../composition/repositories';
import { listMessageHistory } from '../../use-cases/messages';

const messages = messageRepository();
const route = adminRoutes();

export const handler = route({ access: 'admin', query: listMessagesQuerySchema }, async ({ query }) => ({
  status: 200,
  body: await listMessageHistory({ messages }, query),
}));
