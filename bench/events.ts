/**
 * "Add to calendar" (issue 32, deliverable 4): of the voicemails with a time to keep, how many get an event on
 * the message page with the right day, hour and zone, how many a wrong one (the goal: none), and how many an
 * event when there is nothing to keep. The voicemails of test/support/fact-voicemails.ts (their times to keep in
 * event-voicemails.ts) and the ones written for events there, spoken as the facts benchmark speaks them
 * (bench/facts.ts factClip, cached in BENCH_DATA_DIR), run through the pipeline offline with Moonshine base and
 * the extractive summarizer, and the page's cards read from the message as the page reads them
 * (core/cards/message-cards.ts) in the sender's zone, the message taken to arrive at EVENT_ARRIVAL.
 * The event file is read back by ical.js, not by our code.
 *
 * Run: npm run bench -- events (prints; writes the section "events"); BENCH_EVENTS_ONLY=a,b runs those only and
 * writes nothing; BENCH_EVENTS_RESCORE=1 reads the cards again from the messages of the last full run (kept in
 * BENCH_DATA_DIR): a change to the cards needs no new transcriptions (a change to the checks does).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { messageCards } from '#core/cards/message-cards';
import { senderTimeZone } from '#core/cards/sender-time-zone';
import { DEFAULT_TIME_ZONE } from '#core/cards/time-zones';
import type { Message } from '#core/messages/message';
import {
  EVENT_ARRIVAL,
  EVENT_VOICEMAILS,
  EVENT_ZONE,
  type EventTruth,
  FACT_EVENTS,
} from '../test/support/event-voicemails';
import { renderingLabel, renderingOf } from '../test/support/fact-truth';
import { FACT_VOICEMAILS } from '../test/support/fact-voicemails';
import { benchDataDir } from '../test/support/npm-files';
import { SpeechClips } from '../test/support/speech-clips';
import { factClip, offlineSummarizer } from './facts';
import { runVoicemail } from './facts-pipeline';
import { wallClock } from './heard-files';
import { moonshineModels } from './honesty';
import { machineLine, measuredCommit, writeSection } from './report';

type Run = { readonly id: string; readonly rendering: string; readonly truth: EventTruth; message: Message };
type Verdict = 'right' | 'wrong' | 'none' | 'extra' | 'rightly none';

/** "2026-01-02T09:00" in `zone`: the heard benchmark's wall clock, as this one writes it. */
const localTime = (at: Date, zone: string): string => wallClock(at, zone).replace(' ', 'T');

/** The page's event for the message (arriving at EVENT_ARRIVAL), as local start and end, or null. */
function offered(message: Message): { start: string; end: string; title: string; allDay: boolean } | null {
  const { zone } = senderTimeZone(message.sender, null, DEFAULT_TIME_ZONE);
  if (zone !== EVENT_ZONE) throw new Error(`The sender's zone is ${zone}, not ${EVENT_ZONE}.`);
  const event = messageCards({ ...message, created_at: EVENT_ARRIVAL }, { timeZone: zone }).event;
  if (event === null) return null;
  const vevent = new ICAL.Component(ICAL.parse(event.body)).getFirstSubcomponent('vevent');
  if (vevent === null) throw new Error('The event file holds no VEVENT.');
  const read = new ICAL.Event(vevent);
  const allDay = read.startDate.isDate;
  const start = allDay ? read.startDate.toString() : localTime(read.startDate.toJSDate(), zone);
  const end = allDay ? read.endDate.toString() : localTime(read.endDate.toJSDate(), zone);
  return { start, end, title: event.title, allDay };
}

/** Right when the event starts or ends (a deadline) at the time to keep, on its day. */
function verdictOf(truth: EventTruth, event: ReturnType<typeof offered>): Verdict {
  if (truth === null) return event === null ? 'rightly none' : 'extra';
  if (event === null) return 'none';
  const times = [truth.at, ...(truth.also ?? [])];
  return !event.allDay && times.some((at) => at === event.start || at === event.end) ? 'right' : 'wrong';
}

const runFile = () => join(benchDataDir(), 'events-runs.json');

