/**
 * What arrives at the service (Twilio's webhook, an admin's upload, an admin's restart) as use cases over
 * in-memory ports: which messages are created, which runs start, and what the sender gets back.
 */
import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  NotFoundError,
  UnprocessableError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../lambdas/core/errors';
import { NotAudioError } from '../../lambdas/core/pipeline-errors';
import { OPT_IN_CONFIRMATION } from '../../lambdas/core/reply';
import type { Message } from '../../lambdas/core/schemas';
import {
  type InboundDeps,
  processAudio,
  RESTART_DEDUP_MS,
  receiveSms,
  receiveUpload,
} from '../../lambdas/use-cases/inbound';
import {
  FakeAudioTools,
  InMemoryAudio,
  InMemoryMessages,
  InMemoryOptOuts,
  RecordingEvents,
  RecordingSms,
  RecordingStarter,
  testClock,
  WAV_BYTES,
} from '../support/in-memory-ports';

const FROM = '+14155550123';

function setUp() {
  const sms = new RecordingSms();
  const deps = {
    messages: new InMemoryMessages(),
    events: new RecordingEvents(),
    clock: testClock(),
    audio: new InMemoryAudio(),
    audioTools: new FakeAudioTools(),
    optOuts: new InMemoryOptOuts(),
    pipeline: new RecordingStarter(),
    providers: { smsSender: async () => ({ sender: sms, from: '+15005550006' }) },
    serviceName: 'Voice Summary',
    contactEmail: 'help@example.com',
    warnings: [] as string[],
    warn(message: string) {
      deps.warnings.push(message);
    },
  } satisfies InboundDeps & { warnings: string[] };
  return { deps, sms };
}

const text = (body: string) => ({ MessageSid: 'SM0123456789abcdef', From: FROM, Body: body, NumMedia: 0 });
const voice = (count = 1) => ({
  MessageSid: 'MM0123456789abcdef',
  From: FROM,
  NumMedia: count,
  ...Object.fromEntries(
    Array.from({ length: count }, (_, i) => [
      [`MediaUrl${i}`, `https://api.twilio.com/media/${i}`],
      [`MediaContentType${i}`, 'audio/amr'],
    ]).flat(),
  ),
});

describe('a voice message from Twilio', () => {
  it('becomes one message and one run per audio attachment; Twilio’s retry creates and starts nothing', async () => {
    const { deps, sms } = setUp();

    const first = await receiveSms(deps, voice(2));
    const retried = await receiveSms(deps, voice(2));

    expect(first).toEqual({
      messageIds: ['MM0123456789abcdef-0', 'MM0123456789abcdef-1'],
      created: 2,
      action: 'voice',
    });
    expect(retried).toMatchObject({ messageIds: first.messageIds, created: 0 });
    expect(deps.pipeline.started).toEqual([
      { messageId: 'MM0123456789abcdef-0', attempt: 1 },
      { messageId: 'MM0123456789abcdef-1', attempt: 1 },
    ]);
    expect((await deps.messages.get('MM0123456789abcdef-0'))!).toMatchObject({
      status: 'pending',
      phone_number: FROM,
      media_url: 'https://api.twilio.com/media/0',
      source: 'sms',
    });
    expect(sms.sent).toEqual([]);
  });

  it('waits for Process Now when the pipeline cannot be started, and says so in the log', async () => {
    const { deps } = setUp();
    deps.pipeline.start = async () => {
      throw new Error('Step Functions is unavailable');
    };
    await receiveSms(deps, voice());
    expect((await deps.messages.get('MM0123456789abcdef-0'))!.status).toBe('pending');
    expect(deps.warnings).toEqual(['Processing could not be started; the message waits for Process Now']);
  });
});

describe('keywords', () => {
  it('STOP records the opt-out and sends nothing; START lifts it and confirms', async () => {
    const { deps, sms } = setUp();

    expect((await receiveSms(deps, text('Stop'))).action).toBe('opt-out');
    expect(await deps.optOuts.get(FROM)).not.toBeNull();
    expect(sms.sent).toEqual([]);

    expect((await receiveSms(deps, text('START'))).action).toBe('opt-in');
    expect(await deps.optOuts.get(FROM)).toBeNull();
    expect(sms.sent.map((s) => s.body)).toEqual([OPT_IN_CONFIRMATION]);
  });

  it('HELP gets the help text with the contact, other texts a how-to, and an opted-out number nothing', async () => {
    const { deps, sms } = setUp();
    await receiveSms(deps, text('help'));
    await receiveSms(deps, text('hello there'));
    await deps.optOuts.optOut(FROM, deps.clock());
    await receiveSms(deps, text('help'));

    expect(sms.sent).toHaveLength(2);
    expect(sms.sent[0]!.body).toContain('help@example.com');
    expect(sms.sent[1]!.body).toMatch(/voice message/i);
  });
});

