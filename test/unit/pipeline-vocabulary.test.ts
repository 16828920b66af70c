/**
 * A sender's words to spell right (issue 18) reach the transcriber and the summarizer the pipeline uses, for
 * that sender's messages only: Transcribe and Summarize over in-memory ports.
 */
import { describe, expect, it } from 'vitest';
import type { Message } from '#core/messages/message';
import type { HeardTranscript } from '#core/transcripts/heard-transcript';
import { LibPhoneNumberRegions } from '../../lambdas/adapters/phone/libphonenumber-regions';
import type { SummaryResult } from '../../lambdas/ports/summarizer';
import type { AudioInput, VocabularyHints } from '../../lambdas/ports/transcriber';
import { summarize } from '../../lambdas/use-cases/pipeline/summarize';
import { transcribe } from '../../lambdas/use-cases/pipeline/transcribe';
import { InMemoryAudio, InMemoryMessages, RecordingEvents, testClock } from '../support/in-memory-ports';

const SIOBHAN = '+14155550123';
const OTHER = '+14155550999';
const LISTS: Record<string, readonly string[]> = { [SIOBHAN]: ['Siobhan Kowalczyk', 'Grafana', 'grafana'] };

async function run(message: Partial<Message>) {
  const heard: VocabularyHints[] = [];
  const summarized: VocabularyHints[] = [];
  const preferencesClock = testClock();
  const deps = {
    messages: new InMemoryMessages(),
    events: new RecordingEvents(),
    clock: testClock(),
    audio: new InMemoryAudio(),
    phoneRegions: new LibPhoneNumberRegions(),
    // The sender's SPELL words, as the preferences store gives them.
    preferences: {
      get: async (phoneNumber: string) =>
        LISTS[phoneNumber]
          ? {
              phone_number: phoneNumber,
              spell: [...(LISTS[phoneNumber] ?? [])],
              updated_at: preferencesClock(),
            }
          : null,
    },
    providers: {
      transcriber: async () => ({
        transcribe: async (_audio: AudioInput, hints: VocabularyHints = {}) => {
          heard.push(hints);
          return {
            text: 'Hi this is Siobhan.',
            words: null,
            engine: 'test',
            language: 'en',
            durationSeconds: 3,
            warnings: [],
          };
        },
      }),
      summarizer: async () => ({
        summarize: async (
          _transcript: HeardTranscript,
          hints: VocabularyHints = {},
        ): Promise<SummaryResult> => {
          summarized.push(hints);
          return {
            summary: 'Siobhan called.',
            key_points: [],
            callback_number: null,
            callback_time: null,
            requested_action: null,
            caller: null,
            engine: 'test',
          };
        },
      }),
    },
  };
  await deps.audio.put('audio/MM1-0.wav', Buffer.alloc(64), 'audio/wav');
  await deps.messages.create({
    id: 'MM1-0',
    created_at: deps.clock(),
    sender: SIOBHAN,
    phone_number: SIOBHAN,
    audio_url: 'audio/MM1-0.wav',
    status: 'processing',
    summary: null,
    transcript: null,
    error_message: null,
    reply_sent: false,
    source: 'sms',
    attempt: 1,
    ...message,
  });
  const state = { messageId: 'MM1-0', attempt: 1 };
  const audio = {
    key: 'audio/MM1-0.wav',
    contentType: 'audio/wav',
    fileName: 'message.wav',
    durationSeconds: 3,
    sampleRateHz: 16_000,
  };
  await transcribe(deps, { ...state, audio });
  await summarize(deps, state);
  return { heard, summarized };
}

describe("a sender's words in the pipeline", () => {
  it('reach the transcriber and the summarizer for that sender, as plain words without duplicates', async () => {
    const { heard, summarized } = await run({});

    const words = ['Siobhan', 'Kowalczyk', 'Grafana'];
    expect(heard).toEqual([{ language: null, vocabulary: words }]);
    expect(summarized).toEqual([{ language: null, vocabulary: words }]);
  });

  it("are not used for another sender's messages", async () => {
    const { heard, summarized } = await run({ sender: OTHER, phone_number: OTHER });

    expect(heard).toEqual([{ language: null, vocabulary: [] }]);
    expect(summarized).toEqual([{ language: null, vocabulary: [] }]);
  });

  it('are none for an admin test upload (no phone number, no list)', async () => {
    const { heard } = await run({ sender: 'Test upload', phone_number: null, source: 'upload' });

    expect(heard).toEqual([{ language: null, vocabulary: [] }]);
  });
});
