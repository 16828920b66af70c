/**
 * Message status rules (SPEC section 4): which transitions the server may make and what each status offers
 * the operator on the dashboard card.
 */
export const MESSAGE_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

const TRANSITIONS: Readonly<Record<MessageStatus, readonly MessageStatus[]>> = {
  // Received and stored; the pipeline may start it, or it may fail before it starts.
  pending: ['processing', 'failed'],
  // A run is under way; "Retry Now" restarts a stuck run, so processing -> processing is allowed.
  processing: ['processing', 'completed', 'failed'],
  // Done: the card offers no action.
  completed: [],
  // "Retry Processing" starts a new run.
  failed: ['processing'],
};

export function canTransition(from: MessageStatus, to: MessageStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The statuses a transition to `to` may start from (used as the condition on the database update). */
export function allowedSources(to: MessageStatus): MessageStatus[] {
  return MESSAGE_STATUSES.filter((from) => canTransition(from, to));
}

export type StatusPresentation = {
  /** What the card says while in this status; completed shows the summary and transcript instead. */
  readonly text: string | null;
  /** The card's action button, or null when there is none. */
  readonly action: string | null;
};

export const STATUS_PRESENTATION: Readonly<Record<MessageStatus, StatusPresentation>> = {
  pending: { text: 'Waiting to process...', action: 'Process Now' },
  processing: { text: 'Processing audio message...', action: 'Retry Now' },
  completed: { text: null, action: null },
  failed: { text: null, action: 'Retry Processing' },
};

/** Whether an operator may (re)start processing of a message in this status. */
export function canStartProcessing(status: MessageStatus): boolean {
  return canTransition(status, 'processing');
}

/**
 * A message still pending or processing this long is stuck: a normal run takes a minute or two, so the
 * dashboard says so and "Retry Now" restarts it, and in AWS an alarm tells the operator.
 */
export const STUCK_AFTER_MS = 15 * 60_000;

/** Whether a message has been waiting or processing for longer than a run can reasonably take. */
export function isStuck(
  message: {
    readonly status: MessageStatus;
    readonly created_at: string;
    readonly attempt_started_at?: string;
  },
  now: number,
): boolean {
  if (message.status !== 'pending' && message.status !== 'processing') return false;
  const since = Date.parse(message.attempt_started_at ?? message.created_at);
  return now - since > STUCK_AFTER_MS;
}
