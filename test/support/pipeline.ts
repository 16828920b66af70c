/**
 * Helpers for pipeline tests against a running local runtime: Twilio-style signed webhooks, admin uploads,
 * the messages API, the outbox, and waiting for a message to reach a status.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Message } from '#core/messages/message';
import { LOCAL_ACCOUNT_SID } from '../../lambdas/adapters/twilio/local-account';
import { twilioSignature } from '../../lambdas/adapters/twilio/twilio-signature';
import { readOutbox } from '../../local/adapters/outbox-sms-sender';
import type { RunningRuntime } from './local-runtime';

export const twilioSid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

/** The token the runtime checks webhook signatures with while no Twilio auth token is saved. */
export async function localWebhookToken(runtime: RunningRuntime): Promise<string> {
  return (await readFile(runtime.info.webhookTokenFile, 'utf8')).trim();
}

export type WebhookOptions = {
  /** Sign with this token (default: the runtime's local token). */
  readonly token?: string;
  /**
   * The public URL Twilio posts to (default: the runtime's webhook URL; `runtime.info.smsStatusUrl` for a
   * status callback): signed for, and posted to its path on this machine.
   */
  readonly url?: string;
  /** Sign for this URL instead (default: `url`). */
  readonly signedUrl?: string;
  /** Send this signature instead of computing one; null sends none. */
  readonly signature?: string | null;
  /** Change the form after signing. */
  readonly tamper?: (params: Record<string, string>) => Record<string, string>;
};

/** Posts a Twilio webhook (an incoming message, or a status callback with `url`), signed as Twilio signs it. */
export async function postWebhook(
  runtime: RunningRuntime,
  params: Record<string, string>,
  options: WebhookOptions = {},
) {
  const token = options.token ?? (await localWebhookToken(runtime));
  const url = options.url ?? runtime.info.webhookUrl;
  const signature =
    options.signature === undefined
      ? twilioSignature(token, options.signedUrl ?? url, params)
      : options.signature;
  const sent = options.tamper ? options.tamper({ ...params }) : params;
  // Signed for the public URL (PUBLIC_URL's when set), sent to the runtime on this machine.
  const response = await fetch(new URL(new URL(url).pathname, runtime.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    body: new URLSearchParams(sent).toString(),
  });
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') };
}

/** A Twilio incoming-message form: text, or media at `mediaUrl`. */
export function incomingForm(options: {
  from: string;
  body?: string;
  mediaUrl?: string;
  mediaType?: string;
  messageSid?: string;
}): Record<string, string> {
  const sid = options.messageSid ?? twilioSid(options.mediaUrl ? 'MM' : 'SM');
  return {
    MessageSid: sid,
    SmsMessageSid: sid,
    AccountSid: LOCAL_ACCOUNT_SID,
    From: options.from,
    To: '+15005550006',
    Body: options.body ?? '',
    NumMedia: options.mediaUrl ? '1' : '0',
    ...(options.mediaUrl
      ? { MediaUrl0: options.mediaUrl, MediaContentType0: options.mediaType ?? 'audio/mpeg' }
      : {}),
  };
}

/** Uploads a file as the dashboard's test upload does (multipart, admin token). */
export async function upload(
  runtime: RunningRuntime,
  file: { bytes: Buffer; fileName: string; contentType?: string },
  options: { sender?: string; token?: string | null } = {},
) {
  const form = new FormData();
  form.set(
    'audio',
    new Blob([file.bytes], { type: file.contentType ?? 'application/octet-stream' }),
    file.fileName,
  );
  if (options.sender !== undefined) form.set('sender', options.sender);
  const token = options.token === undefined ? await runtime.adminToken() : options.token;
  const response = await fetch(`${runtime.url}/api/messages`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, json };
}

/** The code a DELETE answer carries ("reply DELETE 482193 within 10 minutes"). */
export function deleteCodeIn(text: string): string {
  const code = /DELETE (\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No DELETE code in: ${text}`);
  return code;
}

export async function recentMessages(runtime: RunningRuntime): Promise<Message[]> {
  const response = await fetch(`${runtime.url}/api/messages?limit=10`, {
    headers: { authorization: `Bearer ${await runtime.adminToken()}` },
  });
  return ((await response.json()) as { messages: Message[] }).messages;
}

/** Polls the admin API until the message is in one of `statuses`; returns it. */
export async function waitForMessage(
  runtime: RunningRuntime,
  id: string,
  statuses: readonly Message['status'][],
  timeoutMs = 90_000,
): Promise<Message> {
  const deadline = Date.now() + timeoutMs;
  let last: Message | undefined;
  while (Date.now() < deadline) {
    last = (await recentMessages(runtime)).find((m) => m.id === id);
    if (last && statuses.includes(last.status)) return last;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `Message ${id} did not reach ${statuses.join('/')} in ${timeoutMs} ms (last: ${JSON.stringify(last)})`,
  );
}

export async function processAudio(
  runtime: RunningRuntime,
  message: Pick<Message, 'id' | 'audio_url' | 'sender'>,
) {
  const response = await fetch(`${runtime.url}/api/process-audio`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await runtime.adminToken()}` },
    body: JSON.stringify({ messageId: message.id, audioUrl: message.audio_url, sender: message.sender }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

export async function outboxTo(runtime: RunningRuntime, to: string) {
  return (await readOutbox(runtime.info.outbox)).filter((entry) => entry.to === to);
}

/** The status changes the runtime logged for a message (its "Message changed" lines), in order. */
export function statusHistory(runtime: RunningRuntime, id: string): string[] {
  const statuses: string[] = [];
  for (const line of runtime.output().split('\n')) {
    if (!line.includes('"Message changed"')) continue;
    try {
      const entry = JSON.parse(line) as { messageId?: string; status?: string };
      if (entry.messageId === id && entry.status && statuses.at(-1) !== entry.status)
        statuses.push(entry.status);
    } catch {}
  }
  return statuses;
}

/** Saves settings through the admin API. */
export async function saveSettings(runtime: RunningRuntime, settings: Record<string, unknown>) {
  const response = await fetch(`${runtime.url}/api/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await runtime.adminToken()}` },
    body: JSON.stringify(settings),
  });
  if (response.status !== 200)
    throw new Error(`Saving settings failed: ${response.status} ${await response.text()}`);
}
