/**
 * `npm run bench` runs every benchmark; `npm run bench -- api` runs the named ones. Each writes its own
 * section of docs/benchmarks.md.
 */
import { benchAbuse } from './abuse';
import { benchApi } from './api';
import { benchBundles } from './bundles';
import { benchCalls } from './calls';
import { benchDashboard } from './dashboard';
import { benchEvents } from './events';
import { benchFacts } from './facts';
import { benchHeard } from './heard';
import { benchHearing } from './hearing';
import { benchHistory } from './history';
import { benchHonesty } from './honesty';
import { benchHostile } from './hostile';
import { benchLive } from './live';
import { benchMemory } from './memory';
import { benchPipeline } from './pipeline';
import { benchReply } from './reply';
import { benchSite } from './site';
import { benchSpell } from './spell';
import { benchBodies, benchLinkFlood } from './strangers';
import { benchTranscription } from './transcription';
import { benchUrgency } from './urgency';
import { benchUsage } from './usage';

const BENCHMARKS: Record<string, () => Promise<void>> = {
  /** One sender floods (200 voice messages, 500 texts a minute) while another is served. */
  abuse: benchAbuse,
  api: benchApi,
  /** Eight parallel 29 MB posts to a small route: the runtime's memory (issue 23). */
  bodies: benchBodies,
  /** Bundle size and cold-start import time of every function, before and after issue 7. */
  bundles: benchBundles,
  /** Forwarded calls offline: end of the call to the text, the callback number, a subscriber's month (issue 33). */
  calls: benchCalls,
  /** The dashboard before and after rows (issue 26): page height, Tab stops to History, words requests, JS. */
  dashboard: benchDashboard,
  /** "Add to calendar": an event with the right day and hour for every time to keep (issue 32). */
  events: benchEvents,
  /** Names, numbers, amounts and times in the first text: right / wrong / unclear / left out (issue 24). */
  facts: benchFacts,
  /** Everything a person acting on the text needs: facts, caller, card, event, urgency, the point (issue 32). */
  heard: benchHeard,
  /** Moonshine's pieces, clean-up and word times: WER, "listen at" error and cost per voicemail (issue 32). */
  hearing: benchHearing,
  /** The message history (issue 19): a page of 25 and filtered pages of 10,000 messages against the ten. */
  history: benchHistory,
  /** The offline honesty rule: other languages flagged, English never (issue 17). */
  honesty: benchHonesty,
  /** The urgency rules and loop cutting on 20,000 hostile words against 1,000 (issue 31). */
  hostile: benchHostile,
  /** A reader's link answering while another client floods random link codes (issue 23). */
  'link-flood': benchLinkFlood,
  /** Live-update latency: a status change written to the card changing in the browser, against a refetch. */
  live: benchLive,
  /** The local runtime's memory idle and over 50 voice messages offline, as the README states it (issue 31). */
  memory: benchMemory,
  /** Writes two sections: webhooks (ingestion under load, then the drain) and pipeline-overhead. */
  pipeline: benchPipeline,
  /** The first message of a long voicemail: segments, and whether it holds name, number and time (issue 18). */
  reply: benchReply,
  transcription: benchTranscription,
  /** The public site: first-load size and Lighthouse. */
  site: benchSite,
  /** Names spelled right offline: vocabulary recall and WER without and with a sender's words (issue 18). */
  spell: benchSpell,
  /** Urgency on a labelled set (urgent, routine, robocall, scam), offline and with the simulated OpenAI (issue 25). */
  urgency: benchUrgency,
  /** GET /api/usage: the DynamoDB calls of one request (goal: one query), and its p50/p95 (issue 19). */
  usage: benchUsage,
};

const asked = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = asked.filter((name) => !(name in BENCHMARKS));
if (unknown.length) {
  console.error(
    `Unknown benchmark ${unknown.join(', ')}: choose from ${Object.keys(BENCHMARKS).join(', ')}.`,
  );
  process.exit(2);
}
for (const name of asked.length ? asked : Object.keys(BENCHMARKS)) {
  console.log(`== ${name}`);
  await BENCHMARKS[name]!();
}
