/**
 * What Twilio posts after a forwarded call was answered (issue 33): the recording status callback, which
 * makes the call's message (once, however often Twilio posts) and hands it to the same pipeline as a voice
 * message sent by MMS, and the call status callback, which counts the call and its minutes and texts the
 * subscriber about a call that left no message.
 */

import * as z from 'zod';
import { accountSid, callSid, seconds } from '#core/calls/call-form-fields';
import {
  billedMinutes,
  callMinutesMonthCounter,
  callMinutesTodayCounter,
  ENDED_CALL_STATUSES,
  type EndedCallStatus,
  isMessageLength,
  isMissedCall,
  missedCallTextOnce,
} from '#core/calls/call-rules';
import { missedCallText } from '#core/calls/call-texts';
import { DAY_MS, dayWindow } from '#core/delivery/day-window';
import { voiceMessageId } from '#core/messages/new-message';
import { VOICE_LIMIT_TEXT } from '#core/texts/service-texts';
import type { CallRepository } from '../../ports/calls';
import type { ForwardingNumberRepository } from '../../ports/forwarding-numbers';
import type { Providers } from '../../ports/providers';
import { type FirstRunDeps, startFirstRun } from '../inbound/hand-to-pipeline';
import { createVoiceMessage } from '../inbound/voice-limit';
import type { MessageChangeDeps } from '../message-changes';
import { type OutboundSmsDeps, sendTextOrLog } from '../outbound-sms';
import { type PreferencesReader, senderLanguage } from '../sender-language';
import { currentSettings } from '../settings';
import { countUsage } from '../usage';

