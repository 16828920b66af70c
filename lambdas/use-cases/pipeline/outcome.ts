/**
 * How a run ends: MarkCompleted, or MarkFailed with a readable reason on the card and a short notice to the
 * sender.
 */

import type { Message } from '#core/messages/message';
import { SupersededError } from '#core/messages/pipeline-errors';
import {
  cleanErrorMessage,
  type PipelineFailure,
  parseCaughtError,
  pipelineFailure,
} from '#core/messages/pipeline-failures';
import { composeFailureNotice } from '#core/texts/service-texts';
import { recordSentText } from '../delivery-status';
import { changeMessage, type MessageChangeDeps } from '../message-changes';
import { sendText } from '../outbound-sms';
import { type PreferencesReader, senderLanguage } from '../sender-language';
import { currentSettings } from '../settings';
import { countUsage, type UsageDeps } from '../usage';
import type { SendReplyDeps } from './reply-steps';
import type { PipelineState } from './state';

/** What MarkFailed uses: SendReply's (for the notice, which carries no link, and `warn` for one that failed). */
export type MarkFailedDeps = Omit<SendReplyDeps, 'siteUrl' | 'cardLinks'> &
  UsageDeps & {
    /** The sender's LANG: the notice is written in it (else in the message's language, else English). */
    readonly preferences: PreferencesReader;
  };

/** MarkCompleted: the run is done. */
export async function markCompleted(
  deps: MessageChangeDeps & UsageDeps,
  state: PipelineState,
): Promise<void> {
  const updated = await changeMessage(deps, state.messageId, {
    to: 'completed',
    patch: { error_message: null, error_retryable: null },
    attempt: state.attempt,
  });
  if (!updated) throw new SupersededError('The message is no longer being processed by this run.');
  await countUsage(deps, { completed: 1 });
}

/**
 * MarkFailed: the message becomes "failed" with a readable error_message, and a sender who texted it gets a
 * short notice (when auto-reply is on, they have not opted out and an SMS provider is configured). A run that
 * was superseded leaves the message alone.
 */
export async function markFailed(deps: MarkFailedDeps, state: PipelineState) {
  const caught = parseCaughtError(state.error);
  const failure = pipelineFailure(caught.name);
  if (!failure) return { marked: false, reason: caught.message };
  const { cause } = failure;
  const failed = await changeMessage(deps, state.messageId, {
    to: 'failed',
    patch: {
      error_message: failure.card(cleanErrorMessage(caught.message), state.messageId),
      error_retryable: failure.retryable,
    },
    attempt: state.attempt,
  });
  if (!failed) return { marked: false, reason: 'The message is no longer owned by this run.' };
  const notified = await notifySender(deps, failed, failure.notice, state.attempt);
  // Counted last, so the sender's notice is not kept waiting behind it.
  await countUsage(deps, { failed: 1, failed_cause: cause });
  return { marked: true, cause, notified };
}

/** The sender's failure notice, when one is due (a texted message, auto-reply on); whether it was sent. */
async function notifySender(
  deps: MarkFailedDeps,
  failed: Message,
  notice: PipelineFailure['notice'],
  attempt: number,
): Promise<boolean> {
  if (failed.source !== 'sms' || !notice) return false;
  // Like the reply, the notice goes only while auto-reply is on; the gate decides the rest.
  const { auto_reply_enabled } = await currentSettings(deps);
  if (!auto_reply_enabled || !failed.phone_number) return false;
  try {
    const language = await senderLanguage(deps.preferences, failed.phone_number, failed.language);
    const body = composeFailureNotice(notice, deps.serviceName, language);
    const outcome = await sendText(deps, {
      to: failed.phone_number,
      body,
      kind: 'failure-notice',
      messageId: failed.id,
    });
    if (outcome.status === 'sent') {
      await recordSentText(deps, {
        messageId: failed.id,
        sid: outcome.smsId,
        kind: 'failure-notice',
        index: 0,
        body,
        attempt,
      });
    }
    return outcome.status === 'sent';
  } catch (error) {
    // The failure is recorded; a notice that cannot be sent must not turn it into another failure.
    deps.warn('Could not send the failure notice', { messageId: failed.id, error: (error as Error).message });
    return false;
  }
}
