/**
 * What the helpers that stand in for Twilio share (`npm run sms`, `npm run call`): finding the running local
 * service through PORT and DATA_DIR with the token Twilio's posts to it are signed with, Twilio's ids, and a
 * form post signed with X-Twilio-Signature over the exact public URL, sent straight to this machine.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import { twilioSignature } from '../lambdas/adapters/twilio/twilio-signature';
import type { OutboxEntry } from './adapters/outbox-sms-sender';
import type { RuntimeInfo } from './runtime-info';

/** The running service, the token its webhooks are signed with, and whether a Twilio account is saved. */
export type FoundService = {
  readonly info: RuntimeInfo;
  readonly token: string;
  readonly twilioConnected: boolean;
};

/** A Twilio id: the prefix (MM, CA, RE...) and 32 hex digits. */
export function twilioId(prefix: string): string {
  return `${prefix}${randomBytes(16).toString('hex')}`;
}

/** The running service (through PORT and DATA_DIR); `fail` says what a person should do when there is none. */
export async function findService(fail: (message: string) => never): Promise<FoundService> {
  const dataDir = resolve(process.env.DATA_DIR || '.data');
  const info =
    (await readFile(join(dataDir, 'runtime.json'), 'utf8')
      .then((text) => JSON.parse(text) as RuntimeInfo)
      .catch(() => null)) ??
    fail(`no local service is running with DATA_DIR=${dataDir}: start it with npm start.`);
  if (process.env.PORT && Number(process.env.PORT) !== info.port) {
    fail(`the service with DATA_DIR=${dataDir} listens on port ${info.port}, not PORT=${process.env.PORT}.`);
  }
  const health = await fetch(`${info.url}/api/health`).catch(() => null);
  if (!health) fail(`the local service at ${info.url} does not answer: start it with npm start.`);

  const secrets = await readFile(join(dataDir, 'secrets.json'), 'utf8')
    .then((text) => JSON.parse(text) as { twilio_auth_token?: string })
    .catch(() => ({}) as { twilio_auth_token?: string });
  const token =
    secrets.twilio_auth_token ?? (await readFile(info.webhookTokenFile, 'utf8').catch(() => '')).trim();
  if (!token) fail('no webhook signing token: restart the service with npm start.');
  return { info, token, twilioConnected: Boolean(secrets.twilio_auth_token) };
}

/**
 * Posts `params` as Twilio does: a form signed for `publicUrl` (PUBLIC_URL's, if set, which is what the
 * service checks), sent to the same path on this machine.
 */
export async function postAsTwilio(
  service: Pick<FoundService, 'info' | 'token'>,
  publicUrl: string,
  params: Readonly<Record<string, string>>,
  agent: string,
): Promise<Response> {
  const url = new URL(publicUrl);
  return fetch(new URL(`${url.pathname}${url.search}`, service.info.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(service.token, publicUrl, params),
      'user-agent': `TwilioProxy/1.1 (${agent})`,
    },
    body: new URLSearchParams(params).toString(),
  });
}

/** A reply from the outbox, as the helpers print it. */
export function showReply(reply: OutboxEntry): string {
  const media = (reply.media ?? []).map((url) => `\n[attached: ${url}]`).join('');
  return `\n--- reply to ${reply.to} (sid ${reply.sid})\n${reply.body}${media}`;
}

/** The command line: the options and the files named; what node:util refuses, said with the usage. */
export function commandLine<const T extends ParseArgsOptionsConfig>(
  options: T,
  usage: string,
  fail: (message: string) => never,
) {
  try {
    return parseArgs({ allowPositionals: true as const, options });
  } catch (error) {
    // node:util's message already names the option ("Unknown option '--url'..."); a stack trace adds nothing.
    return fail(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
}
