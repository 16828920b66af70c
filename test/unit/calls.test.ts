/**
 * Forwarded calls (issue 33) as use cases over in-memory ports: the TwiML a caller hears in each case, the
 * caller ID read from Twilio's `From`, the recording made into one message, the missed-call rules, and
 * DELETE erasing a subscriber's calls.
 */
import { describe, expect, it } from 'vitest';
import { callMinutesKey } from '#core/calls/call-minutes';
import { billedMinutes, isMissedCall } from '#core/calls/call-rules';
import { recordTwiml, xmlEscape } from '#core/calls/call-twiml';
import { callerFromNetwork } from '#core/calls/caller-id';
import {
  answerCall,
  recordedSchema,
  recordingEnded,
  voiceWebhookSchema,
} from '../../lambdas/use-cases/calls/answer-call';
import {
  callEnded,
  callStatusSchema,
  receiveRecording,
  recordingCallbackSchema,
} from '../../lambdas/use-cases/calls/call-events';
import { receiveSms } from '../../lambdas/use-cases/inbound/receive-sms';
import { expireProviderRecordings } from '../../lambdas/use-cases/retention';
import { forwardingNumber, InMemoryCalls, InMemoryForwardingNumbers } from '../support/in-memory-calls';
import { InMemoryUsage, settingsWith } from '../support/in-memory-ports';
import { inboundDeps } from '../support/inbound-deps';

const SUBSCRIBER = '+13125550100';
const NUMBER = '+13125559000';
const CALLER = '+13125550147';
const ACCOUNT = `AC${'a'.repeat(32)}`;
const URLS = {
  recorded: 'https://voice.example.com/api/voice/recorded',
  recording: 'https://voice.example.com/api/voice/recording',
};

let calls = 0;
const callSid = () => `CA${String(++calls).padStart(32, '0')}`;
const recordingUrl = (n: number) =>
  `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT}/Recordings/RE${String(n).padStart(32, '0')}`;

function setup(options: { confirmed?: boolean } = {}) {
  const { deps: base, sms, media } = inboundDeps();
  const forwardingNumbers = new InMemoryForwardingNumbers();
  const usage = new InMemoryUsage();
  const deps = { ...base, usage, forwardingNumbers, calls: new InMemoryCalls(), urls: URLS };
  forwardingNumbers.items.set(
    NUMBER,
    forwardingNumber(
      NUMBER,
      SUBSCRIBER,
      options.confirmed === false ? {} : { confirmed_at: '2026-01-01T00:00:00.000Z' },
    ),
  );
  const answer = (from: string, sid = callSid(), to = NUMBER) =>
    answerCall(deps, voiceWebhookSchema.parse({ CallSid: sid, AccountSid: ACCOUNT, From: from, To: to }));
  const recording = (sid: string, seconds: number, n = 1) =>
    receiveRecording(
      deps,
      recordingCallbackSchema.parse({
        CallSid: sid,
        AccountSid: ACCOUNT,
        RecordingSid: `RE${String(n).padStart(32, '0')}`,
        RecordingUrl: recordingUrl(n),
        RecordingStatus: 'completed',
        RecordingDuration: String(seconds),
      }),
    );
  const ended = (sid: string, status = 'completed', seconds = 20) =>
    callEnded(
      deps,
      callStatusSchema.parse({
        CallSid: sid,
        AccountSid: ACCOUNT,
        CallStatus: status,
        CallDuration: String(seconds),
        To: NUMBER,
      }),
    );
  return { deps, sms, media, usage, forwardingNumbers, answer, recording, ended };
}

describe('the caller ID', () => {
  it('is the E.164 number Twilio gives, and withheld for its stand-ins, words and anything else', () => {
    expect(callerFromNetwork('+13125550147')).toBe('+13125550147');
    for (const withheld of [
      '+266696687',
      '+7378742833',
      '+8656696687',
      '+2562533',
      'anonymous',
      'Restricted',
      '',
      '3125550147',
      '+1 312 555 0147',
    ]) {
      expect(callerFromNetwork(withheld)).toBeNull();
    }
  });
});

