/**
 * The names of the environment variables the functions are given, each written once: the factories in this
 * folder read them by these names (readEnv, lambdas/composition/read-env.ts) and the CDK app (lib/) sets them by the same
 * names, so a rename is one edit and a misspelt name fails the typecheck. No imports: lib/ loads this module
 * at synth without loading any adapter.
 */

/** `{ NAME: 'NAME' }` for each name: every name written once, each typed as its own literal. */
function names<const N extends string>(...list: readonly N[]): { readonly [K in N]: K } {
  return Object.fromEntries(list.map((name) => [name, name])) as { readonly [K in N]: K };
}

export const ENV = names(
  // http.ts: the browser origins allowed, CloudFront's origin secret, and admin sign-in.
  'ALLOWED_ORIGINS',
  'ORIGIN_VERIFY_SECRET',
  'JWT_ISSUER',
  'JWT_JWKS_URI',
  'JWT_CLIENT_ID',
  // cognito.ts: the admins group and the user pool.
  'ADMIN_GROUP',
  'USER_POOL_ID',
  // repositories.ts: one table each, and how long the messages a function creates are kept.
  'MESSAGES_TABLE',
  'SETTINGS_TABLE',
  'OPT_OUTS_TABLE',
  'SENDER_PREFERENCES_TABLE',
  'SIGNUPS_TABLE',
  'SIGNUP_CONSENTS_TABLE',
  'COUNTERS_TABLE',
  'SENT_TEXTS_TABLE',
  'USAGE_TABLE',
  'UPLOAD_CODES_TABLE',
  'CARD_LINKS_TABLE',
  'FORWARDING_NUMBERS_TABLE',
  'CALLS_TABLE',
  'TRANSCRIPT_RETENTION_DAYS',
  // audio.ts (and health.ts): the audio bucket.
  'AUDIO_BUCKET',
  // secrets.ts: each secret's ARN.
  'OPENAI_API_KEY_SECRET_ARN',
  'TWILIO_AUTH_TOKEN_SECRET_ARN',
  // service.ts: what the service calls itself and where people reach it.
  'SERVICE_NAME',
  'CONTACT_EMAIL',
  'SITE_URL',
  'DEFAULT_PHONE_NUMBER',
  'PUBLIC_WEBHOOK_URL',
  // service.ts: where Twilio posts the delivery status of each text (what it signs).
  'SMS_STATUS_URL',
  // message-changes.ts: where message changes are published.
  'EVENTS_HTTP_ENDPOINT',
  // pipeline-starter.ts: the state machine the starters start.
  'STATE_MACHINE_ARN',
  // trigger-deps.ts: the administrator allowlist and where the site's URL is written.
  'ADMIN_EMAILS',
  'SITE_URL_PARAMETER',
  // handlers/scheduled/expire-provider-media.ts: how long audio is kept.
  'AUDIO_RETENTION_DAYS',
);
