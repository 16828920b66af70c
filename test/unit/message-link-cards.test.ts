/**
 * "Add to contacts" and "Add to calendar" through a message's link (issue 25): what the page is told, the
 * files it downloads, in the sender's time zone (their TZ, else their area code, else the operator's
 * default), and the same 404 as the page for a code that opens nothing.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '#core/errors';
import type { Message } from '#core/messages/message';
import { MESSAGE_NOT_AVAILABLE } from '#core/messages/message-link';
import { mapError } from '../../lambdas/http/error-mapper';
import { newAccessCode } from '../../lambdas/use-cases/access-codes';
import { createMessageLink, messageLinkCard, readMessageLink } from '../../lambdas/use-cases/message-link';
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

const SENDER = '+14155550177'; // 415: San Francisco, America/Los_Angeles

function setUp(settings = new InMemorySettings()) {
  const deps = {
    messages: new InMemoryMessages(),
    events: new RecordingEvents(),
    clock: testClock('2026-11-26T16:00:00.000Z'),
    settings,
    audio: new InMemoryAudio(),
    providers: {
      mediaFetcher: async () => new FakeMediaFetcher({ bytes: WAV_BYTES, contentType: 'audio/wav' }),
    },
    preferences: new InMemorySenderPreferences(),
  };
  return deps;
}

/** A message whose facts passed the checks: Rebecca, her number, "tomorrow at 10". */
async function linked(deps: ReturnType<typeof setUp>, overrides: Partial<Message> = {}) {
  await deps.messages.create(
    pendingMessage({
      id: 'cards-1',
      sender: SENDER,
      created_at: '2026-11-26T15:00:00.000Z',
      status: 'completed',
      summary: 'Rebecca from Dr. Patel’s office: your results are in.',
      transcript: 'Hi, this is Rebecca from Dr. Patel’s office. Call me back tomorrow at 10 at 206-555-0142.',
      summary_details: {
        summary: 'Rebecca from Dr. Patel’s office: your results are in.',
        key_points: [],
        callback_number: '206-555-0142',
        callback_time: 'tomorrow at 10',
        requested_action: null,
        caller: 'Rebecca from Dr. Patel’s office',
        caller_parts: { name: 'Rebecca', role: null, organization: 'Dr. Patel’s office' },
      },
      stated_facts: { number_unclear: null, unsure: [] },
      attempt: 1,
      ...overrides,
    }),
  );
  const url = await createMessageLink(deps, 'cards-1', 1, 'https://voice.example.com');
  return url!.split('/m/')[1]!;
}

const eventStart = (ics: string) =>
  new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!).startDate
    .toJSDate()
    .toISOString();

describe('the cards of a message’s page', () => {
  it('tells the page there is a contact and an event, in the zone of the sender’s area code', async () => {
    const deps = setUp();
    const code = await linked(deps);
    expect((await readMessageLink(deps, code)).cards).toEqual({
      contact: true,
      // Tomorrow at 10 AM in Los Angeles (PST, UTC-8).
      event: {
        title: 'Call back Rebecca (Dr. Patel’s office)',
        starts_at: '2026-11-27T18:00:00.000Z',
        all_day: false,
        time_zone: 'America/Los_Angeles',
        due_at: null,
      },
      no_event: null,
    });
  });

  it('downloads the vCard and the .ics with their types and file names', async () => {
    const deps = setUp();
    const code = await linked(deps);
    const contact = await messageLinkCard(deps, code, 'contact');
    expect(contact.contentType).toBe('text/vcard; charset=utf-8');
    expect(contact.filename).toBe('rebecca-dr-patels-office.vcf');
    expect(new ICAL.Component(ICAL.parse(contact.body)).getFirstPropertyValue('tel')).toBe(
      'tel:+12065550142',
    );
    const event = await messageLinkCard(deps, code, 'event');
    expect(event.contentType).toBe('text/calendar; charset=utf-8');
    expect(event.filename).toBe('call-back-rebecca-dr-patels-office.ics');
    expect(eventStart(event.body)).toBe('2026-11-27T18:00:00.000Z');
  });

  it('follows the sender’s TZ over the area code, and the operator’s default when neither gives one', async () => {
    const deps = setUp();
    const code = await linked(deps);
    await deps.preferences.update(SENDER, { time_zone: 'America/Chicago' }, deps.clock());
    expect(eventStart((await messageLinkCard(deps, code, 'event')).body)).toBe('2026-11-27T16:00:00.000Z');

    const elsewhere = setUp(new InMemorySettings(settingsWith({ default_time_zone: 'America/Denver' })));
    const fromAbroad = await linked(elsewhere, { sender: '+447700900123' });
    expect((await readMessageLink(elsewhere, fromAbroad)).cards?.event?.starts_at).toBe(
      '2026-11-27T17:00:00.000Z',
    );
  });

  it('answers a 404 saying so when there is no card, and the page’s 404 for a code that opens nothing', async () => {
    const deps = setUp();
    // The checks doubted the time ("10", word 13) and passed no callback time (core/facts/stated-summary.ts).
    const code = await linked(deps, {
      summary_details: {
        summary: 'Rebecca called.',
        key_points: [],
        callback_number: null,
        callback_time: null,
        requested_action: null,
      },
      stated_facts: { number_unclear: null, unsure: [[13, 14]] },
    });
    // The page and the download give the same reason, true of the message (issue 32).
    const reason =
      'No calendar event: the day or time in "Call me back tomorrow at [unclear] at 206-555-0142." was not heard clearly enough; listen to the recording.';
    expect((await readMessageLink(deps, code)).cards).toEqual({
      contact: false,
      event: null,
      no_event: reason,
    });
    // The contact's reason is the true one (issue 32): a number was said, but none was stated to call back.
    const noContact = await messageLinkCard(deps, code, 'contact').catch((e: unknown) => e);
    expect(mapError(noContact)).toEqual({
      status: 404,
      body: {
        error: 'This message has no caller to save: no number in it could be taken as one to call back.',
      },
    });
    const noEvent = await messageLinkCard(deps, code, 'event').catch((e: unknown) => e);
    expect(mapError(noEvent)).toEqual({ status: 404, body: { error: reason } });
    for (const bad of ['not-a-code', newAccessCode().code]) {
      for (const which of ['contact', 'event'] as const) {
        const error = await messageLinkCard(deps, bad, which).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(NotFoundError);
        expect(mapError(error)).toEqual({ status: 404, body: { error: MESSAGE_NOT_AVAILABLE } });
      }
    }
  });
});
