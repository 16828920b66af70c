/**
 * Why `npm run sms` saw no reply (issue 31): the helper reads what the service decided about what it sent (the
 * message record, in the runtime's messages table) and says that, instead of guessing. Before, after STOP it
 * waited 180 s and then blamed Twilio's credentials; a number that opted out gets no reply by design.
 */
import { voiceMessageId } from '#core/messages/new-message';
import { createDocumentClient } from '../lambdas/adapters/aws/clients/dynamodb-client';
import { DynamoMessageRepository } from '../lambdas/adapters/aws/dynamo-message-repository';
import type { RuntimeInfo } from './runtime-info';

/** What the service made of a post: still working on it (no verdict yet), or done, with why nothing came back. */
export type PostOutcome =
  | { readonly done: false; readonly status: string | null }
  | { readonly done: true; readonly why: string };

export type OutcomeReader = {
  /** What became of the post with this MessageSid (its voice message, or the record of what was refused). */
  read(messageSid: string, from: string): Promise<PostOutcome>;
  close(): void;
};

/** Reads the runtime's messages table (its dynalite, on this machine). */
export function outcomeReader(
  info: Pick<RuntimeInfo, 'region' | 'dynamodb' | 'tables' | 'url'>,
): OutcomeReader {
  const db = createDocumentClient({ region: info.region, endpoint: info.dynamodb.endpoint });
  const messages = new DynamoMessageRepository(db, info.tables.messages);
  return {
    async read(messageSid, from) {
      const message = (await messages.get(voiceMessageId(messageSid, 0))) ?? (await messages.get(messageSid));
      if (!message) return { done: false, status: null };
      if (message.refusal?.reason === 'opted-out') {
        return {
          done: true,
          why: `${from} opted out (it texted STOP): the service answers nothing it sends and processes none of it, only keeps a record (${info.url}/admin). Text START to opt back in: npm run sms -- --from ${from} --body START`,
        };
      }
      if (message.refusal) return { done: true, why: `Not processed: ${message.error_message ?? ''}`.trim() };
      if (message.status === 'failed') {
        return { done: true, why: `The message failed: ${message.error_message ?? 'see the dashboard'}` };
      }
      if (message.status === 'completed' && !message.reply_sent) {
        return {
          done: true,
          why: `The message was processed, but no reply was sent (auto-reply off, a limit, or a text refused: the dashboard says which, at ${info.url}/admin).`,
        };
      }
      // Still working, or replied (the reply is in the outbox, or with Twilio once it is connected).
      return { done: false, status: message.status };
    },
    close: () => db.destroy(),
  };
}
