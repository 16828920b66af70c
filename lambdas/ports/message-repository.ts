import type { DeliveryStatus, SmsPart } from '#core/delivery/delivery-status';
import type { Message } from '#core/messages/message';
import type { MessageFilters, PagePosition } from '#core/messages/message-history';
import type { MessageStatus } from '#core/messages/status';

/** Fields that may change after a message is created. */
export type MessagePatch = Partial<Omit<Message, 'id' | 'created_at' | 'updated_at' | 'sms_parts'>>;

/** A delivery status callback's news about one text of a message. */
export type SmsPartStatus = {
  readonly sid: string;
  readonly status: DeliveryStatus;
  readonly error_code: number | null;
  readonly status_updated_at: string;
};

/** Extra conditions on an update. */
export type UpdateConditions = {
  /** Only when the message's `attempt` is this one (a superseded run cannot write). */
  readonly attempt?: number;
};

/** One page of the history: the messages, and where the next page starts (null: there is no more). */
export type MessagePage = {
  readonly messages: Message[];
  readonly next: PagePosition | null;
};

/** Stores voice messages and answers the dashboard's "recent messages" question. */
/** A message found by its link. */
export type LinkedMessage = {
  readonly message: Message;
  readonly expiresAt: number | null;
  readonly linkMadeAt: string | null;
};

export interface MessageRepository {
  /** Creates the message; returns false (and writes nothing) when a message with this id already exists. */
  create(message: Message): Promise<boolean>;
  /** The message, or null when there is none (or it has expired). */
  get(id: string): Promise<Message | null>;
  /** Removes the message for good (retention, or the sender asked). */
  delete(id: string): Promise<void>;
  /**
   * Applies `patch` only while the message's status is one of `expectedStatuses` (and the conditions hold);
   * returns the updated message, or null when the message is missing or does not match (nothing is written).
   */
  update(
    id: string,
    expectedStatuses: readonly MessageStatus[],
    patch: MessagePatch,
    now: string,
    conditions?: UpdateConditions,
  ): Promise<Message | null>;
  /**
   * Records a text sent about the message (whatever its status); returns the updated message, or null when
   * the message is gone. The part is kept beside the message's other fields, so no other write replaces it.
   */
  addSmsPart(id: string, part: SmsPart): Promise<Message | null>;
  /**
   * Applies a text's new delivery status only when it moves forward (core/delivery/delivery-status.ts `movesForward`),
   * atomically: returns the updated message, or null when the message or the text is unknown or the status
   * is not news (a duplicate, or one older than the recorded one).
   */
  updateSmsPartStatus(id: string, update: SmsPartStatus): Promise<Message | null>;
  /**
   * The history newest first, narrowed by `filters`, at most `limit` messages (1 to 100) after `after`. Read
   * from an index, never a scan; a page read under a filter may come back short (with `next`) when few of
   * the messages it read matched.
   */
  listPage(filters: MessageFilters, limit: number, after?: PagePosition): Promise<MessagePage>;
  /** Every message created in [from, to) (ISO times), oldest first. */
  listCreatedBetween(from: string, to: string): Promise<Message[]>;
  /** Every message whose `phone_number` is this one (E.164), oldest first: what DELETE erases. */
  listBySender(phoneNumber: string): Promise<Message[]>;
  /**
   * Keys the message's `/m/<code>` link by the code's hash (replacing an earlier one), made at `madeAt` (ISO),
   * only while run `attempt` owns it; false when it does not (nothing written).
   */
  attachLink(id: string, linkHash: string, attempt: number, madeAt: string): Promise<boolean>;
  /**
   * The live message a link's hash keys, with when the message expires (epoch seconds, null: never) and when
   * the link was made (null for a link made before that was kept), or null.
   */
  findByLinkHash(linkHash: string): Promise<LinkedMessage | null>;
}
