/** POST /api/process-audio (admin): (re)starts processing of a pending, stuck or failed message. */
import { processAudioInputSchema } from '../core/schemas';
import { processAudio } from '../use-cases/inbound';
import { inboundDeps, route } from '../wiring';

export const handler = route({ access: 'admin', body: processAudioInputSchema }, async ({ body }) => ({
  status: 202,
  body: await processAudio(inboundDeps, body),
}));
