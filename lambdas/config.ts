/**
 * Every environment variable the Lambda handlers read, checked once with zod (fail fast on a bad deploy).
 * The local runtime sets the same variables to point at the local stand-ins.
 */
import { z } from 'zod';

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());

export const configSchema = z.object({
  AWS_REGION: z.string().default('us-east-1'),
  SERVICE_NAME: z.string().default('Voice Summary'),
  /** DynamoDB tables (physical names come from CDK outputs or the local bootstrap). */
  SIGNUPS_TABLE: z.string().min(1),
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
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  /** Shown on the public site. */
  CONTACT_EMAIL: z.email().default('support@example.com'),
  SITE_URL: z.url().default('http://localhost:3000'),
  /** The number shown on the site until an SMS number is saved in settings. */
  DEFAULT_PHONE_NUMBER: z.string().optional(),
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
