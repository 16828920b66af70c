/**
 * The composition root: configuration is read once, SDK clients and adapters are created once per Lambda
 * container (module scope) and shared by the handlers. Nothing else constructs adapters.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient, createS3Client } from './adapters/aws/clients';
import { DynamoMessageRepository } from './adapters/aws/dynamo-message-repository';
import { DynamoOptOutRepository } from './adapters/aws/dynamo-opt-out-repository';
import { DynamoSettingsRepository } from './adapters/aws/dynamo-settings-repository';
import { DynamoSignupRepository } from './adapters/aws/dynamo-signup-repository';
import { JwtTokenVerifier } from './adapters/aws/jwt-token-verifier';
import { S3AudioStore } from './adapters/aws/s3-audio-store';
import { SecretsManagerSecretStore } from './adapters/aws/secrets-manager-secret-store';
import { FileSecretStore } from './adapters/local/file-secret-store';
import { loadConfig } from './config';
import { createEdge } from './http/edge';
import { systemClock } from './ports/clock';
import type { SecretStore } from './ports/secret-store';
import type { TokenVerifier } from './ports/token-verifier';
import type { HealthProbe } from './use-cases/health';

export const config = loadConfig();

export const logger = new Logger({ serviceName: config.SERVICE_NAME });
const tracer = new Tracer({ serviceName: config.SERVICE_NAME });

const clientOptions = { region: config.AWS_REGION };
const documentClient = tracer.captureAWSv3Client(
  createDocumentClient({ ...clientOptions, endpoint: config.DYNAMODB_ENDPOINT }),
);
const s3 = tracer.captureAWSv3Client(createS3Client({ ...clientOptions, endpoint: config.S3_ENDPOINT }));

export const clock = systemClock;
export const signups = new DynamoSignupRepository(documentClient, config.SIGNUPS_TABLE);
export const messages = new DynamoMessageRepository(documentClient, config.MESSAGES_TABLE);
export const settings = new DynamoSettingsRepository(documentClient, config.SETTINGS_TABLE);
export const optOuts = new DynamoOptOutRepository(documentClient, config.OPT_OUTS_TABLE);
export const audio = new S3AudioStore(s3, config.AUDIO_BUCKET);

export const secrets: SecretStore =
  config.SECRETS_BACKEND === 'file'
    ? new FileSecretStore(config.SECRETS_FILE!)
    : new SecretsManagerSecretStore(tracer.captureAWSv3Client(new SecretsManagerClient(clientOptions)), {
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
    name: 'auth',
    check: async () => {
      const response = await fetch(config.JWT_JWKS_URI, { signal: AbortSignal.timeout(3_000) });
      if (!response.ok) throw new Error(`sign-in keys answered ${response.status}`);
    },
  },
];
