/**
 * What texts may cost (issue 23), end to end on the local runtime with the real `twilio` and `openai` SDKs
 * against their local fakes: FULL's segments stop at the number's caps (the hour, the day) and FULL is
 * answered a few times a day; past the service's budget replies stop (the card says why, Usage says the budget
 * is spent) while answers to texts, from a budget of their own, still go, and strangers texting the number
 * cannot spend the replies' budget (issue 31); UPLOAD links are a few a day, revoked by
 * DELETE and STOP, and past the voice messages a day nothing is stored. The runtime has no clock to move: the
 * windows' turns are in test/unit/outbound-sms.test.ts and test/unit/send-limits.test.ts.
 */
import { createHash } from 'node:crypto';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LINK_NOT_AVAILABLE, UPLOAD_LINK_OVER_LIMIT, uploadLinkKey } from '#core/audio/upload-link';
import type { UsageReport } from '#core/operator/usage';
import { segmentCount } from '#core/texts/sms-text';
import { createS3Client } from '../../lambdas/adapters/aws/clients/s3-client';
import type { FakeOpenAi } from '../support/fake-openai';
import type { FakeTwilio } from '../support/fake-twilio';
import type { RunningRuntime } from '../support/local-runtime';
import { deleteCodeIn, incomingForm, postWebhook, saveSettings, waitForMessage } from '../support/pipeline';
import { type ProviderRuntime, startWithFakeProviders } from '../support/provider-runtime';
import { type Clip, SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

const OPENAI_KEY = 'sk-test-fake-openai-key-limits-01234567';
const TWILIO = {
  accountSid: `AC${'ef'.repeat(16)}`,
  authToken: 'fake-twilio-auth-token-limits-012345',
  number: '+15005550006',
};
const SHORT = 'Hi, this is Dana from the clinic. Please call me back before Friday.';
/** A transcript FULL answers in ten texts of about eleven segments each. */
const LONG = Array.from(
  { length: 200 },
  (_, i) => `Sentence ${i + 1} of a long voicemail about the plumbing, the invoice and the visit.`,
).join(' ');

let openai: FakeOpenAi;
let twilio: FakeTwilio;
let runtime: RunningRuntime;
let providers: ProviderRuntime;
let clip: Clip;
const clips = new SpeechClips();
let s3: ReturnType<typeof createS3Client>;

beforeAll(async () => {
  providers = await startWithFakeProviders({
    openaiKey: OPENAI_KEY,
    twilio: TWILIO,
    settings: { reply_mode: 'summary_only', auto_reply_enabled: true, message_link_enabled: false },
  });
  ({ openai, twilio, runtime } = providers);
  s3 = createS3Client({ region: 'us-east-1', endpoint: runtime.info.s3.endpoint });
  clip = await clips.clip({ sentence: SPEECH_CORPUS.find((s) => s.id === 'callback')!, format: 'm4a' });
  openai.transcription = { text: SHORT, language: 'english', duration: 6 };
}, 120_000);

afterAll(async () => {
  s3?.destroy();
  await providers?.close();
  await clips.dispose();
});

const post = (form: Record<string, string>) => postWebhook(runtime, form, { token: TWILIO.authToken });
const textsTo = (to: string) => twilio.messages.filter((m) => m.to === to).map((m) => m.body);
const segmentsTo = (to: string) => textsTo(to).reduce((sum, body) => sum + segmentCount(body), 0);

/** Texts `body` from `from` and returns the texts it got back. */
async function sendText(from: string, body: string): Promise<string[]> {
  const before = textsTo(from).length;
  expect((await post(incomingForm({ from, body }))).status).toBe(200);
  return textsTo(from).slice(before);
}

/** A voice message from `from`, transcribed as `transcript`; waits for its run to end. */
async function sendVoice(from: string, transcript = SHORT) {
  openai.transcription = { text: transcript, language: 'english', duration: 60 };
  try {
    const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
    const form = incomingForm({ from, mediaUrl: media.url, mediaType: clip.contentType });
    expect((await post(form)).status).toBe(200);
    return await waitForMessage(runtime, `${form.MessageSid}-0`, ['completed', 'failed']);
  } finally {
    openai.transcription = { text: SHORT, language: 'english', duration: 6 };
  }
}

/** Runs `act` with `settings` saved, then saves `restore`. */
async function withSettings<T>(
  settings: Record<string, unknown>,
  restore: Record<string, unknown>,
  act: () => Promise<T>,
): Promise<T> {
  await saveSettings(runtime, settings);
  try {
    return await act();
  } finally {
    await saveSettings(runtime, restore);
  }
}

async function usage(): Promise<UsageReport> {
  const response = await fetch(`${runtime.url}/api/usage?days=1`, {
    headers: { authorization: `Bearer ${await runtime.adminToken()}` },
  });
  return (await response.json()) as UsageReport;
}

describe('FULL', () => {
  it("stops at the number's segments an hour, then at its segments a day", async () => {
    const from = '+14155550501';
    await sendVoice(from, LONG);
    const summary = segmentsTo(from);
    expect(summary).toBeLessThanOrEqual(2);

    await withSettings(
      { segments_per_number_per_hour: 30, segments_per_number_per_day: 1000 },
      { segments_per_number_per_hour: 40, segments_per_number_per_day: 80 },
      async () => {
        // Two transcript texts of eleven segments fit in the hour with the summary; the third does not.
        const parts = await sendText(from, 'FULL');
        expect(parts.map(segmentCount)).toEqual([11, 11]);
        expect(parts[0]).toMatch(/^Transcript \(1\/10\): /);
        expect(segmentsTo(from)).toBeLessThanOrEqual(30);
      },
    );
    await withSettings(
      { segments_per_number_per_hour: 1000, segments_per_number_per_day: 40 },
      { segments_per_number_per_hour: 40, segments_per_number_per_day: 80 },
      async () => {
        // The day holds 40: one more part fits, then nothing, whatever the hour allows.
        expect((await sendText(from, 'FULL')).map(segmentCount)).toEqual([11]);
        expect(await sendText(from, 'FULL')).toEqual([]);
        expect(segmentsTo(from)).toBe(summary + 33);
      },
    );
  });

  it('is answered a few times a day; then the answer says when to ask again', async () => {
    const from = '+14155550502';
    await sendVoice(from);
    await withSettings({ full_per_number_per_day: 1 }, { full_per_number_per_day: 3 }, async () => {
      expect(await sendText(from, 'FULL')).toEqual([`Transcript: ${SHORT}`]);
      expect(await sendText(from, 'full')).toEqual([
        expect.stringMatching(
          /^Voice Summary: we have sent you the transcript once today, the most we send in a day\. Text FULL again in \d+ (hours?|minutes?)\.$/,
        ),
      ]);
    });
  });
});

describe("the service's SMS budget", () => {
  it('stops replies once spent, and the card says why; HELP and an own-words STOP still go, counted', async () => {
    const from = '+14155550511';
    const bystander = '+14155550512';
    await sendVoice(bystander);
    const { budget } = await usage();
    expect(budget).toMatchObject({ segments: 1000, spent: false });
    expect(budget.used).toBeGreaterThan(0);

    await withSettings(
      { service_segments_per_day: budget.used },
      { service_segments_per_day: 1000 },
      async () => {
        expect((await usage()).budget).toMatchObject({ segments: budget.used, spent: true });
        const message = await sendVoice(from);
        expect(message.status).toBe('completed');
        expect(message.reply_sent).toBe(false);
        expect(message.warnings).toContain(
          `The reply was not sent: the service's SMS budget of ${budget.used} segments a day is spent (Settings).`,
        );
        expect(textsTo(from)).toEqual([]);

        expect(await sendText(from, 'HELP')).toEqual([expect.stringMatching(/Reply STOP to opt out/)]);
        expect(await sendText(from, 'please stop texting me')).toEqual([
          'You are unsubscribed and will get no more messages from this number. Reply START to resubscribe.',
        ]);
        // The answers the carriers require go past the spent budget, counted in it (the day's total) and in theirs.
        const after = await usage();
        expect(after.budget.used).toBeGreaterThan(budget.used);
        expect(after.answers_budget.used).toBeGreaterThan(0);
      },
    );
    expect((await usage()).budget.spent).toBe(false);
  });

  it('cannot be spent by strangers texting the number: past the answers’ budget the next voice message still gets its reply, and DELETE its code', async () => {
    // A budget of 100: the answers to texts get a fifth of it, 20 segments today.
    await withSettings({ service_segments_per_day: 100 }, { service_segments_per_day: 1000 }, async () => {
      const answered: string[][] = [];
      for (let n = 0; n < 30; n++) answered.push(await sendText(`+1415555${3100 + n}`, 'LANG es'));
      // The strangers' answers stopped at the answers' budget...
      expect(answered.filter((texts) => texts.length === 0).length).toBeGreaterThan(0);
      expect(answered.flat().length).toBeLessThanOrEqual(20);
      const report = await usage();
      expect(report.answers_budget).toMatchObject({ segments: 20, spent: true });
      expect(report.budget).toMatchObject({ segments: 100, spent: false });
      // ...and a real sender's voice message is still answered.
      const sender = '+14155550513';
      const message = await sendVoice(sender);
      expect(message.reply_sent).toBe(true);
      expect(textsTo(sender)).toHaveLength(1);
      // ...and its owner can still erase it: DELETE's code goes past the spent answers' budget.
      expect(await sendText(sender, 'DELETE')).toEqual([expect.stringMatching(/\b\d{6}\b/)]);
    });
  });
});

describe('UPLOAD links', () => {
  const LINK = /\/u\/([A-Za-z0-9_-]{22})$/;
  const api = (code: string, path = '', init: RequestInit = {}) =>
    fetch(`${runtime.url}/api/u/${code}${path}`, init);
  const postJson = (code: string, path: string, body?: unknown) =>
    api(code, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const uploadKeyOf = (code: string) => uploadLinkKey(createHash('sha256').update(code).digest('hex'));
  const stored = (key: string) =>
    s3.send(new HeadObjectCommand({ Bucket: runtime.info.s3.bucket, Key: key })).then(
      () => true,
      () => false,
    );

  /** Texts UPLOAD and returns the link's code. */
  async function askForLink(from: string): Promise<string> {
    const [answer] = await sendText(from, 'UPLOAD');
    const code = answer?.match(LINK)?.[1];
    if (!code) throw new Error(`No upload link in: ${answer}`);
    return code;
  }

  /** Signs the link's upload and PUTs the clip to storage, as the page does. */
  async function upload(code: string): Promise<void> {
    const signed = await postJson(code, '/upload', {
      contentType: clip.contentType,
      size: clip.bytes.length,
    });
    expect(signed.status).toBe(200);
    const ticket = (await signed.json()) as { url: string; headers: Record<string, string> };
    expect((await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: clip.bytes })).ok).toBe(
      true,
    );
  }

  it('are a few a number a day; then the answer says when to ask again', async () => {
    const from = '+14155550521';
    await withSettings(
      { upload_links_per_number_per_day: 2 },
      { upload_links_per_number_per_day: 3 },
      async () => {
        await askForLink(from);
        await askForLink(from);
        expect(await sendText(from, 'UPLOAD')).toEqual([
          expect.stringMatching(
            /^Voice Summary: we have sent this number 2 upload links today, the most we send in a day\. Text UPLOAD again in \d+ (hours?|minutes?)\.$/,
          ),
        ]);
      },
    );
  });

  it.each([
    ['DELETE', '+14155550522'],
    ['STOP', '+14155550523'],
  ])(
    'are revoked by %s: a pending link answers as gone, and its uploaded file is removed',
    async (body, from) => {
      const code = await askForLink(from);
      await upload(code);
      expect(await stored(uploadKeyOf(code))).toBe(true);

      const [answer] = await sendText(from, body);
      // DELETE erases (and revokes) only with the code it texts back.
      if (body === 'DELETE') await sendText(from, `DELETE ${deleteCodeIn(answer!)}`);

      for (const answer of [await api(code), await postJson(code, '/message')]) {
        expect(answer.status).toBe(404);
        expect(await answer.json()).toEqual({ error: UPLOAD_LINK_NOT_AVAILABLE });
      }
      expect(await stored(uploadKeyOf(code))).toBe(false);
    },
  );

  it('store nothing past the voice messages a day: the file handed in after the last one is removed', async () => {
    const from = '+14155550524';
    const over = UPLOAD_LINK_OVER_LIMIT('1 voice message');
    await withSettings(
      { voice_messages_per_sender_per_day: 1 },
      { voice_messages_per_sender_per_day: 20 },
      async () => {
        const first = await askForLink(from);
        const late = await askForLink(from);
        await upload(first);
        await upload(late);
        expect((await postJson(first, '/message')).status).toBe(201);

        const refused = await postJson(late, '/message');
        expect(refused.status).toBe(409);
        expect(await refused.json()).toEqual({ error: over });
        expect(await stored(uploadKeyOf(late))).toBe(false);
        // A new link says so before a byte is sent.
        const next = await askForLink(from);
        for (const answer of [
          await api(next),
          await postJson(next, '/upload', { contentType: clip.contentType, size: clip.bytes.length }),
        ]) {
          expect(answer.status).toBe(409);
          expect(await answer.json()).toEqual({ error: over });
        }
      },
    );
  });
});
