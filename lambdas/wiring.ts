/**
 * The composition root: configuration is read once, SDK clients and adapters are created once per Lambda
 * container (module scope) and shared by the handlers. Nothing else constructs adapters.
 */

import { readFile } from 'node:fs/promises';
import { Logger } from '@aws-lambda-powertools/logger';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createDocumentClient, createS3Client, createSfnClient } from './adapters/aws/clients';
import { DynamoConsentRecordRepository } from './adapters/aws/dynamo-consent-record-repository';
import { DynamoMessageRepository } from './adapters/aws/dynamo-message-repository';
import { DynamoOptOutRepository } from './adapters/aws/dynamo-opt-out-repository';
import { DynamoSettingsRepository } from './adapters/aws/dynamo-settings-repository';
import { DynamoSignupRepository } from './adapters/aws/dynamo-signup-repository';
import { JwtTokenVerifier } from './adapters/aws/jwt-token-verifier';
import { S3AudioStore } from './adapters/aws/s3-audio-store';
import { SecretsManagerSecretStore } from './adapters/aws/secrets-manager-secret-store';
import { SfnPipelineStarter } from './adapters/aws/sfn-pipeline-starter';
import { FfmpegAudioTools } from './adapters/local/ffmpeg-audio-tools';
import { FileSecretStore } from './adapters/local/file-secret-store';
import { LocalDependencyCheck } from './adapters/local/local-dependency-check';
import { LogMessageEvents } from './adapters/log-message-events';
import { loadConfig } from './config';
import { authenticate, createEdge } from './http/edge';
import { systemClock } from './ports/clock';
import type { SecretStore } from './ports/secret-store';
import type { TokenVerifier } from './ports/token-verifier';
import { createProviders } from './providers';
import type { HealthProbe } from './use-cases/health';
import type { InboundDeps } from './use-cases/inbound';
import type { PipelineDeps } from './use-cases/pipeline';

export const config = loadConfig();

export const logger = new Logger({ serviceName: config.SERVICE_NAME });
/**
 * X-Ray only where tracing is on (in Lambda, unless turned off). Loading the tracer loads the X-Ray SDK,
 * whose context tracking hooks every promise, so elsewhere it is not even imported.
 */
const tracer =
  config.AWS_LAMBDA_FUNCTION_NAME && config.POWERTOOLS_TRACE_ENABLED
    ? new (await import('@aws-lambda-powertools/tracer')).Tracer({ serviceName: config.SERVICE_NAME })
    : null;

const clientOptions = { region: config.AWS_REGION };
const traced = <T>(client: T): T => (tracer?.isTracingEnabled() ? tracer.captureAWSv3Client(client) : client);

const documentClient = traced(createDocumentClient({ ...clientOptions, endpoint: config.DYNAMODB_ENDPOINT }));
const s3 = traced(createS3Client({ ...clientOptions, endpoint: config.S3_ENDPOINT }));

export const clock = systemClock;
export const signups = new DynamoSignupRepository(documentClient, config.SIGNUPS_TABLE);
export const consents = new DynamoConsentRecordRepository(documentClient, config.SIGNUP_CONSENTS_TABLE);
export const messages = new DynamoMessageRepository(documentClient, config.MESSAGES_TABLE);
export const settings = new DynamoSettingsRepository(documentClient, config.SETTINGS_TABLE);
export const optOuts = new DynamoOptOutRepository(documentClient, config.OPT_OUTS_TABLE);
export const audio = new S3AudioStore(s3, config.AUDIO_BUCKET);

export const secrets: SecretStore =
  config.SECRETS_BACKEND === 'file'
    ? new FileSecretStore(config.SECRETS_FILE!)
    : new SecretsManagerSecretStore(traced(new SecretsManagerClient(clientOptions)), {
        openai_api_key: config.OPENAI_API_KEY_SECRET_ARN,
        twilio_auth_token: config.TWILIO_AUTH_TOKEN_SECRET_ARN,
      });

