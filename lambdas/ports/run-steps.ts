import type { Message } from '#core/messages/message';
import type { RunStep } from '#core/messages/run-steps';

/** Each message's runs step by step (core/messages/run-steps.ts), kept with the message and erased with it. */
export interface RunSteps {
  /** Adds one try of one step at the end of the message's record; nothing when the message is gone. */
  append(messageId: string, step: RunStep): Promise<void>;
  /**
   * The message and its steps in the order they were written, from one read of the message's record (Details
   * shows both), or null when there is no such message.
   */
  read(messageId: string): Promise<{ readonly message: Message; readonly steps: RunStep[] } | null>;
}