describe('the voice webhook', () => {
  it('records after the greeting, with a beep, the longest recording and silence from Settings', async () => {
    const { deps, answer } = setup();
    await deps.settings.put(settingsWith({ call_max_seconds: 90, call_silence_seconds: 4 }));
    const { twiml, outcome } = await answer(CALLER);
    expect(outcome).toBe('recording');
    expect(twiml).toContain(
      '<Say voice="Polly.Joanna" language="en-US">The person you called cannot answer.',
    );
    expect(twiml).toMatch(
      /<Record maxLength="90" timeout="4" playBeep="true" trim="trim-silence" action="https:\/\/voice\.example\.com\/api\/voice\/recorded"/,
    );
    expect(twiml).toContain('recordingStatusCallback="https://voice.example.com/api/voice/recording"');
    expect(twiml).toContain('recordingStatusCallbackEvent="completed"');
    expect(twiml).toMatch(/<Hangup\/><\/Response>$/);
    expect(twiml).not.toContain('Forwarding works');
  });

  it("says the operator's greeting escaped, in the subscriber's language", async () => {
    const { deps, answer } = setup();
    await deps.settings.put(settingsWith({ call_greeting: 'Leave it <here> & "now"' }));
    await deps.preferences.update(SUBSCRIBER, { language: 'es' }, deps.clock());
    const { twiml } = await answer(CALLER);
    expect(twiml).toContain(
      '<Say voice="Polly.Mia" language="es-MX">Leave it &lt;here&gt; &amp; &quot;now&quot;</Say>',
    );
    expect(xmlEscape("a'b")).toBe('a&apos;b');
  });

  it('tells a call to a number that is not ours it is not in service, and records nothing', async () => {
    const { deps, answer } = setup();
    const { twiml, outcome } = await answer(CALLER, callSid(), '+13125559999');
    expect(outcome).toBe('not-ours');
    expect(twiml).toContain('not in service');
    expect(twiml).not.toContain('<Record');
    expect(deps.calls.items.size).toBe(0);
  });

  it('records nothing for a subscriber who opted out or whose number is being released', async () => {
    const { deps, answer, forwardingNumbers } = setup();
    await deps.optOuts.optOut(SUBSCRIBER, deps.clock());
    const optedOut = await answer(CALLER);
    expect(optedOut.twiml).toContain('not taking messages');
    expect(optedOut.twiml).not.toContain('<Record');
    await deps.optOuts.optIn(SUBSCRIBER);
    await forwardingNumbers.update(NUMBER, { release_after: '2026-02-01T00:00:00.000Z' });
    expect((await answer(CALLER)).outcome).toBe('not-taking');
    expect(deps.calls.items.size).toBe(0);
    // Every call still marks the number as used.
    expect((await forwardingNumbers.get(NUMBER))?.last_call_at).toBe(deps.clock());
  });

  it("takes no more than the subscriber's calls a day, and stops when today's minutes are used", async () => {
    const { deps, answer, ended } = setup();
    await deps.settings.put(
      settingsWith({ calls_per_subscriber_per_day: 2, call_minutes_per_subscriber_per_day: 3 }),
    );
    expect((await answer(CALLER)).outcome).toBe('recording');
    const sid = callSid();
    expect((await answer(CALLER, sid)).twiml).toContain('maxLength="120"');
    expect((await answer(CALLER)).outcome).toBe('over-limit');
    // Two of the day's three minutes used: the next call may record one minute at most.
    await deps.settings.put(
      settingsWith({ calls_per_subscriber_per_day: 5, call_minutes_per_subscriber_per_day: 3 }),
    );
    await ended(sid, 'completed', 100);
    expect((await answer(CALLER)).twiml).toContain('maxLength="60"');
    await ended([...deps.calls.items.keys()].at(-1)!, 'completed', 50);
    const over = await answer(CALLER);
    expect(over.outcome).toBe('over-limit');
    expect(over.twiml).not.toContain('<Record');
  });

  it('makes the first call the test call: "Forwarding works." and one text, once', async () => {
    const { deps, sms, answer, forwardingNumbers } = setup({ confirmed: false });
    const first = await answer(CALLER);
    expect(first.testCall).toBe(true);
    expect(first.twiml).toContain('<Say voice="Polly.Joanna" language="en-US">Forwarding works.</Say>');
    expect((await forwardingNumbers.get(NUMBER))?.confirmed_at).toBe(deps.clock());
    expect(sms.sent.map((s) => [s.to, s.body])).toEqual([
      [
        SUBSCRIBER,
        'Voice Summary: Forwarding works: calls you miss now come back as texts with a summary of the message.',
      ],
    ]);
    const second = await answer(CALLER);
    expect(second.twiml).not.toContain('Forwarding works');
    expect(sms.sent).toHaveLength(1);
  });

  it('stores the call with its caller ID (null when withheld), once for a retried webhook', async () => {
    const { deps, answer } = setup();
    const sid = callSid();
    await answer(CALLER, sid);
    expect((await answer(CALLER, sid)).outcome).toBe('repeat');
    const hidden = callSid();
    await answer('+266696687', hidden);
    expect((await deps.calls.get(sid))?.caller).toBe(CALLER);
    expect((await deps.calls.get(hidden))?.caller).toBeNull();
    expect(await deps.counters.read(`calls#${SUBSCRIBER}#2026-01-01`)).toBe(2);
  });

  it("notes the recording's length at the <Record action> and hangs up", async () => {
    const { deps, answer } = setup();
    const sid = callSid();
    await answer(CALLER, sid);
    const twiml = await recordingEnded(
      deps,
      recordedSchema.parse({ CallSid: sid, AccountSid: ACCOUNT, RecordingDuration: '31' }),
    );
    expect(twiml).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
    expect((await deps.calls.get(sid))?.recorded_seconds).toBe(31);
  });

  it('refuses forms that are not a call', () => {
    expect(voiceWebhookSchema.safeParse({ CallSid: 'SM1', AccountSid: ACCOUNT, To: NUMBER }).success).toBe(
      false,
    );
    expect(
      recordingCallbackSchema.safeParse({
        CallSid: `CA${'1'.repeat(32)}`,
        AccountSid: ACCOUNT,
        RecordingSid: `RE${'1'.repeat(32)}`,
        RecordingUrl: 'https://evil.example.com/recording',
        RecordingStatus: 'completed',
      }).success,
    ).toBe(false);
  });
});

