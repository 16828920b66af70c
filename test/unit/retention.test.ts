/** What expires and when: the sweep over in-memory ports (the local runtime runs it; AWS has TTL and lifecycle). */
import { describe, expect, it } from 'vitest';
import type { Message } from '#core/messages/message';
import { expiresAtEpochSeconds, retentionCutoff } from '#core/messages/retention';
import { expireProviderMedia, sweepExpired } from '../../lambdas/use-cases/retention';
import {
  FakeMediaFetcher,
  InMemoryAudio,
  InMemoryMessages,
  RecordingEvents,
} from '../support/in-memory-ports';
import { InMemoryCardLinks } from '../support/in-memory-short-lived-codes';

const NOW = '2026-11-23T12:00:00.000Z';
const daysAgo = (days: number) => retentionCutoff(NOW, days);

function message(id: string, createdAt: string): Message {
  return {
    id,
    created_at: createdAt,
    sender: '+14155550123',
    phone_number: '+14155550123',
    audio_url: `audio/${id}.wav`,
    status: 'completed',
    summary: 'Call back.',
    transcript: 'Please call back.',
    error_message: null,
    reply_sent: true,
  };
}

async function setUp(ages: Record<string, number>) {
  const messages = new InMemoryMessages();
  const audio = new InMemoryAudio();
  for (const [id, age] of Object.entries(ages)) {
    await messages.create(message(id, daysAgo(age)));
    await audio.put(`audio/${id}.wav`, Buffer.from('RIFF'), 'audio/wav');
  }
  const events = new RecordingEvents();
  const deps = {
    messages,
    events,
    audio,
    clock: () => NOW,
    retention: { audioDays: 30, transcriptDays: 90 },
    cardLinks: new InMemoryCardLinks(),
  };
  return { messages, audio, deps };
}

describe('the retention sweep', () => {
  it('deletes messages past the transcript period with their audio, and audio past the audio period', async () => {
    const { messages, audio, deps } = await setUp({ fresh: 1, month: 31, quarter: 91, ancient: 400 });
    expect(await sweepExpired(deps)).toEqual({ messagesDeleted: 2, audioDeleted: 3 });

    expect([...messages.items.keys()].sort()).toEqual(['fresh', 'month']);
    expect(messages.items.get('month')).toMatchObject({ audio_url: null, transcript: 'Please call back.' });
    expect(messages.items.get('fresh')?.audio_url).toBe('audio/fresh.wav');
    expect([...audio.objects.keys()]).toEqual(['audio/fresh.wav']);
  });

  it('forgets the links of a deleted message’s MMS attachments (CARDS ON), and only its', async () => {
    const { deps } = await setUp({ fresh: 1, quarter: 91 });
    const link = (messageId: string) => ({
      messageId,
      kind: 'contact' as const,
      timeZone: 'America/New_York',
      madeAt: NOW,
      expiresAt: NOW,
    });
    await deps.cardLinks.put('h-quarter', link('quarter'));
    await deps.cardLinks.put('h-fresh', link('fresh'));
    await sweepExpired(deps);
    expect([...deps.cardLinks.items.keys()]).toEqual(['h-fresh']);
  });

  it('keeps what is exactly at the limit, and deletes nothing more when run again', async () => {
    const { deps } = await setUp({ edge: 30 });
    expect(await sweepExpired(deps)).toEqual({ messagesDeleted: 0, audioDeleted: 0 });
    const { deps: older } = await setUp({ older: 30.001 });
    expect(await sweepExpired(older)).toEqual({ messagesDeleted: 0, audioDeleted: 1 });
    expect(await sweepExpired(older)).toEqual({ messagesDeleted: 0, audioDeleted: 0 });
  });

  it('gives DynamoDB the expiry in epoch seconds, the period after arrival', () => {
    expect(expiresAtEpochSeconds('2026-01-01T00:00:00.000Z', 90)).toBe(
      Date.parse('2026-04-01T00:00:00.000Z') / 1000,
    );
  });
});

describe('media Twilio still holds for us', () => {
  async function withMedia(ages: Record<string, number>, media: FakeMediaFetcher) {
    const messages = new InMemoryMessages();
    for (const [id, age] of Object.entries(ages)) {
      await messages.create({
        ...message(id, daysAgo(age)),
        audio_url: null,
        status: 'failed',
        media_url: `https://api.twilio.com/2010-04-01/Accounts/AC1/Messages/MM${id}/Media/ME${id}`,
      });
    }
    const warnings: string[] = [];
    const deps = {
      messages,
      events: new RecordingEvents(),
      clock: () => NOW,
      retention: { audioDays: 30, transcriptDays: 90 },
      providers: { mediaFetcher: async () => media },
      warn: (text: string) => warnings.push(text),
    };
    return { messages, deps, warnings };
  }

  it('is deleted at Twilio once it is older than the audio period, and the message says so', async () => {
    const media = new FakeMediaFetcher(new Error('nothing is downloaded'));
    const { messages, deps } = await withMedia({ fresh: 29, old: 31 }, media);

    expect(await expireProviderMedia(deps)).toEqual({ deleted: 1, failed: 0 });
    expect(media.deleted).toEqual([expect.stringContaining('/MMold/')]);
    expect(messages.items.get('old')?.media_url).toBeNull();
    expect(messages.items.get('fresh')?.media_url).toContain('/MMfresh/');
    // Nothing more the next day.
    expect(await expireProviderMedia(deps)).toEqual({ deleted: 0, failed: 0 });
  });

  it('keeps the record when Twilio refuses, warns, and goes on with the others', async () => {
    const media = new FakeMediaFetcher(new Error('nothing is downloaded'));
    media.delete = async (url: string) => {
      if (url.includes('/MMa/')) throw new Error('Twilio answered 503');
      media.deleted.push(url);
    };
    const { messages, deps, warnings } = await withMedia({ a: 40, b: 41 }, media);

    expect(await expireProviderMedia(deps)).toEqual({ deleted: 1, failed: 1 });
    expect(messages.items.get('a')?.media_url).toContain('/MMa/');
    expect(messages.items.get('b')?.media_url).toBeNull();
    expect(warnings).toEqual([expect.stringContaining('tried again tomorrow')]);
  });
});
