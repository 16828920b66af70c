/**
 * Every inbound thing is on the record (issue 26): a picture, a text that is no command and anything from a
 * number that opted out become failed records with what came in, why and what we answered, counted in usage,
 * published live, never processed or retried, and erased by DELETE; over in-memory ports.
 */
import { describe, expect, it } from 'vitest';
import { ConflictError } from '#core/errors';
import { listMessagesQuerySchema } from '#core/messages/message';
import {
  REFUSAL_WORDS,
  receivedWords,
  refusedContentType,
  refusedTextExcerpt,
} from '#core/messages/refused-inbound';
import { UNSUPPORTED_MEDIA_TEXT, USAGE_TEXT } from '#core/texts/service-texts';
import { receiveSms } from '../../lambdas/use-cases/inbound/receive-sms';
import { listMessageHistory, messagesCsv } from '../../lambdas/use-cases/messages';
import { sweepExpired } from '../../lambdas/use-cases/retention';
import { processAudio } from '../../lambdas/use-cases/retry-message';
import { InMemoryUsage } from '../support/in-memory-ports';
import { inboundDeps } from '../support/inbound-deps';

const FROM = '+14155550123';
const DAY_MS = 24 * 60 * 60 * 1000;

let sids = 0;
/** A text as Twilio posts it, with pictures (or other attachments) of the given types. */
const inbound = (body: string | undefined, media: string[] = [], from = FROM) => ({
  MessageSid: `SM${String(++sids).padStart(16, '0')}`,
  From: from,
  ...(body === undefined ? {} : { Body: body }),
  NumMedia: media.length,
  ...(Object.fromEntries(
    media.flatMap((type, i) => [
      [`MediaUrl${i}`, `https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM1/Media/ME${i}`],
      [`MediaContentType${i}`, type],
    ]),
  ) as { MediaUrl0?: string }),
});

function recordingDeps() {
  const made = inboundDeps();
  const usage = new InMemoryUsage();
  return { ...made, deps: { ...made.deps, usage }, usage };
}

const today = (usage: InMemoryUsage, deps: { clock: () => string }) =>
  usage.days.get(deps.clock().slice(0, 10));

describe('a picture sent to the number', () => {
  it('is kept as failed with what came in, why, and the text we answered; nothing processes it', async () => {
    const { deps, sms, media, usage } = recordingDeps();
    const form = inbound(undefined, ['image/jpeg']);

    expect((await receiveSms(deps, form)).action).toBe('unsupported-media');

    const record = (await deps.messages.get(form.MessageSid))!;
    expect(record).toMatchObject({
      status: 'failed',
      sender: FROM,
      phone_number: FROM,
      source: 'sms',
      audio_url: null,
      error_message: REFUSAL_WORDS['not-audio'],
      error_retryable: false,
      refusal: {
        reason: 'not-audio',
        kind: 'attachment',
        content_types: ['image/jpeg'],
        text: null,
        count: 1,
        answered: UNSUPPORTED_MEDIA_TEXT,
      },
    });
    expect(record.media_url).toBeUndefined();
    expect(receivedWords(record.refusal!)).toBe('a picture (image/jpeg)');
    expect(sms.sent.map((s) => s.body)).toEqual([UNSUPPORTED_MEDIA_TEXT]);
    // No run, no voice message counted against the day's limit, and no picture left at Twilio.
    expect(deps.pipeline.started).toEqual([]);
    expect(await deps.counters.read(`voice#${FROM}#${deps.clock().slice(0, 10)}`)).toBe(0);
    expect(media.deleted).toEqual([form.MediaUrl0]);
    expect(today(usage, deps)).toMatchObject({ refused_attachments: 1, received: 0, failed: 0 });
    // The live list gets it like any new message.
    expect(deps.events.changes.map((c) => [c.type, c.message.id])).toEqual([['created', form.MessageSid]]);
  });

  it('cannot be retried: Retry Processing is refused with a reason', async () => {
    const { deps } = recordingDeps();
    const form = inbound('look at this', ['image/png', 'text/vcard', 'application/pdf']);
    await receiveSms(deps, form);
    const record = (await deps.messages.get(form.MessageSid))!;
    expect(receivedWords(record.refusal!)).toBe(
      'a picture, a contact card and a file (image/png, text/vcard, application/pdf) with the text “look at this”',
    );

    await expect(processAudio(deps, { messageId: record.id })).rejects.toThrow(ConflictError);
    await expect(processAudio(deps, { messageId: record.id })).rejects.toThrow(/not a voice message/);
    expect(deps.pipeline.started).toEqual([]);
  });

  it('is not kept beside a voice message it came with, nor with STOP', async () => {
    const { deps } = recordingDeps();
    await receiveSms(deps, inbound(undefined, ['audio/amr', 'image/jpeg']));
    await receiveSms(deps, inbound('STOP', ['image/jpeg']));
    expect([...deps.messages.items.values()].map((m) => m.refusal?.reason ?? 'voice')).toEqual(['voice']);
  });
});

