/**
 * "Add to calendar" for a slot offered with no word like "appointment" (issue 32), end to end offline: the
 * plumber's "I can come out next Tuesday at nine in the morning", spoken by flite, goes through the local
 * pipeline with the real Moonshine engine, and the message's page offers an event on the coming Tuesday at
 * 9:00 in the morning in the sender's zone (their area code's), whose file ical.js reads back. Before, the page
 * offered none and its download said the time was not heard well enough.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ACCOUNT_SID } from '../../lambdas/adapters/twilio/local-account';
import { startFakeTwilio } from '../support/fake-twilio';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { incomingForm, localWebhookToken, outboxTo, postWebhook, waitForMessage } from '../support/pipeline';
import { type Clip, SpeechClips } from '../support/speech-clips';

const clips = new SpeechClips();
const LINK = /\/m\/([A-Za-z0-9_-]{22})(?:#t=\d+)?$/m;
const PLUMBER = {
  id: 'event-plumber',
  text: 'Hi, this is Mike from Apex Plumbing. I can come out next Tuesday at nine in the morning to replace the water heater.',
  keyWords: [],
};
const NEW_YORK = 'America/New_York';

describe('an event for a slot offered, offline', () => {
  let runtime: RunningRuntime;
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
  let clip: Clip;

  beforeAll(async () => {
    runtime = await startLocalRuntime({ env: { PIPELINE_RETRY_INTERVAL_MS: '50' } });
    twilio = await startFakeTwilio({
      accountSid: LOCAL_ACCOUNT_SID,
      authToken: await localWebhookToken(runtime),
    });
    clip = await clips.clip({ sentence: PLUMBER, format: 'wav', voice: 'awb' });
  }, 120_000);

  afterAll(async () => {
    await twilio?.close();
    await runtime?.dispose();
    await clips.dispose();
  });

  it('offers "next Tuesday at nine in the morning" as an event on the coming Tuesday at 9:00 AM', async () => {
    // A New York number (212): the event is in New York's zone.
    const from = '+12125550193';
    const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
    const form = incomingForm({ from, mediaUrl: media.url, mediaType: clip.contentType });
    expect((await postWebhook(runtime, form)).status).toBe(200);
    const message = await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed', 'failed']);
    expect(message.status).toBe('completed');
    const replies = (await outboxTo(runtime, from)).map((reply) => reply.body).join('\n');
    const code = LINK.exec(replies)![1]!;

    const page = (await (await fetch(`${runtime.url}/api/m/${code}`)).json()) as {
      cards: { event: { starts_at: string; time_zone: string } | null; no_event?: string | null };
    };
    expect(page.cards.no_event).toBeNull();
    expect(page.cards.event?.time_zone).toBe(NEW_YORK);

    const ics = await fetch(`${runtime.url}/api/m/${code}/event.ics`);
    expect(ics.status).toBe(200);
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(await ics.text())).getFirstSubcomponent('vevent')!,
    );
    const start = event.startDate.toJSDate();
    const inNewYork = (date: Date, options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-US', { timeZone: NEW_YORK, ...options }).format(date);
    expect(inNewYork(start, { weekday: 'long', hour: 'numeric', minute: '2-digit' })).toBe('Tuesday 9:00 AM');
    // The coming Tuesday: after the message arrived, within a week of it (said on a Tuesday, the next one).
    const arrived = Date.parse(message.created_at);
    expect(start.getTime()).toBeGreaterThan(arrived);
    expect(start.getTime() - arrived).toBeLessThanOrEqual(8 * 86_400_000);
    expect(event.description).toContain('Said: "I can come out next Tuesday at 9 in the morning');
    expect(page.cards.event?.starts_at).toBe(start.toISOString());
  });
});
