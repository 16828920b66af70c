/**
 * Which message a text sent about one belongs to, by the provider's id for the text (Twilio's SID): how a
 * delivery status callback, which names only the SID, finds its message without a scan.
 */
export interface SentTextRepository {
  /** Records that the text `sid` is about `messageId`; the link is kept until `expiresAt` (ISO time). */
  link(sid: string, messageId: string, expiresAt: string): Promise<void>;
  /** The message the text is about, or null when it is not one we recorded (or the link expired). */
  messageIdOf(sid: string): Promise<string | null>;
}
