/**
 * The public API of a `/m/<code>` link, in a function of its own: GET /api/m/{code} (the message),
 * POST /api/m/{code}/audio (a short-lived link to its audio, made when play is pressed) and
 * DELETE /api/m/{code} (erases it), its cards as files: GET /api/m/{code}/contact.vcf and
 * /api/m/{code}/event.ics ("Add to contacts", "Add to calendar", issue 25), and GET /api/c/{code}, a file a
 * reply carried as an MMS attachment (CARDS ON, use-cases/card-attachments.ts). No sign-in: the code is the key. Every answer, errors included, is
 * no-store, noindex and no-referrer; any code that opens nothing (past its lifetime in Settings too) gets the
 * same 404.
 */

import { CONTACT_FILE, EVENT_FILE } from '#core/cards/page-cards';
import { CARD_CONTENT_TYPES, cardDisposition } from '#core/cards/served-cards';
import { audioStore } from '../../composition/audio';
import { mediaFetching } from '../../composition/media';
import { messageChanges } from '../../composition/message-changes';
import { publicRoutes } from '../../composition/public-http';
import {
  cardLinkStore,
  senderPreferencesRepository,
  settingsRepository,
} from '../../composition/repositories';
import type { ApiHandler } from '../../http/edge';
import { LINK_ROUTE, linkCodeOf } from '../../http/path-schemas';
import { readCardFile } from '../../use-cases/card-attachments';
import {
  deleteByLink,
  messageLinkAudio,
  messageLinkCard,
  readMessageLink,
} from '../../use-cases/message-link';

const CARD_FILE_ROUTE_KEY = 'GET /api/c/{code}';

const deps = {
  ...messageChanges(),
  settings: settingsRepository(),
  audio: audioStore(),
  providers: mediaFetching(),
  preferences: senderPreferencesRepository(),
  cardLinks: cardLinkStore(),
};
const route = publicRoutes();

const read = route(LINK_ROUTE, async ({ event }) => ({
  status: 200,
  body: await readMessageLink(deps, linkCodeOf(event.pathParameters)),
}));

const audio = route(LINK_ROUTE, async ({ event }) => ({
  status: 200,
  body: await messageLinkAudio(deps, linkCodeOf(event.pathParameters)),
}));

/** A card as a download: its own type, saved under its name, never kept by a cache (the link's headers). */
const card = (which: 'contact' | 'event') =>
  route(LINK_ROUTE, async ({ event }) => {
    const file = await messageLinkCard(deps, linkCodeOf(event.pathParameters), which);
    return {
      status: 200,
      text: file.body,
      headers: {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${file.filename}"`,
      },
    };
  });
const contact = card('contact');
const calendar = card('event');

const remove = route(LINK_ROUTE, async ({ event }) => {
  await deleteByLink(deps, linkCodeOf(event.pathParameters));
  return { status: 200, body: { deleted: true } };
});

// A file a reply carried as an MMS attachment (CARDS ON): written from the message, as a download.
const cardFile = route(LINK_ROUTE, async ({ event }) => {
  const file = await readCardFile(deps, linkCodeOf(event.pathParameters));
  return {
    status: 200,
    text: file.body,
    headers: { 'content-type': CARD_CONTENT_TYPES[file.kind], 'content-disposition': cardDisposition(file) },
  };
});

/** One function, six routes (lambdas/http/routes.ts): the route key says which. */
export const handler: ApiHandler = (event, context) => {
  if (event.routeKey === CARD_FILE_ROUTE_KEY) return cardFile(event, context);
  const method = event.requestContext.http.method;
  if (method === 'DELETE') return remove(event, context);
  if (method === 'POST') return audio(event, context);
  if (event.routeKey.endsWith(`/${CONTACT_FILE}`)) return contact(event, context);
  if (event.routeKey.endsWith(`/${EVENT_FILE}`)) return calendar(event, context);
  return read(event, context);
};
