/**
 * The files CARDS ON attaches (use-cases/card-attachments.ts) over in-memory ports: none unless the sender chose
 * them and the message has a card; one unguessable link per file, kept only as its hash; each fetch writes the
 * file from the message, and any code that opens nothing (malformed, unknown, past the message link's
 * lifetime, its message gone) gets the same 404.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { CARD_FILE_NOT_AVAILABLE, cardDisposition } from '#core/cards/served-cards';
import { NotFoundError } from '#core/errors';
import { LibPhoneNumberRegions } from '../../lambdas/adapters/phone/libphonenumber-regions';
import { mapError } from '../../lambdas/http/error-mapper';
import { hashAccessCode } from '../../lambdas/use-cases/access-codes';
import { readCardFile, replyCardUrls } from '../../lambdas/use-cases/card-attachments';
import {
  InMemoryMessages,
  InMemorySenderPreferences,
  InMemorySettings,
  settingsWith,
  testClock,
} from '../support/in-memory-ports';
import { InMemoryCardLinks } from '../support/in-memory-short-lived-codes';
import { pendingMessage } from '../support/messages';

const SENDER = '+14155550123';
const SITE = 'https://voice.example';
const DAY_MS = 24 * 60 * 60 * 1000;

const TRANSCRIPT =
  'Hi, this is Rebecca from Dr. Patel’s office. Please call me back at 206-555-0142 before five today.';

/** A message whose checked facts give a contact card and an event (callback before five today). */
const completed = (id = 'MM1-0') =>
  pendingMessage({
    id,
    created_at: '2026-01-01T12:00:00.000Z',
    phone_number: SENDER,
    status: 'completed',
    summary: 'Rebecca from Dr. Patel’s office: please call back.',
    transcript: TRANSCRIPT,
    summary_details: {
      summary: 'please call back.',
      key_points: [],
      callback_number: '206-555-0142',
      callback_time: 'before five today',
      requested_action: null,
      caller: null,
      caller_parts: { name: 'Rebecca', role: null, organization: 'Dr. Patel’s office' },
    },
    stated_facts: { number_unclear: null, unsure: [] },
  });

async function setUp(cards: boolean | null) {
  const clock = testClock();
  const messages = new InMemoryMessages();
  const preferences = new InMemorySenderPreferences();
  if (cards !== null) await preferences.update(SENDER, { cards }, clock());
  const deps = {
    clock,
    messages,
    preferences,
    settings: new InMemorySettings(settingsWith({ message_link_days: 30 })),
    cardLinks: new InMemoryCardLinks(clock),
    phoneRegions: new LibPhoneNumberRegions(),
  };
  const message = completed();
  await messages.create(message);
  return { deps, message };
}

const codeOf = (url: string) => url.slice(`${SITE}/api/c/`.length);

describe('the files a reply carries', () => {
  it('are none unless the sender texted CARDS ON', async () => {
    for (const choice of [null, false]) {
      const { deps, message } = await setUp(choice);
      expect(await replyCardUrls(deps, message, SITE)).toEqual([]);
      expect(deps.cardLinks.items.size).toBe(0);
    }
  });

  it('are none where no MMS goes, or while message links are off in Settings', async () => {
    const { deps, message } = await setUp(true);
    // A UK number: Twilio sends it no MMS, so no file link is made for nothing.
    await deps.preferences.update('+447700900123', { cards: true }, deps.clock());
    expect(await replyCardUrls(deps, { ...message, phone_number: '+447700900123' }, SITE)).toEqual([]);
    await deps.settings.put(settingsWith({ message_link_enabled: false }));
    expect(await replyCardUrls(deps, message, SITE)).toEqual([]);
    expect(deps.cardLinks.items.size).toBe(0);
  });

  it('are none for a message with no card, even with CARDS ON', async () => {
    const { deps, message } = await setUp(true);
    const bare = { ...message, summary_details: null, stated_facts: null };
    expect(await replyCardUrls(deps, bare, SITE)).toEqual([]);
  });

  it('get a link each on the site, a 128-bit code kept only as its hash, that opens the file', async () => {
    const { deps, message } = await setUp(true);
    const urls = await replyCardUrls(deps, message, SITE);
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(url).toMatch(/^https:\/\/voice\.example\/api\/c\/[A-Za-z0-9_-]{22}$/);
    const stored = [...deps.cardLinks.items.keys()];
    expect(stored.sort()).toEqual(urls.map((url) => hashAccessCode(codeOf(url))).sort());

    const [contact, event] = await Promise.all(urls.map((url) => readCardFile(deps, codeOf(url))));
    expect(contact?.kind).toBe('contact');
    const card = new ICAL.Component(ICAL.parse(contact!.body));
    expect(card.getFirstPropertyValue('tel')).toBe('tel:+12065550142');
    expect(event?.kind).toBe('event');
    const calendar = new ICAL.Component(ICAL.parse(event!.body));
    expect(calendar.getFirstSubcomponent('vevent')).not.toBeNull();
  });

  it('write the event in the sender’s zone: their TZ, else their area code’s, as the page does', async () => {
    const { deps, message } = await setUp(true);
    // 415 is Pacific: 5 pm there is 01:00 UTC the next day.
    const byArea = await replyCardUrls(deps, message, SITE);
    const eventOf = async (urls: string[]) => {
      const file = await readCardFile(deps, codeOf(urls[1]!));
      const vevent = new ICAL.Component(ICAL.parse(file.body)).getFirstSubcomponent('vevent')!;
      return vevent.getFirstPropertyValue('dtend')!.toString();
    };
    expect(await eventOf(byArea)).toBe('2026-01-02T01:00:00Z');
    await deps.preferences.update(SENDER, { time_zone: 'America/Chicago' }, deps.clock());
    expect(await eventOf(await replyCardUrls(deps, message, SITE))).toBe('2026-01-01T23:00:00Z');
  });

  it('stop working with the message link’s lifetime, checked on every fetch (lowering it ends them)', async () => {
    const { deps, message } = await setUp(true);
    const [url] = await replyCardUrls(deps, message, SITE);
    deps.clock.advance(10 * DAY_MS);
    await expect(readCardFile(deps, codeOf(url!))).resolves.toMatchObject({ kind: 'contact' });
    await deps.settings.put(settingsWith({ message_link_days: 7 }));
    await expect(readCardFile(deps, codeOf(url!))).rejects.toThrow(CARD_FILE_NOT_AVAILABLE);
  });

  it('stop working once the message is gone, and every failure is the same 404', async () => {
    const { deps, message } = await setUp(true);
    const [url] = await replyCardUrls(deps, message, SITE);
    await deps.messages.delete(message.id);
    for (const code of [codeOf(url!), 'not-a-code', '', 'A'.repeat(22)]) {
      const error = await readCardFile(deps, code).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(mapError(error)).toEqual({ status: 404, body: { error: CARD_FILE_NOT_AVAILABLE } });
    }
  });
});

describe('the file name a download gets', () => {
  it('keeps only safe characters, so a caller’s words cannot break the header', () => {
    expect(cardDisposition({ filename: 'rebecca-dr-patels-office.vcf', kind: 'contact' })).toBe(
      'attachment; filename="rebecca-dr-patels-office.vcf"',
    );
    expect(cardDisposition({ filename: 'a"\r\nSet-Cookie: x.ics', kind: 'event' })).toBe(
      'attachment; filename="a-Set-Cookie-x.ics"',
    );
    expect(cardDisposition({ filename: '...', kind: 'event' })).toBe('attachment; filename="event.ics"');
  });
});
