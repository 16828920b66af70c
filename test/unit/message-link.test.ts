/**
 * The link to a whole message: its code (128 random bits, only the SHA-256 kept), the one "not available"
 * answer for any code that opens nothing, and what reading, playing and deleting through it do.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '#core/errors';
import {
  ACCESS_CODE_LENGTH,
  accessCodeSchema,
  MESSAGE_NOT_AVAILABLE,
  messageLinkUrl,
} from '#core/messages/message-link';
import { composeReply } from '#core/texts/service-texts';
import { mapError } from '../../lambdas/http/error-mapper';
import { hashAccessCode, newAccessCode } from '../../lambdas/use-cases/access-codes';
import {
  createMessageLink,
  deleteByLink,
  messageLinkAudio,
  readMessageLink,
} from '../../lambdas/use-cases/message-link';
import {
  FakeMediaFetcher,
  InMemoryAudio,
  InMemoryMessages,
  InMemorySenderPreferences,
  InMemorySettings,
  RecordingEvents,
  settingsWith,
  testClock,
  WAV_BYTES,
} from '../support/in-memory-ports';
import { pendingMessage } from '../support/messages';

const SITE = 'https://voice.example.com';

describe('a link code', () => {
  it('is 128 random bits in base64url (22 characters), new every time', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => newAccessCode().code));
    expect(codes.size).toBe(1000);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(code, 'base64url')).toHaveLength(16);
      expect(accessCodeSchema.safeParse(code).success).toBe(true);
    }
    expect(ACCESS_CODE_LENGTH).toBe(22);
  });

  it('is kept only as its SHA-256 (hex), never as itself', () => {
    const { code, hash } = newAccessCode();
    expect(hash).toBe(createHash('sha256').update(code).digest('hex'));
    expect(hash).not.toContain(code);
    expect(hashAccessCode(code)).toBe(hash);
    const tampered = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
    expect(hashAccessCode(tampered)).not.toBe(hash);
  });

  it('is refused when it is not 22 base64url characters', () => {
    for (const bad of [
      '',
      'short',
      `${'a'.repeat(21)}=`,
      'a'.repeat(23),
      `${'a'.repeat(21)}.`,
      'ä'.repeat(22),
    ])
      expect(accessCodeSchema.safeParse(bad).success).toBe(false);
  });

  it("is a URL on the site's own origin under /m/", () => {
    expect(messageLinkUrl('https://voice.example.com/some/path', 'AbCdEfGhIjKlMnOpQrStUv')).toBe(
      'https://voice.example.com/m/AbCdEfGhIjKlMnOpQrStUv',
    );
  });
});

function setUp() {
  const messages = new InMemoryMessages();
  const audio = new InMemoryAudio();
  const media = new FakeMediaFetcher({ bytes: WAV_BYTES, contentType: 'audio/wav' });
  const deps = {
    messages,
    events: new RecordingEvents(),
    clock: testClock(),
    settings: new InMemorySettings(),
    audio,
    providers: { mediaFetcher: async () => media },
    preferences: new InMemorySenderPreferences(),
    cardLinks: { revokeAll: async () => {} },
  };
  return { deps, messages, audio, media };
}

async function linkedMessage(deps: ReturnType<typeof setUp>['deps']) {
  const message = pendingMessage({
    id: 'm1',
    status: 'completed',
    summary: 'Dana from the clinic moved your appointment to Friday at 9 am.',
    summary_details: {
      summary: 'Dana from the clinic moved your appointment to Friday at 9 am.',
      key_points: [],
      callback_number: '415 555 0132',
      callback_time: null,
      requested_action: null,
    },
    transcript:
      'hi this is dana from the clinic your appointment moved to friday at nine am call me at 415 555 0132',
    language: 'en',
    audio_url: 'audio/m1.wav',
    attempt: 1,
  });
  await deps.messages.create(message);
  await deps.audio.put('audio/m1.wav', WAV_BYTES, 'audio/wav');
  const url = await createMessageLink(deps, 'm1', 1, SITE);
  return { message, url: url!, code: url!.split('/m/')[1]! };
}

describe('the message behind a link', () => {
  it('shows the summary with the callback line the text had, the full transcript, when it arrived and its language', async () => {
    const { deps } = setUp();
    const { message, url, code } = await linkedMessage(deps);
    expect(url).toMatch(/^https:\/\/voice\.example\.com\/m\/[A-Za-z0-9_-]{22}$/);
    expect(await readMessageLink(deps, code)).toEqual({
      summary: message.summary,
      callback: 'Call back: (415) 555-0132',
      number_unclear: null,
      transcript: message.transcript,
      words: null,
      received_at: message.created_at,
      // Judged before issue 25's urgency: none to show.
      urgency: null,
      language: 'en',
      has_audio: true,
      // 30 days (the default lifetime) after the link was made, with the text that carried it.
      expires_at: '2026-01-31T12:00:00.000Z',
      // A message from before the fact checks (no stated_facts) offers no card, and the page says so (issue 32).
      cards: {
        contact: false,
        event: null,
        no_event: 'No calendar event: this message was summarized before times were checked.',
      },
    });
  });

  it('says how pressing it is: the pipeline’s level with its reason, or the operator’s correction alone', async () => {
    const { deps } = setUp();
    const { code } = await linkedMessage(deps);
    const urgency = { level: 'urgent', reason: 'a child is sick at school', source: 'rules' } as const;
    await deps.messages.update('m1', ['completed'], { urgency }, deps.clock());
    expect((await readMessageLink(deps, code)).urgency).toEqual({
      level: 'urgent',
      reason: 'a child is sick at school',
    });
    const review = {
      level: 'likely_spam',
      was: 'urgent',
      reviewed_by: 'ops@example.com',
      reviewed_at: 'x',
    } as const;
    await deps.messages.update('m1', ['completed'], { urgency_review: review }, deps.clock());
    expect((await readMessageLink(deps, code)).urgency).toEqual({ level: 'likely_spam', reason: null });
  });

  it('plays the recording from a short-lived signed link made on request', async () => {
    const { deps } = setUp();
    const { code } = await linkedMessage(deps);
    expect(await messageLinkAudio(deps, code)).toEqual({ url: 'memory://audio/m1.wav' });
  });

  it('answers "This message is not available" (404) for a tampered, malformed or unknown code, after the same lookup', async () => {
    const { deps, messages } = setUp();
    const { code } = await linkedMessage(deps);
    let lookups = 0;
    const find = messages.findByLinkHash.bind(messages);
    messages.findByLinkHash = (hash) => {
      lookups += 1;
      return find(hash);
    };
    const tampered = `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, 'not-a-code', '', newAccessCode().code]) {
      const error = await readMessageLink(deps, bad).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(mapError(error)).toEqual({ status: 404, body: { error: MESSAGE_NOT_AVAILABLE } });
    }
    expect(lookups).toBe(4);
  });

  it('"Delete this message" erases the message and its audio, and the link stops working', async () => {
    const { deps, messages, audio } = setUp();
    const { code } = await linkedMessage(deps);
    await deleteByLink(deps, code);
    expect(messages.items.size).toBe(0);
    expect(audio.objects.size).toBe(0);
    await expect(readMessageLink(deps, code)).rejects.toThrow(MESSAGE_NOT_AVAILABLE);
    await expect(deleteByLink(deps, code)).rejects.toThrow(MESSAGE_NOT_AVAILABLE);
  });

  it('a new link replaces the old one, and a run that no longer owns the message makes none', async () => {
    const { deps } = setUp();
    const first = await linkedMessage(deps);
    const second = await createMessageLink(deps, 'm1', 1, SITE);
    await expect(readMessageLink(deps, first.code)).rejects.toThrow(MESSAGE_NOT_AVAILABLE);
    expect((await readMessageLink(deps, second!.split('/m/')[1]!)).summary).toContain('Dana');
    expect(await createMessageLink(deps, 'm1', 2, SITE)).toBeNull();
  });
});

describe("a link's lifetime", () => {
  const DAY_MS = 86_400_000;

  it('is 30 days by default: the last moment it opens the message, then the same 404 as any other code', async () => {
    const { deps } = setUp();
    const { code } = await linkedMessage(deps);
    deps.clock.advance(30 * DAY_MS - 1);
    expect((await readMessageLink(deps, code)).summary).toContain('Dana');
    deps.clock.advance(1);
    for (const attempt of [readMessageLink, messageLinkAudio, deleteByLink]) {
      const error = await attempt(deps, code).catch((e: unknown) => e);
      expect(mapError(error)).toEqual({ status: 404, body: { error: MESSAGE_NOT_AVAILABLE } });
    }
    // Expired is not deleted: the message stays until its retention or the sender's DELETE.
    expect(deps.messages.items.has('m1')).toBe(true);
  });

  it('follows Settings for links already sent, and never outlives the message', async () => {
    const { deps, messages } = setUp();
    const { code } = await linkedMessage(deps);
    deps.settings.record = settingsWith({ message_link_days: 7 });
    expect((await readMessageLink(deps, code)).expires_at).toBe('2026-01-08T12:00:00.000Z');
    deps.clock.advance(7 * DAY_MS);
    await expect(readMessageLink(deps, code)).rejects.toThrow(MESSAGE_NOT_AVAILABLE);

    deps.settings.record = settingsWith({ message_link_days: 90 });
    // The message itself expires in 10 days (its retention): the link says so, and ends then.
    messages.expiresAt.set('m1', Date.parse('2026-01-11T12:00:00.000Z') / 1000);
    expect((await readMessageLink(deps, code)).expires_at).toBe('2026-01-11T12:00:00.000Z');
  });

  it('counts from when the link was made: a retried reply makes a new one that starts again', async () => {
    const { deps } = setUp();
    await linkedMessage(deps);
    deps.clock.advance(29 * DAY_MS);
    const again = await createMessageLink(deps, 'm1', 1, SITE);
    deps.clock.advance(2 * DAY_MS);
    expect((await readMessageLink(deps, again!.split('/m/')[1]!)).summary).toContain('Dana');
  });
});

describe('the first text with the link', () => {
  const summary = {
    summary: 'Dana from the clinic moved your appointment to Friday at 9 am.',
    key_points: [],
    callback_number: null,
    callback_time: null,
    requested_action: null,
  };
  const link = 'https://voice.example.com/m/AbCdEfGhIjKlMnOpQrStUv';

  it('ends with the link on a line of its own; the transcript texts still follow in full mode', () => {
    const [first, ...rest] = composeReply({
      mode: 'full',
      summary,
      // Too long to text whole: the summary, then the transcript.
      transcript: `hi this is dana from the clinic${' about the appointment you made with us last month'.repeat(6)}`,
      serviceName: 'Voice Summary',
      link,
    });
    expect(first!.split('\n').at(-1)).toBe(link);
    expect(rest[0]).toMatch(/^Transcript: hi this is dana/);
  });

  it('has no link when none is given', () => {
    const [first] = composeReply({
      mode: 'summary_only',
      summary,
      transcript: 'x',
      serviceName: 'Voice Summary',
    });
    expect(first).not.toContain('/m/');
  });
});