/** A recording's URL as Twilio gives it: `https://api.twilio.com/2010-04-01/Accounts/AC…/Recordings/RE…`. */
const RECORDING_URL =
  /^https?:\/\/[^/?#]+\/2010-04-01\/Accounts\/AC[0-9a-fA-F]{32}\/Recordings\/RE[0-9a-fA-F]{32}$/;

/** Twilio's recording status callback (the fields used). */
export const recordingCallbackSchema = z.looseObject({
  CallSid: callSid,
  AccountSid: accountSid,
  RecordingSid: z
    .string({ error: 'RecordingSid is missing.' })
    .regex(/^RE[0-9a-fA-F]{32}$/, { error: 'RecordingSid is not a Twilio recording id.' }),
  RecordingUrl: z
    .string({ error: 'RecordingUrl is missing.' })
    .transform((url) => url.replace(/\.(wav|mp3|json)$/i, ''))
    .pipe(z.string().regex(RECORDING_URL, { error: 'RecordingUrl is not a Twilio recording URL.' })),
  RecordingStatus: z.string({ error: 'RecordingStatus is missing.' }).max(32),
  RecordingDuration: seconds,
});
export type RecordingCallback = z.output<typeof recordingCallbackSchema>;

/** Twilio's call status callback (the fields used). */
export const callStatusSchema = z.looseObject({
  CallSid: callSid,
  AccountSid: accountSid,
  CallStatus: z.string({ error: 'CallStatus is missing.' }).max(32),
  CallDuration: seconds,
  To: z.string().max(64).optional(),
});
export type CallStatusCallback = z.output<typeof callStatusSchema>;

/** What the callbacks use: the calls, the messages and the pipeline, Twilio's media API, the texts. */
export type CallEventDeps = MessageChangeDeps &
  Omit<OutboundSmsDeps, 'providers'> &
  FirstRunDeps & {
    readonly providers: Pick<Providers, 'smsSender' | 'mediaFetcher'>;
    readonly calls: CallRepository;
    readonly forwardingNumbers: Pick<ForwardingNumberRepository, 'get'>;
    readonly preferences: PreferencesReader;
    readonly serviceName: string;
  };

export type RecordingOutcome =
  | 'not-completed'
  | 'unknown-call'
  | 'too-short'
  | 'repeat'
  | 'message'
  | 'over-limit';

/**
 * The recording is ready. Long enough (2 s or more): the call's message is made, once per call, with the
 * recording as the media the pipeline fetches (with the account's credentials, into the audio bucket) and
 * deletes at Twilio, within the subscriber's voice messages a day. Shorter, or for a call we do not know:
 * deleted at Twilio at once, no message.
 */
export async function receiveRecording(
  deps: CallEventDeps,
  form: RecordingCallback,
): Promise<{ readonly outcome: RecordingOutcome; readonly messageId?: string }> {
  if (form.RecordingStatus !== 'completed') return { outcome: 'not-completed' };
  const call = await deps.calls.get(form.CallSid);
  if (!call || !isMessageLength(form.RecordingDuration)) {
    await (await deps.providers.mediaFetcher()).delete(form.RecordingUrl);
    if (call) await deps.calls.update(call.call_sid, { recorded_seconds: form.RecordingDuration ?? 0 });
    return { outcome: call ? 'too-short' : 'unknown-call' };
  }
  const id = voiceMessageId(form.CallSid, 0);
  if (call.message_id !== null) return { outcome: 'repeat', messageId: call.message_id };
  const settings = await currentSettings(deps);
  const perDay = settings.voice_messages_per_sender_per_day;
  const subscriber = call.subscriber;
  const { message, created, allowed, giveBack } = await createVoiceMessage(deps, {
    id,
    from: subscriber,
    perDay,
    fields: {
      source: 'call',
      caller_number: call.caller,
      media_url: `${form.RecordingUrl}.wav`,
      audio_content_type: 'audio/wav',
    },
  });
  await deps.calls.update(call.call_sid, {
    message_id: id,
    recorded_seconds: form.RecordingDuration ?? null,
  });
  if (!created) {
    // Twilio posted again after a crash between the message and the call's note of it.
    await giveBack();
    const stored = await deps.messages.get(id);
    if (stored && stored.status === 'pending' && (stored.attempt ?? 1) === 1)
      await startFirstRun(deps, stored);
    return { outcome: 'repeat', messageId: id };
  }
  await countUsage(deps, { received: 1, limited: allowed ? 0 : 1 });
  if (allowed) {
    await startFirstRun(deps, message);
    return { outcome: 'message', messageId: id };
  }
  const { day, expires } = dayWindow(deps.clock());
  if (
    settings.auto_reply_enabled &&
    (await deps.counters.take(`limit-notice#${subscriber}#${day}`, 1, expires))
  ) {
    await sendTextOrLog(deps, {
      to: subscriber,
      body: VOICE_LIMIT_TEXT(deps.serviceName, perDay, await senderLanguage(deps.preferences, subscriber)),
      kind: 'voice-limit-notice',
      messageId: null,
    });
  }
  return { outcome: 'over-limit', messageId: id };
}

export type CallEndOutcome = 'not-ended' | 'unknown-call' | 'repeat' | 'ended' | 'missed' | 'missed-texted';

const isEnded = (status: string): status is EndedCallStatus =>
  (ENDED_CALL_STATUSES as readonly string[]).includes(status);

/** How long a call's "ended" is remembered: far beyond Twilio's retries (the call record lives a day). */
const ENDED_GUARD_DAYS = 2;

/** No limit: a counter that only adds up (minutes are counted after the fact; the limits read them). */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

/**
 * The call ended: counted once (an answered call, its minutes rounded up as Twilio bills them, on the
 * subscriber's day and the number's month); a call that left no message (none made, under 2 s recorded) is a
 * missed call, texted to the subscriber "Missed call from (312) 555-0147, no message" unless Settings turn
 * these off, at most once a caller a day and once a call.
 */
export async function callEnded(
  deps: CallEventDeps,
  form: CallStatusCallback,
): Promise<{ readonly outcome: CallEndOutcome }> {
  if (!isEnded(form.CallStatus)) return { outcome: 'not-ended' };
  const now = deps.clock();
  const guard = `call-ended#${form.CallSid}`;
  const guardExpires = new Date(Date.parse(now) + ENDED_GUARD_DAYS * DAY_MS).toISOString();
  if (!(await deps.counters.take(guard, 1, guardExpires))) return { outcome: 'repeat' };
  try {
    return { outcome: await countAndTellMissed(deps, form, now) };
  } catch (error) {
    await deps.counters.giveBack(guard).catch(() => {});
    throw error;
  }
}

async function countAndTellMissed(
  deps: CallEventDeps,
  form: CallStatusCallback,
  now: string,
): Promise<CallEndOutcome> {
  const call = await deps.calls.get(form.CallSid);
  // A call we did not take (not taking messages, past a limit) still costs its minutes at Twilio.
  const to = form.To?.trim() || null;
  const number = call?.to ?? (to === null ? null : ((await deps.forwardingNumbers.get(to))?.number ?? null));
  const minutes = billedMinutes(form.CallDuration ?? 0);
  const answered = form.CallStatus === 'completed' ? 1 : 0;
  if (number && minutes > 0) {
    const month = callMinutesMonthCounter(number, now);
    await deps.counters.take(month.key, UNLIMITED, month.expires, minutes);
  }
  if (!call) {
    if (number) await countUsage(deps, { calls: answered, call_minutes: minutes });
    return 'unknown-call';
  }
  if (minutes > 0) {
    const today = callMinutesTodayCounter(call.subscriber, now);
    await deps.counters.take(today.key, UNLIMITED, today.expires, minutes);
  }
  const missed = isMissedCall(call) && !call.missed_handled;
  await countUsage(deps, { calls: answered, call_minutes: minutes, missed_calls: missed ? 1 : 0 });
  if (!missed) return 'ended';
  await deps.calls.update(call.call_sid, { missed_handled: true });
  const settings = await currentSettings(deps);
  if (!settings.missed_call_texts) return 'missed';
  const once = missedCallTextOnce(call.subscriber, call.caller, now);
  if (!(await deps.counters.takeOnce(once.key, once.caller, once.day, once.expires))) return 'missed';
  const language = await senderLanguage(deps.preferences, call.subscriber);
  await sendTextOrLog(deps, {
    to: call.subscriber,
    body: missedCallText(deps.serviceName, call.caller, language),
    kind: 'missed-call',
    messageId: null,
  });
  return 'missed-texted';
}
