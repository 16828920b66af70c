/**
 * Every environment variable the Lambda handlers read, checked once with zod (fail fast on a bad deploy).
 * The local runtime sets the same variables to point at the local stand-ins.
 */
import { z } from 'zod';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

/** A comma-separated list in one variable (`a, b,c`), blanks dropped; empty when unset. */
export const commaSeparatedList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

export const configSchema = z.object({
  AWS_REGION: z.string().default('us-east-1'),
  /** Set by Lambda itself: X-Ray tracing runs only there. */
  AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
  /** Powertools' switch; `false` turns tracing off in Lambda too. */
  POWERTOOLS_TRACE_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SERVICE_NAME: z.string().default('Voice Summary'),
  /** DynamoDB tables (physical names come from CDK outputs or the local bootstrap). */
  SIGNUPS_TABLE: z.string().min(1),
  /** Every sign-up's consent record, kept for good. */
  SIGNUP_CONSENTS_TABLE: z.string().min(1),
  MESSAGES_TABLE: z.string().min(1),
  SETTINGS_TABLE: z.string().min(1),
  OPT_OUTS_TABLE: z.string().min(1),
  AUDIO_BUCKET: z.string().min(1),
  /** Set only locally: where dynalite and s3rver listen. */
  DYNAMODB_ENDPOINT: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  /** `aws`: Secrets Manager (ARNs below); `file`: a JSON file with mode 0600 (local runtime). */
  SECRETS_BACKEND: z.enum(['aws', 'file']).default('aws'),
  SECRETS_FILE: z.string().optional(),
  OPENAI_API_KEY_SECRET_ARN: z.string().optional(),
  TWILIO_AUTH_TOKEN_SECRET_ARN: z.string().optional(),
  /** Cognito: tokens must come from this issuer and app client; keys come from the JWKS URL. */
  JWT_ISSUER: z.url(),
  JWT_JWKS_URI: z.url(),
  JWT_CLIENT_ID: z.string().min(1),
  ADMIN_GROUP: z.string().default('admins'),
  /** Origins allowed to call the API from a browser (comma separated); the site's own origin. */
  ALLOWED_ORIGINS: commaSeparatedList,
  /** Shown on the public site. */
  CONTACT_EMAIL: z.email().default('support@example.com'),
  SITE_URL: z.url().default('http://localhost:3000'),
  /** The number shown on the site until an SMS number is saved in settings. */
  DEFAULT_PHONE_NUMBER: z.string().optional(),

  // ---- the voice pipeline
  /** The exact URL Twilio posts to (what it signs); default: SITE_URL + /api/receive-message. */
  PUBLIC_WEBHOOK_URL: optionalUrl,
  /** The pipeline's state machine; Step Functions in AWS, the local runtime's stand-in locally. */
  STATE_MACHINE_ARN: z.string().optional(),
  /** Set only locally: where the Step Functions stand-in listens. */
  SFN_ENDPOINT: optionalUrl,
  /** `on` where ffmpeg and Moonshine are installed: the local runtime, and the Transcribe function's layers. */
  LOCAL_ENGINES: z.enum(['on', 'off']).default('off'),
  /** Locally, without Twilio credentials, replies are appended here instead of sent. */
  OUTBOX_FILE: z.string().optional(),
  /** Locally, without a Twilio auth token, webhooks are signed with the token in this file. */
  WEBHOOK_TOKEN_FILE: z.string().optional(),
  /** An OpenAI-compatible server instead of api.openai.com (e.g. a self-hosted one). */
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_TRANSCRIBE_MODEL: z.string().min(1).default('gpt-4o-mini-transcribe'),
  OPENAI_SUMMARY_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** Tests only: Twilio's REST API at this URL (a local fake). */
  TWILIO_API_BASE_URL: optionalUrl,
  /** Locally: media may be fetched from loopback (npm run sms serves it there). */
  MEDIA_ALLOW_LOOPBACK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type Config = z.infer<typeof configSchema>;

/** Reads and checks the environment; throws one readable error naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuration is incomplete or invalid:\n${lines.join('\n')}`);
  }
  if (parsed.data.SECRETS_BACKEND === 'file' && !parsed.data.SECRETS_FILE) {
    throw new Error('Configuration: SECRETS_FILE is required when SECRETS_BACKEND=file.');
  }
  return parsed.data;
}
