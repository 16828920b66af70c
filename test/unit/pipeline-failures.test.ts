/**
 * Every pipeline error name has a reason: what the card says, what the sender is told, and whether Retry
 * Processing is offered, checked through MarkFailed for each name in the table (a name added without a row
 * fails the compiler there, and one thrown without being listed fails the first test here).
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '#core/messages/message';
import * as pipelineErrors from '#core/messages/pipeline-errors';
import {
  AudioTooLargeError,
  AudioTooLongError,
  DependencyMissingError,
  MediaDownloadError,
  NoSpeechError,
  NotAudioError,
  NotEnglishError,
  PermanentError,
  PIPELINE_ERROR_NAMES,
  PIPELINE_ERRORS,
  type PipelineErrorName,
  RecipientOptedOutError,
  SupersededError,
  TranscriptLoopError,
  TransientError,
} from '#core/messages/pipeline-errors';
import { PIPELINE_FAILURES } from '#core/messages/pipeline-failures';
import { composeFailureNotice } from '#core/texts/service-texts';
import { LibPhoneNumberRegions } from '../../lambdas/adapters/phone/libphonenumber-regions';
import { type MarkFailedDeps, markFailed } from '../../lambdas/use-cases/pipeline/outcome';
import {
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
} from '../support/in-memory-ports';

const SENDER = '+14155550123';

/** One error of each name, as the pipeline throws it. */
const EXAMPLES = {
  TransientError: new TransientError('Twilio answered 503; will retry.'),
  PermanentError: new PermanentError(
    'Twilio rejected the Account SID or auth token (401): check them in Settings.',
  ),
  NotAudioError: new NotAudioError('The attachment (image/png) is not audio in a format we can read.'),
  AudioTooLargeError: new AudioTooLargeError(25 * 1024 * 1024),
  AudioTooLongError: new AudioTooLongError(13 * 60, 10 * 60),
  NoSpeechError: new NoSpeechError(),
  NotEnglishError: new NotEnglishError(),
  TranscriptLoopError: new TranscriptLoopError(),
  RecipientOptedOutError: new RecipientOptedOutError('Twilio refused the SMS (400, Twilio error 21610).'),
  DependencyMissingError: new DependencyMissingError('ffmpeg is not installed: apt-get install ffmpeg.'),
  MediaDownloadError: new MediaDownloadError(
    'The voice message could not be downloaded: Twilio answered 404.',
  ),
  SupersededError: new SupersededError('A newer processing run (attempt 2) has taken over this message.'),
} satisfies Record<PipelineErrorName, Error>;

function setUp() {
  const sms = new RecordingSms();
  const deps = {
    messages: new InMemoryMessages(),
    events: new RecordingEvents(),
    clock: testClock(),
    settings: new InMemorySettings(settingsWith({})),
    optOuts: new InMemoryOptOuts(),
    preferences: new InMemorySenderPreferences(),
    phoneRegions: new LibPhoneNumberRegions(),
    counters: new InMemoryCounters(),
    sentTexts: new InMemorySentTexts(),
    serviceName: 'Voice Summary',
    warn: () => {},
    providers: { smsSender: async () => ({ sender: sms, from: '+15005550006' }) },
  } satisfies MarkFailedDeps;
  return { deps, sms };
}

async function processingMessage(deps: MarkFailedDeps): Promise<Message> {
  const message: Message = {
    id: 'MM1-0',
    created_at: deps.clock(),
    sender: SENDER,
    phone_number: SENDER,
    audio_url: 'audio/MM1-0.wav',
    status: 'processing',
    summary: null,
    transcript: null,
    error_message: null,
    reply_sent: false,
    source: 'sms',
    attempt: 1,
  };
  await deps.messages.create(message);
  return message;
}

/** The error as Step Functions hands it to MarkFailed in AWS: its name, and the Lambda's JSON report. */
const caught = (error: Error) => ({
  Error: error.name,
  Cause: JSON.stringify({ errorType: error.name, errorMessage: error.message, trace: ['at x (y.js:1:1)'] }),
});

describe('pipeline error names', () => {
  it('are every error class the pipeline defines, each listed under the name it throws with', () => {
    const classes = Object.values(pipelineErrors).filter(
      (value: unknown) => typeof value === 'function' && value.prototype instanceof Error,
    );
    expect(new Set(Object.values(PIPELINE_ERRORS))).toEqual(new Set(classes));
    for (const name of PIPELINE_ERROR_NAMES) {
      expect(EXAMPLES[name]).toBeInstanceOf(PIPELINE_ERRORS[name]);
      expect(EXAMPLES[name].name).toBe(name);
    }
  });
});

