/**
 * The handler of each route by which an operator corrects a field of a message (review-transcript.ts,
 * review-urgency.ts): the field's body checked, its use case run by the caller, and the message answered as
 * the list shows it. Not a function of its own: each route's handler file is one call of this.
 */
import type * as z from 'zod';
import { listedMessage, type Message } from '#core/messages/message';
import { adminRoutes } from '../../composition/http';
import { messageChanges } from '../../composition/message-changes';
import { usage } from '../../composition/usage';
import { messageIdPathSchema } from '../../http/path-schemas';
import { parseOrThrow } from '../../http/validation';
import type { CorrectionDeps, Corrector } from '../../use-cases/message-corrections';

/** PUT /api/messages/{id}/<field> (admin): `correct` with the checked body; 200 `{message}`. */
export function correctionRoute<Input>(
  options: { readonly body: z.ZodType<Input>; readonly maxBodyBytes: number },
  correct: (
    deps: CorrectionDeps,
    id: string,
    input: Input,
    caller: Corrector,
  ) => Promise<{ readonly message: Message }>,
) {
  const deps = { ...messageChanges(), usage: usage() };
  return adminRoutes()({ access: 'admin', ...options }, async ({ event, body, caller }) => {
    const { id } = parseOrThrow(messageIdPathSchema, event.pathParameters ?? {}, 'path');
    const { message } = await correct(deps, id, body, caller);
    return { status: 200, body: { message: listedMessage(message) } };
  });
}
