/**
 * POST /api/uploads (admin): signs a direct upload of one audio file (at most 25 MB) to the upload area of
 * the audio bucket; the browser PUTs the file there, then calls POST /api/messages with its key.
 */

import { uploadRequestSchema } from '#core/audio/uploads';
import { audioStore } from '../../composition/audio';
import { adminRoutes } from '../../composition/http';
import { startUpload } from '../../use-cases/uploads';

const audio = audioStore();
const route = adminRoutes();

export const handler = route({ access: 'admin', body: uploadRequestSchema }, async ({ body }) => ({
  status: 200,
  body: await startUpload({ audio }, body),
}));
