/**
 * The building blocks of lib/function-access.ts: the data a function can be given access to, and one grant
 * per concern shared by several functions (most named for the factory in lambdas/composition/ they serve):
 * the variables it reads and the actions its use case performs.
 */
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { ILayerVersion } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Retention } from '#core/messages/retention';
import { LIVE_CHANNEL_ITEM_ID } from '../lambdas/adapters/aws/dynamo-live-channel-store';
import { SESSIONS_ENDED_PREFIX } from '../lambdas/adapters/aws/dynamo-session-ends';
import { MESSAGE_INDEXES, type TABLES } from '../lambdas/adapters/aws/tables';
import { ENV } from '../lambdas/composition/env-names';
import { FFMPEG_ENVIRONMENT } from './constructs/ffmpeg-layer';
import type { MoonshineLayer } from './constructs/moonshine-layer';
import type { ProjectFunction, UserPoolAction } from './constructs/project-function';

/** The data the functions are given access to (the stateful stack holds it). */
export interface FunctionData {
  readonly tables: { readonly [K in keyof typeof TABLES]: ITable };
  readonly audioBucket: IBucket;
  /** The pool, with its tokens' issuer (which IUserPool does not carry). */
  readonly userPool: IUserPool & { readonly userPoolProviderUrl: string };
  readonly userPoolClient: IUserPoolClient;
  readonly adminGroupName: string;
  readonly retention: Retention;
  readonly openAiApiKeySecret: ISecret;
  readonly twilioAuthTokenSecret: ISecret;
}

/** Everything an access entry can refer to. */
export type AccessTargets = {
  readonly data: FunctionData;
  /** Undefined while the pipeline's own functions are being created (they never start it). */
  readonly stateMachine?: IStateMachine;
  readonly ffmpeg: ILayerVersion;
  /** onnxruntime-node and the Moonshine model, with the variables that point the adapter at them. */
  readonly moonshine: Pick<MoonshineLayer, 'layer' | 'environment'>;
  readonly serviceName: string;
  readonly contactEmail: string;
  readonly defaultPhoneNumber?: string;
  /** The site's URL, the browser origins allowed and the webhook URL (known once the site exists). */
  readonly siteUrl: string;
  readonly allowedOrigins: string;
  readonly webhookUrl: string;
  /** Where Twilio posts the delivery status of each text (asked for on every send). */
  readonly smsStatusUrl: string;
  /** The live-update API: where changes are published, and the messages namespace they go to. */
  readonly liveUpdates: { readonly httpEndpoint: string; readonly publishResource: string };
};
export type Access = (fn: ProjectFunction, targets: AccessTargets) => void;

// ---- the grants several functions share

/** Where Cognito publishes the keys that sign the pool's tokens. */
const jwksUri = (t: AccessTargets) => `${t.data.userPool.userPoolProviderUrl}/.well-known/jwks.json`;

/** composition/http.ts publicRoutes(): the browser origins allowed (CORS). */
export const publicEdge: Access = (fn, t) => {
  fn.setting(ENV.ALLOWED_ORIGINS, t.allowedOrigins);
};

/**
 * composition/http.ts adminRoutes(): CORS, Cognito's issuer, keys, app client and admins group, the user
 * pool, where it asks whether the caller is still an administrator (the token may predate a removal), and
 * when the caller's sessions last ended (the token may predate a password reset): those settings-table items
 * only.
 */
export const adminEdge = (
  fn: ProjectFunction,
  t: AccessTargets,
  poolActions: readonly UserPoolAction[] = [],
) => {
  publicEdge(fn, t);
  fn.setting(ENV.JWT_ISSUER, t.data.userPool.userPoolProviderUrl);
  fn.setting(ENV.JWT_JWKS_URI, jwksUri(t));
  fn.setting(ENV.JWT_CLIENT_ID, t.data.userPoolClient.userPoolClientId);
  fn.setting(ENV.ADMIN_GROUP, t.data.adminGroupName);
  fn.userPool(ENV.USER_POOL_ID, t.data.userPool, ['AdminListGroupsForUser', ...poolActions]);
  fn.tableItemsStartingWith(ENV.SETTINGS_TABLE, t.data.tables.settings, ['GetItem'], SESSIONS_ENDED_PREFIX);
};

