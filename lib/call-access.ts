/**
 * What the forwarded calls' functions (issue 33) may touch, beside the rest in lib/function-access.ts: the
 * voice webhook (voice-call) and the recording and call status callbacks (call-events), split so the one that
 * must answer a ringing call fast holds only what answering needs.
 */
import { MISSED_CALL_TEXTS_PREFIX } from '#core/calls/call-rules';
import { TABLES } from '../lambdas/adapters/aws/tables';
import { ENV } from '../lambdas/composition/env-names';
import {
  type Access,
  publicEdge,
  publishesChanges,
  readsPreferences,
  replyLimits,
  sendsTexts,
} from './access-grants';

/**
 * The voice webhook and <Record action> (public, signed): reads the number called and notes its last and first
 * call (UpdateItem); stores the call (a conditional PutItem), reads it for a retried webhook and notes the
 * recording's length; takes today's calls (the counters' UpdateItem, through the gate's grants) and reads
 * today's minutes (GetItem); texts the one "forwarding works" (opt-outs, the sender's LANG, the auth token,
 * which also checks the signature). No messages, audio, pipeline or media fetching.
 */
export const voiceCall: Access = (fn, t) => {
  publicEdge(fn, t);
  fn.table(ENV.FORWARDING_NUMBERS_TABLE, t.data.tables.forwardingNumbers, ['GetItem', 'UpdateItem']);
  fn.table(ENV.CALLS_TABLE, t.data.tables.calls, ['GetItem', 'PutItem', 'UpdateItem']);
  replyLimits(fn, t);
  fn.table(ENV.COUNTERS_TABLE, t.data.tables.counters, ['GetItem']);
  readsPreferences(fn, t);
  sendsTexts(fn, t);
  fn.setting(ENV.SERVICE_NAME, t.serviceName);
  fn.setting(ENV.PUBLIC_WEBHOOK_URL, t.webhookUrl);
};
/**
 * The recording and call status callbacks (public, signed): reads the call and notes its message and missed
 * call (UpdateItem), and the number called for a call not taken (GetItem); creates the call's message (a
 * conditional PutItem, GetItem for a retry), publishes it and starts the pipeline (function-access.ts
 * PIPELINE_STARTERS); deletes a recording too short to be a message at Twilio (the auth token, which also
 * checks the signature); counts minutes and texts a missed call (the gate's grants, the sender's LANG, usage).
 */
export const callEvents: Access = (fn, t) => {
  publicEdge(fn, t);
  fn.table(ENV.CALLS_TABLE, t.data.tables.calls, ['GetItem', 'UpdateItem']);
  fn.table(ENV.FORWARDING_NUMBERS_TABLE, t.data.tables.forwardingNumbers, ['GetItem']);
  fn.table(ENV.MESSAGES_TABLE, t.data.tables.messages, ['GetItem', 'PutItem']);
  publishesChanges(fn, t);
  replyLimits(fn, t);
  readsPreferences(fn, t);
  sendsTexts(fn, t);
  fn.setting(ENV.SERVICE_NAME, t.serviceName);
  fn.setting(ENV.PUBLIC_WEBHOOK_URL, t.webhookUrl);
  fn.setting(ENV.TRANSCRIPT_RETENTION_DAYS, String(t.data.retention.transcriptDays));
};

/**
 * DELETE by text (the SMS webhook), for what names the subscriber's callers: finds their forwarded calls by
 * the calls' `subscriber` index and deletes each (it never reads or writes a call otherwise), and deletes the
 * item of the callers texted a missed call today; of the counters, only that kind (`missed-text#...`), never
 * a limit or a replay guard.
 */
export const erasesCallers: Access = (fn, t) => {
  fn.table(ENV.CALLS_TABLE, t.data.tables.calls, ['DeleteItem']);
  fn.queryIndex(t.data.tables.calls, TABLES.calls.indexes[0].name);
  fn.tableItemsStartingWith(
    ENV.COUNTERS_TABLE,
    t.data.tables.counters,
    ['DeleteItem'],
    MISSED_CALL_TEXTS_PREFIX,
  );
};

/**
 * Daily (issue 33): releases the forwarding numbers past their grace at Twilio and forgets them (Scan,
 * DeleteItem), counts the numbers held in usage, and texts "your forwarding may be off" (UpdateItem of
 * `idle_notice_at`) through the gate, in the subscriber's LANG.
 */
export const forwardingNumberChecks: Access = (fn, t) => {
  fn.table(ENV.FORWARDING_NUMBERS_TABLE, t.data.tables.forwardingNumbers, [
    'Scan',
    'UpdateItem',
    'DeleteItem',
  ]);
  replyLimits(fn, t);
  sendsTexts(fn, t);
  readsPreferences(fn, t);
  fn.setting(ENV.SERVICE_NAME, t.serviceName);
};
