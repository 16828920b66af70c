/** GET /api/messages?limit=10 (admin): recent messages, newest first. */
import { listMessagesQuerySchema } from '../core/schemas';
import { listRecentMessages } from '../use-cases/messages';
import { messages, route } from '../wiring';

export const handler = route({ access: 'admin', query: listMessagesQuerySchema }, async ({ query }) => {
  const items = await listRecentMessages({ messages }, query.limit);
  return { status: 200, body: { messages: items, count: items.length } };
});