/** composition/clients/cognito.ts userDirectory() for a Team route: the edge's check plus exactly `actions`. */
export const team =
  (actions: readonly UserPoolAction[]): Access =>
  (fn, t) =>
    adminEdge(fn, t, actions);

/** composition/health.ts: GetItem on the settings row, HeadBucket on the audio bucket, the sign-in keys. */
export const healthProbes: Access = (fn, t) => {
  fn.table(ENV.SETTINGS_TABLE, t.data.tables.settings, ['GetItem']);
  fn.headBucket(ENV.AUDIO_BUCKET, t.data.audioBucket);
  fn.setting(ENV.JWT_JWKS_URI, jwksUri(t));
};

/** composition/sms.ts and media.ts: the Account SID and number (settings row) and the Twilio auth token. */
export const twilio: Access = (fn, t) => {
  fn.table(ENV.SETTINGS_TABLE, t.data.tables.settings, ['GetItem']);
  fn.secret(ENV.TWILIO_AUTH_TOKEN_SECRET_ARN, t.data.twilioAuthTokenSecret);
};

/** composition/sms.ts: every text asks Twilio for its delivery status at this URL. */
export const sendsTexts: Access = (fn, t) => {
  twilio(fn, t);
  fn.setting(ENV.SMS_STATUS_URL, t.smsStatusUrl);
};

/** use-cases/delivery-status.ts recordSentText: links each text's SID to the message it is about. */
export const recordsSentTexts: Access = (fn, t) => {
  fn.table(ENV.SENT_TEXTS_TABLE, t.data.tables.sentTexts, ['PutItem']);
};

/**
 * Whoever texts a reply: reads the opt-outs (and records one when Twilio says the recipient opted out at the
 * carrier, error 21610) and counts the texts each number gets an hour.
 */
export const replyLimits: Access = (fn, t) => {
  fn.table(ENV.OPT_OUTS_TABLE, t.data.tables.optOuts, ['GetItem', 'PutItem']);
  fn.table(ENV.COUNTERS_TABLE, t.data.tables.counters, ['UpdateItem']);
  countsUsage(fn, t);
};

/** composition/usage.ts: raises today's usage counters (an atomic ADD on one item a day). */
export const countsUsage: Access = (fn, t) => {
  fn.table(ENV.USAGE_TABLE, t.data.tables.usage, ['UpdateItem']);
};

/** Reads the sender's LANG (the language a text to them, or their summary, is written in). */
export const readsPreferences: Access = (fn, t) => {
  fn.table(ENV.SENDER_PREFERENCES_TABLE, t.data.tables.senderPreferences, ['GetItem']);
};

export const openAiKey: Access = (fn, t) => {
  fn.secret(ENV.OPENAI_API_KEY_SECRET_ARN, t.data.openAiApiKeySecret);
};

export const ffmpeg: Access = (fn, t) => {
  fn.layer(t.ffmpeg, FFMPEG_ENVIRONMENT);
};

/**
 * composition/live-channel.ts liveChannelStore(): the live list's current channel key, one item of the
 * settings table (read, or made on first use), and no other row of it.
 */
export const readsLiveChannel: Access = (fn, t) => {
  fn.tableItems(ENV.SETTINGS_TABLE, t.data.tables.settings, ['GetItem', 'PutItem'], [LIVE_CHANNEL_ITEM_ID]);
};

/**
 * composition/message-changes.ts messageChanges(): every message write is published to the live list, on
 * the channel current at that moment, after telling a channel a password reset retired that it moved (taking
 * the retired keys is an UpdateItem of the same item, issue 31).
 */
