/** GET /api/messages/{id}/audio (admin): a link to the message's audio that works for a few minutes. */
import { audioStore } from '../../composition/audio';
import { adminRoutes } from '../../composition/http';
import { messageReads } from '../../composition/message-changes';
import { messageIdPathSchema } from '../../http/path-schemas';
import { parseOrThrow } from '../../http/validation';
import { audioLink } from '../../use-cases/uploads';

const deps = { ...messageReads(), audio: audioStore() };
const route = adminRoutes();

export const handler = route({ access: 'admin' }, async ({ event }) => {
  const { id } = parseOrThrow(messageIdPathSchema, event.pathParameters ?? {}, 'path');
  return { status: 200, body: await audioLink(deps, id) };
});
