/**
 * Delivery status callbacks through the local runtime, as Twilio sends them: a real voice message is answered
 * (the outbox records each text's SID, and the message its parts as sent: nothing locally pretends a
 * delivery), then signed callbacks to POST /api/sms-status move each part's status forward, the way the
 * card's data shows (GET /api/messages) and the live list is told; forged ones get 403 and change nothing; duplicates and late
 * statuses change nothing; a callback for a text not tied to a message is acknowledged and ignored; and
 * `npm run sms -- --delivery` posts one end to end, after which the History's delivery filter finds it.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeDelivery } from '#core/delivery/delivery-errors';
import type { Message } from '#core/messages/message';
import { LOCAL_ACCOUNT_SID } from '../../lambdas/adapters/twilio/local-account';
import { startFakeTwilio } from '../support/fake-twilio';
import { currentLiveChannel, openEventsClient, subscribe } from '../support/live-events';
import { ROOT, type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import {
  incomingForm,
  localWebhookToken,
  outboxTo,
  postWebhook,
  recentMessages,
  twilioSid,
  type WebhookOptions,
  waitForMessage,
} from '../support/pipeline';
import { SpeechClips } from '../support/speech-clips';
import { LONG_VOICEMAILS } from '../support/voicemails';

let runtime: RunningRuntime;
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
const clips = new SpeechClips();
const FROM = '+14155550161';
let messageId: string;
/** The reply's texts, in order, as the outbox recorded them. */
let sids: string[];

beforeAll(async () => {
  runtime = await startLocalRuntime();
  twilio = await startFakeTwilio({
    accountSid: LOCAL_ACCOUNT_SID,
    authToken: await localWebhookToken(runtime),
  });
  // Long enough to be summarized: the summary, then the transcript (a short one is texted whole, once).
  const nurse = LONG_VOICEMAILS.find((voicemail) => voicemail.id === 'nurse')!;
  const clip = await clips.clip({
    sentence: { id: nurse.id, text: nurse.script, keyWords: [] },
    format: 'wav',
  });
  const media = twilio.addMedia({ bytes: clip.bytes, contentType: clip.contentType });
  const form = incomingForm({ from: FROM, mediaUrl: media.url, mediaType: clip.contentType });
  expect((await postWebhook(runtime, form)).status).toBe(200);
  messageId = `${form.MessageSid}-0`;
  const done = await waitForMessage(runtime, messageId, ['completed', 'failed']);
  expect(done.status).toBe('completed');
  sids = (await outboxTo(runtime, FROM)).map((entry) => entry.sid);
}, 180_000);

afterAll(async () => {
  await twilio?.close();
  await runtime?.dispose();
  await clips.dispose();
});

/** Posts a status callback, signed as Twilio signs it (or as `options` says). */
const postStatus = (params: Record<string, string>, options: WebhookOptions = {}) =>
  postWebhook(runtime, params, { url: runtime.info.smsStatusUrl, ...options });

const statusForm = (sid: string, status: string, errorCode?: string) => ({
  AccountSid: LOCAL_ACCOUNT_SID,
  MessageSid: sid,
  SmsSid: sid,
  MessageStatus: status,
  SmsStatus: status,
  To: FROM,
  From: '+14155550100',
  ApiVersion: '2010-04-01',
  ...(errorCode ? { ErrorCode: errorCode } : {}),
});

async function theMessage(): Promise<Message> {
  return (await recentMessages(runtime)).find((m) => m.id === messageId)!;
}

async function adminGet(path: string): Promise<unknown> {
  const response = await fetch(`${runtime.url}${path}`, {
    headers: { authorization: `Bearer ${await runtime.adminToken()}` },
  });
  expect(response.status).toBe(200);
  return response.json();
}

async function todaysUsage(): Promise<{ delivered: number; undelivered: number }> {
  const usage = (await adminGet('/api/usage?days=1')) as {
    days: { delivered: number; undelivered: number }[];
  };
  return usage.days.at(-1)!;
}

describe('a reply answered by the local runtime', () => {
  it('records every text it sent with the SID in the outbox, as sent: nothing pretends a delivery', async () => {
    expect(sids.length).toBeGreaterThanOrEqual(2);
    for (const sid of sids) expect(sid).toMatch(/^SM[0-9a-f]{32}$/);
    const message = await theMessage();
    expect(message.sms_parts?.map((p) => [p.sid, p.index, p.kind, p.status, p.error_code])).toEqual(
      sids.map((sid, index) => [sid, index, 'reply', 'sent', null]),
    );
    expect(message.sms_parts?.every((p) => p.segments >= 1)).toBe(true);
    expect(describeDelivery(message.sms_parts)?.title).toBe('Waiting for the carrier to confirm delivery');
    // The local inbox shows each text's SID, what `npm run sms -- --delivery` takes.
    const inbox = await (
      await fetch(`${runtime.url}/_local/inbox`, { headers: runtime.localHeaders() })
    ).text();
    for (const sid of sids) expect(inbox).toContain(`npm run sms -- --delivery ${sid} delivered`);
  });
});

