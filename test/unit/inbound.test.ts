/**
 * What arrives at the service (Twilio's webhook, an admin's upload, an admin's restart) as use cases over
 * in-memory ports: which messages are created, which runs start, and what the sender gets back.
 */

import { describe, expect, it } from 'vitest';
import { DELETE_CODE_TRIES } from '#core/commands/delete';
import {
  ConflictError,
  NotFoundError,
  UnprocessableError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '#core/errors';
import type { Message } from '#core/messages/message';
import { NotAudioError, RecipientOptedOutError } from '#core/messages/pipeline-errors';
import {
  OPT_IN_CONFIRMATION,
  OPT_OUT_CONFIRMATION,
  UNSUPPORTED_MEDIA_TEXT,
  VOICE_LIMIT_TEXT,
} from '#core/texts/service-texts';
import { type InboundDeps, receiveSms } from '../../lambdas/use-cases/inbound/receive-sms';
import { receiveUpload } from '../../lambdas/use-cases/inbound/receive-upload';
import { VOICE_LIMIT_ERROR } from '../../lambdas/use-cases/inbound/voice-limit';
import { processAudio, RESTART_DEDUP_MS } from '../../lambdas/use-cases/retry-message';
import { type InMemoryAudio, settingsWith, WAV_BYTES } from '../support/in-memory-ports';
import { inboundDeps } from '../support/inbound-deps';

const FROM = '+14155550123';

let sids = 0;
/** A text as Twilio posts it, each with its own MessageSid unless one is given (a replay). */
const text = (body: string, options: { from?: string; sid?: string; media?: string } = {}) => ({
  MessageSid: options.sid ?? `SM${String(++sids).padStart(16, '0')}`,
  From: options.from ?? FROM,
  Body: body,
  NumMedia: options.media ? 1 : 0,
  ...(options.media ? { MediaUrl0: 'https://api.twilio.com/media/p', MediaContentType0: options.media } : {}),
});
const voice = (count = 1, sid = 'MM0123456789abcdef', body?: string) => ({
  MessageSid: sid,
  From: FROM,
  ...(body === undefined ? {} : { Body: body }),
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
    const { deps, sms } = inboundDeps();

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
    const { deps } = inboundDeps();
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
    const { deps, sms } = inboundDeps();

    expect((await receiveSms(deps, text('Stop'))).action).toBe('opt-out');
    expect(await deps.optOuts.get(FROM)).not.toBeNull();
    expect(sms.sent).toEqual([]);

    expect((await receiveSms(deps, text('START'))).action).toBe('opt-in');
    expect(await deps.optOuts.get(FROM)).toBeNull();
    expect(sms.sent.map((s) => s.body)).toEqual([OPT_IN_CONFIRMATION]);
  });

  it('HELP gets the help text with the contact, other texts a how-to, and an opted-out number nothing', async () => {
    const { deps, sms } = inboundDeps();
    await receiveSms(deps, text('help'));
    await receiveSms(deps, text('hello there'));
    await deps.optOuts.optOut(FROM, deps.clock());
    await receiveSms(deps, text('help'));

    expect(sms.sent).toHaveLength(2);
    expect(sms.sent[0]!.body).toContain('help@example.com');
    expect(sms.sent[1]!.body).toMatch(/voice message/i);
  });
});

