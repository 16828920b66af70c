/**
 * PUT /api/messages/{id}/urgency (admin): `{level}` corrects the message's urgency (by the caller, now), or
 * clears the correction when it is the pipeline's own level. Answers with the message as the list shows it.
 */
import { urgencyReviewInputSchema } from '#core/messages/message-corrections';
import { BODY_LIMITS } from '../../http/routes';
import { reviewUrgency } from '../../use-cases/message-corrections';
import { correctionRoute } from './correction-route';

export const handler = correctionRoute(
  { body: urgencyReviewInputSchema, maxBodyBytes: BODY_LIMITS.json },
  reviewUrgency,
);
