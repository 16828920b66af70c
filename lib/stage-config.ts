/**
 * The parameters of one deployment (a "stage"), read from CDK context (`-c key=value` or cdk.json) or the
 * environment, and checked with zod before any stack is built.
 */
import * as z from 'zod';
import { DEFAULT_AUDIO_RETENTION_DAYS, DEFAULT_TRANSCRIPT_RETENTION_DAYS } from '#core/messages/retention';
import { DEFAULT_MOONSHINE_SIZE, MOONSHINE_SIZES } from '../lambdas/adapters/offline/moonshine-model';
import { commaSeparatedList, retentionDays } from '../lambdas/composition/read-env';

/** The one line a synth without administrators stops with: what is missing and how to give it. */
export const NO_ADMINISTRATORS =
  'Not synthesizing: name the administrators with -c adminEmails=you@example.com (or ADMIN_EMAILS=you@example.com); a deployment has no first-come administrator.';

/** Stage parameters that cannot build a deployment; the message is what the operator reads. */
export class StageConfigError extends Error {
  override readonly name = 'StageConfigError';
}

export const stageConfigSchema = z.object({
  /** Names the stacks (`VoiceSummary-<stage>-Data`, `VoiceSummary-<stage>-App`); letters, digits, dashes. */
  stage: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9-]{0,20}$/, 'letters, digits and dashes, starting with a letter')
    .default('dev'),
  /** Shown on the site and in texts. */
  serviceName: z.string().min(1).default('Voice Summary'),
  /** The contact email shown in the site's footer and legal pages. */
  contactEmail: z.email().default('support@example.com'),
  /**
   * Extra browser origins allowed to call the API and the audio bucket (comma separated), besides the site's
   * own CloudFront origin, for example `http://localhost:5173` for a frontend developer.
   */
  allowedOrigins: commaSeparatedList.pipe(z.array(z.url())),
  /** The number the site shows until an SMS number is saved in settings (E.164). */
  defaultPhoneNumber: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'E.164, for example +14155550132')
    .optional(),
  /**
   * The Moonshine model the Transcribe function runs when no OpenAI key is saved: `base` (default, 61 MB,
   * better on 8 kHz and noisy speech) or `tiny` (28 MB, about 0.6x base's CPU; fetch it first: npm run models -- tiny).
   */
  transcriptionModel: z.enum(MOONSHINE_SIZES).default(DEFAULT_MOONSHINE_SIZE),
  /**
   * Emails (comma separated) whose accounts become administrators as soon as they confirm their email; others
   * wait for an administrator's approval. Required: a deployment on the internet has no first-come
   * administrator (the local runtime, on one machine, still makes its first account one).
   */
  adminEmails: commaSeparatedList.pipe(z.array(z.email()).min(1, { error: NO_ADMINISTRATORS })),
  /** Subscribed to the alarm topic at deploy (it gets a confirmation email first). */
  alarmEmail: z.email().optional(),
  /**
   * The alarm `SmsSegmentsPerHour` fires when the service sends this many SMS segments in an hour (all
   * numbers together). Default 250 (lib/constructs/monitoring.ts): a quarter of Settings' default daily
   * budget (1,000 segments) in one hour.
   */
  segmentsAlarmPerHour: z.coerce.number().int().positive().optional(),
  /** Days a voice message's audio is kept (S3 lifecycle); stated in the privacy policy. */
  audioRetentionDays: retentionDays.default(DEFAULT_AUDIO_RETENTION_DAYS),
  /** Days a message's transcript and summary are kept (DynamoDB TTL); stated in the privacy policy. */
  transcriptRetentionDays: retentionDays.default(DEFAULT_TRANSCRIPT_RETENTION_DAYS),
  /** Days Lambda, API and state machine logs are kept. */
  logRetentionDays: z.coerce.number().int().positive().default(30),
  account: z.string().optional(),
  region: z.string().optional(),
});
export type StageConfig = z.infer<typeof stageConfigSchema>;

/** Where each parameter may come from: context key first, then the environment variable. */
const SOURCES: Record<keyof StageConfig, { context: string; env: string }> = {
  stage: { context: 'stage', env: 'STAGE' },
  serviceName: { context: 'serviceName', env: 'SERVICE_NAME' },
  contactEmail: { context: 'contactEmail', env: 'CONTACT_EMAIL' },
  allowedOrigins: { context: 'allowedOrigins', env: 'ALLOWED_ORIGINS' },
  defaultPhoneNumber: { context: 'defaultPhoneNumber', env: 'DEFAULT_PHONE_NUMBER' },
  transcriptionModel: { context: 'transcriptionModel', env: 'TRANSCRIPTION_MODEL' },
  adminEmails: { context: 'adminEmails', env: 'ADMIN_EMAILS' },
  alarmEmail: { context: 'alarmEmail', env: 'ALARM_EMAIL' },
  segmentsAlarmPerHour: { context: 'segmentsAlarmPerHour', env: 'SEGMENTS_ALARM_PER_HOUR' },
  audioRetentionDays: { context: 'audioRetentionDays', env: 'AUDIO_RETENTION_DAYS' },
  transcriptRetentionDays: { context: 'transcriptRetentionDays', env: 'TRANSCRIPT_RETENTION_DAYS' },
  logRetentionDays: { context: 'logRetentionDays', env: 'LOG_RETENTION_DAYS' },
  account: { context: 'account', env: 'CDK_DEFAULT_ACCOUNT' },
  region: { context: 'region', env: 'CDK_DEFAULT_REGION' },
};

/** Reads the stage parameters; throws one readable StageConfigError naming every bad parameter. */
export function readStageConfig(
  tryGetContext: (key: string) => unknown,
  env: NodeJS.ProcessEnv = process.env,
): StageConfig {
  const raw: Record<string, unknown> = {};
  for (const [key, source] of Object.entries(SOURCES)) {
    const value = tryGetContext(source.context) ?? env[source.env];
    raw[key] = Array.isArray(value) ? value.join(',') : value === '' ? undefined : value;
  }
  const parsed = stageConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const { issues } = parsed.error;
    if (issues.every((i) => i.message === NO_ADMINISTRATORS)) throw new StageConfigError(NO_ADMINISTRATORS);
    const lines = issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new StageConfigError(`Stage parameters are invalid:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