describe('limits', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;

  it('keeps the 21st voice message of a day on the dashboard, untranscribed, and tells the sender once', async () => {
    const { deps, sms } = inboundDeps();
    for (let i = 1; i <= 22; i++) await receiveSms(deps, voice(1, `MM${String(i).padStart(16, '0')}`));

    expect(deps.pipeline.started).toHaveLength(20);
    const twentyFirst = (await deps.messages.get(`MM${String(21).padStart(16, '0')}-0`))!;
    expect(twentyFirst).toMatchObject({ status: 'failed', error_message: VOICE_LIMIT_ERROR(20) });
    expect(twentyFirst.media_url).toBe('https://api.twilio.com/media/0');
    expect(sms.sent.map((s) => s.body)).toEqual([VOICE_LIMIT_TEXT('Voice Summary', 20)]);

    deps.clock.advance(DAY_MS);
    await receiveSms(deps, voice(1, 'MMnextday000000000'));
    expect(deps.pipeline.started).toHaveLength(21);
  });

  it('counts a voice message once however often Twilio retries its webhook', async () => {
    const { deps } = inboundDeps();
    deps.settings.record = settingsWith({ voice_messages_per_sender_per_day: 2 });
    await receiveSms(deps, voice(1, 'MMaaaaaaaaaaaaaaaa'));
    await receiveSms(deps, voice(1, 'MMaaaaaaaaaaaaaaaa'));
    await receiveSms(deps, voice(1, 'MMbbbbbbbbbbbbbbbb'));
    expect(deps.pipeline.started.map((s) => s.messageId)).toEqual([
      'MMaaaaaaaaaaaaaaaa-0',
      'MMbbbbbbbbbbbbbbbb-0',
    ]);
  });

  it('sends one how-to a day for texts that are not keywords, and answers every HELP', async () => {
    const { deps, sms } = inboundDeps();
    await receiveSms(deps, text('hello'));
    await receiveSms(deps, text('are you there?'));
    await receiveSms(deps, text('', { media: 'image/png' }));
    await receiveSms(deps, text('HELP'));
    await receiveSms(deps, text('HELP'));
    expect(sms.sent.map((s) => s.body)).toEqual([
      expect.stringMatching(/forward a voice message/),
      expect.stringContaining('help@example.com'),
      expect.stringContaining('help@example.com'),
    ]);

    deps.clock.advance(DAY_MS);
    await receiveSms(deps, text('', { media: 'image/png' }));
    expect(sms.sent.at(-1)!.body).toBe(UNSUPPORTED_MEDIA_TEXT);
  });

  it.each([
    ['+442079460958', 'GB'],
    ['+18765550123', 'JM'],
  ])('texts nothing to %s (%s) until an operator allows the country', async (from, country) => {
    const { deps, sms } = inboundDeps();
    await receiveSms(deps, text('HELP', { from }));
    expect(sms.sent).toEqual([]);
    expect(deps.warnings).toEqual([expect.stringMatching(/outside the countries/)]);

    deps.settings.record = settingsWith({ reply_countries: ['US', 'CA', country] });
    await receiveSms(deps, text('HELP', { from }));
    expect(sms.sent.map((s) => s.to)).toEqual([from]);
  });

  it('stops at the segments a number may get an hour', async () => {
    const { deps, sms } = inboundDeps();
    deps.settings.record = settingsWith({ segments_per_number_per_hour: 4 });
    for (let i = 0; i < 4; i++) await receiveSms(deps, text('HELP'));
    expect(sms.sent).toHaveLength(2);
    deps.clock.advance(60 * 60 * 1000);
    await receiveSms(deps, text('HELP'));
    expect(sms.sent).toHaveLength(3);
  });

  it('refuses an upload longer than the longest an operator set', async () => {
    const { deps } = inboundDeps();
    deps.settings.record = settingsWith({ max_duration_minutes: 1 });
    deps.audioTools.probeResult = { ...deps.audioTools.probeResult, durationSeconds: 150 } as never;
    await expect(
      receiveUpload(deps, { bytes: WAV_BYTES, fileName: 'long.wav', sender: null }),
    ).rejects.toThrow(
      'The recording is 2 min 30 s long; the longest transcribed is 1 min (Settings). Upload a shorter one.',
    );
    expect(deps.audio.objects.size).toBe(0);
  });
});

