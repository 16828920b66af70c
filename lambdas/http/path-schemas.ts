/** The path parameters the routes share (lambdas/http/routes.ts), each checked with one schema. */
import * as z from 'zod';

/** A message's id in the path (`/api/messages/{id}/...`). */
export const messageIdPathSchema = z.object({ id: z.string().min(1).max(100) });

/** A message or upload link's code in the path (`/api/m/{code}`, `/api/u/{code}`); the use case checks it. */
export const linkCodePathSchema = z.object({ code: z.string() });