describe('an admin’s test upload', () => {
  it('is stored and started; a phone number as sender gets the reply, another sender none', async () => {
    const { deps } = setUp();
    const byPhone = await receiveUpload(deps, {
      bytes: WAV_BYTES,
      fileName: 'hello.wav',
      sender: '(415) 555-0123',
    });
    const anonymous = await receiveUpload(deps, { bytes: WAV_BYTES, fileName: 'hello.wav', sender: null });

    expect(byPhone).toMatchObject({ status: 'pending', started: true });
    expect((await deps.messages.get(byPhone.messageId))!).toMatchObject({
      phone_number: FROM,
      source: 'upload',
    });
    expect((await deps.messages.get(anonymous.messageId))!).toMatchObject({
      phone_number: null,
      sender: 'test-user',
    });
    expect(deps.audio.objects.size).toBe(2);
  });

  it('is refused when empty, not audio, or damaged, and nothing is stored', async () => {
    const { deps } = setUp();
    await expect(
      receiveUpload(deps, { bytes: Buffer.alloc(0), fileName: 'a.wav', sender: null }),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      receiveUpload(deps, {
        bytes: Buffer.from('%PDF-1.7 not audio at all'),
        fileName: 'a.pdf',
        sender: null,
      }),
    ).rejects.toBeInstanceOf(UnsupportedMediaTypeError);
    deps.audioTools.probeResult = new NotAudioError('cannot be decoded');
    await expect(
      receiveUpload(deps, { bytes: WAV_BYTES, fileName: 'cut.wav', sender: null }),
    ).rejects.toBeInstanceOf(UnprocessableError);
    expect(deps.audio.objects.size).toBe(0);
    expect(deps.messages.items.size).toBe(0);
  });
});

describe('an admin’s restart (process-audio)', () => {
  async function failedMessage(deps: InboundDeps, changes: Partial<Message> = {}) {
    await deps.messages.create({
      id: 'up-1',
      created_at: deps.clock(),
      sender: 'test-user',
      phone_number: null,
      audio_url: 'audio/up-1.wav',
      status: 'failed',
      summary: null,
      transcript: null,
      error_message: 'Processing failed.',
      reply_sent: false,
      source: 'upload',
      attempt: 1,
      ...changes,
    });
  }
  const input = { messageId: 'up-1', audioUrl: 'audio/up-1.wav', sender: 'test-user' };

  it('starts attempt 2 at once; a double click returns that run, a later click starts attempt 3', async () => {
    const { deps } = setUp();
    await failedMessage(deps);

    expect(await processAudio(deps, input)).toEqual({ messageId: 'up-1', attempt: 2, started: true });
    expect((await deps.messages.get('up-1'))!).toMatchObject({
      status: 'processing',
      attempt: 2,
      error_message: null,
    });
    expect(await processAudio(deps, input)).toEqual({ messageId: 'up-1', attempt: 2, started: false });

    deps.clock.advance(RESTART_DEDUP_MS + 1);
    expect(await processAudio(deps, input)).toMatchObject({ attempt: 3, started: true });
    expect(deps.pipeline.started.map((s) => s.attempt)).toEqual([2, 3]);
  });

  it('refuses a missing message, a completed one and one without audio', async () => {
    const { deps } = setUp();
    await expect(processAudio(deps, input)).rejects.toBeInstanceOf(NotFoundError);
    await failedMessage(deps, { status: 'completed' });
    await expect(processAudio(deps, input)).rejects.toBeInstanceOf(ConflictError);
    deps.messages.items.clear();
    await failedMessage(deps, { audio_url: null, media_url: null });
    await expect(processAudio(deps, input)).rejects.toThrow(/no audio/);
    expect(deps.pipeline.started).toEqual([]);
  });
});