describe('a text that is not a command', () => {
  it('is kept with its start and the how-to; the same day’s next ones add to that record', async () => {
    const { deps, sms, usage } = recordingDeps();
    const first = inbound('hello, how does this work?');
    await receiveSms(deps, first);
    deps.clock.advance(60_000);
    await receiveSms(deps, inbound('are you there?'));

    const records = [...deps.messages.items.values()];
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      id: first.MessageSid,
      status: 'failed',
      error_message: REFUSAL_WORDS['not-a-command'],
      refusal: {
        reason: 'not-a-command',
        kind: 'text',
        text: 'are you there?',
        count: 2,
        last_at: deps.clock(),
        answered: USAGE_TEXT('Voice Summary'),
      },
    });
    expect(receivedWords(records[0]!.refusal!)).toBe(
      'a text, 2 times that day; the latest: “are you there?”',
    );
    // The how-to went once; both are counted; the second is published as a change of the first record.
    expect(sms.sent).toHaveLength(1);
    expect(today(usage, deps)).toMatchObject({ unknown_texts: 2 });
    expect(deps.events.changes.map((c) => c.type)).toEqual(['created', 'updated']);

    deps.clock.advance(DAY_MS);
    await receiveSms(deps, inbound('hello again'));
    expect(deps.messages.items.size).toBe(2);
  });

  it('says why nothing was answered when the number had today’s how-to already', async () => {
    const { deps } = recordingDeps();
    await receiveSms(deps, inbound('hi'));
    const picture = inbound(undefined, ['image/gif']);
    await receiveSms(deps, picture);
    expect((await deps.messages.get(picture.MessageSid))!).toMatchObject({
      error_message: `${REFUSAL_WORDS['not-audio']} Not answered: a number gets this answer once a day, and this one had it already.`,
      refusal: { answered: null },
    });
  });

  it('is no record when it is a command that works', async () => {
    const { deps, sms } = recordingDeps();
    for (const command of ['HELP', 'LANG es', 'MODE', 'SPELL', 'START'])
      await receiveSms(deps, inbound(command));
    expect(sms.sent).toHaveLength(5);
    expect(deps.messages.items.size).toBe(0);
  });
});

describe('a number that opted out', () => {
  it('gets nothing; what it sends is kept without a word of it, and counted apart', async () => {
    const { deps, sms, media, usage } = recordingDeps();
    await receiveSms(deps, inbound('STOP'));
    const words = inbound('my account number is 1234');
    const picture = inbound(undefined, ['image/heic']);

    expect((await receiveSms(deps, words)).action).toBe('opted-out-sender');
    await receiveSms(deps, inbound('still there?'));
    await receiveSms(deps, picture);

    expect(sms.sent).toEqual([]);
    expect((await deps.messages.get(words.MessageSid))!).toMatchObject({
      status: 'failed',
      error_retryable: false,
      error_message: REFUSAL_WORDS['opted-out'],
      refusal: { reason: 'opted-out', kind: 'text', text: null, count: 2, answered: null },
    });
    expect((await deps.messages.get(picture.MessageSid))!.refusal).toMatchObject({
      reason: 'opted-out',
      kind: 'attachment',
      content_types: ['image/heic'],
    });
    expect(media.deleted).toEqual([picture.MediaUrl0]);
    expect(today(usage, deps)).toMatchObject({ opted_out_messages: 3, unknown_texts: 0 });
  });
});

