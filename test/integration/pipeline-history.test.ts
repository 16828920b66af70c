/**
 * Step Functions keeps every state's input and output, and every error, for 90 days after a Standard run
 * ends, and nothing deletes them (a sender's DELETE cannot). So the state the pipeline passes between steps
 * carries ids and figures only: the state machine synthesized from the CDK app runs on aws-local-stepfunctions
 * with each step's use case over in-memory ports, and the whole recorded history of a completed run and of a
 * failed one must hold none of the message's transcript, summary, sender number or link code.
 */
import { StateMachine } from 'aws-local-stepfunctions';
import { beforeAll, describe, expect, it } from 'vitest';
import { LibPhoneNumberRegions } from '../../lambdas/adapters/phone/libphonenumber-regions';
import { TwilioRestError } from '../../lambdas/adapters/twilio/twilio-errors';
import { mapTwilioError } from '../../lambdas/adapters/twilio/twilio-sms-sender';
import { withoutPhoneNumbers } from '../../lambdas/handlers/pipeline/step';
import { markProcessing } from '../../lambdas/use-cases/pipeline/mark-processing';
import { markCompleted, markFailed } from '../../lambdas/use-cases/pipeline/outcome';
import type { PipelineDeps } from '../../lambdas/use-cases/pipeline/pipeline-deps';
import { prepareAudio } from '../../lambdas/use-cases/pipeline/prepare-audio';
import { decideReply, sendReply } from '../../lambdas/use-cases/pipeline/reply-steps';
import { pipelineStateSchema } from '../../lambdas/use-cases/pipeline/state';
import { summarize } from '../../lambdas/use-cases/pipeline/summarize';
import { transcribe } from '../../lambdas/use-cases/pipeline/transcribe';
import { type SynthesizedPipeline, synthesizePipelineDefinition } from '../../lib/synth-pipeline';
import {
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
import { pendingMessage } from '../support/messages';

const SENDER = '+14155550123';
const TRANSCRIPT = 'Hi, this is Marguerite from the pharmacy. Your prescription is ready for pickup.';
const SUMMARY = 'Marguerite says the prescription is ready.';

let pipeline: SynthesizedPipeline;
beforeAll(async () => {
  pipeline = await synthesizePipelineDefinition();
});

function setUp() {
  const sms = new RecordingSms();
  const deps = {
    messages: new InMemoryMessages(),
    events: new RecordingEvents(),
    clock: testClock(),
    audio: new InMemoryAudio(),
    audioTools: new FakeAudioTools(),
    settings: new InMemorySettings(settingsWith({ twilio_phone_number: '+15005550006', reply_mode: 'full' })),
    optOuts: new InMemoryOptOuts(),
    preferences: new InMemorySenderPreferences(),
    cardLinks: new InMemoryCardLinks(),
    phoneRegions: new LibPhoneNumberRegions(),
    counters: new InMemoryCounters(),
    sentTexts: new InMemorySentTexts(),
    serviceName: 'Voice Summary',
    siteUrl: 'https://voice.example.com',
    warn() {},
    providers: {
      transcriber: async () => fixedTranscriber({ text: TRANSCRIPT }),
      summarizer: async () => fixedSummarizer({ summary: SUMMARY, callback_number: null }),
      transcribesWithOpenAi: async () => false,
      smsSender: async () => ({ sender: sms, from: '+15005550006' }),
      mediaFetcher: async () => new FakeMediaFetcher({ bytes: WAV_BYTES, contentType: 'audio/wav' }),
    },
  } satisfies PipelineDeps;
  return { deps, sms };
}

const USE_CASES: Record<string, (deps: PipelineDeps, state: never) => Promise<unknown>> = {
  MarkProcessing: markProcessing,
  PrepareAudio: prepareAudio,
  Transcribe: transcribe,
  Summarize: summarize,
  DecideReply: decideReply,
  SendReply: sendReply,
  MarkCompleted: markCompleted,
  MarkFailed: markFailed,
};

/** Runs the synthesized state machine once; returns its recorded history as JSON text and how it ended. */
async function run(deps: PipelineDeps, input: { messageId: string; attempt: number }) {
  // Each Task state on its step's use case, with the step handler's input check and error redaction.
  const handlers = Object.fromEntries(
    Object.keys(pipeline.taskFunctions).map((state) => [
      state,
      async (event: unknown) => {
        const use = USE_CASES[state];
        if (!use) throw new Error(`No use case for ${state}`);
        try {
          return ((await use(deps, pipelineStateSchema.parse(event) as never)) ?? null) as never;
        } catch (error) {
          throw withoutPhoneNumbers(error);
        }
      },
    ]),
  );
  const machine = new StateMachine(pipeline.definition as never, { validationOptions: { checkArn: false } });
  const execution = machine.run(input, {
    overrides: {
      taskResourceLocalHandlers: handlers,
      retryIntervalOverrides: Object.fromEntries(Object.keys(handlers).map((s) => [s, 0])),
    },
  });
  const events: unknown[] = [];
  const collected = (async () => {
    for await (const event of execution.eventLogs) events.push(event);
  })();
  const ended = await execution.result.then(
    () => 'succeeded',
    () => 'failed',
  );
  await collected;
  return { history: JSON.stringify(events), ended, events };
}

async function arrived(deps: PipelineDeps, id: string) {
  await deps.messages.create(
    pendingMessage({
      id,
      sender: SENDER,
      phone_number: SENDER,
      source: 'sms',
      media_url: 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1',
      audio_content_type: 'audio/wav',
      attempt: 1,
    }),
  );
}

/** Everything of the message that must not outlive its deletion, in the forms it takes. */
function personalParts(texts: readonly string[]) {
  const code = texts.join('\n').match(/\/m\/([A-Za-z0-9_-]{22})/)?.[1];
  return ['Marguerite', 'prescription', '4155550123', '415) 555', ...(code ? [code] : [])];
}

describe("a run's history (Step Functions keeps it 90 days, past any DELETE)", () => {
  it('of a completed run holds ids and figures, never the transcript, summary, number or link code', async () => {
    const { deps, sms } = setUp();
    await arrived(deps, 'MM1-0');
    const { history, ended, events } = await run(deps, { messageId: 'MM1-0', attempt: 1 });

    expect(ended).toBe('succeeded');
    // The run did the whole job: the transcript and summary were stored and texted with the link.
    expect((await deps.messages.get('MM1-0'))?.status).toBe('completed');
    const texts = sms.sent.map((s) => s.body);
    expect(texts.join('\n')).toContain('Marguerite');
    expect(texts[0]).toMatch(/\/m\/[A-Za-z0-9_-]{22}$/);
    // Every step's input and output is in the history.
    expect(events.filter((e) => (e as { type: string }).type === 'StateExited').length).toBeGreaterThan(6);
    for (const part of personalParts(texts)) expect(history).not.toContain(part);
  });

  it("of a failed run holds the error's name and words, without the number a provider quoted", async () => {
    const { deps, sms } = setUp();
    await arrived(deps, 'MM2-0');
    // Every send is refused, in Twilio's words, which name the recipient.
    const refusal = () =>
      mapTwilioError(
        new TwilioRestError(400, 21999, `The 'To' number ${SENDER} cannot receive messages.`),
        15_000,
        [],
      );
    sms.failures = Array.from({ length: 10 }, refusal);
    const { history, ended } = await run(deps, { messageId: 'MM2-0', attempt: 1 });

    expect(ended).toBe('failed');
    const failed = await deps.messages.get('MM2-0');
    expect(failed?.status).toBe('failed');
    expect(failed?.error_message).toMatch(/^Twilio refused the SMS \(400, Twilio error 21999\)/);
    expect(history).toContain('Twilio refused the SMS');
    for (const part of personalParts([])) expect(history).not.toContain(part);
    expect(failed?.error_message).not.toContain('4155550123');
  });
});