describe('opting out', () => {
  it('honours STOP sent with a picture or with a voice message, and processes nothing that came with it', async () => {
    const { deps, sms } = inboundDeps();
    expect((await receiveSms(deps, text('STOP', { media: 'image/png' }))).action).toBe('opt-out');
    expect(await deps.optOuts.get(FROM)).not.toBeNull();

    await deps.optOuts.optIn(FROM);
    expect(await receiveSms(deps, voice(1, 'MMwithstop00000000', 'Stop'))).toMatchObject({
      action: 'opt-out',
      created: 0,
    });
    expect(await deps.optOuts.get(FROM)).not.toBeNull();
    expect(deps.messages.items.size).toBe(0);
    expect(deps.pipeline.started).toEqual([]);
    expect(sms.sent).toEqual([]);
  });

  it.each(['please stop texting me', 'UNSUBSCRIBE ME'])(
    'honours "%s": confirms once, then sends nothing',
    async (words) => {
      const { deps, sms } = inboundDeps();
      expect((await receiveSms(deps, text(words))).action).toBe('opt-out');
      await receiveSms(deps, text(words));
      await receiveSms(deps, text('HELP'));
      await receiveSms(deps, text('what is this?'));
      expect(await deps.optOuts.get(FROM)).not.toBeNull();
      expect(sms.sent.map((s) => s.body)).toEqual([OPT_OUT_CONFIRMATION]);
    },
  );

  it('records an opt-out when Twilio says the number opted out at the carrier (21610)', async () => {
    const { deps, sms } = inboundDeps();
    sms.failures = [new RecipientOptedOutError('Twilio refused the SMS (400, Twilio error 21610).')];
    await receiveSms(deps, text('HELP'));
    expect(await deps.optOuts.get(FROM)).not.toBeNull();
  });

  it('does nothing with a replayed START: the number stays opted out', async () => {
    const { deps, sms } = inboundDeps();
    await receiveSms(deps, text('STOP'));
    const start = text('START');
    expect((await receiveSms(deps, start)).action).toBe('opt-in');
    await receiveSms(deps, text('STOP'));

    expect(await receiveSms(deps, start)).toEqual({ messageIds: [], created: 0, action: 'replay' });
    expect(await deps.optOuts.get(FROM)).not.toBeNull();
    expect(sms.sent.map((s) => s.body)).toEqual([OPT_IN_CONFIRMATION]);
  });

  it('answers Twilio’s retry of a text whose first delivery failed on our side', async () => {
    const { deps, sms } = inboundDeps();
    await receiveSms(deps, text('STOP'));
    const optIn = deps.optOuts.optIn.bind(deps.optOuts);
    deps.optOuts.optIn = async () => {
      deps.optOuts.optIn = optIn;
      throw new Error('DynamoDB is unavailable');
    };
    const start = text('START');
    await expect(receiveSms(deps, start)).rejects.toThrow('DynamoDB is unavailable');
    expect((await receiveSms(deps, start)).action).toBe('opt-in');
    expect(await deps.optOuts.get(FROM)).toBeNull();
    expect(sms.sent.map((s) => s.body)).toEqual([OPT_IN_CONFIRMATION]);
  });
});

