/**
 * The public API of an UPLOAD link (`/u/<code>`), in a function of its own: GET /api/u/{code} (does the link
 * work), POST /api/u/{code}/upload (a signed PUT of one recording to the link's key in the upload area) and
 * POST /api/u/{code}/message (the recording becomes a voice message from the link's sender; the link is used
 * up). No sign-in: the code is the key. Every answer is no-store, noindex and no-referrer; any code that
 * opens nothing gets the same 404.
 */
import { audioStore, audioTools } from '../composition/audio';
import { publicRoutes } from '../composition/http';
import { messageChanges, warn } from '../composition/message-changes';
import { metrics } from '../composition/observability';
import { pipelineStarter } from '../composition/pipeline-starter';
import { counters, settingsRepository, uploadCodeStore } from '../composition/repositories';
import { usage } from '../composition/usage';
import { MESSAGE_LINK_HEADERS } from '../core/message-link';
import { uploadRequestSchema } from '../core/uploads';
import type { ApiHandler } from '../http/edge';
import { linkCodePathSchema } from '../http/path-schemas';
import { parseOrThrow } from '../http/validation';
import { readUploadLink, receiveLinkUpload, startLinkUpload } from '../use-cases/upload-link';

const deps = {
  ...messageChanges(),
  uploadCodes: uploadCodeStore(),
  counters: counters(),
  audio: audioStore(),
  audioTools: audioTools(),
  settings: settingsRepository(),
  pipeline: pipelineStarter(),
  usage: usage(),
  warn,
};
const route = publicRoutes();

// Any text is hashed and looked up (use-cases/upload-link.ts checks its shape after), so a malformed code
// takes the same path, and gets the same 404, as an unknown one.
const options = { access: 'public', headers: MESSAGE_LINK_HEADERS } as const;
const codeOf = (pathParameters: Record<string, string | undefined> | undefined) =>
  parseOrThrow(linkCodePathSchema, pathParameters ?? {}, 'path').code;

const read = route(options, async ({ event }) => ({
  status: 200,
  body: await readUploadLink(deps, codeOf(event.pathParameters)),
}));

const upload = route({ ...options, body: uploadRequestSchema }, async ({ event, body }) => ({
  status: 200,
  body: await startLinkUpload(deps, codeOf(event.pathParameters), body),
}));

const message = route(options, async ({ event }) => {
  const { transcribed } = await receiveLinkUpload(deps, codeOf(event.pathParameters));
  metrics.addMetric('MessagesReceived', 'Count', 1);
  if (!transcribed) metrics.addMetric('VoiceMessagesOverLimit', 'Count', 1);
  // The message id stays with the service: the page has nothing to open with it.
  return { status: 201, body: { received: true, transcribed } };
});

/** One function, three routes (lambdas/http/routes.ts): the route key says which. */
export const handler: ApiHandler = (event, context) => {
  if (event.requestContext.http.method === 'GET') return read(event, context);
  if (event.routeKey.endsWith('/upload')) return upload(event, context);
  return message(event, context);
};
