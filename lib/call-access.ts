/**
 * What the forwarded calls' functions (issue 33) may touch, beside the rest in lib/function-access.ts: the
 * voice webhook (voice-call) and the recording and call status callbacks (call-events), split so the one that
 * must answer a ringing call fast holds only what answering needs.
 */
import { ENV } from '../lambdas/composition/env-names';
import {
  type Access,
  publicEdge,
  publishesChanges,
  readsPreferences,
  replyLimits,
  sendsTexts,
} from './access-grants';

// Issue 33, public and signed. The voice webhook answers at once with only what that needs: the number
// called, the call, today's counts, the "forwarding works" text; no messages, audio or pipeline.
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
// Issue 33: the recording makes the call's message and starts the pipeline (a short one is deleted at
// Twilio, with the auth token); the call's end counts its minutes and texts a missed call.
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