describe('the recording', () => {
  it('becomes one message for the subscriber, with the caller and the recording to fetch, however often Twilio posts', async () => {
    const { deps, answer, recording } = setup();
    const sid = callSid();
    await answer(CALLER, sid);
    const first = await recording(sid, 30, 7);
    expect(first.outcome).toBe('message');
    const again = await recording(sid, 30, 7);
    expect(again.outcome).toBe('repeat');
    const message = await deps.messages.get(first.messageId!);
    expect(message).toMatchObject({
      source: 'call',
      sender: SUBSCRIBER,
      phone_number: SUBSCRIBER,
      caller_number: CALLER,
      media_url: `${recordingUrl(7)}.wav`,
      status: 'pending',
    });
    expect(deps.pipeline.started).toEqual([{ messageId: first.messageId, attempt: 1 }]);
    expect((await deps.calls.get(sid))?.message_id).toBe(first.messageId);
  });

  it('shorter than 2 s is deleted at Twilio and makes no message', async () => {
    const { deps, media, answer, recording } = setup();
    const sid = callSid();
    await answer(CALLER, sid);
    expect((await recording(sid, 1, 3)).outcome).toBe('too-short');
    expect(media.deleted).toEqual([recordingUrl(3)]);
    expect(await deps.messages.listBySender(SUBSCRIBER)).toEqual([]);
    expect((await deps.calls.get(sid))?.recorded_seconds).toBe(1);
  });

  it("counts against the subscriber's voice messages a day like an MMS", async () => {
    const { deps, answer, recording, sms } = setup();
    await deps.settings.put(settingsWith({ voice_messages_per_sender_per_day: 1 }));
    const a = callSid();
    const b = callSid();
    await answer(CALLER, a);
    await answer(CALLER, b);
    expect((await recording(a, 10, 1)).outcome).toBe('message');
    const over = await recording(b, 10, 2);
    expect(over.outcome).toBe('over-limit');
    expect((await deps.messages.get(over.messageId!))?.status).toBe('failed');
    expect(deps.pipeline.started).toHaveLength(1);
    expect(sms.sent.map((s) => s.to)).toEqual([SUBSCRIBER]);
  });
});