// Built on first use: public routes never need it.
let verifier: TokenVerifier | undefined;
const tokenVerifier = () => {
  verifier ??= new JwtTokenVerifier({
    issuer: config.JWT_ISSUER,
    jwksUri: config.JWT_JWKS_URI,
    clientId: config.JWT_CLIENT_ID,
  });
  return verifier;
};

export const route = createEdge({
  verifier: tokenVerifier,
  adminGroup: config.ADMIN_GROUP,
  allowedOrigins: config.ALLOWED_ORIGINS,
  logger,
});

/** For routes that are public to one caller (Twilio) and admin-only to another (an upload). */
export const requireAdmin = (event: APIGatewayProxyEventV2) =>
  authenticate(event, { verifier: tokenVerifier, adminGroup: config.ADMIN_GROUP });

// ---- the voice pipeline

export const webhookUrl = config.PUBLIC_WEBHOOK_URL ?? `${config.SITE_URL}/api/receive-message`;

/** Locally, without Twilio credentials, the runtime's own webhook token signs and checks webhooks. */
export async function localWebhookToken(): Promise<string | null> {
  if (!config.WEBHOOK_TOKEN_FILE) return null;
  const token = (await readFile(config.WEBHOOK_TOKEN_FILE, 'utf8').catch(() => '')).trim();
  return token || null;
}

/** The token X-Twilio-Signature is checked with: the saved Twilio auth token, else the local one. */
export async function webhookSigningToken(): Promise<string | null> {
  return (await secrets.get('twilio_auth_token')) ?? (await localWebhookToken());
}

const sfn = traced(createSfnClient({ ...clientOptions, endpoint: config.SFN_ENDPOINT }));
const events = new LogMessageEvents(logger);
const audioTools = new FfmpegAudioTools();
const providers = createProviders({ config, settings, secrets, localWebhookToken });
const warn = (message: string, details?: Record<string, unknown>) => logger.warn(message, { ...details });
const onPublishError = (error: unknown) =>
  logger.warn('Live update not published', { error: error as Error });

/** What the pipeline steps and the inbound use cases both need. */
const sharedDeps = {
  messages,
  events,
  clock,
  onPublishError,
  audio,
  audioTools,
  optOuts,
  providers,
  serviceName: config.SERVICE_NAME,
  warn,
};

export const pipelineDeps: PipelineDeps = { ...sharedDeps, settings };

export const inboundDeps: InboundDeps = {
  ...sharedDeps,
  pipeline: new SfnPipelineStarter(sfn, config.STATE_MACHINE_ARN),
  contactEmail: config.CONTACT_EMAIL,
};

const localEngines = config.LOCAL_ENGINES === 'on' ? new LocalDependencyCheck() : null;

/** The parts /api/health asks: the database, the audio bucket and the sign-in service's keys. */
export const healthProbes: HealthProbe[] = [
  {
    name: 'database',
    check: async () => {
      await documentClient.send(new GetCommand({ TableName: config.SETTINGS_TABLE, Key: { id: 'app' } }));
    },
  },
  {
    name: 'storage',
    check: async () => {
      await s3.send(new HeadBucketCommand({ Bucket: config.AUDIO_BUCKET }));
    },
  },
  {
    // Only where the local engines are the transcriber (no OpenAI key saved): say exactly what is missing.
    name: 'transcription',
    check: async () => {
      if (!localEngines || (await secrets.get('openai_api_key'))) return;
      const missing = (await localEngines.check()).filter((d) => !d.ok);
      if (missing.length) {
        throw new Error(`missing ${missing.map((d) => `${d.name} (${d.fix ?? 'install it'})`).join(', ')}`);
      }
    },
  },
  {
    name: 'auth',
    check: async () => {
      const response = await fetch(config.JWT_JWKS_URI, { signal: AbortSignal.timeout(3_000) });
      if (!response.ok) throw new Error(`sign-in keys answered ${response.status}`);
    },
  },
];
