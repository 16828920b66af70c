/** GET /api/messages?limit=10 (admin): recent messages, newest first. */
import { adminRoutes } from '../composition/http';
import { messageRepository } from '../composition/repositories';
import { listMessagesQuerySchema } from '../core/schemas';
import { listRecentMessages } from '../use-cases/messages';

const messages = messageRepository();
const route = adminRoutes();

export const handler = route({ access: 'admin', query: listMessagesQuerySchema }, async ({ query }) => {
  const items = await listRecentMessages({ messages }, query.limit);
  return { status: 200, body: { messages: items, count: items.length } };
});
