/**
 * The Transcribe step keeps the engine's words with the transcript (issue 24), cuts a decoder loop out of
 * both, whatever the engine, and the words are read one message at a time: never in the list, never on the
 * live channel. Transcribe and the message use cases over in-memory ports.
 */
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '#core/errors';
import { type HeardWord, transcriptOf, UNCLEAR_MARK } from '#core/transcripts/heard-words';
import type { Transcription } from '../../lambdas/ports/transcriber';
import { listMessageHistory, messageWords } from '../../lambdas/use-cases/messages';
import { transcribe } from '../../lambdas/use-cases/pipeline/transcribe';
import {
  fixedTranscriber,
  InMemoryAudio,
  InMemoryMessages,
  RecordingEvents,
  testClock,
} from '../support/in-memory-ports';

/** Words of a text as an engine gives them: each sure, but `doubtful` ones at 0.2; pieces at 0, 14.5 and 29 s. */
const heard = (text: string, doubtful: readonly string[] = []): HeardWord[] =>
  text.split(' ').map((word, index) => ({
    text: word,
    confidence: doubtful.includes(word) ? 0.2 : 0.95,
    at: index < 8 ? 0 : index < 14 ? 14.5 : 29,
  }));

async function transcribed(result: Partial<Transcription>) {
  const deps = {
    messages: new InMemoryMessages(),
    events: new RecordingEvents(),
    clock: testClock(),
    audio: new InMemoryAudio(),
    preferences: { get: async () => null },
    providers: { transcriber: async () => fixedTranscriber(result) },
  };
  await deps.audio.put('audio/MM1-0.wav', Buffer.alloc(64), 'audio/wav');
  await deps.messages.create({
    id: 'MM1-0',
    created_at: deps.clock(),
    sender: '+14155550123',
    phone_number: '+14155550123',
    audio_url: 'audio/MM1-0.wav',
    status: 'processing',
    summary: null,
    transcript: null,
    error_message: null,
    reply_sent: false,
    source: 'sms',
    attempt: 1,
  });
  const audio = {
    key: 'audio/MM1-0.wav',
    contentType: 'audio/wav',
    fileName: 'message.wav',
    durationSeconds: 20,
    sampleRateHz: 16_000,
  };
  await transcribe(deps, { messageId: 'MM1-0', attempt: 1, audio });
  return { deps, message: (await deps.messages.get('MM1-0'))! };
}

const LOOPED =
  'Hi, this is Rebecca from Dr. Patel’s office. Please call us back at 555-888-888-888-888-888-888-888-888-888 873-0421 to confirm.';
const CUT =
  'Hi, this is Rebecca from Dr. Patel’s office. Please call us back at 555-888 [unclear] 873-0421 to confirm.';

describe('Transcribe', () => {
  it("keeps the engine's words with the transcript they spell", async () => {
    const words = heard('Hi, this is Jenna from Lakeside Dental.', ['Jenna']);
    const { message } = await transcribed({ text: transcriptOf(words), words });
    expect(message.transcript).toBe('Hi, this is Jenna from Lakeside Dental.');
    expect(message.transcript_words).toEqual(words);
  });

  it('cuts a loop inside a written number out of the text and the words, marks it, and goes on', async () => {
    const words = heard(LOOPED);
    const { message } = await transcribed({ text: LOOPED, words });
    expect(message.transcript).toBe(CUT);
    expect(transcriptOf(message.transcript_words!)).toBe(CUT);
    // The mark: no confidence, at the piece where the loop started; the words after it keep theirs.
    const mark = message.transcript_words!.findIndex((word) => word.text === UNCLEAR_MARK);
    expect(message.transcript_words!.slice(mark - 1, mark + 2)).toEqual([
      { text: '555-888', confidence: 0.95, at: 14.5 },
      { text: UNCLEAR_MARK, confidence: 0, at: 14.5 },
      { text: '873-0421', confidence: 0.95, at: 29 },
    ]);
  });

  it('cuts the loop the same from an engine that gives no confidence (whisper-1), and keeps no words', async () => {
    const { message } = await transcribed({ text: LOOPED, words: null });
    expect(message.transcript).toBe(CUT);
    expect(message.transcript_words).toBeNull();
  });

  it('still fails a transcript that is mostly loop: the engine followed too little of the audio', async () => {
    const text = `Hi, ${'1-2-5, '.repeat(20)}`;
    await expect(transcribed({ text, words: heard(text.trim()) })).rejects.toMatchObject({
      name: 'TranscriptLoopError',
    });
  });
});

describe('the words of a message', () => {
  it('are read one message at a time, never in the list or on the live channel', async () => {
    const words = heard('Call me at 555-873-0421 about Friday.', ['555-873-0421']);
    const { deps } = await transcribed({ text: transcriptOf(words), words });

    expect(await messageWords(deps, 'MM1-0')).toEqual({ words });
    const listed = await listMessageHistory(deps, { limit: 10 });
    expect(listed.messages[0]).toMatchObject({ id: 'MM1-0', transcript: transcriptOf(words) });
    expect(listed.messages[0]).not.toHaveProperty('transcript_words');
    expect(deps.events.changes.length).toBeGreaterThan(0);
    for (const change of deps.events.changes) expect(change.message).not.toHaveProperty('transcript_words');
  });

  it('are null for a message without them (older, or from whisper-1), and an unknown message is not found', async () => {
    const { deps } = await transcribed({ words: null });
    expect(await messageWords(deps, 'MM1-0')).toEqual({ words: null });
    await expect(messageWords(deps, 'nope')).rejects.toBeInstanceOf(NotFoundError);
  });
});
