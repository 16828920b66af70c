/** The path parameters the routes share (lambdas/http/routes.ts), each checked with one schema. */
import * as z from 'zod';
import { MESSAGE_LINK_HEADERS } from '#core/site/site-paths';
import { parseOrThrow } from './validation';

/** A message's id in the path (`/api/messages/{id}/...`). */
export const messageIdPathSchema = z.object({ id: z.string().min(1).max(100) });

/** A message or upload link's code in the path (`/api/m/{code}`, `/api/u/{code}`); the use case checks it. */
export const linkCodePathSchema = z.object({ code: z.string() });

/**
 * The options of every public link route: no sign-in, and the link pages' headers (no-store, noindex,
 * no-referrer) on every answer, errors included.
 */
export const LINK_ROUTE = { access: 'public', headers: MESSAGE_LINK_HEADERS } as const;

/**
 * The link's code from the path. Any text is hashed and looked up (the use case checks its shape after), so
 * a malformed code takes the same path, and gets the same 404, as an unknown one.
 */
export const linkCodeOf = (pathParameters: Record<string, string | undefined> | undefined): string =>
  parseOrThrow(linkCodePathSchema, pathParameters ?? {}, 'path').code;
