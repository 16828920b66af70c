/**
 * `npm run call -- <audio file> --from +13125550147 --to <forwarding number> [--hangup] [--wait 120]`: plays a
 * forwarded call to the running local service the way Twilio does (local/call-flow.ts): the voice webhook,
 * the recording handed to the local Twilio stand-in, the <Record> action, the recording and call status
 * callbacks, each signed with X-Twilio-Signature. `--hangup`: the caller hangs up at the greeting (a missed
 * call). `--from anonymous` (or restricted, unknown, blocked): a withheld caller ID, as Twilio sends it.
 * Then it prints the texts the service sends, as they arrive in the outbox. Finds the service through PORT
 * and DATA_DIR, like `npm start`.
 */
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { formatPhoneNumber, normalizePhone } from '#core/delivery/phone';
import { readOutbox } from './adapters/outbox-sms-sender';
import { commandLine, findService, showReply } from './as-twilio';
import { playCall, soldNumber, WITHHELD_CALLER_IDS } from './call-flow';

function fail(message: string): never {
  console.error(`npm run call: ${message}`);
  process.exit(1);
}

/** How long the helper waits for texts unless told (--wait): the help says the same. */
const DEFAULT_WAIT_SECONDS = 120;
/** A missed call gets at most one short text, at once: no need to wait as long. */
const HANG_UP_WAIT_SECONDS = 20;

const USAGE = `usage: npm run call -- <audio file> --from +13125550147 --to <forwarding number> [--wait ${DEFAULT_WAIT_SECONDS}]
       npm run call -- --hangup --from +13125550147 --to <forwarding number>
--from anonymous (or ${Object.keys(WITHHELD_CALLER_IDS).slice(1).join(', ')}): a withheld caller ID.`;

const args = () =>
  commandLine(
    {
      from: { type: 'string' },
      to: { type: 'string' },
      hangup: { type: 'boolean' },
      wait: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    USAGE,
    fail,
  );

/** Twilio's `From` for what was typed: an E.164 number, or the stand-in of a withheld caller ID. */
function caller(typed: string): string {
  const withheld = WITHHELD_CALLER_IDS[typed.trim().toLowerCase()];
  if (withheld) return withheld;
  const from = normalizePhone(typed);
  if (!from.ok) fail(`${from.error} (or --from anonymous for a withheld caller ID)`);
  return from.e164;
}

async function main() {
  const { values, positionals } = args();
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.from) fail(`--from is required (the caller's number). ${USAGE}`);
  if (!values.to) fail(`--to is required (the subscriber's forwarding number). ${USAGE}`);
  const from = caller(values.from);
  const to = normalizePhone(values.to);
  if (!to.ok) fail(`--to: ${to.error}`);
  if (positionals.length > 1) fail(`play one file at a time. ${USAGE}`);
  if (values.hangup && positionals.length > 0) fail(`--hangup plays no audio: leave the file out. ${USAGE}`);
  if (!values.hangup && positionals.length === 0) fail(`give an audio file, or --hangup. ${USAGE}`);
  const wait = Number(values.wait ?? (values.hangup ? HANG_UP_WAIT_SECONDS : DEFAULT_WAIT_SECONDS));
  if (!Number.isFinite(wait) || wait <= 0) fail('--wait takes a number of seconds, for example 120.');
  // As typed, from the folder npm was run in (npm runs the script from the project's root).
  const given = positionals[0];
  const file = given ? resolve(process.env.INIT_CWD ?? '.', given) : null;
  if (given && !(await stat(file!).catch(() => null))?.isFile()) fail(`${given} is not a file.`);

  const service = await findService(fail);
  if (service.twilioConnected) {
    fail(
      'Twilio is connected (its auth token is saved in Settings): forwarding numbers are bought at Twilio, so call the number from a phone instead.',
    );
  }
  const standIn = service.info.twilioApi?.endpoint;
  if (!standIn) fail('this service has no local Twilio stand-in: restart it with npm start.');
  const number = await soldNumber(service, standIn, to.e164).catch((error: Error) => fail(error.message));
  if (!number) {
    fail(
      `${to.e164} is not a forwarding number: the local Twilio stand-in sold no such number. Get one by texting FORWARD from the subscriber's phone: npm run sms -- --from +14155550123 --body FORWARD`,
    );
  }

  const startedAt = new Date().toISOString();
  const shown = from === values.from.trim() ? formatPhoneNumber(from) : `a withheld caller ID (${from})`;
  console.log(`Calling ${formatPhoneNumber(to.e164)} from ${shown} (forwarded)...`);
  const played = await playCall({
    service,
    standIn,
    number,
    from,
    audioFile: file,
    log: (line) => console.log(line),
  }).catch((error: Error) => fail(error.message));
  console.log(
    `Call ${played.callSid} ended${file ? ` after ${basename(file)}` : ', hung up at the greeting'}.`,
  );

  // The texts the call causes go to the subscriber: every text sent since the call began is shown.
  const deadline = Date.now() + wait * 1000;
  const seen = new Set<string>();
  let lastNew = Date.now();
  while (Date.now() < deadline) {
    for (const reply of (await readOutbox(service.info.outbox)).filter((e) => e.sentAt >= startedAt)) {
      if (seen.has(reply.sid)) continue;
      seen.add(reply.sid);
      lastNew = Date.now();
      console.log(showReply(reply));
    }
    if (seen.size > 0 && Date.now() - lastNew > 3_000) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  if (seen.size === 0) {
    console.log(
      `\nNo text in ${wait} s. Open ${service.info.url}/admin to follow the call's message, or wait longer with --wait.`,
    );
  }
}

await main();
