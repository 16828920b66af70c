import type { Logger } from '@aws-lambda-powertools/logger';
import type { MessageChange, MessageEvents } from '../ports/message-events';

/**
 * Records each message change in the log (id and status only: no transcript, no phone number), then hands it
 * to the publisher the dashboard's live list listens to.
 */
export class LogMessageEvents implements MessageEvents {
  constructor(
    private readonly logger: Pick<Logger, 'info'>,
    private readonly next?: MessageEvents,
  ) {}

  async publish(change: MessageChange): Promise<void> {
    const { type, message } = change;
    this.logger.info('Message changed', { change: type, messageId: message.id, status: message.status });
    await this.next?.publish(change);
  }
}
