/**
 * Key schemas of the DynamoDB tables, shared by the repositories, the local bootstrap and the CDK stack so
 * the three cannot drift apart. All attributes not listed here are schemaless.
 */
export type TableSpec = {
  readonly partitionKey: string;
  readonly sortKey?: string;
  /** The attribute DynamoDB's TTL deletes items by (epoch seconds); reads also skip items past it. */
  readonly timeToLiveAttribute?: string;
  readonly indexes?: readonly {
    readonly name: string;
    readonly partitionKey: string;
    readonly sortKey: string;
  }[];
};

export const TABLES = {
  /** One item per email (lowercased): signing up twice updates the one sign-up. */
  signups: { partitionKey: 'email' },
  /** One item per sign-up as it happened (append-only): the proof of each SMS opt-in. */
  signupConsents: { partitionKey: 'email', sortKey: 'event_id' },
  /**
   * One item per message. The `recent` index lists messages newest first: every message carries the constant
   * `feed = "all"` and its `created_at`. One partition holds the whole feed; at this service's write rate
   * (well under 1,000 messages a second) that is far below a partition's limit. The `sender` index finds one
   * number's messages (a sender who texts DELETE, the history by sender); the `status` index lists one status
   * newest first (the history by status: failed messages are few among many). An index key may not be null, so a message without a phone
   * number (a test upload from "test-user") is stored without the attribute and stays out of it. The `link`
   * index finds the message behind a `/m/<code>` link by the code's SHA-256 (`link_hash`, set when the reply
   * with the link is sent): the link is part of the message, so it expires and is deleted with it.
   */
  messages: {
    partitionKey: 'id',
    timeToLiveAttribute: 'expires_at',
    indexes: [
      { name: 'recent', partitionKey: 'feed', sortKey: 'created_at' },
      { name: 'sender', partitionKey: 'phone_number', sortKey: 'created_at' },
      { name: 'link', partitionKey: 'link_hash', sortKey: 'created_at' },
      { name: 'status', partitionKey: 'status', sortKey: 'created_at' },
    ],
  },
  /** A single row with id "app". */
  settings: { partitionKey: 'id' },
  /** Limits and replay guards (lambdas/ports/counters.ts): one item per key and window, expiring with it. */
  counters: { partitionKey: 'key', timeToLiveAttribute: 'expires_at' },
  /** One item per phone number (E.164) that opted out. */
  optOuts: { partitionKey: 'phone_number' },
  /**
   * One item per text sent about a message: its provider id (Twilio's SID) -> the message id, so a delivery
   * status callback finds its message by a GetItem (a message holds several texts, so no index on the
   * messages table could key them). Kept a week: Twilio's last status comes within hours.
   */
  sentTexts: { partitionKey: 'sid', timeToLiveAttribute: 'expires_at' },
  /**
   * One item per phone number (E.164) that chose something by text (LANG; MODE and SPELL next): erased by
   * DELETE, expiring a year after its last change. A table of its own, not an item type in opt-outs: opt-outs
   * never expire and DELETE must keep them, preferences expire and DELETE erases them.
   */
  senderPreferences: { partitionKey: 'phone_number', timeToLiveAttribute: 'expires_at' },
  /**
   * The daily usage counters (lambdas/ports/usage-counter.ts): one item a UTC day, all in the partition
   * `scope = "all"` sorted by `date`, so a range of days is one Query. A few adds a message to one item is far
   * below a partition's limit at this service's rate.
   */
  usage: { partitionKey: 'scope', sortKey: 'date', timeToLiveAttribute: 'expires_at' },
  /**
   * One item per pending UPLOAD link (core/audio/upload-link.ts), keyed by the code's SHA-256, deleted by TTL an
   * hour on or by the first recording handed in (a conditional delete). A table of its own: the upload page's
   * function may delete here and nowhere else.
   */
  uploadCodes: { partitionKey: 'code_hash', timeToLiveAttribute: 'expires_at' },
  /**
   * One item per file sent as an MMS attachment (core/cards/served-cards.ts), keyed by its code's SHA-256: which
   * message's which card, never the card itself; deleted by TTL when the link's lifetime ends, or with its
   * message (an item per message lists its hashes). A table of its own: the link page's function reads it,
   * the reply step writes it.
   */
  cardLinks: { partitionKey: 'code_hash', timeToLiveAttribute: 'expires_at' },
  /**
   * One item per subscriber's forwarding number (core/calls/forwarding-number.ts), keyed by the number (a
   * call finds its subscriber by a GetItem); the `subscriber` index finds a subscriber's number (FORWARD,
   * DELETE, STOP). Never expires: a number is deleted when it is released at Twilio.
   */
  forwardingNumbers: {
    partitionKey: 'number',
    indexes: [{ name: 'subscriber', partitionKey: 'subscriber', sortKey: 'created_at' }],
  },
  /**
   * One item per forwarded call in progress (core/calls/call.ts), keyed by Twilio's CallSid: what the voice
   * webhook learned, for the recording's callbacks, which name only the call. Deleted by TTL a day on. The
   * `subscriber` index finds a subscriber's calls, which DELETE erases (they hold the callers' numbers): one
   * Query of their few, never a Scan of every subscriber's calls of the day.
   */
  calls: {
    partitionKey: 'call_sid',
    timeToLiveAttribute: 'expires_at',
    indexes: [{ name: 'subscriber', partitionKey: 'subscriber', sortKey: 'started_at' }],
  },
} as const satisfies Record<string, TableSpec>;

export const MESSAGE_FEED = 'all';

/** The usage table's one partition. */
export const USAGE_SCOPE = 'all';

/** The messages table's secondary indexes by purpose (grants name the index, never `index/*`). */
export const MESSAGE_INDEXES = {
  recent: 'recent',
  sender: 'sender',
  link: 'link',
  status: 'status',
} as const;
