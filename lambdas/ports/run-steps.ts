import type { RunStep } from '../core/run-steps';

/** Each message's runs step by step (core/run-steps.ts), kept with the message and erased with it. */
export interface RunSteps {
  /** Adds one try of one step at the end of the message's record; nothing when the message is gone. */
  append(messageId: string, step: RunStep): Promise<void>;
  /** The message's steps in the order they were written, or null when there is no such message. */
  list(messageId: string): Promise<RunStep[] | null>;
}
