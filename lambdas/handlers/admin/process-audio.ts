/** POST /api/process-audio (admin): (re)starts processing of a pending, stuck or failed message. */

import { processAudioInputSchema } from '#core/messages/message';
import { adminRoutes } from '../../composition/http';
import { messageChanges } from '../../composition/message-changes';
import { pipelineStarter } from '../../composition/pipeline-starter';
import { processAudio } from '../../use-cases/retry-message';

// The message and the pipeline only: the steps fetch the audio themselves.
const deps = { ...messageChanges(), pipeline: pipelineStarter() };
const route = adminRoutes();

export const handler = route({ access: 'admin', body: processAudioInputSchema }, async ({ body }) => ({
  status: 202,
  body: await processAudio(deps, body),
}));
