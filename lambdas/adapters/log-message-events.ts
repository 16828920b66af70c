import type { Logger } from '@aws-lambda-powertools/logger';
import type { MessageChange, MessageEvents } from '../ports/message-events';

/**
 * Records each message change in the log (id and status only: no transcript, no phone number). The live
 * dashboard's publisher (AppSync Events) plugs in at the same port when the dashboard is built.
 */
export class LogMessageEvents implements MessageEvents {
  constructor(private readonly logger: Pick<Logger, 'info'>) {}

  async publish({ type, message }: MessageChange): Promise<void> {
    this.logger.info('Message changed', { change: type, messageId: message.id, status: message.status });
  }
}
