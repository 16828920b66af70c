/**
 * Voice messages from the webhook: each audio attachment becomes a message, handed to the pipeline within
 * the sender's voice messages a day and kept untranscribed (retryable) past it.
 */

import { dayWindow } from '#core/delivery/day-window';
import { voiceMessageId } from '#core/messages/new-message';
import { VOICE_LIMIT_TEXT } from '#core/texts/service-texts';
import type { MessageChangeDeps } from '../message-changes';
import { type OutboundSmsDeps, sendTextOrLog } from '../outbound-sms';
import { type PreferencesReader, senderLanguage } from '../sender-language';
import { currentSettings } from '../settings';
import { countUsage } from '../usage';
import { type FirstRunDeps, startFirstRun } from './hand-to-pipeline';
import { createVoiceMessage } from './voice-limit';

/** What receiving voice messages uses: the messages, the daily limit, the pipeline and the limit notice. */
export type VoiceDeps = MessageChangeDeps &
  OutboundSmsDeps &
  FirstRunDeps & { readonly serviceName: string; readonly preferences: PreferencesReader };

/** An audio attachment of an incoming message: where the SMS provider holds it, and its declared type. */
export type VoiceAttachment = { readonly url: string; readonly contentType: string | null };

/** The messages made of the attachments (`overLimit`: how many were kept untranscribed past the limit). */
export type VoiceResult = {
  readonly messageIds: readonly string[];
  readonly created: number;
  readonly overLimit?: number;
};

/**
 * Each audio attachment as a message (id: the MessageSid and its index), within the sender's voice messages
 * a day. A retried webhook finds its messages and starts nothing new.
 */
export async function receiveVoice(
  deps: VoiceDeps,
  form: { readonly From: string; readonly MessageSid: string },
  audio: readonly VoiceAttachment[],
): Promise<VoiceResult> {
  const from = form.From;
  const settings = await currentSettings(deps);
  const perDay = settings.voice_messages_per_sender_per_day;
  const { day, expires } = dayWindow(deps.clock());
  const ids: string[] = [];
  let createdCount = 0;
  let overLimit = 0;
  for (const [index, item] of audio.entries()) {
    const id = voiceMessageId(form.MessageSid, index);
    const { message, created, allowed, giveBack } = await createVoiceMessage(deps, {
      id,
      from,
      perDay,
      fields: { source: 'sms', media_url: item.url, audio_content_type: item.contentType },
    });
    // A retried webhook finds its message: it was counted the first time.
    if (!created) await giveBack();
    ids.push(id);
    if (created) {
      createdCount += 1;
      await countUsage(deps, { received: 1, received_sms: 1, limited: allowed ? 0 : 1 });
      if (allowed) await startFirstRun(deps, message);
      else overLimit += 1;
      continue;
    }
    // A retry of a webhook whose first run never started (a crash in between) starts it now; a run that
    // did start is not started again (the same run name).
    const stored = await deps.messages.get(id);
    if (stored && stored.status === 'pending' && (stored.attempt ?? 1) === 1)
      await startFirstRun(deps, stored);
  }
  // Like a failure notice, the limit notice is a reply about a voice message: only while auto-reply is on.
  const notify = overLimit > 0 && settings.auto_reply_enabled;
  if (notify && (await deps.counters.take(`limit-notice#${from}#${day}`, 1, expires))) {
    const language = await senderLanguage(deps.preferences, from);
    await sendTextOrLog(deps, {
      to: from,
      body: VOICE_LIMIT_TEXT(deps.serviceName, perDay, language),
      kind: 'voice-limit-notice',
      messageId: null,
    });
  }
  return { messageIds: ids, created: createdCount, ...(overLimit > 0 ? { overLimit } : {}) };
}
