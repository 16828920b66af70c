/**
 * The public API of an UPLOAD link (`/u/<code>`), in a function of its own: GET /api/u/{code} (does the link
 * work), POST /api/u/{code}/upload (a signed PUT of one recording to the link's key in the upload area) and
 * POST /api/u/{code}/message (the recording becomes a voice message from the link's sender; the link is used
 * up). A number past its voice messages a day gets 409 at each step, and nothing it sends is kept. No
 * sign-in: the code is the key. Every answer is no-store, noindex and no-referrer; any code that
 * opens nothing gets the same 404.
 */

import { uploadRequestSchema } from '#core/audio/uploads';
import { metrics } from '../../composition/observability';
import { publicRoutes } from '../../composition/public-http';
import { counters, uploadCodeStore } from '../../composition/repositories';
import { uploadDeps } from '../../composition/uploads';
import type { ApiHandler } from '../../http/edge';
import { LINK_ROUTE, linkCodeOf } from '../../http/path-schemas';
import { readUploadLink, receiveLinkUpload, startLinkUpload } from '../../use-cases/upload-link';

const deps = { ...uploadDeps(), uploadCodes: uploadCodeStore(), counters: counters() };
const route = publicRoutes();

const read = route(LINK_ROUTE, async ({ event }) => ({
  status: 200,
  body: await readUploadLink(deps, linkCodeOf(event.pathParameters)),
}));

const upload = route({ ...LINK_ROUTE, body: uploadRequestSchema }, async ({ event, body }) => ({
  status: 200,
  body: await startLinkUpload(deps, linkCodeOf(event.pathParameters), body),
}));

const message = route(LINK_ROUTE, async ({ event }) => {
  await receiveLinkUpload(deps, linkCodeOf(event.pathParameters));
  metrics.addMetric('MessagesReceived', 'Count', 1);
  // The message id stays with the service: the page has nothing to open with it.
  return { status: 201, body: { received: true } };
});

/** One function, three routes (lambdas/http/routes.ts): the route key says which. */
export const handler: ApiHandler = (event, context) => {
  if (event.requestContext.http.method === 'GET') return read(event, context);
  if (event.routeKey.endsWith('/upload')) return upload(event, context);
  return message(event, context);
};