describe('status callbacks', () => {
  it('applies a signed one to its text, the card data shows it, and the live list is told', async () => {
    await runtime.signIn('delivery-admin@example.com', 'delivery-password-1', 'admins');
    const { accessToken } = await runtime.tokens('delivery-admin@example.com', 'delivery-password-1');
    const live = await openEventsClient(runtime, accessToken);
    try {
      await expect.poll(() => live.frames.some((f) => f.type === 'connection_ack')).toBe(true);
      subscribe(live, 'all', await currentLiveChannel(runtime, await runtime.adminToken()), accessToken);
      await expect.poll(() => live.frames.some((f) => f.type === 'subscribe_success')).toBe(true);

      expect(await postStatus(statusForm(sids[0]!, 'delivered'))).toMatchObject({ status: 204, text: '' });
      const message = await theMessage();
      expect(message.sms_parts?.[0]).toMatchObject({ sid: sids[0], status: 'delivered', error_code: null });
      expect(message.sms_parts?.slice(1).every((p) => p.status === 'sent')).toBe(true);
      const pushed = () =>
        live.frames
          .filter((f) => f.type === 'data' && f.id === 'all')
          .map((f) => JSON.parse(String(f.event)) as { type: string; message: Message })
          .find((c) => c.message.id === messageId);
      await expect
        .poll(() => pushed()?.message.sms_parts?.[0]?.status, { timeout: 30_000 })
        .toBe('delivered');
      expect(pushed()?.type).toBe('update');
    } finally {
      live.socket.close();
    }
  });

  it('refuses forged ones with 403 and changes nothing', async () => {
    const before = await theMessage();
    const form = statusForm(sids[1]!, 'failed', '30008');
    for (const forged of [
      await postStatus(form, { token: 'not-the-right-token' }),
      await postStatus(form, { signature: null }),
      // Signed for "delivered", sent saying "failed".
      await postStatus(statusForm(sids[1]!, 'delivered'), {
        tamper: (form) => ({ ...form, MessageStatus: 'failed' }),
      }),
    ]) {
      expect(forged.status).toBe(403);
      expect(JSON.parse(forged.text).error).toMatch(/X-Twilio-Signature/);
    }
    expect(await theMessage()).toEqual(before);
  });

  it('keeps the first final word: duplicates and a late "sent" change nothing', async () => {
    expect((await postStatus(statusForm(sids[0]!, 'delivered'))).status).toBe(204);
    const before = await theMessage();
    const deliveredBefore = (await todaysUsage()).delivered;
    expect((await postStatus(statusForm(sids[0]!, 'delivered'))).status).toBe(204);
    expect((await postStatus(statusForm(sids[0]!, 'sent'))).status).toBe(204);
    expect((await postStatus(statusForm(sids[0]!, 'queued'))).status).toBe(204);
    expect(await theMessage()).toEqual(before);
    // Usage counts a text delivered once, however often Twilio says so.
    expect((await todaysUsage()).delivered).toBe(deliveredBefore);
  });

  it("shows each reply part's delivery in Details, from the callbacks recorded", async () => {
    const run = await adminGet(`/api/messages/${messageId}/run`);
    const parts = (run as { reply_parts: { part: number; delivery: { status: string } | null }[] })
      .reply_parts;
    expect(parts).toHaveLength(sids.length);
    expect(parts[0]?.delivery?.status).toBe('delivered');
  });

  it('acknowledges one for a text not tied to a message (HELP) or not ours, and changes nothing', async () => {
    const help = incomingForm({ from: FROM, body: 'HELP' });
    expect((await postWebhook(runtime, help)).status).toBe(200);
    const helpText = (await outboxTo(runtime, FROM)).find((entry) => entry.messageId === null)!;
    expect(helpText).toBeDefined();
    const before = await recentMessages(runtime);
    expect((await postStatus(statusForm(helpText.sid, 'undelivered', '30003'))).status).toBe(204);
    expect((await postStatus(statusForm(twilioSid('SM'), 'undelivered', '30007'))).status).toBe(204);
    expect(await recentMessages(runtime)).toEqual(before);
  });

  it('answers a form that is not a status callback with 400 and what is wrong', async () => {
    const bad = await postStatus(statusForm(sids[0]!, 'lost'));
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error).toMatch(/MessageStatus must be one of/);
  });
});

describe('npm run sms -- --delivery', () => {
  it("posts a signed undelivered 30007 for a reply part, and the card's words say it was filtered as spam", async () => {
    const last = sids.at(-1)!;
    const usageBefore = await todaysUsage();
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'sms', '--', '--delivery', last, 'undelivered', '--error', '30007'],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: runtime.dataDir, PORT: String(runtime.info.port) } },
    );
    expect(stdout).toContain(`Posted "undelivered" (error 30007) for ${last}.`);
    const message = await theMessage();
    expect(message.sms_parts?.at(-1)).toMatchObject({ sid: last, status: 'undelivered', error_code: 30007 });
    expect(describeDelivery(message.sms_parts)).toMatchObject({
      status: 'undelivered',
      error_code: 30007,
      title: `Not delivered (reply part ${sids.length}): the carrier filtered it as spam (30007)`,
    });
    // Counted once in the day's usage, and shown on its part in Details.
    expect((await todaysUsage()).undelivered).toBe(usageBefore.undelivered + 1);
    const run = (await adminGet(`/api/messages/${messageId}/run`)) as {
      reply_parts: { delivery: { status: string; error_code: string | null } | null }[];
    };
    expect(run.reply_parts.at(-1)?.delivery).toEqual({ status: 'undelivered', error_code: '30007' });
    // The History finds it by its delivery (issue 26), and no longer among those waiting for the carrier.
    const listed = (query: string) =>
      adminGet(`/api/messages?limit=100&${query}`).then((page) =>
        (page as { messages: Message[] }).messages.map((m) => m.id),
      );
    expect(await listed('delivery=not_delivered')).toEqual([messageId]);
    expect(await listed('delivery=waiting')).not.toContain(messageId);
  });
});
