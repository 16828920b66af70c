/** One SMS to send. `from` is the service's number (null locally when none is configured). */
export type OutgoingSms = {
  readonly to: string;
  readonly from: string | null;
  readonly body: string;
  /** The voice message this SMS answers, when there is one (recorded in the outbox and in logs). */
  readonly messageId: string | null;
  /** Public URLs of files to attach (the provider fetches them): it goes as an MMS. Absent: a plain SMS. */
  readonly media?: readonly string[];
};

/**
 * Sends SMS: Twilio in production, the outbox file locally. Resolves with the provider's id for the message
 * (Twilio's SID) once it accepted it; throws TransientError (429, 5xx, timeout), RecipientOptedOutError
 * (21610) or PermanentError (bad credentials, invalid number). Called only by the outbound gate
 * (lambdas/use-cases/outbound-sms.ts), which applies opt-outs, countries and the segment caps first.
 */
export interface SmsSender {
  send(sms: OutgoingSms): Promise<{ readonly id: string }>;
}
