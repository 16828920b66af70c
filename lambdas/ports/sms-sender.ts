/** One SMS to send. `from` is the service's number (null locally when none is configured). */
export type OutgoingSms = {
  readonly to: string;
  readonly from: string | null;
  readonly body: string;
  /** The voice message this SMS answers, when there is one (recorded in the outbox and in logs). */
  readonly messageId: string | null;
};

/**
 * Sends SMS: Twilio in production, the outbox file locally. Resolves once the provider accepted the message;
 * throws TransientError (429, 5xx, timeout) or PermanentError (bad credentials, invalid number).
 */
export interface SmsSender {
  send(sms: OutgoingSms): Promise<{ readonly id: string }>;
}
