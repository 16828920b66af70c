/**
 * `npm run sms -- <audio file> --from <number>`: sends a voice message to the running local service the way
 * Twilio does. The file is served on loopback at a Twilio-shaped media URL, the webhook is a form post signed
 * with X-Twilio-Signature, so the real webhook code path runs (signature check, media fetch with Basic auth,
 * delete after storing). Then it prints the replies as they arrive in the outbox.
 *
 * Also: `npm run sms -- --from <number> --body HELP` sends a text, and `npm run sms -- --delivery <sid>
 * <status> [--error <code>]` posts a text's delivery status as Twilio would (local/sms-delivery.ts). Finds the
 * service through PORT and DATA_DIR, like `npm start`.
 */
import { once } from 'node:events';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, resolve } from 'node:path';
import { detectAudioFormat, MAX_AUDIO_BYTES } from '#core/audio/audio-format';
import { normalizePhone } from '#core/delivery/phone';
import { LOCAL_ACCOUNT_SID } from '../lambdas/adapters/twilio/local-account';
import { readOutbox } from './adapters/outbox-sms-sender';
import { commandLine, findService, postAsTwilio, showReply, twilioId } from './as-twilio';
import { LOCAL_DEMO_NUMBER } from './bootstrap';
import { answerAsTwilio, DELIVERY_USAGE, sendDeliveryStatus } from './sms-delivery';
import { outcomeReader, type PostOutcome } from './sms-outcome';

function fail(message: string): never {
  console.error(`npm run sms: ${message}`);
  process.exit(1);
}

/** How long the helper waits for replies unless told (--wait): the help says the same. */
const DEFAULT_WAIT_SECONDS = 120;

const USAGE = `usage: npm run sms -- <audio file> --from +14155550123 [--body text] [--wait ${DEFAULT_WAIT_SECONDS}]
       ${DELIVERY_USAGE}`;

