/**
 * The pipeline's steps as use cases over in-memory ports: what a message looks like after each step, what the
 * sender receives, and what a retried or superseded run may (not) do. No runtime, no stand-ins.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '#core/messages/message';
import {
  AudioTooLargeError,
  NotAudioError,
  RecipientOptedOutError,
  TransientError,
} from '#core/messages/pipeline-errors';
import type { SettingsRecord } from '#core/operator/settings';
import { summarizeExtractively } from '../../lambdas/adapters/extractive/extractive-summarizer';
import { LibPhoneNumberRegions } from '../../lambdas/adapters/phone/libphonenumber-regions';
import type { Summarizer } from '../../lambdas/ports/summarizer';
import type { Transcription } from '../../lambdas/ports/transcriber';
import { markProcessing } from '../../lambdas/use-cases/pipeline/mark-processing';
import { markCompleted, markFailed } from '../../lambdas/use-cases/pipeline/outcome';
import type { PipelineDeps } from '../../lambdas/use-cases/pipeline/pipeline-deps';
import { prepareAudio } from '../../lambdas/use-cases/pipeline/prepare-audio';
import { decideReply, REPLY_LIMIT_WARNING, sendReply } from '../../lambdas/use-cases/pipeline/reply-steps';
import { summarize } from '../../lambdas/use-cases/pipeline/summarize';
import { transcribe } from '../../lambdas/use-cases/pipeline/transcribe';
import {
  AMR_BYTES,
  FakeAudioTools,
  FakeMediaFetcher,
  fixedSummarizer,
  fixedTranscriber,
  InMemoryAudio,
  InMemoryCounters,
  InMemoryMessages,
  InMemoryOptOuts,
  InMemorySenderPreferences,
  InMemorySentTexts,
  InMemorySettings,
  RecordingEvents,
  RecordingSms,
  settingsWith,
  testClock,
  WAV_BYTES,
} from '../support/in-memory-ports';
import { InMemoryCardLinks } from '../support/in-memory-short-lived-codes';

const SENDER = '+14155550123';
const MEDIA_URL = 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1';

function setUp(
  options: {
    openAi?: boolean;
    media?: Buffer | Error;
    sms?: boolean;
    heard?: Partial<Transcription>;
    summarizer?: Summarizer;
  } = {},
) {
  const sms = new RecordingSms();
  const media = new FakeMediaFetcher(
    options.media instanceof Error
      ? options.media
      : { bytes: options.media ?? WAV_BYTES, contentType: 'audio/wav' },
  );
  const deps = {
    messages: new InMemoryMessages(),
    events: new RecordingEvents(),
    clock: testClock(),
    audio: new InMemoryAudio(),
    audioTools: new FakeAudioTools(),
    settings: new InMemorySettings(settingsWith({ twilio_phone_number: '+15005550006' })),
    optOuts: new InMemoryOptOuts(),
    preferences: new InMemorySenderPreferences(),
    cardLinks: new InMemoryCardLinks(),
    phoneRegions: new LibPhoneNumberRegions(),
    counters: new InMemoryCounters(),
    sentTexts: new InMemorySentTexts(),
    serviceName: 'Voice Summary',
    siteUrl: 'https://voice.example.com',
    warnings: [] as string[],
    warn(message: string) {
      deps.warnings.push(message);
    },
    providers: {
      transcriber: async () => fixedTranscriber(options.heard),
      summarizer: async () => options.summarizer ?? fixedSummarizer(),
      transcribesWithOpenAi: async () => options.openAi ?? false,
      smsSender: async () => (options.sms === false ? null : { sender: sms, from: '+15005550006' }),
      mediaFetcher: async () => media,
    },
  } satisfies PipelineDeps & { warnings: string[] };
  return { deps, sms, media };
}

async function arrived(deps: PipelineDeps, changes: Partial<Message> = {}): Promise<Message> {
  const message: Message = {
    id: 'MM1-0',
    created_at: deps.clock(),
    sender: SENDER,
    phone_number: SENDER,
    audio_url: null,
    status: 'pending',
    summary: null,
    transcript: null,
    error_message: null,
    reply_sent: false,
    source: 'sms',
    media_url: MEDIA_URL,
    audio_content_type: 'audio/wav',
    attempt: 1,
    ...changes,
  };
  await deps.messages.create(message);
  return message;
}

const run = { messageId: 'MM1-0', attempt: 1 };

describe('a voice message through every step', () => {
  it('ends completed, with transcript and summary stored and the reply texted in order', async () => {
    const { deps, sms, media } = setUp();
    await arrived(deps);

    await markProcessing(deps, run);
    const audio = await prepareAudio(deps, run);
    await transcribe(deps, { ...run, audio });
    await summarize(deps, run);
    const decision = await decideReply(deps, run);
    const reply = await sendReply(deps, run);
    await markCompleted(deps, run);

    const message = (await deps.messages.get('MM1-0'))!;
    expect(message).toMatchObject({
      status: 'completed',
      audio_url: 'audio/MM1-0.wav',
      media_url: null,
      transcript: expect.stringContaining('Maria'),
      summary: 'Maria asks you to call her back.',
      reply_sent: true,
      audio_duration_seconds: 42,
    });
    expect(media.deleted).toEqual([MEDIA_URL]);
    expect(decision.send).toBe(true);
    expect(sms.sent.map((s) => s.to)).toEqual(Array(reply.parts).fill(SENDER));
    // A voicemail that short is texted whole, once.
    expect(sms.sent[0]!.body).toMatch(/^Voice Summary, whole message: Hi, this is Maria\./);
    expect(reply.segments).toBeGreaterThanOrEqual(reply.parts);
    // Each part is recorded with the provider's id, in order, as sent until Twilio says more.
    expect(message.sms_parts?.map((p) => [p.sid, p.index, p.kind, p.status])).toEqual(
      sms.sent.map((_, i) => [`SM${i + 1}`, i, 'reply', 'sent']),
    );
    expect(await deps.sentTexts.messageIdOf('SM1')).toBe('MM1-0');
    // The dashboard saw every status change live.
    const statuses = deps.events.changes.map((c) => c.message.status);
    expect(statuses[0]).toBe('processing');
    expect(statuses.at(-1)).toBe('completed');
  });
});

describe('a callback number the engine doubted (issue 24)', () => {
  /** The offline summarizer, as the service picks it without an OpenAI key. */
  const extractive: Summarizer = {
    summarize: async ({ text, words }) => ({ ...summarizeExtractively(text, words), engine: 'extractive' }),
  };

  it('is not texted: the first text says where it was said and opens the message at that moment', async () => {
    const text = 'Hi, this is Maria. Please call me back at 415-555-0132 when you can.';
    // Heard in the last piece of audio, from 42 s to the end at 47 s; its digits doubted. The engine times the
    // piece, not its words: the number is placed where its share of the piece's letters puts it (issue 32).
    const words = text
      .split(' ')
      .map((word) => ({ text: word, confidence: word.startsWith('415') ? 0.4 : 0.97, at: 42 }));
    const { deps, sms } = setUp({ heard: { text, words, durationSeconds: 47 }, summarizer: extractive });
    await arrived(deps);

    await markProcessing(deps, run);
    await transcribe(deps, { ...run, audio: await prepareAudio(deps, run) });
    await summarize(deps, run);
    await sendReply(deps, run);

    const message = (await deps.messages.get('MM1-0'))!;
    expect(message.summary_details?.callback_number).toBeNull();
    expect(message.stated_facts).toEqual({ number_unclear: { at: 45.04 }, unsure: [[9, 10]] });
    expect(sms.sent).toHaveLength(1);
    expect(sms.sent[0]!.body).toMatch(
      /^Voice Summary, whole message: Hi, this is Maria\. Please call me back at 415-555-0132\(\?\) when you can\.\nNumber unclear, listen at 0:45\nhttps:\/\/voice\.example\.com\/m\/[\w-]{22}#t=45$/,
    );
  });
});

