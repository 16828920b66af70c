/**
 * PUT /api/messages/{id}/urgency (admin): `{level}` corrects the message's urgency (by the caller, now), or
 * clears the correction when it is the pipeline's own level. Answers with the message as the list shows it.
 */

import { listedMessage } from '#core/messages/message';
import { urgencyReviewInputSchema } from '#core/urgency/urgency-review';
import { adminRoutes } from '../../composition/http';
import { messageChanges } from '../../composition/message-changes';
import { usage } from '../../composition/usage';
import { messageIdPathSchema } from '../../http/path-schemas';
import { BODY_LIMITS } from '../../http/routes';
import { parseOrThrow } from '../../http/validation';
import { reviewUrgency } from '../../use-cases/urgency-review';

const deps = { ...messageChanges(), usage: usage() };
const route = adminRoutes();

export const handler = route(
  { access: 'admin', body: urgencyReviewInputSchema, maxBodyBytes: BODY_LIMITS.json },
  async ({ event, body, caller }) => {
    const { id } = parseOrThrow(messageIdPathSchema, event.pathParameters ?? {}, 'path');
    const { message } = await reviewUrgency(deps, id, body, caller);
    return { status: 200, body: { message: listedMessage(message) } };
  },
);
