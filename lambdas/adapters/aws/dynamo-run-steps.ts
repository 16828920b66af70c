import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Message } from '#core/messages/message';
import { MAX_STEPS_KEPT, type RunStep, runStepSchema } from '#core/messages/run-steps';
import type { RunSteps } from '../../ports/run-steps';
import { isLive, toMessage } from './dynamo-message-repository';

/** The attribute of the message's item that holds its steps (messageSchema leaves it out of the message). */
const RUN_STEPS = 'run_steps';

/**
 * Run steps on the message's own item in the messages table: one list append per step (no read first), so
 * they expire with the message (its TTL) and go when it is deleted (retention, DELETE by text).
 */
export class DynamoRunSteps implements RunSteps {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async append(messageId: string, step: RunStep): Promise<void> {
    try {
      await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { id: messageId },
          UpdateExpression: 'SET #steps = list_append(if_not_exists(#steps, :none), :step)',
          // Only onto a message that exists (a deleted one is not brought back), and not past the cap.
          ConditionExpression:
            'attribute_exists(id) AND (attribute_not_exists(#steps) OR size(#steps) < :max)',
          ExpressionAttributeNames: { '#steps': RUN_STEPS },
          ExpressionAttributeValues: { ':none': [], ':step': [step], ':max': MAX_STEPS_KEPT },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async read(messageId: string): Promise<{ message: Message; steps: RunStep[] } | null> {
    const { Item } = await this.db.send(
      new GetCommand({ TableName: this.table, Key: { id: messageId }, ConsistentRead: true }),
    );
    if (!Item || !isLive(Item)) return null;
    const { [RUN_STEPS]: stored, ...message } = Item;
    const steps = Array.isArray(stored) ? (stored as unknown[]) : [];
    return {
      message: toMessage(message),
      steps: steps.flatMap((step) => {
        const parsed = runStepSchema.safeParse(step);
        return parsed.success ? [parsed.data] : [];
      }),
    };
  }
}
