/**
 * The handlers' environment: where the local runtime writes `process.env` (Powertools' part first, from
 * local/powertools-env.ts), and why it must. In Lambda, CDK gives each function its own variables; here every
 * handler runs in this one process, the composition modules they share (lambdas/composition) read
 * `process.env` when first built, and the runtime builds some of them itself (the retention sweep, the
 * interrupted-run check, the live-update stand-in's user directory).
 * A per-handler environment cannot be given in one process, so one set serves them all: what CDK gives the
 * functions, pointing at the stand-ins, set before the first handler module is imported.
 *
 * Powertools' settings are written earlier, by local/main.ts from the leaf module local/powertools-env.ts,
 * before it loads the runtime; they are repeated here so the handlers' environment is whole.
 */
import type { Retention } from '#core/messages/retention';
import { COGNITO_PREFIX, LOCAL_STATE_MACHINE_ARN, REGION, STEP_FUNCTIONS_PREFIX } from './addresses';
import { LOCAL_BUCKET, LOCAL_DEMO_NUMBER, LOCAL_TABLES } from './bootstrap';
import { localPowertoolsEnvironment } from './powertools-env';
import { EVENTS_HTTP_PATH } from './stand-ins/appsync-events';

export type HandlerSettings = {
  /** `http://localhost:<port>`. */
  readonly url: string;
  /** PUBLIC_URL, or the local URL: what emails link to and Twilio signs. */
  readonly siteUrl: string;
  readonly port: number;
  /** The internal door's URL. */
  readonly internal: string;
  readonly dynamodb: string;
  readonly s3: string;
  readonly userPoolId: string;
  readonly clientId: string;
  readonly retention: Retention;
  /** ADMIN_EMAILS as the person set it (checked by local/local-config.ts). */
  readonly adminEmails: string;
  readonly logLevel: string | undefined;
};

/** The variables the handlers read (lambdas/composition/read-env.ts and lambdas/composition), as CDK sets them in AWS. */
function handlerEnvironment(settings: HandlerSettings): Record<string, string> {
  const issuer = `${settings.url}${COGNITO_PREFIX}/${settings.userPoolId}`;
  return {
    AWS_REGION: REGION,
    SIGNUPS_TABLE: LOCAL_TABLES.signups,
    AUDIO_RETENTION_DAYS: String(settings.retention.audioDays),
    TRANSCRIPT_RETENTION_DAYS: String(settings.retention.transcriptDays),
    SIGNUP_CONSENTS_TABLE: LOCAL_TABLES.signupConsents,
    COUNTERS_TABLE: LOCAL_TABLES.counters,
    USAGE_TABLE: LOCAL_TABLES.usage,
    MESSAGES_TABLE: LOCAL_TABLES.messages,
    SETTINGS_TABLE: LOCAL_TABLES.settings,
    OPT_OUTS_TABLE: LOCAL_TABLES.optOuts,
    SENT_TEXTS_TABLE: LOCAL_TABLES.sentTexts,
    SENDER_PREFERENCES_TABLE: LOCAL_TABLES.senderPreferences,
    UPLOAD_CODES_TABLE: LOCAL_TABLES.uploadCodes,
    CARD_LINKS_TABLE: LOCAL_TABLES.cardLinks,
    FORWARDING_NUMBERS_TABLE: LOCAL_TABLES.forwardingNumbers,
    CALLS_TABLE: LOCAL_TABLES.calls,
    AUDIO_BUCKET: LOCAL_BUCKET,
    DYNAMODB_ENDPOINT: settings.dynamodb,
    S3_ENDPOINT: settings.s3,
    JWT_ISSUER: issuer,
    JWT_JWKS_URI: `${settings.internal}${COGNITO_PREFIX}/${settings.userPoolId}/.well-known/jwks.json`,
    JWT_CLIENT_ID: settings.clientId,
    USER_POOL_ID: settings.userPoolId,
    COGNITO_ENDPOINT: `${settings.internal}${COGNITO_PREFIX}`,
    ADMIN_EMAILS: settings.adminEmails,
    ALLOWED_ORIGINS: [...new Set([settings.url, `http://127.0.0.1:${settings.port}`, settings.siteUrl])].join(
      ',',
    ),
    SITE_URL: settings.siteUrl,
    DEFAULT_PHONE_NUMBER: LOCAL_DEMO_NUMBER,
    PUBLIC_WEBHOOK_URL: `${settings.siteUrl}/api/receive-message`,
    SMS_STATUS_URL: `${settings.siteUrl}/api/sms-status`,
    SFN_ENDPOINT: `${settings.internal}${STEP_FUNCTIONS_PREFIX}`,
    EVENTS_HTTP_ENDPOINT: `http://127.0.0.1:${settings.port}${EVENTS_HTTP_PATH}`,
    STATE_MACHINE_ARN: LOCAL_STATE_MACHINE_ARN,
    ...localPowertoolsEnvironment(settings.logLevel),
  };
}

/** Sets the handlers' environment; returns it (the runtime's info and `/config.json` name some of its values). */
export function applyHandlerEnvironment(settings: HandlerSettings): Record<string, string> {
  const environment = handlerEnvironment(settings);
  Object.assign(process.env, environment);
  return environment;
}
