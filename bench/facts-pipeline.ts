/**
 * One voicemail through the pipeline as the service runs it: the steps' use cases (PrepareAudio with real
 * ffmpeg, Transcribe, Summarize, DecideReply, SendReply, or MarkFailed) over in-memory ports, with the
 * engines the settings would choose (Moonshine offline; OpenAI through the real SDK against the local fake).
 * What the sender would get is what the SMS port recorded; the transcription and summary are what the
 * engines returned, words and confidences included when they carry them.
 */

import type { Message } from '#core/messages/message';
import { type HeardWord, heardWordsSchema } from '#core/transcripts/heard-words';
import { FfmpegAudioTools } from '../lambdas/adapters/offline/ffmpeg-audio-tools';
import { LibPhoneNumberRegions } from '../lambdas/adapters/phone/libphonenumber-regions';
import type { SentenceEmbedder } from '../lambdas/ports/sentence-embedder';
import type { SmsSender } from '../lambdas/ports/sms-sender';
import type { Summarizer, SummaryResult } from '../lambdas/ports/summarizer';
import type { Transcriber, Transcription } from '../lambdas/ports/transcriber';
import type { LinkCardDeps } from '../lambdas/use-cases/message-link';
import { markProcessing } from '../lambdas/use-cases/pipeline/mark-processing';
import { markCompleted, markFailed } from '../lambdas/use-cases/pipeline/outcome';
import type { PipelineDeps } from '../lambdas/use-cases/pipeline/pipeline-deps';
import { prepareAudio } from '../lambdas/use-cases/pipeline/prepare-audio';
import { decideReply, sendReply } from '../lambdas/use-cases/pipeline/reply-steps';
import { summarize } from '../lambdas/use-cases/pipeline/summarize';
import { transcribe } from '../lambdas/use-cases/pipeline/transcribe';
import {
  FakeMediaFetcher,
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
} from '../test/support/in-memory-ports';
import { InMemoryCardLinks } from '../test/support/in-memory-short-lived-codes';
import type { Clip } from '../test/support/speech-clips';

export const SERVICE_NAME = 'Voice Summary';
const SENDER = '+14155550123';
const MEDIA_URL = 'https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME1';
const RUN = { messageId: 'MM1-0', attempt: 1 };

/** The engines one column of the table runs on. */
export type Engine = {
  readonly name: string;
  readonly transcriber: Transcriber;
  readonly summarizer: Summarizer;
  /** Whether transcription goes to OpenAI (which refuses AMR: PrepareAudio converts it). */
  readonly openAi: boolean;
  /** The second opinion on urgency by meaning, as the local runtime plugs it in (issue 32); absent: none. */
  readonly urgencyOpinion?: SentenceEmbedder;
};

export type Outcome = {
  /** Every text the sender got, in order (the reply's parts, or a failure notice). */
  readonly texts: readonly string[];
  readonly message: Message;
  readonly transcription: Transcription | null;
  readonly summary: SummaryResult | null;
  /** The error a step ended with, when the run failed. */
  readonly error: string | null;
  /** Seconds from the first step's start (the audio has arrived) to the first text handed to the SMS port. */
  readonly firstTextSeconds: number | null;
  /** The ports the run wrote to, to read the message as its page shows it (use-cases/message-link.ts). */
  readonly page: LinkCardDeps;
};

/** Who sent the voicemail on and when it arrived (ISO): by default a US number and testClock's start. */
export type RunOptions = { readonly sender?: string; readonly receivedAt?: string };

/** The transcript's words with their confidence, when the transcription carries them (issue 24), else null. */
export function heardWordsOf(transcription: Transcription | null): HeardWord[] | null {
  const words = (transcription as { words?: unknown } | null)?.words;
  const parsed = heardWordsSchema.safeParse(words);
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
}

const audioTools = new FfmpegAudioTools();

/** Runs one voicemail, texted from a US number, through every step; never throws for a failed run. */
export async function runVoicemail(engine: Engine, clip: Clip, options: RunOptions = {}): Promise<Outcome> {
  const sender = options.sender ?? SENDER;
  const sms = new RecordingSms();
  let started = performance.now();
  let firstTextAt: number | null = null;
  const timedSms: SmsSender = {
    send: (text) => {
      firstTextAt ??= performance.now();
      return sms.send(text);
    },
  };
  let transcription: Transcription | null = null;
  let summary: SummaryResult | null = null;
  const transcriber: Transcriber = {
    transcribe: async (audio, hints) => {
      transcription = await engine.transcriber.transcribe(audio, hints);
      return transcription;
    },
  };
  const summarizer: Summarizer = {
    summarize: async (transcript, request) => {
      summary = await engine.summarizer.summarize(transcript, request);
      return summary;
    },
  };
  const deps = {
    messages: new InMemoryMessages(),
    events: new RecordingEvents(),
    clock: testClock(options.receivedAt),
    audio: new InMemoryAudio(),
    audioTools,
    settings: new InMemorySettings(settingsWith({ twilio_phone_number: '+15005550006' })),
    optOuts: new InMemoryOptOuts(),
    preferences: new InMemorySenderPreferences(),
    cardLinks: new InMemoryCardLinks(),
    phoneRegions: new LibPhoneNumberRegions(),
    urgencyOpinion: engine.urgencyOpinion ?? null,
    counters: new InMemoryCounters(),
    sentTexts: new InMemorySentTexts(),
    serviceName: SERVICE_NAME,
    siteUrl: 'https://d111111abcdef8.cloudfront.net',
    warn: () => {},
    providers: {
      transcriber: async () => transcriber,
      summarizer: async () => summarizer,
      transcribesWithOpenAi: async () => engine.openAi,
      smsSender: async () => ({ sender: timedSms, from: '+15005550006' }),
      mediaFetcher: async () => new FakeMediaFetcher({ bytes: clip.bytes, contentType: clip.contentType }),
    },
  } satisfies PipelineDeps;
  await deps.messages.create({
    id: RUN.messageId,
    created_at: deps.clock(),
    sender,
    phone_number: sender,
    audio_url: null,
    status: 'pending',
    summary: null,
    transcript: null,
    error_message: null,
    reply_sent: false,
    source: 'sms',
    media_url: MEDIA_URL,
    audio_content_type: clip.contentType,
    attempt: 1,
  });
  let error: string | null = null;
  started = performance.now();
  try {
    await markProcessing(deps, RUN);
    const audio = await prepareAudio(deps, RUN);
    await transcribe(deps, { ...RUN, audio });
    await summarize(deps, RUN);
    if ((await decideReply(deps, RUN)).send) await sendReply(deps, RUN);
    await markCompleted(deps, RUN);
  } catch (caught) {
    const failure = caught as Error;
    error = `${failure.name}: ${failure.message}`;
    // As the state machine does: the step's error goes to MarkFailed, which may text the sender a notice.
    await markFailed(deps, { ...RUN, error: { Error: failure.name, Cause: failure.message } });
  }
  return {
    texts: sms.sent.map((sent) => sent.body),
    message: (await deps.messages.get(RUN.messageId))!,
    transcription,
    summary,
    error,
    firstTextSeconds: firstTextAt === null ? null : (firstTextAt - started) / 1000,
    page: deps,
  };
}
