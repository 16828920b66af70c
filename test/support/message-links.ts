/** A message someone can read through its `/m/<code>` link, written straight to a running runtime's table. */
import { randomUUID } from 'node:crypto';
import { createDocumentClient } from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { DynamoMessageRepository } from '../../lambdas/adapters/aws/dynamo-message-repository';
import { createMessageLink } from '../../lambdas/use-cases/message-link';
import type { RunningRuntime } from './local-runtime';
import { pendingMessage } from './messages';

/** A completed message with a link; resolves to the link's code. */
export async function linkedMessage(runtime: RunningRuntime): Promise<string> {
  const db = createDocumentClient({ region: runtime.info.region, endpoint: runtime.info.dynamodb.endpoint });
  try {
    const messages = new DynamoMessageRepository(db, runtime.info.tables.messages);
    const message = pendingMessage({
      id: randomUUID(),
      created_at: new Date().toISOString(),
      attempt: 1,
      status: 'completed',
      summary: 'Sam asks for a call back about the invoice before Friday.',
      transcript: 'Hi, this is Sam. Please call back about the invoice before Friday. Thanks.',
    });
    await messages.create(message);
    const clock = () => new Date().toISOString();
    const url = await createMessageLink({ messages, clock }, message.id, 1, runtime.url);
    if (!url) throw new Error('The message link was not made.');
    return url.split('/m/')[1]!;
  } finally {
    db.destroy();
  }
}