export const publishesChanges: Access = (fn, t) => {
  const { httpEndpoint, publishResource } = t.liveUpdates;
  fn.publishesLiveUpdates(ENV.EVENTS_HTTP_ENDPOINT, httpEndpoint, publishResource);
  readsLiveChannel(fn, t);
  fn.tableItems(ENV.SETTINGS_TABLE, t.data.tables.settings, ['UpdateItem'], [LIVE_CHANNEL_ITEM_ID]);
};

/**
 * composition/live-channel.ts liveChannelMove(): a new key for the channel (an UpdateItem, as a publisher's),
 * and the notice on the old one.
 */
export const movesLiveChannel: Access = (fn, t) => {
  publishesChanges(fn, t);
};

/** A pipeline step that writes its results to the message it owns (GetItem to check ownership). */
export const ownsMessage: Access = (fn, t) => {
  fn.table(ENV.MESSAGES_TABLE, t.data.tables.messages, ['GetItem', 'UpdateItem']);
  publishesChanges(fn, t);
};

/** The dashboard's sign-ups: the count, the latest and the CSV are read from the whole (small) table. */
export const readsSignups: Access = (fn, t) => {
  adminEdge(fn, t);
  fn.table(ENV.SIGNUPS_TABLE, t.data.tables.signups, ['Scan']);
};

/** The message history: queries of the three message indexes, no other right on the table. */
export const readsHistory: Access = (fn, t) => {
  adminEdge(fn, t);
  fn.table(ENV.MESSAGES_TABLE, t.data.tables.messages, []);
  fn.queryIndex(t.data.tables.messages, MESSAGE_INDEXES.recent);
  fn.queryIndex(t.data.tables.messages, MESSAGE_INDEXES.sender);
  fn.queryIndex(t.data.tables.messages, MESSAGE_INDEXES.status);
};

/**
 * An operator's correction of a field of a message (use-cases/message-corrections.ts): reads the message,
 * writes the correction, tells the live list, counts the first one.
 */
export const correctsMessage: Access = (fn, t) => {
  adminEdge(fn, t);
  fn.table(ENV.MESSAGES_TABLE, t.data.tables.messages, ['GetItem', 'UpdateItem']);
  publishesChanges(fn, t);
  countsUsage(fn, t);
};

/** The settings as the dashboard sees them: the row and both secrets (masked, or tried), writing nothing. */
export const readsSettings: Access = (fn, t) => {
  adminEdge(fn, t);
  fn.table(ENV.SETTINGS_TABLE, t.data.tables.settings, ['GetItem']);
  openAiKey(fn, t);
  fn.secret(ENV.TWILIO_AUTH_TOKEN_SECRET_ARN, t.data.twilioAuthTokenSecret);
};

/**
 * Settings' checks: OpenAI and Twilio with the saved credentials (the row and both secrets, nothing written),
 * and (issue 33) whether the account's numbers point at this service: the webhook URL it compares with, and
 * the subscribers' forwarding numbers (one Scan).
 */
export const checksProviders: Access = (fn, t) => {
  readsSettings(fn, t);
  fn.table(ENV.FORWARDING_NUMBERS_TABLE, t.data.tables.forwardingNumbers, ['Scan']);
  fn.setting(ENV.PUBLIC_WEBHOOK_URL, t.webhookUrl);
};

/**
 * Issue 33, the operator's list of forwarding numbers: one Scan of the numbers (a few per subscriber), each
 * number's minutes this month (one GetItem of its counter), and the prices in the settings row.
 */
export const listsForwardingNumbers: Access = (fn, t) => {
  adminEdge(fn, t);
  fn.table(ENV.FORWARDING_NUMBERS_TABLE, t.data.tables.forwardingNumbers, ['Scan']);
  fn.table(ENV.SETTINGS_TABLE, t.data.tables.settings, ['GetItem']);
  fn.table(ENV.COUNTERS_TABLE, t.data.tables.counters, ['GetItem']);
};
