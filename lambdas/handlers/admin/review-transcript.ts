/**
 * PUT /api/messages/{id}/transcript-review (admin): `{wrong: true, corrected_text?}` marks the message's
 * transcript wrong (by the caller, now); `{wrong: false}` clears the mark. Answers with the message as the
 * list shows it.
 */
import { transcriptReviewInputSchema } from '#core/messages/message-corrections';
import { BODY_LIMITS } from '../../http/routes';
import { reviewTranscript } from '../../use-cases/message-corrections';
import { correctionRoute } from './correction-route';

export const handler = correctionRoute(
  { body: transcriptReviewInputSchema, maxBodyBytes: BODY_LIMITS.transcriptReview },
  reviewTranscript,
);