describe('DELETE', () => {
  async function stored(deps: InboundDeps & { audio: InMemoryAudio }, id: string, phone: string | null) {
    await deps.messages.create({
      id,
      created_at: deps.clock(),
      sender: phone ?? 'test-user',
      phone_number: phone,
      audio_url: `audio/${id}.m4a`,
      status: 'completed',
      summary: 'Call Dana back.',
      transcript: 'Hi, this is Dana.',
      error_message: null,
      reply_sent: true,
      source: 'sms',
    });
    await deps.audio.put(`audio/${id}.m4a`, Buffer.from('audio'), 'audio/mp4');
  }

  /** The code the last text to FROM carries ("reply DELETE 482193 within 10 minutes"). */
  const codeIn = (sms: { sent: { body: string }[] }) =>
    /DELETE (\d{6,12})\b/.exec(sms.sent.at(-1)!.body)![1]!;

  it('asks for a code first: DELETE alone erases nothing and texts a one-time code', async () => {
    const { deps, sms } = inboundDeps();
    await stored(deps, 'MM1-0', FROM);

    expect((await receiveSms(deps, text('Delete'))).action).toBe('delete-code');

    expect([...deps.messages.items.keys()]).toEqual(['MM1-0']);
    expect(sms.sent).toEqual([
      expect.objectContaining({
        to: FROM,
        body: expect.stringMatching(/reply DELETE \d{6} within 10 minutes/),
      }),
    ]);
  });

  it('erases the sender’s messages and audio with the code, drops them from the live list, and confirms', async () => {
    const { deps, sms } = inboundDeps();
    await stored(deps, 'MM1-0', FROM);
    await stored(deps, 'MM2-0', FROM);
    await stored(deps, 'MM3-0', '+14155550999');
    await receiveSms(deps, text('DELETE'));

    expect((await receiveSms(deps, text(`delete ${codeIn(sms)}`))).action).toBe('delete');

    expect([...deps.messages.items.keys()]).toEqual(['MM3-0']);
    expect([...deps.audio.objects.keys()]).toEqual(['audio/MM3-0.m4a']);
    expect(deps.events.changes.filter((c) => c.type === 'deleted').map((c) => c.message.id)).toEqual([
      'MM1-0',
      'MM2-0',
    ]);
    expect(sms.sent.at(-1)?.body).toContain(
      'we deleted the 2 voice messages you sent us, with their audio, transcripts',
    );
  });

  it('erases nothing for a code it never sent: a forged sender ID without the code deletes nothing', async () => {
    const { deps, sms } = inboundDeps();
    await stored(deps, 'MM1-0', FROM);

    expect((await receiveSms(deps, text('DELETE 482193'))).action).toBe('delete-code');

    expect([...deps.messages.items.keys()]).toEqual(['MM1-0']);
    expect(sms.sent.map((s) => s.body)).toEqual([expect.stringContaining('that code no longer works')]);
  });

  it('uses a code once, for its own number only, within 10 minutes', async () => {
    const { deps, sms } = inboundDeps();
    await receiveSms(deps, text('DELETE'));
    const code = codeIn(sms);
    await stored(deps, 'MM1-0', FROM);
    await stored(deps, 'MM2-0', '+14155550999');

    await receiveSms(deps, text(`DELETE ${code}`, { from: '+14155550999' }));
    expect(deps.messages.items.has('MM2-0')).toBe(true);
    await receiveSms(deps, text(`DELETE ${code}`));
    expect(deps.messages.items.has('MM1-0')).toBe(false);
    await stored(deps, 'MM3-0', FROM);
    expect((await receiveSms(deps, text(`DELETE ${code}`))).action).toBe('delete-code');
    expect(deps.messages.items.has('MM3-0')).toBe(true);

    await receiveSms(deps, text('DELETE'));
    deps.clock.advance(10 * 60_000);
    await receiveSms(deps, text(`DELETE ${codeIn(sms)}`));
    expect(deps.messages.items.has('MM3-0')).toBe(true);
    expect(sms.sent.at(-1)?.body).toContain('that code no longer works');
  });

  it('spends a code on its third wrong try: even the right one then erases nothing', async () => {
    const { deps, sms } = inboundDeps();
    await stored(deps, 'MM1-0', FROM);
    await receiveSms(deps, text('DELETE'));
    const code = codeIn(sms);
    const wrong = code === '000000' ? '000001' : '000000';

    await receiveSms(deps, text(`DELETE ${wrong}`));
    expect(sms.sent.at(-1)?.body).toContain('that is not the code we sent, so nothing was deleted');
    await receiveSms(deps, text(`DELETE ${wrong}`));
    await receiveSms(deps, text(`DELETE ${wrong}`));
    expect(sms.sent.at(-1)?.body).toContain('that code no longer works');
    await receiveSms(deps, text(`DELETE ${code}`));

    expect(deps.messages.items.has('MM1-0')).toBe(true);
  });

  it('texts a number at most 10 codes and 10 answers to wrong codes a day, however often DELETE comes', async () => {
    const { deps, sms } = inboundDeps();
    for (let i = 0; i < 24; i++) await receiveSms(deps, text(i % 2 === 0 ? 'DELETE' : 'DELETE 1'));
    expect(sms.sent.filter((s) => /reply DELETE \d{6}/.test(s.body))).toHaveLength(10);
    expect(sms.sent).toHaveLength(20);
    expect(deps.warnings.join('\n')).toMatch(/had all its texts about DELETE codes today/);
    expect(deps.warnings.join('\n')).toMatch(/had all its texts about DELETE answers today/);
  });

  it('lets the owner erase after a forger spent the day’s code texts and guessed at the last one', async () => {
    const { deps, sms } = inboundDeps();
    await stored(deps, 'MM1-0', FROM);
    // A forger sends DELETE under the owner's number until no more codes are texted; each reaches the phone.
    for (let i = 0; i < 15; i++) await receiveSms(deps, text('DELETE'));
    expect(sms.sent).toHaveLength(10);
    expect(sms.sent.at(-1)?.body).toMatch(/reply DELETE \d{12} by midnight UTC\. It is today's last code/);
    const lastReceived = codeIn(sms);
    // ... then guesses at it, more often than any other code allows.
    for (let i = 0; i < 2 * DELETE_CODE_TRIES; i++) await receiveSms(deps, text('DELETE 000000000000'));
    deps.clock.advance(3 * 60 * 60_000);
    // Hours later the owner asks: no code can be texted, and the one the phone holds is not replaced.
    await receiveSms(deps, text('DELETE'));
    expect(sms.sent.filter((s) => /reply DELETE \d+/.test(s.body))).toHaveLength(10);

    expect((await receiveSms(deps, text(`DELETE ${lastReceived}`))).action).toBe('delete');
    expect(deps.messages.items.has('MM1-0')).toBe(false);
  });

  it('counts and keeps only codes that reached the phone: texts the gate refused replace nothing', async () => {
    const { deps, sms } = inboundDeps();
    // Room for two code texts an hour for this number: the rest of a forger's DELETEs are refused by the gate.
    deps.settings.record = settingsWith({ segments_per_number_per_hour: 4 });
    await stored(deps, 'MM1-0', FROM);
    for (let i = 0; i < 15; i++) await receiveSms(deps, text('DELETE'));
    expect(sms.sent).toHaveLength(2);
    const received = codeIn(sms);

    expect((await receiveSms(deps, text(`DELETE ${received}`))).action).toBe('delete');
    expect(deps.messages.items.has('MM1-0')).toBe(false);
    // The refused ones spent none of the day's code texts: the next hour has codes again.
    deps.clock.advance(60 * 60_000);
    await receiveSms(deps, text('DELETE'));
    expect(sms.sent.at(-1)?.body).toMatch(/reply DELETE \d{6} within 10 minutes/);
  });

  it('ends the day’s last code at midnight UTC', async () => {
    const { deps, sms } = inboundDeps();
    await stored(deps, 'MM1-0', FROM);
    for (let i = 0; i < 10; i++) await receiveSms(deps, text('DELETE'));
    const lastReceived = codeIn(sms);
    deps.clock.advance(12 * 60 * 60_000);
    await receiveSms(deps, text(`DELETE ${lastReceived}`));
    expect(deps.messages.items.has('MM1-0')).toBe(true);
  });

  it('deletes at Twilio the media of a message it never fetched (one past the daily limit)', async () => {
    const { deps, sms, media } = inboundDeps();
    deps.settings.record = settingsWith({ voice_messages_per_sender_per_day: 1 });
    await receiveSms(deps, voice(2, 'MMoverlimit0000000'));
    const kept = deps.messages.items.get('MMoverlimit0000000-1');
    expect(kept).toMatchObject({ status: 'failed', audio_url: null });
    const unfetched = kept?.media_url;
    expect(unfetched).toBeTruthy();

    await receiveSms(deps, text('DELETE'));
    await receiveSms(deps, text(`DELETE ${codeIn(sms)}`));

    expect(deps.messages.items.size).toBe(0);
    expect(media.deleted).toContain(unfetched);
  });

  it('says so when there is nothing to erase, and processes no audio sent with DELETE', async () => {
    const { deps, sms } = inboundDeps();
    await receiveSms(deps, voice(1, 'MMwithdelete000000', 'DELETE'));
    expect(deps.messages.items.size).toBe(0);
    await receiveSms(deps, voice(1, 'MMwithdelete000001', `DELETE ${codeIn(sms)}`));
    expect(deps.messages.items.size).toBe(0);
    expect(sms.sent.at(-1)?.body).toContain('we hold no voice messages');
  });
});

describe('an admin’s test upload', () => {
  it('is stored and started; a phone number as sender gets the reply, another sender none', async () => {
    const { deps } = inboundDeps();
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
    const { deps } = inboundDeps();
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
    const { deps } = inboundDeps();
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
    const { deps } = inboundDeps();
    await expect(processAudio(deps, input)).rejects.toBeInstanceOf(NotFoundError);
    await failedMessage(deps, { status: 'completed' });
    await expect(processAudio(deps, input)).rejects.toBeInstanceOf(ConflictError);
    deps.messages.items.clear();
    await failedMessage(deps, { audio_url: null, media_url: null });
    await expect(processAudio(deps, input)).rejects.toThrow(/no audio/);
    expect(deps.pipeline.started).toEqual([]);
  });
});