describe('every pipeline error name has a reason', () => {
  it.each(PIPELINE_ERROR_NAMES)('%s', async (name) => {
    const { deps, sms } = setUp();
    await processingMessage(deps);
    const failure = PIPELINE_FAILURES[name];

    const result = await markFailed(deps, { messageId: 'MM1-0', attempt: 1, error: caught(EXAMPLES[name]) });
    const message = (await deps.messages.get('MM1-0'))!;

    if (failure === null) {
      // Not this run's failure: the message belongs to the run that took over.
      expect(result).toMatchObject({ marked: false });
      expect(message.status).toBe('processing');
      expect(sms.sent).toEqual([]);
      return;
    }
    expect(result).toMatchObject({ marked: true, cause: failure.cause });
    expect(message.status).toBe('failed');
    // The card says what happened in the error's own words, never a stack.
    expect(message.error_message).toContain(EXAMPLES[name].message);
    expect(message.error_message).not.toMatch(/\bat x\b|y\.js/);
    expect(message.error_retryable).toBe(failure.retryable);
    // A failure a retry cannot fix does not invite one.
    if (!failure.retryable) expect(message.error_message).not.toMatch(/retry/i);
    expect(sms.sent.map((s) => s.body)).toEqual(
      failure.notice === null ? [] : [composeFailureNotice(failure.notice, 'Voice Summary')],
    );
    // The notice is followed like the reply: its SID recorded on the message, as sent.
    expect(message.sms_parts?.map((p) => [p.sid, p.kind, p.status]) ?? []).toEqual(
      failure.notice === null ? [] : [['SM1', 'failure-notice', 'sent']],
    );
  });
});

describe("the sender's notice of a failure", () => {
  it('is in Spanish for a sender who chose LANG es, and for a Spanish message when they chose nothing', async () => {
    const chose = setUp();
    await processingMessage(chose.deps);
    await chose.deps.preferences.update(SENDER, { language: 'es' }, chose.deps.clock());
    await markFailed(chose.deps, { messageId: 'MM1-0', attempt: 1, error: caught(new NoSpeechError()) });
    expect(chose.sms.sent.map((s) => s.body)).toEqual([
      'Voice Summary: Lo sentimos, no pudimos procesar su mensaje de voz: no detectamos ninguna voz en el audio.',
    ]);

    const spoke = setUp();
    const message = await processingMessage(spoke.deps);
    await spoke.deps.messages.update(message.id, ['processing'], { language: 'es' }, spoke.deps.clock());
    await markFailed(spoke.deps, { messageId: 'MM1-0', attempt: 1, error: caught(new NoSpeechError()) });
    expect(spoke.sms.sent[0]?.body).toMatch(/no pudimos procesar su mensaje de voz/);
  });

  it('is in English when the sender chose a language the catalogue lacks (LANG fr)', async () => {
    const { deps, sms } = setUp();
    await processingMessage(deps);
    await deps.preferences.update(SENDER, { language: 'fr' }, deps.clock());
    await markFailed(deps, { messageId: 'MM1-0', attempt: 1, error: caught(new NoSpeechError()) });
    expect(sms.sent[0]?.body).toBe(composeFailureNotice('no-speech', 'Voice Summary'));
  });
});

describe('the cards of failures', () => {
  it('say how long a message over the limit was and what the limit is, without inviting a retry', async () => {
    const { deps, sms } = setUp();
    await processingMessage(deps);
    await markFailed(deps, {
      messageId: 'MM1-0',
      attempt: 1,
      error: caught(new AudioTooLongError(785.4, 600)),
    });
    expect((await deps.messages.get('MM1-0'))!).toMatchObject({
      error_message: 'The voice message is 13 min 5 s long; the longest transcribed is 10 min (Settings).',
      error_retryable: false,
    });
    expect(sms.sent[0]!.body).toMatch(/longer than we transcribe/);
  });

  it('keep a generic reason for an error none of our code names, and offer the retry', async () => {
    const { deps } = setUp();
    await processingMessage(deps);
    const result = await markFailed(deps, {
      messageId: 'MM1-0',
      attempt: 1,
      error: { Error: 'TypeError', Cause: "Cannot read properties of undefined (reading 'x')" },
    });
    expect(result).toMatchObject({ cause: 'internal' });
    expect((await deps.messages.get('MM1-0'))!).toMatchObject({
      error_message:
        'Processing failed because of an unexpected error. Retry Processing; if it fails again, check the logs for message MM1-0.',
      error_retryable: true,
    });
  });

  it('name a step stopped for taking too long, and a fault of the Lambda service, as worth a retry', async () => {
    for (const [name, text] of [
      ['States.Timeout', /took too long/],
      ['Lambda.ServiceException', /temporary problem/],
    ] as const) {
      const { deps } = setUp();
      await processingMessage(deps);
      await markFailed(deps, { messageId: 'MM1-0', attempt: 1, error: { Error: name, Cause: '' } });
      const message = (await deps.messages.get('MM1-0'))!;
      expect(message.error_message).toMatch(text);
      expect(message.error_message).toMatch(/Retry Processing/);
      expect(message.error_retryable).toBe(true);
    }
  });
});
