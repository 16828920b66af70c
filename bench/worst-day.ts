/**
 * The worst day one number, and ten numbers, can cost in texts we send (issue 23): each number sends one long
 * voice message, then, hour after hour for a whole day, texts FULL until nothing comes back, then HELP until
 * nothing comes back. Every text it gets is counted in SMS segments (core/texts/sms-text.ts segmentCount) and priced
 * at Settings' `unit_prices.sms_segment`.
 *
 * The local runtime has no clock a test can move, so the day is simulated: after each hour's requests, the
 * counters whose window is an hour (their key ends with the UTC hour, `#2026-11-24T09`) are removed for the
 * attacking numbers, which is what the next hour's keys starting at zero would do; counters whose window is a
 * day are kept. A simulated hour never spans a real one (it would get two hours' allowance): when the real
 * hour may end before the next simulated one does, the benchmark waits for it. The whole day must fit in
 * one real UTC day. The attacker's own requests are sent one after the other and each waits for its answer
 * (the webhook answers a text once its replies have gone out), so "nothing came back" is exact.
 */
import { DeleteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { segmentCount } from '#core/texts/sms-text';
import { incomingForm } from '../test/support/pipeline';
import { type Fixture, post, scanMessages, signed, toneWav } from './pipeline';

const HOURS = 24;
/** A stop for the loop of one command in one hour, far above what any cap lets through. */
const MAX_REQUESTS_PER_COMMAND_HOUR = 200;
/** The commands the attacker repeats each hour, most expensive first. */
const COMMANDS = ['FULL', 'HELP'] as const;
/** What the voice messages and the first simulated hour must have left of the real hour when they start. */
const FIRST_HOUR_MARGIN_MS = 6 * 60_000;

/** A transcript long enough that FULL answers with the most texts it sends (ten of up to 1,600 characters). */
const LONG_TRANSCRIPT = Array.from(
  { length: 260 },
  (_, i) =>
    `Sentence ${i + 1}: the plumber will come on Tuesday about the leak under the sink and the invoice.`,
).join(' ');

export type WorstDay = {
  readonly numbers: number;
  /** Segments and texts the numbers got in the simulated day, all of them together. */
  readonly segments: number;
  readonly texts: number;
  /** What the numbers sent us: requests of each command, and the voice messages. */
  readonly requests: Record<(typeof COMMANDS)[number], number>;
  /** Segments in the first hour (the voice message's reply included). */
  readonly firstHourSegments: number;
  /** The simulated hour after which nothing more came back to any of the numbers (null: never). */
  readonly silentFromHour: number | null;
  readonly dollars: number;
  readonly segmentPrice: number;
};

/** Removes the hour-window counters of `numbers`: the next simulated hour starts at zero. */
async function nextHour(f: Fixture, numbers: readonly string[]): Promise<void> {
  const table = f.runtime.info.tables.counters;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await f.db.send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      const key = String(item.key);
      if (/#\d{4}-\d{2}-\d{2}T\d{2}$/.test(key) && numbers.some((n) => key.includes(n))) {
        await f.db.send(new DeleteCommand({ TableName: table, Key: { key } }));
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
}

/** The texts the outbox holds for `to`, read up to now. */
async function textsTo(f: Fixture, to: string): Promise<readonly string[]> {
  await f.outbox.read();
  return f.outbox.bodiesTo.get(to) ?? [];
}

/** Sends `body` from `from` and returns how many texts came back. */
async function ask(f: Fixture, from: string, body: string, counts: Map<string, number>): Promise<number> {
  const before = counts.get(from) ?? 0;
  const sent = await post(f.runtime.info.webhookUrl, signed(f, incomingForm({ from, body })));
  if (sent.status !== 200) throw new Error(`The webhook answered ${sent.status} to ${body}.`);
  const now = (await textsTo(f, from)).length;
  counts.set(from, now);
  return now - before;
}

/** One simulated day of `numbers` attacking together; the outbox must hold nothing for them before. */
export async function worstDay(f: Fixture, numbers: readonly string[]): Promise<WorstDay> {
  const segmentPrice = await savedSegmentPrice(f);
  // The voice messages' replies count in the first simulated hour: it starts with them.
  await realHourLeft(FIRST_HOUR_MARGIN_MS);
  let realHour = new Date().toISOString().slice(0, 13);
  const transcription = f.openai.transcription;
  f.openai.transcription = { text: LONG_TRANSCRIPT, language: 'english', duration: 540 };
  try {
    const wav = toneWav();
    const ids = await Promise.all(
      numbers.map(async (from) => {
        const media = f.twilio.addMedia({ bytes: wav, contentType: 'audio/wav' });
        const form = incomingForm({
          from,
          mediaUrl: media.url,
          mediaType: 'audio/wav',
          messageSid: media.messageSid,
        });
        await post(f.runtime.info.webhookUrl, signed(f, form));
        return `${form.MessageSid}-0`;
      }),
    );
    await untilDone(f, new Set(ids));
  } finally {
    f.openai.transcription = transcription;
  }
  await new Promise((r) => setTimeout(r, 1000)); // the replies' last parts

  const counts = new Map<string, number>();
  for (const from of numbers) counts.set(from, (await textsTo(f, from)).length);
  const requests = { FULL: 0, HELP: 0 };
  let firstHourSegments = 0;
  let silentFromHour: number | null = null;
  let lastHourMs = 60_000;
  for (let hour = 0; hour < HOURS; hour++) {
    if (hour > 0) {
      await realHourLeft(2 * lastHourMs);
      realHour = new Date().toISOString().slice(0, 13);
    }
    const started = Date.now();
    let gotAny = false;
    await Promise.all(
      numbers.map(async (from) => {
        for (const command of COMMANDS) {
          for (let i = 0; i < MAX_REQUESTS_PER_COMMAND_HOUR; i++) {
            requests[command] += 1;
            const got = await ask(f, from, command, counts);
            if (got === 0) break;
            gotAny = true;
          }
        }
      }),
    );
    lastHourMs = Date.now() - started;
    if (new Date().toISOString().slice(0, 13) !== realHour) {
      throw new Error(`Simulated hour ${hour} spanned two real hours: run the benchmark again.`);
    }
    if (hour === 0) firstHourSegments = await segmentsOf(f, numbers);
    if (!gotAny && silentFromHour === null) silentFromHour = hour;
    if (silentFromHour !== null) break; // nothing comes back any more: the day is over for them
    await nextHour(f, numbers);
  }
  const texts = (await Promise.all(numbers.map((n) => textsTo(f, n)))).flat();
  const segments = texts.reduce((sum, body) => sum + segmentCount(body), 0);
  return {
    numbers: numbers.length,
    segments,
    texts: texts.length,
    requests,
    firstHourSegments,
    silentFromHour,
    dollars: Math.round(segments * segmentPrice * 100) / 100,
    segmentPrice,
  };
}

/** Waits for the next real UTC hour unless at least `ms` of this one is left. */
async function realHourLeft(ms: number): Promise<void> {
  const now = Date.now();
  const nextHour = Math.ceil((now + 1) / 3_600_000) * 3_600_000;
  if (nextHour - now < ms) await new Promise((r) => setTimeout(r, nextHour - now + 1000));
}

/** Waits until each of `ids` is completed or failed. */
async function untilDone(f: Fixture, ids: ReadonlySet<string>): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const done = (await scanMessages(f)).filter(
      (m) => ids.has(m.id) && (m.status === 'completed' || m.status === 'failed'),
    );
    if (done.length === ids.size) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The voice messages of the worst day did not finish in 2 minutes.');
}

/** The price of a segment saved in Settings (`unit_prices.sms_segment`). */
async function savedSegmentPrice(f: Fixture): Promise<number> {
  const response = await fetch(`${f.runtime.url}/api/settings`, {
    headers: { authorization: `Bearer ${await f.runtime.adminToken()}` },
  });
  const settings = (await response.json()) as { unit_prices: { sms_segment: number } };
  return settings.unit_prices.sms_segment;
}

async function segmentsOf(f: Fixture, numbers: readonly string[]): Promise<number> {
  const texts = (await Promise.all(numbers.map((n) => textsTo(f, n)))).flat();
  return texts.reduce((sum, body) => sum + segmentCount(body), 0);
}