describe('the sender’s DELETE', () => {
  it('erases the records of what was refused with the voice messages, and counts only those in its answer', async () => {
    const { deps, sms } = recordingDeps();
    await receiveSms(deps, inbound(undefined, ['audio/amr']));
    await receiveSms(deps, inbound(undefined, ['image/jpeg']));
    await receiveSms(deps, inbound('what is this'));
    await receiveSms(deps, inbound('hello', [], '+14155550999'));
    expect(deps.messages.items.size).toBe(4);

    await receiveSms(deps, inbound('DELETE'));
    const code = sms.sent.at(-1)!.body.match(/DELETE (\d{6})/)![1]!;
    await receiveSms(deps, inbound(`DELETE ${code}`));

    expect([...deps.messages.items.values()].map((m) => m.phone_number)).toEqual(['+14155550999']);
    expect(sms.sent.at(-1)!.body).toContain('we deleted the voice message you sent us');
  });
});

describe('retention', () => {
  it('removes a record with the messages of its age, and keeps a younger one', async () => {
    const { deps } = recordingDeps();
    const old = inbound('hello');
    await receiveSms(deps, old);
    deps.clock.advance(60 * DAY_MS);
    const young = inbound(undefined, ['image/png']);
    await receiveSms(deps, young);
    deps.clock.advance(31 * DAY_MS);

    const swept = await sweepExpired({ ...deps, retention: { audioDays: 30, transcriptDays: 90 } });

    expect(swept.messagesDeleted).toBe(1);
    expect([...deps.messages.items.keys()]).toEqual([young.MessageSid]);
    expect(deps.events.changes.at(-1)).toMatchObject({ type: 'deleted', message: { id: old.MessageSid } });
  });
});

describe('History', () => {
  it('filters by kind, and the CSV says what came in and what we answered', async () => {
    const { deps } = recordingDeps();
    await receiveSms(deps, inbound(undefined, ['audio/amr']));
    const picture = inbound(undefined, ['image/jpeg']);
    await receiveSms(deps, picture);
    await receiveSms(deps, inbound('=cmd|calc'));

    const page = (kind: string) =>
      listMessageHistory(deps, listMessagesQuerySchema.parse({ kind, limit: '25' })).then((p) =>
        p.messages.map((m) => m.refusal?.kind ?? 'voice'),
      );
    expect(await page('voice')).toEqual(['voice']);
    expect(await page('attachment')).toEqual(['attachment']);
    expect(await page('text')).toEqual(['text']);
    expect(listMessagesQuerySchema.safeParse({ kind: 'picture' }).error?.issues[0]?.message).toBe(
      'must be one of voice, attachment, text.',
    );

    const { csv } = await messagesCsv(deps, { kind: 'attachment', status: 'failed' });
    const [header, row] = csv.trimEnd().split('\r\n');
    // Issue 25's urgency columns come last: a refused record has none.
    expect(header).toMatch(
      /"kind","received","answered_text","urgency","urgency_reason","urgency_corrected"$/,
    );
    expect(row).toMatch(
      new RegExp(
        `^"${picture.MessageSid}",.*"failed",.*"attachment","a picture \\(image/jpeg\\)","${UNSUPPORTED_MEDIA_TEXT}","","","false"$`,
      ),
    );
  });
});

describe('what is kept of a refused text or attachment', () => {
  it('is at most 160 characters of the text, on one line, without control characters', () => {
    expect(refusedTextExcerpt(`  two\nlines\u202E\u0007 `)).toBe('two lines');
    expect(refusedTextExcerpt('   ')).toBeNull();
    const long = refusedTextExcerpt('é'.repeat(400))!;
    expect(Array.from(long)).toHaveLength(161);
    expect(long.endsWith('…')).toBe(true);
  });

  it('is a type without its parameters, and "unknown" for anything that is not a type', () => {
    expect(refusedContentType('Image/JPEG; name="x.jpg"')).toBe('image/jpeg');
    expect(refusedContentType('<script>alert(1)</script>')).toBe('unknown');
    expect(refusedContentType(null)).toBe('unknown');
    expect(refusedContentType(`image/${'x'.repeat(200)}`)).toBe('unknown');
  });
});