describe('urgency (issue 25)', () => {
  /** Every step from the audio to the reply, on a transcript heard as `text`. */
  async function through(text: string, summarizer?: Summarizer) {
    const { deps, sms } = setUp({ heard: { text }, ...(summarizer ? { summarizer } : {}) });
    await arrived(deps);
    await markProcessing(deps, run);
    await transcribe(deps, { ...run, audio: await prepareAudio(deps, run) });
    await summarize(deps, run);
    await sendReply(deps, run);
    return { message: (await deps.messages.get('MM1-0'))!, sms, deps };
  }

  it('is decided by the rules and kept on the message (and its live change); the first text starts "URGENT: "', async () => {
    const { message, sms, deps } = await through(
      "Hi, it's Lisa. My son is sick, please call me before five today at four one five, five five five, zero one three two.",
    );
    expect(message.urgency).toEqual({ level: 'urgent', reason: 'a child is sick or hurt', source: 'rules' });
    expect(deps.events.changes.at(-1)?.message.urgency?.level).toBe('urgent');
    expect(sms.sent[0]!.body).toMatch(/^URGENT: Voice Summary, whole message: Hi, it's Lisa\./);
  });

  it('a robocall gets one line instead of the summary and transcript, with the link', async () => {
    const { message, sms } = await through(
      "We've been trying to reach you about your car's extended warranty. Press one to speak with a specialist.",
    );
    expect(message.urgency?.level).toBe('likely_spam');
    expect(sms.sent.map((sent) => sent.body)).toEqual([
      expect.stringMatching(
        /^Likely a recorded sales call: an extended warranty offer\. Reply FULL for the transcript\.\nhttps:\/\/voice\.example\.com\/m\/[\w-]{22}$/,
      ),
    ]);
    // The transcript is kept for FULL.
    expect(message.transcript).toContain('extended warranty');
  });

  it("the summary model's answer is checked: its normal cannot hide a scam, its urgent needs a sign in the words", async () => {
    const calm = fixedSummarizer({ urgency: { level: 'normal', reason: '' } });
    const alarmed = fixedSummarizer({ urgency: { level: 'urgent', reason: 'appointment soon' } });
    const scam = await through(
      'This is the IRS. A warrant has been issued for your arrest. Call back immediately.',
      calm,
    );
    const routine = await through(
      'Hi, this is Jenna from Lakeside Dental, confirming your cleaning on Friday at nine.',
      alarmed,
    );
    expect(scam.message.urgency).toEqual({ level: 'likely_spam', reason: 'a tax threat', source: 'rules' });
    expect(routine.message.urgency).toEqual({ level: 'normal', reason: '', source: 'rules' });
    expect(routine.sms.sent[0]!.body).toMatch(/^Voice Summary, whole message: /);
  });
});

describe('PrepareAudio', () => {
  it('converts audio OpenAI refuses (AMR) once, and leaves the original untouched', async () => {
    const { deps } = setUp({ openAi: true, media: AMR_BYTES });
    await arrived(deps);
    await markProcessing(deps, run);

    const first = await prepareAudio(deps, run);
    const again = await prepareAudio(deps, run);

    expect(first).toMatchObject({ key: 'audio/MM1-0.converted.mp3', contentType: 'audio/mpeg' });
    expect(again.key).toBe(first.key);
    expect(deps.audioTools.conversions).toBe(1);
    expect(deps.audio.objects.get('audio/MM1-0.amr')?.body.equals(AMR_BYTES)).toBe(true);
  });

  it('keeps AMR as it is for the offline transcriber', async () => {
    const { deps } = setUp({ openAi: false, media: AMR_BYTES });
    await arrived(deps);
    await markProcessing(deps, run);

    expect((await prepareAudio(deps, run)).key).toBe('audio/MM1-0.amr');
    expect(deps.audioTools.conversions).toBe(0);
  });

  it('refuses an attachment that is not audio, and one over 25 MB, with errors the sender is told about', async () => {
    const picture = setUp({ media: Buffer.from('\x89PNG\r\n\x1a\n0000000000000000') });
    await arrived(picture.deps);
    await markProcessing(picture.deps, run);
    await expect(prepareAudio(picture.deps, run)).rejects.toBeInstanceOf(NotAudioError);

    const huge = setUp({ media: new AudioTooLargeError(25 * 1024 * 1024) });
    await arrived(huge.deps);
    await markProcessing(huge.deps, run);
    await expect(prepareAudio(huge.deps, run)).rejects.toBeInstanceOf(AudioTooLargeError);
  });

  it('lets a Twilio outage through as transient, so Step Functions retries it', async () => {
    const { deps } = setUp({ media: new TransientError('Twilio answered 503.') });
    await arrived(deps);
    await markProcessing(deps, run);
    await expect(prepareAudio(deps, run)).rejects.toBeInstanceOf(TransientError);
    expect((await deps.messages.get('MM1-0'))!.media_url).toBe(MEDIA_URL);
  });
});

describe('a repetition loop', () => {
  const LOOPS = [
    { engine: 'moonshine-tiny', text: `Oi, ${'aki '.repeat(40)}` },
    { engine: 'openai:gpt-4o-mini-transcribe', text: `10-3k3, 1-2-1, way, ${'1-2-5, '.repeat(12)}` },
  ];

  it.each(LOOPS)('from $engine is never sent: the run fails with an honest notice', async (heard) => {
    const { deps, sms } = setUp({ heard, openAi: heard.engine.startsWith('openai') });
    await arrived(deps);
    await markProcessing(deps, run);
    const audio = await prepareAudio(deps, run);

    const error = await transcribe(deps, { ...run, audio }).catch((caught: Error) => caught);
    expect(error).toMatchObject({ name: 'TranscriptLoopError' });
    expect((await deps.messages.get('MM1-0'))!.transcript).toBeNull();

    await markFailed(deps, {
      ...run,
      error: { Error: 'TranscriptLoopError', Cause: (error as Error).message },
    });
    const message = (await deps.messages.get('MM1-0'))!;
    expect(message).toMatchObject({ status: 'failed', transcript: null, error_retryable: true });
    expect(message.error_message).toContain(heard.engine);
    expect(sms.sent.map((s) => s.body)).toEqual([
      'Voice Summary: Sorry, your voice message could not be processed: we could not make out the words reliably. Please try again, speaking clearly.',
    ]);
    expect(sms.sent[0]!.body).not.toMatch(/\baki\b|1-2-5/);
  });
});

describe('a run that was superseded by a retry', () => {
  it('cannot write its transcript over the newer run’s message', async () => {
    const { deps } = setUp();
    await arrived(deps, { audio_url: 'audio/MM1-0.wav', media_url: null });
    await deps.audio.put('audio/MM1-0.wav', WAV_BYTES, 'audio/wav', WAV_BYTES.byteLength);
    await markProcessing(deps, run);
    const audio = await prepareAudio(deps, run);
    // The operator restarted: attempt 2 owns the message now.
    await deps.messages.update('MM1-0', ['processing'], { attempt: 2 }, deps.clock());

    await expect(transcribe(deps, { ...run, audio })).rejects.toMatchObject({ name: 'SupersededError' });
    expect((await deps.messages.get('MM1-0'))!.transcript).toBeNull();
    expect(
      await markFailed(deps, { ...run, error: { Error: 'SupersededError', Cause: 'newer run' } }),
    ).toMatchObject({ marked: false });
    expect((await deps.messages.get('MM1-0'))!.status).toBe('processing');
  });
});

describe('replies', () => {
  async function summarized(options: Parameters<typeof setUp>[0] = {}) {
    const context = setUp(options);
    await arrived(context.deps, { audio_url: 'audio/MM1-0.wav', media_url: null });
    await markProcessing(context.deps, run);
    await context.deps.messages.update(
      'MM1-0',
      ['processing'],
      { transcript: 'word '.repeat(400), summary: 'Call Dana back.' },
      context.deps.clock(),
    );
    return context;
  }

  it('are not sent when auto-reply is off, the sender opted out, or no SMS provider is set up', async () => {
    const off = await summarized();
    off.deps.settings.record = settingsWith({ auto_reply_enabled: false });
    expect(await decideReply(off.deps, run)).toMatchObject({
      send: false,
      reason: expect.stringMatching(/Auto-reply/),
    });

    const stopped = await summarized();
    await stopped.deps.optOuts.optOut(SENDER, stopped.deps.clock());
    expect(await decideReply(stopped.deps, run)).toMatchObject({
      send: false,
      reason: expect.stringMatching(/STOP/),
    });

    const noProvider = await summarized({ sms: false });
    expect(await decideReply(noProvider.deps, run)).toMatchObject({ send: false });
  });

  it('resume after the parts already accepted when SendReply is retried', async () => {
    const { deps, sms } = await summarized();
    const send = sms.send.bind(sms);
    let calls = 0;
    sms.send = async (message) => {
      calls += 1;
      if (calls === 2) throw new TransientError('Twilio answered 503.');
      return send(message);
    };
    const first = await sendReply(deps, run).catch((error: Error) => error);
    expect(first).toBeInstanceOf(TransientError);
    expect(sms.sent).toHaveLength(1);

    const retried = await sendReply(deps, run);

    expect(retried).toMatchObject({ complete: true, sent: retried.parts });
    expect(retried.parts).toBeGreaterThan(2);
    // Every part exactly once, in order, across the two runs.
    expect(new Set(sms.sent.map((s) => s.body)).size).toBe(retried.parts);
    expect(sms.sent).toHaveLength(retried.parts);
    expect((await deps.messages.get('MM1-0'))!.reply_sent).toBe(true);
  });

  it('end the first text with a link to the whole message, made once: a retry after it sends no new one', async () => {
    const { deps, sms } = await summarized();
    const send = sms.send.bind(sms);
    let calls = 0;
    sms.send = async (message) => {
      calls += 1;
      if (calls === 2) throw new TransientError('Twilio answered 503.');
      return send(message);
    };
    await sendReply(deps, run).catch(() => undefined);
    const link = sms.sent[0]!.body.split('\n').at(-1)!;
    expect(link).toMatch(/^https:\/\/voice\.example\.com\/m\/[A-Za-z0-9_-]{22}$/);
    const hash = (deps.messages as InMemoryMessages).linkHashes.get('MM1-0');

    await sendReply(deps, run);
    expect(sms.sent.filter((s) => s.body.includes('/m/'))).toHaveLength(1);
    expect((deps.messages as InMemoryMessages).linkHashes.get('MM1-0')).toBe(hash);
  });

  it('send no link when "Link to the whole message" is off', async () => {
    const { deps, sms } = await summarized();
    await deps.settings.put(
      settingsWith({ twilio_phone_number: '+15005550006', message_link_enabled: false }),
    );
    await sendReply(deps, run);
    expect(sms.sent.some((s) => s.body.includes('/m/'))).toBe(false);
  });

  it('stop at once when the sender texts STOP while parts are going out', async () => {
    const { deps, sms } = await summarized();
    const send = sms.send.bind(sms);
    sms.send = async (message) => {
      const result = await send(message);
      await deps.optOuts.optOut(SENDER, deps.clock());
      return result;
    };
    const result = await sendReply(deps, run);
    expect(result).toMatchObject({ complete: false, sent: 1, reason: 'The sender opted out.' });
    expect(sms.sent).toHaveLength(1);
  });
});

describe('replies under the limits', () => {
  async function summarized(sender: string, settings: Partial<SettingsRecord> = {}) {
    const context = setUp();
    context.deps.settings.record = settingsWith({ twilio_phone_number: '+15005550006', ...settings });
    await arrived(context.deps, {
      audio_url: 'audio/MM1-0.wav',
      media_url: null,
      sender,
      phone_number: sender,
    });
    await markProcessing(context.deps, run);
    await context.deps.messages.update(
      'MM1-0',
      ['processing'],
      { transcript: 'word '.repeat(400), summary: 'Call Dana back.' },
      context.deps.clock(),
    );
    return context;
  }

  it.each([
    ['+442079460958', 'GB'],
    ['+18765550123', 'JM'],
  ])('are not sent to %s (%s) by default: US and Canada only', async (sender, country) => {
    const { deps } = await summarized(sender);
    expect(await decideReply(deps, run)).toEqual({
      send: false,
      reason: `Replies to ${country} are not allowed (Settings, reply countries).`,
    });
  });

  it('go to a country an operator allowed', async () => {
    const { deps } = await summarized('+442079460958', { reply_countries: ['US', 'CA', 'GB'] });
    expect(await decideReply(deps, run)).toMatchObject({ send: true });
  });

  it('stop at the segments a number may get an hour, and the card says why', async () => {
    // The summary (1 segment) and the transcript's first part (11) fit in 12; its second part (3) does not.
    const { deps, sms } = await summarized(SENDER, { segments_per_number_per_hour: 12 });
    const result = await sendReply(deps, run);
    expect(result).toMatchObject({
      complete: false,
      sent: 2,
      segments: 12,
      reason: 'This number reached its limit of 12 segments an hour (Settings).',
    });
    expect(sms.sent).toHaveLength(2);
    expect((await deps.messages.get('MM1-0'))!.warnings).toEqual([
      'The rest of the reply was not sent: this number reached its limit of 12 segments an hour (Settings).',
    ]);
  });

  it('are not sent once the service’s budget for the day is spent, and the card says why', async () => {
    const { deps, sms } = await summarized(SENDER, { service_segments_per_day: 50 });
    await deps.counters.take('segments#service#2026-01-01', 50, '2026-01-03T00:00:00.000Z', 50);
    const result = await sendReply(deps, run);
    expect(result).toMatchObject({ complete: false, sent: 0, segments: 0 });
    expect(sms.sent).toEqual([]);
    expect((await deps.messages.get('MM1-0'))!.warnings).toEqual([
      REPLY_LIMIT_WARNING({ status: 'budget-spent', budget: 'service', segments: 50 }, 0),
    ]);
    expect(REPLY_LIMIT_WARNING({ status: 'budget-spent', budget: 'service', segments: 50 }, 0)).toBe(
      "The reply was not sent: the service's SMS budget of 50 segments a day is spent (Settings).",
    );
  });

  it('record an opt-out when Twilio says the recipient opted out at the carrier (21610), and stop', async () => {
    const { deps, sms } = await summarized(SENDER);
    sms.failures = [new RecipientOptedOutError('Twilio refused the SMS (400, Twilio error 21610).')];
    const result = await sendReply(deps, run);
    expect(result).toMatchObject({ complete: false, sent: 0 });
    expect(await deps.optOuts.get(SENDER)).not.toBeNull();
    expect(await decideReply(deps, run)).toMatchObject({
      send: false,
      reason: expect.stringMatching(/STOP/),
    });
  });
});

describe('MarkFailed', () => {
  it('records a readable reason and texts the sender one short notice saying why', async () => {
    const { deps, sms } = setUp();
    await arrived(deps);
    await markProcessing(deps, run);

    const result = await markFailed(deps, {
      ...run,
      error: { Error: 'NoSpeechError', Cause: JSON.stringify({ errorMessage: 'No speech was recognized.' }) },
    });

    expect(result).toEqual({ marked: true, cause: 'no-speech', notified: true });
    expect((await deps.messages.get('MM1-0'))!).toMatchObject({
      status: 'failed',
      error_message: 'No speech was recognized.',
    });
    expect(sms.sent).toHaveLength(1);
    expect(sms.sent[0]!.body.length).toBeLessThanOrEqual(160);
  });

  it('names a timeout and an unexpected error without details, and texts nobody who opted out', async () => {
    const { deps, sms } = setUp();
    await arrived(deps);
    await markProcessing(deps, run);
    await deps.optOuts.optOut(SENDER, deps.clock());

    const result = await markFailed(deps, { ...run, error: { Error: 'States.Timeout', Cause: '' } });

    expect(result).toEqual({ marked: true, cause: 'timeout', notified: false });
    expect((await deps.messages.get('MM1-0'))!.error_message).toMatch(/took too long/);
    expect(sms.sent).toEqual([]);
  });

  it('still marks the message failed when the notice cannot be sent', async () => {
    const { deps, sms } = setUp();
    await arrived(deps);
    await markProcessing(deps, run);
    sms.failures = [new Error('Twilio is down')];

    const result = await markFailed(deps, { ...run, error: { Error: 'Error', Cause: 'boom' } });

    expect(result).toEqual({ marked: true, cause: 'internal', notified: false });
    expect(deps.warnings).toEqual(['Could not send the failure notice']);
  });
});
