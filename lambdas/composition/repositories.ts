/**
 * The DynamoDB repositories, each reading only its own table's name. Each factory is marked pure (making it
 * reads nothing until it is called), so a function's bundle keeps only the repositories its handler uses:
 * esbuild cannot see that across files by itself, and the Transcribe bundle is near its 1 MB budget.
 */

import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoCallRepository } from '../adapters/aws/dynamo-calls';
import { DynamoConsentRecordRepository } from '../adapters/aws/dynamo-consent-record-repository';
import { DynamoCounters } from '../adapters/aws/dynamo-counters';
import { DynamoForwardingNumberRepository } from '../adapters/aws/dynamo-forwarding-numbers';
import { DynamoJoinCodes } from '../adapters/aws/dynamo-join-codes';
import { DynamoMessageRepository } from '../adapters/aws/dynamo-message-repository';
import { DynamoOptOutRepository } from '../adapters/aws/dynamo-opt-out-repository';
import { DynamoRunSteps } from '../adapters/aws/dynamo-run-steps';
import { DynamoSenderPreferencesRepository } from '../adapters/aws/dynamo-sender-preferences-repository';
import { DynamoSentTextRepository } from '../adapters/aws/dynamo-sent-text-repository';
import { DynamoSettingsRepository } from '../adapters/aws/dynamo-settings-repository';
import {
  DynamoCardLinks,
  DynamoDeleteCodes,
  DynamoUploadCodes,
} from '../adapters/aws/dynamo-short-lived-codes';
import { DynamoSignupRepository } from '../adapters/aws/dynamo-signup-repository';
import { DynamoUsageCounter } from '../adapters/aws/dynamo-usage-counter';
import { documentClient } from './clients/dynamodb';
import { ENV } from './env-names';
import { once } from './once';
import { readEnv, required, retentionDays } from './read-env';

/**
 * A repository of the table the variable `name` names, built on first use; `concern` is what a missing
 * variable's error calls it. The name is given as its literal (typed against ENV, so a misspelt one fails the
 * typecheck), not as `ENV.X`: esbuild keeps a pure call whose arguments read a property, and with it the
 * repository, in every bundle.
 */
function inTable<T>(
  Repository: new (db: DynamoDBDocumentClient, table: string) => T,
  concern: string,
  name: keyof typeof ENV,
): () => T {
  return once(() => new Repository(documentClient(), readEnv(concern, { [name]: required })[name] as string));
}

export const messageRepository = /* @__PURE__ */ once(() => {
  const env = readEnv('the messages table', {
    [ENV.MESSAGES_TABLE]: required,
    // Only the functions that create messages are given it: they expire this many days after they arrive.
    [ENV.TRANSCRIPT_RETENTION_DAYS]: retentionDays.optional(),
  });
  return new DynamoMessageRepository(documentClient(), env.MESSAGES_TABLE, env.TRANSCRIPT_RETENTION_DAYS);
});

export const settingsRepository = /* @__PURE__ */ inTable(
  DynamoSettingsRepository,
  'the settings table',
  'SETTINGS_TABLE',
);

export const optOutRepository = /* @__PURE__ */ inTable(
  DynamoOptOutRepository,
  'the opt-outs table',
  'OPT_OUTS_TABLE',
);

/** What each sender chose by text (LANG): the webhook and the pipeline steps that write to the sender. */
export const senderPreferencesRepository = /* @__PURE__ */ inTable(
  DynamoSenderPreferencesRepository,
  'the sender preferences table',
  'SENDER_PREFERENCES_TABLE',
);

/** Pending UPLOAD links: the webhook adds them, the upload page's function reads and uses them up. */
export const uploadCodeStore = /* @__PURE__ */ inTable(
  DynamoUploadCodes,
  'the upload codes table',
  'UPLOAD_CODES_TABLE',
);

/** The links of MMS attachments: the reply step adds them, the link page's function reads them, erasing forgets them. */
export const cardLinkStore = /* @__PURE__ */ inTable(
  DynamoCardLinks,
  'the card links table',
  'CARD_LINKS_TABLE',
);

export const signupRepository = /* @__PURE__ */ inTable(
  DynamoSignupRepository,
  'the signups table',
  'SIGNUPS_TABLE',
);

export const consentRecordRepository = /* @__PURE__ */ inTable(
  DynamoConsentRecordRepository,
  'the sign-up consent records table',
  'SIGNUP_CONSENTS_TABLE',
);

/** The limits' counters (voice messages a day, segments an hour and a day, replayed webhooks). */
export const counters = /* @__PURE__ */ inTable(DynamoCounters, 'the counters table', 'COUNTERS_TABLE');

/** Pending DELETE codes, items of the counters table: the webhook alone makes and tries them. */
export const deleteCodeStore = /* @__PURE__ */ inTable(
  DynamoDeleteCodes,
  'the counters table',
  'COUNTERS_TABLE',
);

/** Sign-ups waiting for their phone's JOIN, items of the counters table: sign-ups add, the webhook redeems. */
export const joinCodeStore = /* @__PURE__ */ inTable(DynamoJoinCodes, 'the counters table', 'COUNTERS_TABLE');

/** Which message each text sent about one belongs to (how a delivery status callback finds its message). */
export const sentTextRepository = /* @__PURE__ */ inTable(
  DynamoSentTextRepository,
  'the sent texts table',
  'SENT_TEXTS_TABLE',
);

/** The daily usage counters; a failed add is logged, never thrown (usage must not fail the work it counts). */
export const usageCounter = /* @__PURE__ */ inTable(DynamoUsageCounter, 'the usage table', 'USAGE_TABLE');

/** Each message's run steps, on the message's own item in the messages table. */
export const runSteps = /* @__PURE__ */ inTable(DynamoRunSteps, 'the messages table', 'MESSAGES_TABLE');

/** The subscribers' forwarding numbers (issue 33): FORWARD buys them, calls find their subscriber by them. */
export const forwardingNumberRepository = /* @__PURE__ */ inTable(
  DynamoForwardingNumberRepository,
  'the forwarding numbers table',
  'FORWARDING_NUMBERS_TABLE',
);

/** Forwarded calls in progress: the voice webhook writes them, the recording's callbacks read them. */
export const callRepository = /* @__PURE__ */ inTable(DynamoCallRepository, 'the calls table', 'CALLS_TABLE');