describe('a missed call', () => {
  it('texts "Missed call from ..., no message" once per call and once per caller a day', async () => {
    const { deps, sms, usage, answer, ended } = setup();
    const sid = callSid();
    await answer(CALLER, sid);
    expect((await ended(sid, 'completed', 4)).outcome).toBe('missed-texted');
    expect((await ended(sid, 'completed', 4)).outcome).toBe('repeat');
    const again = callSid();
    await answer(CALLER, again);
    expect((await ended(again, 'completed', 3)).outcome).toBe('missed');
    expect(sms.sent.map((s) => s.body)).toEqual([
      'Voice Summary: Missed call from (312) 555-0147, no message.',
    ]);
    const day = usage.days.get('2026-01-01')!;
    expect([day.calls, day.call_minutes, day.missed_calls]).toEqual([2, 2, 2]);
    expect(await deps.counters.read(callMinutesKey(NUMBER, '2026-01'))).toBe(2);
  });

  it('says "a private number" for a withheld caller, and nothing when Settings turn the texts off', async () => {
    const { deps, sms, answer, ended } = setup();
    const hidden = callSid();
    await answer('anonymous', hidden);
    await ended(hidden, 'no-answer', 0);
    expect(sms.sent.map((s) => s.body)).toEqual([
      'Voice Summary: Missed call from a private number, no message.',
    ]);
    await deps.settings.put(settingsWith({ missed_call_texts: false }));
    const other = callSid();
    await answer('+13125550199', other);
    expect((await ended(other, 'canceled', 0)).outcome).toBe('missed');
    expect(sms.sent).toHaveLength(1);
  });

  it('is not texted for a call not taken, whose minutes still count on its number', async () => {
    const { deps, sms, usage, answer, ended } = setup();
    await deps.optOuts.optOut(SUBSCRIBER, deps.clock());
    const sid = callSid();
    await answer(CALLER, sid);
    expect((await ended(sid, 'completed', 9)).outcome).toBe('unknown-call');
    expect(sms.sent).toHaveLength(0);
    expect(usage.days.get('2026-01-01')).toMatchObject({ calls: 1, call_minutes: 1, missed_calls: 0 });
    expect(await deps.counters.read(callMinutesKey(NUMBER, '2026-01'))).toBe(1);
    // A status for no number of ours (no To) counts nothing.
    const stray = callStatusSchema.parse({
      CallSid: callSid(),
      AccountSid: ACCOUNT,
      CallStatus: 'completed',
      CallDuration: '30',
    });
    expect((await callEnded(deps, stray)).outcome).toBe('unknown-call');
    expect(usage.days.get('2026-01-01')?.calls).toBe(1);
  });

  it('is not a call that left a message', async () => {
    const { sms, answer, recording, ended } = setup();
    const sid = callSid();
    await answer(CALLER, sid);
    await recording(sid, 30);
    expect((await ended(sid, 'completed', 40)).outcome).toBe('ended');
    expect(sms.sent).toHaveLength(0);
    expect(isMissedCall({ message_id: null, recorded_seconds: 2 })).toBe(false);
    expect(isMissedCall({ message_id: null, recorded_seconds: 1 })).toBe(true);
    expect([billedMinutes(0), billedMinutes(1), billedMinutes(60), billedMinutes(61)]).toEqual([0, 1, 1, 2]);
  });
});