export async function benchEvents(): Promise<void> {
  const only = process.env.BENCH_EVENTS_ONLY?.split(',').map((id) => id.trim());
  const runs = process.env.BENCH_EVENTS_RESCORE
    ? (JSON.parse(await readFile(runFile(), 'utf8')) as Run[]).map((run) => ({
        ...run,
        truth: truthOf(run.id),
      }))
    : await transcribeAll(only);
  if (!only && !process.env.BENCH_EVENTS_RESCORE) await writeFile(runFile(), JSON.stringify(runs));
  const rows = runs.map((run) => {
    const event = offered(run.message);
    return { run, event, verdict: verdictOf(run.truth, event) };
  });
  for (const { run, event, verdict } of rows) {
    const shown = event === null ? 'no event' : `${event.title}: ${event.start} to ${event.end}`;
    const wanted = run.truth === null ? 'nothing to keep' : run.truth.at;
    console.log(`${run.id} (${run.rendering}): ${verdict}: ${shown} [truth: ${wanted}]`);
    if (verdict !== 'right' && verdict !== 'rightly none') {
      const why = messageCards(
        { ...run.message, created_at: EVENT_ARRIVAL },
        { timeZone: EVENT_ZONE },
      ).noEvent;
      console.log(`  heard: ${run.message.transcript}\n  page: ${why ?? run.message.error_message}`);
    }
  }
  const count = (verdict: Verdict, set = rows) => set.filter((row) => row.verdict === verdict).length;
  const table = (label: string, set: typeof rows) => {
    const keep = set.filter((row) => row.run.truth !== null);
    const nothing = set.length - keep.length;
    return `| ${label} | ${count('right', set)} of ${keep.length} | ${count('wrong', set)} | ${count('none', set)} | ${count('extra', set)} of ${nothing} |`;
  };
  const facts = rows.filter((row) => row.run.id in FACT_EVENTS);
  const own = rows.filter((row) => !(row.run.id in FACT_EVENTS));
  const markdown = [
    '## "Add to calendar": an event for every time to keep (issue 32)',
    '',
    `${machineLine()} Commit ${measuredCommit()}. Moonshine base, offline summarizer; arrival ${EVENT_ARRIVAL} (${EVENT_ZONE}).`,
    '',
    '| Voicemails | Event right (day, hour, zone) | Wrong | No event | Event with nothing to keep |',
    '| --- | --- | --- | --- | --- |',
    table('facts benchmark (test/support/fact-voicemails.ts)', facts),
    table('written for events (test/support/event-voicemails.ts)', own),
    table('all', rows),
  ].join('\n');
  console.log(markdown);
  if (!only && !process.env.BENCH_EVENTS_RESCORE) await writeSection('events', markdown);
}

function truthOf(id: string): EventTruth {
  if (id in FACT_EVENTS) return FACT_EVENTS[id] ?? null;
  const own = EVENT_VOICEMAILS.find((voicemail) => voicemail.id === id);
  if (own === undefined) throw new Error(`No time to keep is written down for ${id}.`);
  return own.event;
}

async function transcribeAll(only: readonly string[] | undefined): Promise<Run[]> {
  const clips = new SpeechClips();
  const base = (await moonshineModels()).find((model) => model.model.size === 'base');
  if (!base) throw new Error('The events benchmark needs Moonshine base (npm run models).');
  const engine = {
    name: 'Moonshine base',
    transcriber: base,
    summarizer: await offlineSummarizer(),
    openAi: false,
  };
  const runs: Run[] = [];
  try {
    for (const [index, voicemail] of [...FACT_VOICEMAILS, ...EVENT_VOICEMAILS].entries()) {
      if (only && !only.includes(voicemail.id)) continue;
      const rendering = renderingOf(index);
      const clip = await factClip(voicemail, rendering, clips);
      const outcome = await runVoicemail(engine, clip);
      runs.push({
        id: voicemail.id,
        rendering: renderingLabel(rendering),
        truth: truthOf(voicemail.id),
        message: outcome.message,
      });
    }
  } finally {
    await clips.dispose();
  }
  return runs;
}
