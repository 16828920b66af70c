/**
 * GET /api/messages/{id}/words (admin): the message's words with how sure the speech engine was of each
 * (`{words}`, null when it has none), which lists and live changes leave out.
 */
import { adminRoutes } from '../../composition/http';
import { messageReads } from '../../composition/message-changes';
import { messageIdPathSchema } from '../../http/path-schemas';
import { parseOrThrow } from '../../http/validation';
import { messageWords } from '../../use-cases/messages';

const deps = messageReads();
const route = adminRoutes();

export const handler = route({ access: 'admin' }, async ({ event }) => {
  const { id } = parseOrThrow(messageIdPathSchema, event.pathParameters ?? {}, 'path');
  return { status: 200, body: await messageWords(deps, id) };
});
