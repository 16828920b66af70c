/**
 * The DynamoDB repositories, each reading only its own table's name. Each factory is marked pure (making it
 * reads nothing until it is called), so a function's bundle keeps only the repositories its handler uses:
 * esbuild cannot see that across files by itself, and the Transcribe bundle is near its 1 MB budget.
 */

import { DynamoConsentRecordRepository } from '../adapters/aws/dynamo-consent-record-repository';
import { DynamoCounters } from '../adapters/aws/dynamo-counters';
import { DynamoMessageRepository } from '../adapters/aws/dynamo-message-repository';
import { DynamoOptOutRepository } from '../adapters/aws/dynamo-opt-out-repository';
import { DynamoRunSteps } from '../adapters/aws/dynamo-run-steps';
import { DynamoSenderPreferencesRepository } from '../adapters/aws/dynamo-sender-preferences-repository';
import { DynamoSentTextRepository } from '../adapters/aws/dynamo-sent-text-repository';
import { DynamoSettingsRepository } from '../adapters/aws/dynamo-settings-repository';
import {
  DynamoCardLinks,
  DynamoDeleteCodes,
  DynamoPendingSmsConsents,
  DynamoUploadCodes,
} from '../adapters/aws/dynamo-short-lived-codes';
import { DynamoSignupRepository } from '../adapters/aws/dynamo-signup-repository';
import { DynamoUsageCounter } from '../adapters/aws/dynamo-usage-counter';
import { documentClient } from './clients/dynamodb';
import { ENV } from './env-names';
import { once } from './once';
import { readEnv, required, retentionDays } from './read-env';

export const messageRepository = /* @__PURE__ */ once(() => {
  const env = readEnv('the messages table', {
    [ENV.MESSAGES_TABLE]: required,
    // Only the functions that create messages are given it: they expire this many days after they arrive.
    [ENV.TRANSCRIPT_RETENTION_DAYS]: retentionDays.optional(),
  });
  return new DynamoMessageRepository(documentClient(), env.MESSAGES_TABLE, env.TRANSCRIPT_RETENTION_DAYS);
});

export const settingsRepository = /* @__PURE__ */ once(
  () =>
    new DynamoSettingsRepository(
      documentClient(),
      readEnv('the settings table', { [ENV.SETTINGS_TABLE]: required }).SETTINGS_TABLE,
    ),
);

export const optOutRepository = /* @__PURE__ */ once(
  () =>
    new DynamoOptOutRepository(
      documentClient(),
      readEnv('the opt-outs table', { [ENV.OPT_OUTS_TABLE]: required }).OPT_OUTS_TABLE,
    ),
);

/** What each sender chose by text (LANG): the webhook and the pipeline steps that write to the sender. */
export const senderPreferencesRepository = /* @__PURE__ */ once(
  () =>
    new DynamoSenderPreferencesRepository(
      documentClient(),
      readEnv('the sender preferences table', { [ENV.SENDER_PREFERENCES_TABLE]: required })
        .SENDER_PREFERENCES_TABLE,
    ),
);

/** Pending UPLOAD links: the webhook adds them, the upload page's function reads and uses them up. */
export const uploadCodeStore = /* @__PURE__ */ once(
  () =>
    new DynamoUploadCodes(
      documentClient(),
      readEnv('the upload codes table', { [ENV.UPLOAD_CODES_TABLE]: required }).UPLOAD_CODES_TABLE,
    ),
);

/** The links of MMS attachments: the reply step adds them, the link page's function reads them, erasing forgets them. */
export const cardLinkStore = /* @__PURE__ */ once(
  () =>
    new DynamoCardLinks(
      documentClient(),
      readEnv('the card links table', { [ENV.CARD_LINKS_TABLE]: required }).CARD_LINKS_TABLE,
    ),
);

export const signupRepository = /* @__PURE__ */ once(
  () =>
    new DynamoSignupRepository(
      documentClient(),
      readEnv('the signups table', { [ENV.SIGNUPS_TABLE]: required }).SIGNUPS_TABLE,
    ),
);

export const consentRecordRepository = /* @__PURE__ */ once(
  () =>
    new DynamoConsentRecordRepository(
      documentClient(),
      readEnv('the sign-up consent records table', { [ENV.SIGNUP_CONSENTS_TABLE]: required })
        .SIGNUP_CONSENTS_TABLE,
    ),
);

/** The limits' counters (voice messages a day, segments an hour and a day, replayed webhooks). */
export const counters = /* @__PURE__ */ once(
  () =>
    new DynamoCounters(
      documentClient(),
      readEnv('the counters table', { [ENV.COUNTERS_TABLE]: required }).COUNTERS_TABLE,
    ),
);

/** Pending DELETE codes, items of the counters table: the webhook alone makes and tries them. */
export const deleteCodeStore = once(
  () =>
    new DynamoDeleteCodes(
      documentClient(),
      readEnv('the counters table', { [ENV.COUNTERS_TABLE]: required }).COUNTERS_TABLE,
    ),
);

/** Sign-ups waiting for their phone's YES, items of the counters table: sign-ups add, the webhook takes. */
export const pendingSmsConsents = once(
  () =>
    new DynamoPendingSmsConsents(
      documentClient(),
      readEnv('the counters table', { [ENV.COUNTERS_TABLE]: required }).COUNTERS_TABLE,
    ),
);

/** Which message each text sent about one belongs to (how a delivery status callback finds its message). */
export const sentTextRepository = /* @__PURE__ */ once(
  () =>
    new DynamoSentTextRepository(
      documentClient(),
      readEnv('the sent texts table', { [ENV.SENT_TEXTS_TABLE]: required }).SENT_TEXTS_TABLE,
    ),
);

/** The daily usage counters; a failed add is logged, never thrown (usage must not fail the work it counts). */
export const usageCounter = /* @__PURE__ */ once(
  () =>
    new DynamoUsageCounter(
      documentClient(),
      readEnv('the usage table', { [ENV.USAGE_TABLE]: required }).USAGE_TABLE,
    ),
);

/** Each message's run steps, on the message's own item in the messages table. */
export const runSteps = /* @__PURE__ */ once(
  () =>
    new DynamoRunSteps(
      documentClient(),
      readEnv('the messages table', { [ENV.MESSAGES_TABLE]: required }).MESSAGES_TABLE,
    ),
);