describe('DELETE with its code', () => {
  const OTHER = '+13125550200';
  const OTHER_NUMBER = '+13125559001';
  let texts = 0;
  const text = (body: string) => ({
    MessageSid: `SM${String(++texts).padStart(32, '0')}`,
    From: SUBSCRIBER,
    Body: body,
    NumMedia: 0,
  });

  it("erases the subscriber's calls, not another subscriber's; a call still in progress then leaves nothing", async () => {
    const { deps, sms, media, forwardingNumbers, answer, recording, ended } = setup();
    forwardingNumbers.items.set(
      OTHER_NUMBER,
      forwardingNumber(OTHER_NUMBER, OTHER, { confirmed_at: '2026-01-01T00:00:00.000Z' }),
    );
    const withMessage = callSid();
    const inProgress = callSid();
    const theirs = callSid();
    await answer(CALLER, withMessage);
    expect((await recording(withMessage, 30, 1)).outcome).toBe('message');
    await answer('+13125550188', inProgress);
    await answer(CALLER, theirs, OTHER_NUMBER);

    await receiveSms(deps, text('DELETE'));
    const code = /DELETE (\d+)/.exec(sms.sent.at(-1)?.body ?? '')?.[1];
    await receiveSms(deps, text(`DELETE ${code}`));
    expect(sms.sent.at(-1)?.body).toMatch(/we deleted the voice message/);
    expect([...deps.calls.items.keys()]).toEqual([theirs]);
    expect(await deps.messages.listBySender(SUBSCRIBER)).toEqual([]);

    // The call in progress ends after DELETE: its recording is deleted at Twilio and makes no message, and its
    // end texts no missed call (its minutes still count on the number, as for any call not taken).
    expect((await recording(inProgress, 20, 2)).outcome).toBe('unknown-call');
    expect(media.deleted).toContain(recordingUrl(2));
    expect((await ended(inProgress, 'completed', 25)).outcome).toBe('unknown-call');
    expect(await deps.messages.listBySender(SUBSCRIBER)).toEqual([]);
    expect(sms.sent.filter((s) => s.body.includes('Missed call'))).toEqual([]);
    expect(deps.calls.items.has(inProgress)).toBe(false);
    // A new call to the number, waiting for its release, is not taken: nothing is stored again.
    expect((await answer(CALLER)).outcome).toBe('not-taking');
    expect([...deps.calls.items.keys()]).toEqual([theirs]);
  });
});

describe('the TwiML', () => {
  it('names the test call first and caps the recording at what is left', () => {
    const twiml = recordTwiml({
      language: 'en',
      greeting: null,
      testCall: true,
      maxSeconds: 60,
      silenceSeconds: 5,
      actionUrl: URLS.recorded,
      recordingStatusUrl: URLS.recording,
    });
    expect(twiml.indexOf('Forwarding works.')).toBeLessThan(twiml.indexOf('The person you called'));
    expect(twiml).toContain('maxLength="60"');
  });
});

describe('the daily sweep of recordings at Twilio', () => {
  it('deletes the recordings as old as audio may be kept, and reports a failure to retry tomorrow', async () => {
    const { deps } = setup();
    const asked: string[] = [];
    const sweeping = (result: () => Promise<number>) => ({
      ...deps,
      retention: { audioDays: 30, transcriptDays: 90 },
      providers: {
        mediaFetcher: async () => ({
          fetch: async () => ({ bytes: Buffer.alloc(0), contentType: null }),
          delete: async () => {},
          deleteRecordingsBefore: async (before: string) => {
            asked.push(before);
            return result();
          },
        }),
      },
    });
    expect(await expireProviderRecordings(sweeping(async () => 4))).toEqual({ deleted: 4, failed: 0 });
    expect(asked[0]?.slice(0, 10)).toBe('2025-12-02');
    expect(
      await expireProviderRecordings(
        sweeping(async () => {
          throw new Error('Twilio answered 503');
        }),
      ),
    ).toEqual({ deleted: 0, failed: 1 });
    expect(deps.warnings).toContain(
      'Expired call recordings could not be deleted at Twilio; they are tried again tomorrow',
    );
  });
});
