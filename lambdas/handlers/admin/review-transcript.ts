/**
 * PUT /api/messages/{id}/transcript-review (admin): `{wrong: true, corrected_text?}` marks the message's
 * transcript wrong (by the caller, now); `{wrong: false}` clears the mark. Answers with the message as the
 * list shows it.
 */

import { listedMessage } from '#core/messages/message';
import { transcriptReviewInputSchema } from '#core/transcripts/transcript-review';
import { adminRoutes } from '../../composition/http';
import { messageChanges } from '../../composition/message-changes';
import { usage } from '../../composition/usage';
import { messageIdPathSchema } from '../../http/path-schemas';
import { BODY_LIMITS } from '../../http/routes';
import { parseOrThrow } from '../../http/validation';
import { reviewTranscript } from '../../use-cases/transcript-review';

const deps = { ...messageChanges(), usage: usage() };
const route = adminRoutes();

export const handler = route(
  { access: 'admin', body: transcriptReviewInputSchema, maxBodyBytes: BODY_LIMITS.transcriptReview },
  async ({ event, body, caller }) => {
    const { id } = parseOrThrow(messageIdPathSchema, event.pathParameters ?? {}, 'path');
    const { message } = await reviewTranscript(deps, id, body, caller);
    return { status: 200, body: { message: listedMessage(message) } };
  },
);
