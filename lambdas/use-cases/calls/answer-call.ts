/**
 * The voice webhook (issue 33): a forwarded call to a subscriber's number is answered with TwiML: the
 * greeting and a recording, or a short "not taking messages" when the subscriber opted out, their number is
 * being released or they are past today's calls or minutes (nothing recorded then). The first call to a
 * number not yet confirmed is the test call: the caller hears "Forwarding works." and the subscriber gets
 * one text saying so. The <Record action> that follows only notes how long the recording was.
 */

import * as z from 'zod';
import type { Call } from '#core/calls/call';
import { accountSid, callSid, seconds } from '#core/calls/call-form-fields';
import { callMinutesTodayCounter, callsTodayCounter, recordingAllowance } from '#core/calls/call-rules';
import { forwardingWorksText } from '#core/calls/call-texts';
import { hangupTwiml, notInServiceTwiml, notTakingTwiml, recordTwiml } from '#core/calls/call-twiml';
import { callerFromNetwork } from '#core/calls/caller-id';
import type { ForwardingNumber } from '#core/calls/forwarding-number';
import { DAY_MS } from '#core/delivery/day-window';
import type { CallRepository } from '../../ports/calls';
import type { ForwardingNumberRepository } from '../../ports/forwarding-numbers';
import { type OutboundSmsDeps, sendTextOrLog } from '../outbound-sms';
import { type PreferencesReader, senderLanguage } from '../sender-language';
import { currentSettings } from '../settings';

/** Twilio's voice webhook form (the fields used; Twilio sends more). `From` may be a word ("anonymous"). */
export const voiceWebhookSchema = z.looseObject({
  CallSid: callSid,
  AccountSid: accountSid,
  From: z.string().max(64).default(''),
  To: z.string({ error: 'To is missing.' }).min(1).max(64),
  CallStatus: z.string().max(32).optional(),
});
export type VoiceWebhookForm = z.output<typeof voiceWebhookSchema>;

/** The <Record action> post: the recording ended (RecordingDuration, its seconds). */
export const recordedSchema = z.looseObject({
  CallSid: callSid,
  AccountSid: accountSid,
  RecordingDuration: seconds,
});

/** What answering a call uses. `urls`: the <Record action> and recording status callback (what Twilio signs). */
export type AnswerCallDeps = OutboundSmsDeps & {
  readonly forwardingNumbers: ForwardingNumberRepository;
  readonly calls: CallRepository;
  readonly preferences: PreferencesReader;
  readonly serviceName: string;
  readonly urls: { readonly recorded: string; readonly recording: string };
  readonly warn: (message: string, details?: Record<string, unknown>) => void;
};

/** What became of a call, for the logs and metrics. */
export type CallAnswer = {
  readonly twiml: string;
  readonly outcome: 'not-ours' | 'not-taking' | 'over-limit' | 'recording' | 'repeat';
  readonly testCall?: boolean;
};

/** How long the test call's once-only guard is kept: far beyond any retry of the first call. */
const TEST_CALL_GUARD_DAYS = 400;

/** Answers a forwarded call (already signature-checked). */
export async function answerCall(deps: AnswerCallDeps, form: VoiceWebhookForm): Promise<CallAnswer> {
  const number = await deps.forwardingNumbers.get(form.To.trim());
  if (!number) return { twiml: notInServiceTwiml(), outcome: 'not-ours' };
  const now = deps.clock();
  const subscriber = number.subscriber;
  // Read at once: a ringing call waits for the answer.
  const [settings, language, existing] = await Promise.all([
    currentSettings(deps),
    senderLanguage(deps.preferences, subscriber),
    deps.calls.get(form.CallSid),
  ]);
  const record = (maxSeconds: number, testCall: boolean) =>
    recordTwiml({
      language,
      greeting: settings.call_greeting,
      testCall,
      maxSeconds,
      silenceSeconds: settings.call_silence_seconds,
      actionUrl: deps.urls.recorded,
      recordingStatusUrl: deps.urls.recording,
    });
  // Twilio retried the webhook: the call was taken and counted the first time.
  if (existing) {
    return { twiml: record(settings.call_max_seconds, false), outcome: 'repeat' };
  }
  await deps.forwardingNumbers.update(number.number, { last_call_at: now });
  if (number.release_after !== null || (await deps.optOuts.get(subscriber)) !== null) {
    return { twiml: notTakingTwiml(language), outcome: 'not-taking' };
  }
  const calls = callsTodayCounter(subscriber, now);
  if (!(await deps.counters.take(calls.key, settings.calls_per_subscriber_per_day, calls.expires))) {
    return { twiml: notTakingTwiml(language), outcome: 'over-limit' };
  }
  const minutesUsed = await deps.counters.read(callMinutesTodayCounter(subscriber, now).key);
  const allowance = recordingAllowance(
    settings.call_max_seconds,
    settings.call_minutes_per_subscriber_per_day,
    minutesUsed,
  );
  if (allowance <= 0) {
    await deps.counters.giveBack(calls.key);
    return { twiml: notTakingTwiml(language), outcome: 'over-limit' };
  }
  const call: Call = {
    call_sid: form.CallSid,
    to: number.number,
    subscriber,
    caller: callerFromNetwork(form.From),
    started_at: now,
    recorded_seconds: null,
    message_id: null,
    missed_handled: false,
  };
  if (!(await deps.calls.create(call))) {
    // A retry that raced the first: that one counted the call.
    await deps.counters.giveBack(calls.key);
    return { twiml: record(allowance, false), outcome: 'repeat' };
  }
  const testCall = number.confirmed_at === null && (await confirmForwarding(deps, number, language));
  return { twiml: record(allowance, testCall), outcome: 'recording', testCall };
}

/**
 * The first call to a number not yet confirmed: `confirmed_at` is set, and the subscriber gets one text that
 * forwarding works (once, even when two first calls come at once). True when this call is the test call.
 */
async function confirmForwarding(
  deps: AnswerCallDeps,
  number: ForwardingNumber,
  language: Parameters<typeof forwardingWorksText>[1],
): Promise<boolean> {
  const now = deps.clock();
  const expires = new Date(Date.parse(now) + TEST_CALL_GUARD_DAYS * DAY_MS).toISOString();
  const key = `forwarding-works#${number.number}#${number.created_at}`;
  if (!(await deps.counters.take(key, 1, expires))) return false;
  await deps.forwardingNumbers.update(number.number, { confirmed_at: now });
  await sendTextOrLog(deps, {
    to: number.subscriber,
    body: forwardingWorksText(deps.serviceName, language),
    kind: 'forwarding-works',
    messageId: null,
  });
  return true;
}

/** The <Record action>: notes the recording's length on the call, and hangs up. */
export async function recordingEnded(
  deps: Pick<AnswerCallDeps, 'calls'>,
  form: z.output<typeof recordedSchema>,
): Promise<string> {
  const call = await deps.calls.get(form.CallSid);
  if (call && form.RecordingDuration !== undefined) {
    await deps.calls.update(form.CallSid, { recorded_seconds: form.RecordingDuration });
  }
  return hangupTwiml();
}
