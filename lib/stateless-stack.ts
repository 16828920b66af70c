import path from 'node:path';
import { CfnOutput, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { MoonshineSize } from '../lambdas/adapters/local/moonshine-model';
import { HTTP_ROUTES, type HttpRoute } from '../lambdas/http-routes';
import { PIPELINE_STEPS } from '../lambdas/pipeline-steps';
import { FFMPEG_ENVIRONMENT, FfmpegLayer } from './constructs/ffmpeg-layer';
import { HttpApiRoutes } from './constructs/http-api';
import { MoonshineLayer } from './constructs/moonshine-layer';
import { Pipeline, type PipelineFunctions } from './constructs/pipeline';
import { PROJECT_ROOT, ProjectFunction } from './constructs/project-function';
import { Site } from './constructs/site';
import { applyGrants } from './function-grants';
import { acknowledgeExplainedWildcards } from './nag';
import type { StatefulStack } from './stateful-stack';

/** Pipeline steps whose handlers run ffmpeg/ffprobe (they get the layer and FFMPEG_PATH/FFPROBE_PATH). */
export const FFMPEG_STEPS: readonly (keyof typeof PIPELINE_STEPS)[] = ['prepareAudio', 'transcribe'];
/** HTTP functions that run ffprobe: the admin's upload is checked to be playable before it is accepted. */
export const FFMPEG_ROUTES: readonly string[] = ['receive-message'];

/** Props of {@link StatelessStack}. */
export interface StatelessStackProps extends StackProps {
  /** Tables, bucket, user pool and secrets. */
  readonly data: StatefulStack;
  /** Shown on the site and in texts (SERVICE_NAME). */
  readonly serviceName: string;
  /** The site's contact email (CONTACT_EMAIL). */
  readonly contactEmail: string;
  /**
   * Browser origins allowed besides the site's own.
   * @default none
   */
  readonly extraAllowedOrigins?: readonly string[];
  /**
   * The number shown until one is saved in settings (DEFAULT_PHONE_NUMBER).
   * @default none
   */
  readonly defaultPhoneNumber?: string;
  /**
   * How long logs are kept.
   * @default RetentionDays.ONE_MONTH
   */
  readonly logRetention?: RetentionDays;
  /**
   * The Moonshine model the Transcribe function runs when no OpenAI key is saved.
   * @default 'tiny'
   */
  readonly transcriptionModel?: MoonshineSize;
  /**
   * Routes of the HTTP API.
   * @default HTTP_ROUTES
   */
  readonly routes?: readonly HttpRoute[];
  /**
   * The entry file of a route's handler (tests point routes whose handler is not written yet elsewhere).
   * @default lambdas/handlers/<fn>.ts
   */
  readonly routeEntry?: (fn: string) => string | undefined;
  /**
   * The built frontend.
   * @default <repo>/frontend/dist
   */
  readonly siteAssetsDir?: string;
}

/**
 * Everything that can be replaced without losing data: the Lambda functions, the HTTP API, the pipeline's
 * state machine and the site. Stateful resources arrive by props.
 */
export class StatelessStack extends Stack {
  public readonly functions = new Map<string, ProjectFunction>();
  public readonly api: HttpApiRoutes;
  public readonly pipeline: Pipeline;
  public readonly site: Site;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    const { data } = props;
    const routes = props.routes ?? HTTP_ROUTES;
    const logRetention = props.logRetention ?? RetentionDays.ONE_MONTH;

    // Every function gets every name (lambdas/config.ts requires them all); access comes from the grants.
    const environment: Record<string, string> = {
      SERVICE_NAME: props.serviceName,
      POWERTOOLS_SERVICE_NAME: 'voice-summary',
      POWERTOOLS_METRICS_NAMESPACE: 'VoiceSummary',
      POWERTOOLS_LOG_LEVEL: 'INFO',
      SIGNUPS_TABLE: data.tables.signups.tableName,
      SIGNUP_CONSENTS_TABLE: data.tables.signupConsents.tableName,
      MESSAGES_TABLE: data.tables.messages.tableName,
      SETTINGS_TABLE: data.tables.settings.tableName,
      OPT_OUTS_TABLE: data.tables.optOuts.tableName,
      AUDIO_BUCKET: data.audioBucket.bucketName,
      SECRETS_BACKEND: 'aws',
      JWT_ISSUER: data.userPool.userPoolProviderUrl,
      JWT_JWKS_URI: `${data.userPool.userPoolProviderUrl}/.well-known/jwks.json`,
      JWT_CLIENT_ID: data.userPoolClient.userPoolClientId,
      ADMIN_GROUP: data.adminGroupName,
      CONTACT_EMAIL: props.contactEmail,
      ...(props.defaultPhoneNumber ? { DEFAULT_PHONE_NUMBER: props.defaultPhoneNumber } : {}),
    };
    type FunctionOptions = Partial<ConstructorParameters<typeof ProjectFunction>[2]>;
    const makeFunction = (id: string, fnName: string, entry: string, options: FunctionOptions = {}) => {
      const fn = new ProjectFunction(this, id, { fn: entry, environment, logRetention, ...options });
      this.functions.set(fnName, fn);
      return fn;
    };

    // The pipeline's steps first: the HTTP functions that start it need its ARN.
    const ffmpeg = new FfmpegLayer(this, 'Ffmpeg');
    // Without an OpenAI key the Transcribe function runs Moonshine itself: recordings stay in the account.
    const moonshine = new MoonshineLayer(this, 'Moonshine', { model: props.transcriptionModel });
    const stepFunctions = Object.fromEntries(
      Object.entries(PIPELINE_STEPS).map(([key, step]) => {
        const needsFfmpeg = (FFMPEG_STEPS as readonly string[]).includes(key);
        const transcribes = key === 'transcribe';
        const fn = makeFunction(`${step.state}Function`, step.fn, step.fn, {
          memoryMb: step.memoryMb,
          timeoutSeconds: step.timeoutSeconds,
          ...(needsFfmpeg
            ? {
                layers: transcribes ? [ffmpeg.layer, moonshine.layer] : [ffmpeg.layer],
                environment: {
                  ...environment,
                  ...FFMPEG_ENVIRONMENT,
                  ...(transcribes ? { ...moonshine.environment, LOCAL_ENGINES: 'on' } : {}),
                },
              }
            : {}),
        });
        applyGrants(step.fn, fn, { data });
        return [key, fn];
      }),
    ) as unknown as PipelineFunctions;
    this.pipeline = new Pipeline(this, 'Pipeline', { functions: stepFunctions, logRetention });

    for (const fnName of new Set(routes.map((r) => r.fn))) {
      const fn = makeFunction(`${pascalCase(fnName)}Function`, fnName, `handlers/${fnName}`, {
        entry: props.routeEntry?.(fnName),
        ...(FFMPEG_ROUTES.includes(fnName)
          ? { layers: [ffmpeg.layer], environment: { ...environment, ...FFMPEG_ENVIRONMENT } }
          : {}),
      });
      applyGrants(fnName, fn, { data, stateMachine: this.pipeline.stateMachine });
    }

    this.api = new HttpApiRoutes(this, 'Http', {
      routes,
      functions: this.functions,
      userPool: data.userPool,
      userPoolClient: data.userPoolClient,
      corsOrigins: props.extraAllowedOrigins,
      logRetention,
    });

    this.site = new Site(this, 'Site', {
      apiDomainName: this.api.domainName,
      assetsDir: props.siteAssetsDir ?? path.join(PROJECT_ROOT, 'frontend', 'dist'),
      runtimeConfig: {
        region: this.region,
        userPoolId: data.userPool.userPoolId,
        userPoolClientId: data.userPoolClient.userPoolClientId,
      },
    });

    // The site's URL reaches the functions only now. No cycle: the distribution depends on the API resource
    // alone, and routes/integrations (which depend on the functions) are separate resources (docs/decisions.md).
    const webhookUrl = `${this.site.url}/api/receive-message`;
    for (const fn of this.functions.values()) {
      fn.addEnvironment('SITE_URL', this.site.url);
      fn.addEnvironment('ALLOWED_ORIGINS', [this.site.url, ...(props.extraAllowedOrigins ?? [])].join(','));
      fn.addEnvironment('PUBLIC_WEBHOOK_URL', webhookUrl);
    }

    this.acknowledgeLambdaFindings();
    acknowledgeExplainedWildcards(this);

    new CfnOutput(this, 'SiteUrl', { value: this.site.url, description: 'The public site' });
    new CfnOutput(this, 'AdminUrl', { value: `${this.site.url}/admin`, description: 'The admin dashboard' });
    new CfnOutput(this, 'WebhookUrl', {
      value: webhookUrl,
      description: 'PUBLIC_WEBHOOK_URL: Twilio Messaging webhook ("A message comes in", HTTP POST)',
    });
    new CfnOutput(this, 'ApiUrl', { value: this.api.api.apiEndpoint, description: 'The HTTP API, direct' });
    new CfnOutput(this, 'StateMachineArn', { value: this.pipeline.stateMachine.stateMachineArn });
    new CfnOutput(this, 'UserPoolId', { value: data.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: data.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'AudioBucketName', { value: data.audioBucket.bucketName });
  }

  /** cdk-nag findings that follow from CDK's own grant statements and managed policies. */
  private acknowledgeLambdaFindings(): void {
    for (const fn of this.functions.values()) {
      const role = fn.role;
      if (!role) continue;
      Validations.of(role).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'The AWS managed basic execution policy only allows writing the function’s own logs.',
      });
    }
  }
}

/** `create-signup` -> `CreateSignup`: a readable, stable construct id. */
function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}
