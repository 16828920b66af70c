/**
 * What each function of the stateless stack may touch and what it is told, keyed by its `fn` (HTTP_ROUTES,
 * PIPELINE_STEPS and the event functions; the user pool's triggers have theirs in lib/constructs/
 * user-pool-triggers.ts). A function starts with neither access nor configuration; its entry here gives it exactly
 * the variables its handler's factories read (lambdas/composition/, named in env-names.ts) and, bound to each,
 * exactly the actions its use case performs on that one resource (the grants are in lib/access-grants.ts). A
 * function with no entry fails the synth, so a new route cannot ship with guessed permissions;
 * test/infra/permissions.test.ts lists the result and fails on any change not made on purpose, and
 * test/infra/function-environment.test.ts checks each handler reads every variable it is given.
 */
import { MESSAGE_INDEXES, TABLES } from '../lambdas/adapters/aws/tables';
import { ENV } from '../lambdas/composition/env-names';
import { PIPELINE_STEPS } from '../lambdas/handlers/pipeline/pipeline-steps';
import {
  type Access,
  type AccessTargets,
  adminEdge,
  checksProviders,
  correctsMessage,
  countsUsage,
  ffmpeg,
  healthProbes,
  listsForwardingNumbers,
  movesLiveChannel,
  openAiKey,
  ownsMessage,
  publicEdge,
  publishesChanges,
  readsHistory,
  readsLiveChannel,
  readsPreferences,
  readsSettings,
  readsSignups,
  recordsSentTexts,
  replyLimits,
  sendsTexts,
  team,
  twilio,
} from './access-grants';
import { callEvents, erasesCallers, forwardingNumberChecks, voiceCall } from './call-access';
import type { ProjectFunction } from './constructs/project-function';

const step = PIPELINE_STEPS;

