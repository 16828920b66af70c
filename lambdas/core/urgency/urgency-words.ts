/**
 * How the dashboard, the History, the export and the message page put a message's urgency in words (issue 25,
 * deliverable 1): the operator's correction first (core/messages/message-corrections.ts), the pipeline's
 * reason only with the pipeline's own level. Pure: the browser shares it.
 */

import { HIDDEN_CHARACTERS, hasLinkText } from '#core/facts/link-text';
import type { UrgencyReview } from '#core/messages/message-corrections';
import { effectiveUrgency, type Urgency, type UrgencyLevel } from './urgency-schema';

/** Each level as a person reads it: the dashboard's marker, the History's filter, the message page. */
export const URGENCY_WORDS: Readonly<Record<UrgencyLevel, string>> = {
  urgent: 'Urgent',
  normal: 'Normal',
  likely_spam: 'Likely spam',
};

/**
 * A reason as a page may show it: none when it carries a web address, an e-mail or a hidden character (a
 * reason stored before issue 31's checks could; core/urgency/urgency-reasons.ts keeps new ones clean).
 */
function shownReason(reason: string | null | undefined): string | null {
  const text = reason?.trim() ?? '';
  return text === '' || hasLinkText(text) || HIDDEN_CHARACTERS.test(text) ? null : text;
}

/**
 * The level a message is shown with and its reason: the pipeline's reason goes with the pipeline's level
 * only (after a correction it explains a level no longer shown, so there is none); null before it has one.
 */
export function shownUrgency(message: {
  readonly urgency?: Urgency | null;
  readonly urgency_review?: UrgencyReview | null;
}): { readonly level: UrgencyLevel; readonly reason: string | null } | null {
  const level = effectiveUrgency(message);
  if (level === null) return null;
  const reason = message.urgency_review ? null : shownReason(message.urgency?.reason);
  return { level, reason };
}

/** "Urgent: a child is sick at school", or the level alone when there is no reason to give. */
export function urgencyLine(shown: { readonly level: UrgencyLevel; readonly reason: string | null }): string {
  return shown.reason ? `${URGENCY_WORDS[shown.level]}: ${shown.reason}` : URGENCY_WORDS[shown.level];
}
