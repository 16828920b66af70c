/** A pending UPLOAD link (core/audio/upload-link.ts): who asked for it, until when. Keyed by the code's SHA-256. */
export type UploadCode = {
  /** The sender (E.164) the recording will be a message from. */
  readonly phoneNumber: string;
  /** When the link stops working (ISO). */
  readonly expiresAt: string;
};

/** The pending UPLOAD links, one per code hash; a code is used up by a conditional delete. */
export interface UploadCodeStore {
  /** Keeps a new code's hash (also to give back a used-up link), findable by its number for `revokeAll`. */
  put(codeHash: string, code: UploadCode): Promise<void>;
  /** The pending link, or null when it is unknown, used or past its time. */
  get(codeHash: string): Promise<UploadCode | null>;
  /**
   * Uses the link up: deletes it only if it is still there and in time, and returns what it held; null when
   * it was not (so of two requests at once, exactly one gets it).
   */
  consume(codeHash: string): Promise<UploadCode | null>;
  /**
   * Revokes every pending link of `phoneNumber` (DELETE, STOP): each answers as gone from now on. Returns
   * their code hashes, so files already uploaded through them can be removed.
   */
  revokeAll(phoneNumber: string): Promise<readonly string[]>;
}