const FUNCTION_ACCESS: Readonly<Record<string, Access>> = {
  health: (fn, t) => {
    publicEdge(fn, t);
    healthProbes(fn, t);
  },
  'health-details': (fn, t) => {
    adminEdge(fn, t);
    healthProbes(fn, t);
  },
  'public-info': (fn, t) => {
    publicEdge(fn, t);
    fn.table(ENV.SETTINGS_TABLE, t.data.tables.settings, ['GetItem']);
    fn.setting(ENV.SERVICE_NAME, t.serviceName);
    fn.setting(ENV.CONTACT_EMAIL, t.contactEmail);
    fn.setting(ENV.SITE_URL, t.siteUrl);
    if (t.defaultPhoneNumber) fn.setting(ENV.DEFAULT_PHONE_NUMBER, t.defaultPhoneNumber);
  },
  'create-signup': (fn, t) => {
    publicEdge(fn, t);
    // An upsert keyed by email (UpdateItem): signing up again updates the one sign-up; GetItem to keep a
    // phone's confirmation when the sign-up still names that phone.
    fn.table(ENV.SIGNUPS_TABLE, t.data.tables.signups, ['GetItem', 'UpdateItem']);
    // Consent records are append-only: the function can add one, never change or delete one.
    fn.table(ENV.SIGNUP_CONSENTS_TABLE, t.data.tables.signupConsents, ['PutItem']);
    fn.setting(ENV.SERVICE_NAME, t.serviceName);
    // A sign-up that asks for texts keeps its JOIN code (an item of the counters table, conditional updates
    // only) and texts nothing (issue 31): no opt-outs, settings, usage or Twilio token.
    fn.table(ENV.COUNTERS_TABLE, t.data.tables.counters, ['UpdateItem']);
  },
  // The Recent Messages list and the history (issue 19): newest first from the feed, one sender's or one
  // status's index; never a scan. The export reads the same pages.
  'list-messages': readsHistory,
  'export-messages': readsHistory,
  // An operator's corrections of a message: the "wrong transcript" mark, and the urgency (issue 25).
  'review-transcript': correctsMessage,
  'review-urgency': correctsMessage,
  'get-settings': readsSettings,
  'put-settings': (fn, t) => {
    adminEdge(fn, t);
    // Reads the row to merge the fields sent, and answers with the masked secrets.
    fn.table(ENV.SETTINGS_TABLE, t.data.tables.settings, ['GetItem', 'PutItem']);
    // A message link may not be set to work longer than messages are kept.
    fn.setting(ENV.TRANSCRIPT_RETENTION_DAYS, String(t.data.retention.transcriptDays));
    fn.secret(ENV.OPENAI_API_KEY_SECRET_ARN, t.data.openAiApiKeySecret, { write: true });
    fn.secret(ENV.TWILIO_AUTH_TOKEN_SECRET_ARN, t.data.twilioAuthTokenSecret, { write: true });
  },
  // Twilio's webhook alone (public, signed): no sign-in rights and no upload area. Creates messages (PutItem,
  // GetItem for a retried webhook), records STOP/START, checks the signature with the auth token and answers
  // keywords, starts the pipeline. DELETE finds the sender's messages (the sender index) and erases them with
  // their audio, and their forwarded calls (the calls' subscriber index); the counters hold the limits and the
  // replay guard. FULL records its texts on the message they carry (UpdateItem) and links their SIDs to it, so
  // their delivery callbacks find it.
  'receive-message': (fn, t) => {
    publicEdge(fn, t);
    fn.table(ENV.MESSAGES_TABLE, t.data.tables.messages, ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem']);
    fn.queryIndex(t.data.tables.messages, MESSAGE_INDEXES.sender);
    publishesChanges(fn, t);
    fn.table(ENV.OPT_OUTS_TABLE, t.data.tables.optOuts, ['GetItem', 'PutItem', 'DeleteItem']);
    // LANG sets and reads the sender's record, DELETE erases it.
    fn.table(ENV.SENDER_PREFERENCES_TABLE, t.data.tables.senderPreferences, [
      'GetItem',
      'UpdateItem',
      'DeleteItem',
    ]);
    fn.table(ENV.COUNTERS_TABLE, t.data.tables.counters, ['UpdateItem']);
    countsUsage(fn, t);
    fn.audioObjects(ENV.AUDIO_BUCKET, t.data.audioBucket, ['DeleteObject']);
    sendsTexts(fn, t);
    recordsSentTexts(fn, t);
    // UPLOAD keeps a new link's hash (a conditional PutItem, and UpdateItem of its number's list) and texts
    // the link on the site's domain; DELETE and STOP revoke the number's links (GetItem of the list,
    // DeleteItem) and remove a file already uploaded through one (DeleteObject only: it reads no upload).
    fn.table(ENV.UPLOAD_CODES_TABLE, t.data.tables.uploadCodes, [
      'GetItem',
      'PutItem',
      'UpdateItem',
      'DeleteItem',
    ]);
    fn.uploadObjects(ENV.AUDIO_BUCKET, t.data.audioBucket, ['DeleteObject']);
    // DELETE forgets the links of the erased messages' MMS attachments (GetItem of each list, DeleteItem).
    fn.table(ENV.CARD_LINKS_TABLE, t.data.tables.cardLinks, ['GetItem', 'DeleteItem']);
    // YES confirms the sign-ups waiting for the phone: marks each (a conditional UpdateItem) and adds its
    // consent record (append-only).
    fn.table(ENV.SIGNUPS_TABLE, t.data.tables.signups, ['UpdateItem']);
    fn.table(ENV.SIGNUP_CONSENTS_TABLE, t.data.tables.signupConsents, ['PutItem']);
    fn.setting(ENV.SITE_URL, t.siteUrl);
    fn.setting(ENV.SERVICE_NAME, t.serviceName);
    fn.setting(ENV.CONTACT_EMAIL, t.contactEmail);
    fn.setting(ENV.PUBLIC_WEBHOOK_URL, t.webhookUrl);
    // FORWARD (issue 33) finds the subscriber's number (the `subscriber` index, then GetItem), stores a new
    // one (PutItem), notes the carrier or clears `release_after` (UpdateItem); STOP and DELETE set it. The
    // number is bought at Twilio with the saved credentials (twilio, through sendsTexts).
    fn.table(ENV.FORWARDING_NUMBERS_TABLE, t.data.tables.forwardingNumbers, [
      'GetItem',
      'PutItem',
      'UpdateItem',
    ]);
    fn.queryIndex(t.data.tables.forwardingNumbers, TABLES.forwardingNumbers.indexes[0].name);
    // DELETE erases what names the subscriber's callers: their calls, and who was texted a missed call.
    erasesCallers(fn, t);
    // The messages it creates expire (DynamoDB TTL) after the period the privacy policy states.
    fn.setting(ENV.TRANSCRIPT_RETENTION_DAYS, String(t.data.retention.transcriptDays));
  },
  // The admin's test upload: reads and removes a direct upload once checked (or takes a small multipart
  // one), probes it, stores it as the message's audio (removed again if the message cannot be written),
  // creates the message (a conditional PutItem) and starts the pipeline. Settings: the longest duration.
  'create-message': (fn, t) => {
    adminEdge(fn, t);
    fn.table(ENV.MESSAGES_TABLE, t.data.tables.messages, ['PutItem']);
    publishesChanges(fn, t);
    countsUsage(fn, t);
    fn.table(ENV.SETTINGS_TABLE, t.data.tables.settings, ['GetItem']);
    fn.audioObjects(ENV.AUDIO_BUCKET, t.data.audioBucket, ['PutObject', 'DeleteObject']);
    fn.uploadObjects(ENV.AUDIO_BUCKET, t.data.audioBucket, ['GetObject', 'DeleteObject']);
    ffmpeg(fn, t);
    fn.setting(ENV.TRANSCRIPT_RETENTION_DAYS, String(t.data.retention.transcriptDays));
  },
  // Admin (re)processing: moves the message to its next attempt and starts the pipeline; no audio access.
  'process-audio': (fn, t) => {
    adminEdge(fn, t);
    fn.table(ENV.MESSAGES_TABLE, t.data.tables.messages, ['GetItem', 'UpdateItem']);
    publishesChanges(fn, t);
  },
  // Signs a browser's direct upload into the upload area (a presigned PUT carries the signer's rights).
  'create-upload': (fn, t) => {
    adminEdge(fn, t);
    fn.uploadObjects(ENV.AUDIO_BUCKET, t.data.audioBucket, ['PutObject']);
  },
  'list-signups': readsSignups,
  'export-signups': readsSignups,
  // Asks OpenAI and Twilio whether the saved credentials work (and, issue 33, where the numbers point).
  'check-settings': checksProviders,
  // Signs a short-lived GET of one message's stored audio (a presigned GET carries the signer's rights).
  // "Details": the message with its run steps (one GetItem, one item), and the prices in the settings row.
  'message-run': (fn, t) => {
    adminEdge(fn, t);
    fn.table(ENV.MESSAGES_TABLE, t.data.tables.messages, ['GetItem']);
    fn.table(ENV.SETTINGS_TABLE, t.data.tables.settings, ['GetItem']);
  },
  // The Usage chart: one Query on the usage table's day-keyed partition, and the prices in the settings row;
  // today's segments against the SMS budget: one GetItem of the gate's counter.
  'get-usage': (fn, t) => {
    adminEdge(fn, t);
    fn.table(ENV.USAGE_TABLE, t.data.tables.usage, ['Query']);
    fn.table(ENV.SETTINGS_TABLE, t.data.tables.settings, ['GetItem']);
    fn.table(ENV.COUNTERS_TABLE, t.data.tables.counters, ['GetItem']);
  },
  'list-forwarding-numbers': listsForwardingNumbers,
  'message-audio': (fn, t) => {
    adminEdge(fn, t);
    fn.table(ENV.MESSAGES_TABLE, t.data.tables.messages, ['GetItem']);
    fn.audioObjects(ENV.AUDIO_BUCKET, t.data.audioBucket, ['GetObject']);
  },
  // One message's words (the item's transcript and packed confidences): one GetItem.
  'message-words': (fn, t) => {
    adminEdge(fn, t);
    fn.table(ENV.MESSAGES_TABLE, t.data.tables.messages, ['GetItem']);
  },
  // Whoever holds a /m/<code> link: finds the message by the code's hash (the link index), signs a
  // short-lived GET of its audio, and erases it as DELETE does (media at Twilio, audio, the links of its MMS
  // attachments, message). A /api/c/<code> file: its link (GetItem), then its message (GetItem). Its cards
  // read the sender's time zone (their TZ) from their record.
  'message-link': (fn, t) => {
    publicEdge(fn, t);
    fn.table(ENV.MESSAGES_TABLE, t.data.tables.messages, ['GetItem', 'DeleteItem']);
    fn.table(ENV.CARD_LINKS_TABLE, t.data.tables.cardLinks, ['GetItem', 'DeleteItem']);
    fn.queryIndex(t.data.tables.messages, MESSAGE_INDEXES.link);
    fn.table(ENV.SENDER_PREFERENCES_TABLE, t.data.tables.senderPreferences, ['GetItem']);
    publishesChanges(fn, t);
    fn.audioObjects(ENV.AUDIO_BUCKET, t.data.audioBucket, ['GetObject', 'DeleteObject']);
    twilio(fn, t);
  },
  // Whoever holds an UPLOAD link (/u/<code>): reads the pending link, signs a PUT of its one file into the
  // upload area, then uses the link up (DeleteItem, PutItem and UpdateItem of its number's list to give it
  // back when the file is refused), checks the file as the admin upload does and makes it a message from the
  // link's sender (as create-message), counted against the sender's voice messages a day (Counters: read at
  // each step, taken at the last) as a forwarded one is.
  'upload-link': (fn, t) => {
    publicEdge(fn, t);
    fn.table(ENV.UPLOAD_CODES_TABLE, t.data.tables.uploadCodes, [
      'GetItem',
      'PutItem',
      'UpdateItem',
      'DeleteItem',
    ]);
    fn.table(ENV.COUNTERS_TABLE, t.data.tables.counters, ['GetItem', 'UpdateItem']);
    fn.table(ENV.MESSAGES_TABLE, t.data.tables.messages, ['PutItem']);
    publishesChanges(fn, t);
    countsUsage(fn, t);
    fn.table(ENV.SETTINGS_TABLE, t.data.tables.settings, ['GetItem']);
    fn.audioObjects(ENV.AUDIO_BUCKET, t.data.audioBucket, ['PutObject', 'DeleteObject']);
    fn.uploadObjects(ENV.AUDIO_BUCKET, t.data.audioBucket, ['PutObject', 'GetObject', 'DeleteObject']);
    ffmpeg(fn, t);
    fn.setting(ENV.TRANSCRIPT_RETENTION_DAYS, String(t.data.retention.transcriptDays));
  },

  [step.markProcessing.fn]: ownsMessage,
  // Stores the audio (from Twilio, with its credentials) and a converted copy when OpenAI needs one.
  [step.prepareAudio.fn]: (fn, t) => {
    ownsMessage(fn, t);
    fn.audioObjects(ENV.AUDIO_BUCKET, t.data.audioBucket, ['GetObject', 'PutObject'], { list: true });
    twilio(fn, t);
    openAiKey(fn, t);
    ffmpeg(fn, t);
  },
  // With a saved key OpenAI transcribes; without one Moonshine runs here (composition/transcription.ts),
  // decoding with ffmpeg: both layers, and the variables that find the model.
  [step.transcribe.fn]: (fn, t) => {
    ownsMessage(fn, t);
    fn.audioObjects(ENV.AUDIO_BUCKET, t.data.audioBucket, ['GetObject'], { list: true });
    openAiKey(fn, t);
    ffmpeg(fn, t);
    fn.layer(t.moonshine.layer, t.moonshine.environment);
    readsPreferences(fn, t);
    countsUsage(fn, t);
  },
  [step.summarize.fn]: (fn, t) => {
    ownsMessage(fn, t);
    openAiKey(fn, t);
    readsPreferences(fn, t);
    countsUsage(fn, t);
  },
  // UpdateItem only to record its step on the message (a list append; it changes nothing else).
  [step.decideReply.fn]: (fn, t) => {
    fn.table(ENV.MESSAGES_TABLE, t.data.tables.messages, ['GetItem', 'UpdateItem']);
    fn.table(ENV.OPT_OUTS_TABLE, t.data.tables.optOuts, ['GetItem']);
    sendsTexts(fn, t);
  },
  // Sends the reply; keys the message's /m/<code> link by the code's hash (UpdateItem) on the site's URL.
  // CARDS ON: reads the sender's choice, keeps a link per attached file (a conditional PutItem, UpdateItem
  // of the message's list) and forgets them when the text went without them (GetItem of the list, DeleteItem).
  [step.sendReply.fn]: (fn, t) => {
    ownsMessage(fn, t);
    replyLimits(fn, t);
    sendsTexts(fn, t);
    recordsSentTexts(fn, t);
    readsPreferences(fn, t);
    fn.table(ENV.CARD_LINKS_TABLE, t.data.tables.cardLinks, [
      'GetItem',
      'PutItem',
      'UpdateItem',
      'DeleteItem',
    ]);
    fn.setting(ENV.SERVICE_NAME, t.serviceName);
    fn.setting(ENV.SITE_URL, t.siteUrl);
  },
  [step.markCompleted.fn]: (fn, t) => {
    fn.table(ENV.MESSAGES_TABLE, t.data.tables.messages, ['UpdateItem']);
    publishesChanges(fn, t);
    countsUsage(fn, t);
  },
  // The Team section (issue 8): lists accounts and the admins group; approves (joins the group); removes
  // (leaves the group, put back if nobody would be left, then sign-out everywhere and deletion).
  'list-team': team(['ListUsers', 'ListUsersInGroup']),
  'approve-team-member': team(['AdminGetUser', 'AdminAddUserToGroup']),
  // A removal also moves the live list to a new channel and tells the old one (core/messages/live-updates.ts).
  'remove-team-member': (fn, t) => {
    team([
      'AdminGetUser',
      'ListUsersInGroup',
      'AdminRemoveUserFromGroup',
      'AdminAddUserToGroup',
      'AdminUserGlobalSignOut',
      'AdminDeleteUser',
    ])(fn, t);
    movesLiveChannel(fn, t);
  },
  // The channel an administrator's dashboard subscribes to now.
  'live-channel': (fn, t) => {
    adminEdge(fn, t);
    readsLiveChannel(fn, t);
  },
  // The live list's onSubscribe check (AppSync Events): is the subscriber in the admins group now, and is
  // the channel the current one?
  'authorize-live-subscription': (fn, t) => {
    readsLiveChannel(fn, t);
    fn.setting(ENV.ADMIN_GROUP, t.data.adminGroupName);
    fn.userPool(ENV.USER_POOL_ID, t.data.userPool, ['AdminListGroupsForUser']);
  },
  // Marks a message failed when its run ended without doing so (EventBridge: failed, timed out, aborted).
  'pipeline-run-ended': (fn, t) => {
    ownsMessage(fn, t);
    countsUsage(fn, t);
  },
  // Once a day: deletes at Twilio (with its credentials) the media of messages past the audio retention
  // period that was never fetched, and records that on the message.
  'expire-provider-media': (fn, t) => {
    ownsMessage(fn, t);
    fn.queryIndex(t.data.tables.messages, MESSAGE_INDEXES.recent);
    twilio(fn, t);
    fn.setting(ENV.AUDIO_RETENTION_DAYS, String(t.data.retention.audioDays));
    fn.setting(ENV.TRANSCRIPT_RETENTION_DAYS, String(t.data.retention.transcriptDays));
  },
  // Daily (issue 33): lib/call-access.ts.
  'forwarding-numbers': forwardingNumberChecks,
  // Every 5 minutes: counts messages created 15 to 60 minutes ago that are still unfinished.
  'watch-stuck-messages': (fn, t) => {
    fn.table(ENV.MESSAGES_TABLE, t.data.tables.messages, []);
    fn.queryIndex(t.data.tables.messages, MESSAGE_INDEXES.recent);
  },
  // Marks the message failed and may text the sender a short notice (unless opted out).
  [step.markFailed.fn]: (fn, t) => {
    ownsMessage(fn, t);
    replyLimits(fn, t);
    sendsTexts(fn, t);
    recordsSentTexts(fn, t);
    fn.setting(ENV.SERVICE_NAME, t.serviceName);
    readsPreferences(fn, t);
  },
  // Twilio's delivery status callbacks (public, signed): finds the text's message by its SID (GetItem on the
  // links) and moves that text's status forward (a conditional UpdateItem), publishing the change and counting a
  // first delivered or undelivered in usage. The
  // auth token checks the signature; no other data, no sending.
  'sms-status': (fn, t) => {
    publicEdge(fn, t);
    fn.table(ENV.SENT_TEXTS_TABLE, t.data.tables.sentTexts, ['GetItem']);
    fn.table(ENV.MESSAGES_TABLE, t.data.tables.messages, ['UpdateItem']);
    publishesChanges(fn, t);
    fn.secret(ENV.TWILIO_AUTH_TOKEN_SECRET_ARN, t.data.twilioAuthTokenSecret);
    fn.setting(ENV.SMS_STATUS_URL, t.smsStatusUrl);
    countsUsage(fn, t);
  },
  // Forwarded calls (issue 33): lib/call-access.ts.
  'voice-call': voiceCall,
  'call-events': callEvents,
};

/** Functions that start pipeline executions: they get STATE_MACHINE_ARN and states:StartExecution. */
const PIPELINE_STARTERS: readonly string[] = [
  'receive-message',
  'create-message',
  'process-audio',
  'upload-link',
  'call-events',
];

/** Applies the access declared for `fnName` (and the pipeline start permission for starters). */
export function applyAccess(fnName: string, fn: ProjectFunction, targets: AccessTargets): void {
  const access = FUNCTION_ACCESS[fnName];
  if (!access) {
    throw new Error(
      `No access declared for function "${fnName}": add it to FUNCTION_ACCESS in lib/function-access.ts.`,
    );
  }
  access(fn, targets);
  if (PIPELINE_STARTERS.includes(fnName)) {
    if (!targets.stateMachine)
      throw new Error(`Function "${fnName}" starts the pipeline but none exists yet.`);
    fn.startsPipeline(targets.stateMachine);
  }
}