const args = () =>
  commandLine(
    {
      from: { type: 'string' },
      to: { type: 'string' },
      body: { type: 'string' },
      wait: { type: 'string', default: String(DEFAULT_WAIT_SECONDS) },
      delivery: { type: 'boolean' },
      error: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    USAGE,
    fail,
  );

const findRunningService = () => findService(fail);

async function main() {
  const { values, positionals } = args();
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.delivery) {
    const [sid, status, ...rest] = positionals;
    if (!sid || !status || rest.length > 0)
      fail(`--delivery takes a SID and a status. usage: ${DELIVERY_USAGE}`);
    const service = await findRunningService();
    const said = await sendDeliveryStatus(service, { sid, status, error: values.error }).catch(
      (error: Error) => fail(error.message),
    );
    console.log(said);
    return;
  }
  if (values.error !== undefined) fail(`--error goes with --delivery. ${USAGE}`);
  if (!values.from) fail(`--from is required (the sender's phone number). ${USAGE}`);
  const from = normalizePhone(values.from);
  if (!from.ok) fail(from.error);
  if (positionals.length > 1) fail(`send one file at a time. ${USAGE}`);
  if (positionals.length === 0 && values.body === undefined) fail(`give an audio file or --body. ${USAGE}`);
  const { info, token, twilioConnected } = await findRunningService();
  const wait = Number(values.wait);
  if (!Number.isFinite(wait) || wait <= 0) fail(`--wait takes a number of seconds, for example 120.`);

  const messageSid = twilioId('MM');
  const params: Record<string, string> = {
    ToCountry: 'US',
    SmsMessageSid: messageSid,
    MessageSid: messageSid,
    SmsSid: messageSid,
    AccountSid: LOCAL_ACCOUNT_SID,
    From: from.e164,
    To: values.to ?? LOCAL_DEMO_NUMBER,
    Body: values.body ?? '',
    NumSegments: '1',
    SmsStatus: 'received',
    ApiVersion: '2010-04-01',
    NumMedia: '0',
  };

  // The media, served the way Twilio serves it: GET with Basic auth, DELETE once the service has it.
  let media: {
    server: ReturnType<typeof createServer>;
    state: { deleted: boolean };
  } | null = null;
  // As typed, from the folder npm was run in (npm runs the script from the project's root).
  const given = positionals[0];
  const file = given && resolve(process.env.INIT_CWD ?? '.', given);
  if (given && file) {
    const fileInfo = await stat(file).catch(() => null);
    if (!fileInfo?.isFile()) fail(`${given} is not a file.`);
    if (fileInfo.size > MAX_AUDIO_BYTES)
      console.warn(`Note: ${given} is over 25 MB; the service will refuse it.`);
    const bytes = await readFile(file);
    const format = detectAudioFormat(bytes);
    const contentType = format?.mime ?? 'application/octet-stream';
    if (!format) console.warn(`Note: ${basename(file)} does not look like audio; sending it anyway.`);
    const mediaSid = twilioId('ME');
    const path = `/2010-04-01/Accounts/${LOCAL_ACCOUNT_SID}/Messages/${messageSid}/Media/${mediaSid}`;
    const state = { deleted: false };
    const server = createServer((req, res) => {
      const url = (req.url ?? '').replace(/\.json$/, '');
      if (url !== path) {
        res.writeHead(404).end();
        return;
      }
      if (!req.headers.authorization?.startsWith('Basic ')) {
        res.writeHead(401, { 'www-authenticate': 'Basic' }).end();
        return;
      }
      if (req.method === 'DELETE') {
        state.deleted = true;
        res.writeHead(204).end();
        return;
      }
      res.writeHead(200, { 'content-type': contentType, 'content-length': String(bytes.byteLength) });
      res.end(bytes);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    params.NumMedia = '1';
    params.MediaUrl0 = `http://127.0.0.1:${port}${path}`;
    params.MediaContentType0 = contentType;
    media = { server, state };
  }

  const sentAt = new Date().toISOString();
  // Twilio's opt-out handling answers an opt-out keyword itself, before the webhook (local/sms-delivery.ts).
  const twilioAnswer = await answerAsTwilio(info, { from: from.e164, to: params.To!, body: values.body });
  // Signed for the public webhook URL (PUBLIC_URL's, if set), sent straight to this machine.
  const response = await postAsTwilio({ info, token }, info.webhookUrl, params, 'npm run sms');
  const answer = await response.text();
  if (response.status !== 200) {
    media?.server.close();
    fail(`the service answered ${response.status}: ${answer}`);
  }
  console.log(
    `Sent ${file ? basename(file) : `"${values.body}"`} from ${from.e164} (MessageSid ${messageSid}).`,
  );

  const deadline = Date.now() + wait * 1000;
  const seen = new Set<string>();
  if (twilioAnswer) {
    seen.add(twilioAnswer.sid);
    console.log(`\n--- Twilio's own opt-out confirmation to ${from.e164}\n${twilioAnswer.body}`);
  }
  let lastNew = Date.now();
  const outcomes = outcomeReader(info);
  let outcome: PostOutcome = { done: false, status: null };
  let askedAt = 0;
  while (Date.now() < deadline) {
    const replies = (await readOutbox(info.outbox)).filter((e) => e.to === from.e164 && e.sentAt >= sentAt);
    for (const reply of replies) {
      if (seen.has(reply.sid)) continue;
      seen.add(reply.sid);
      lastNew = Date.now();
      console.log(showReply(reply));
    }
    // Done when the media was handed over and no new reply came for a while.
    const mediaDone = !media || media.state.deleted;
    if (seen.size > 0 && mediaDone && Date.now() - lastNew > 3_000) break;
    if (!file && Date.now() - lastNew > 5_000) break;
    // Or when the service has decided and nothing more is coming (a number that opted out, a failure).
    if (Date.now() - askedAt > 1_000) {
      askedAt = Date.now();
      outcome = await outcomes.read(messageSid, from.e164).catch(() => outcome);
      if (outcome.done && mediaDone && Date.now() - lastNew > 3_000) break;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  media?.server.close();
  outcomes.close();
  const replied = [...seen].some((sid) => sid !== twilioAnswer?.sid);
  if (outcome.done && !replied) console.log(`\nNo reply: ${outcome.why}`);
  else if (seen.size === 0) {
    const status = outcome.done ? null : outcome.status;
    const state = status ? `the message is still ${status}` : 'the service has not recorded it';
    const where = twilioConnected
      ? ' Twilio is connected, so replies go out through Twilio, not to the local outbox.'
      : '';
    console.log(
      `\nNo reply in ${wait} s: ${state}. Open ${info.url}/admin to follow it, or wait longer with --wait.${where}`,
    );
  }
}

await main();
