import path from 'node:path';
import { CfnOutput, Duration, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct } from 'constructs';
import type { MoonshineSize } from '../lambdas/adapters/offline/moonshine-model';
import { PIPELINE_STEPS } from '../lambdas/handlers/pipeline/pipeline-steps';
import { HTTP_ROUTES, type HttpRoute, handlerEntry } from '../lambdas/http/routes';
import { RUN_END_STATUSES } from '../lambdas/use-cases/run-ended';
import { FfmpegLayer, type FfmpegLayerProps } from './constructs/ffmpeg-layer';
import { HttpApiRoutes } from './constructs/http-api';
import { LiveUpdates } from './constructs/live-updates';
import { Monitoring } from './constructs/monitoring';
import { MoonshineLayer } from './constructs/moonshine-layer';
import { Pipeline, type PipelineFunctions } from './constructs/pipeline';
import {
  METRICS_NAMESPACE,
  POWERTOOLS_SERVICE,
  PROJECT_ROOT,
  ProjectFunction,
} from './constructs/project-function';
import { Site } from './constructs/site';
import { SiteFirewall } from './constructs/site-firewall';
import { UploadCors } from './constructs/upload-cors';
import { applyAccess } from './function-access';
import { acknowledgeSiteDeployment } from './nag';
import type { StatefulStack } from './stateful-stack';

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
  /**
   * How the ffmpeg layer is built (tests replace the npm download).
   * @default packs the npm packages
   */
  readonly ffmpegLayer?: FfmpegLayerProps;
  /**
   * The Moonshine model the Transcribe function runs when no OpenAI key is saved.
   * @default DEFAULT_MOONSHINE_SIZE ('base')
   */
  readonly transcriptionModel?: MoonshineSize;
  /**
   * The service name on every log line and metric (POWERTOOLS_SERVICE_NAME): one per stage.
   * @default 'voice-summary'
   */
  readonly service?: string;
  /**
   * An email subscribed to the alarm topic.
   * @default none
   */
  readonly alarmEmail?: string;
  /**
   * The site's WAF web ACL, made in a us-east-1 stack of its own (lib/edge-stack.ts) when this stack is
   * elsewhere: a CloudFront web ACL can only live there.
   * @default a web ACL in this stack (it must then be deployed to us-east-1)
   */
  readonly webAclArn?: string;
  /**
   * SMS segments in an hour, all numbers together, at which `SmsSegmentsPerHour` fires.
   * @default Monitoring's (250)
   */
  readonly segmentsAlarmPerHour?: number;
}

/** Functions run by EventBridge (a schedule or an AWS event) rather than by a route or a pipeline step. */
export const EVENT_FUNCTIONS = [
  'watch-stuck-messages',
  'pipeline-run-ended',
  'expire-provider-media',
  'forwarding-numbers',
] as const;

/**
 * Everything that can be replaced without losing data: the Lambda functions, the HTTP API, the pipeline's
 * state machine and the site. Stateful resources arrive by props.
 */
export class StatelessStack extends Stack {
  public readonly functions = new Map<string, ProjectFunction>();
  public readonly api: HttpApiRoutes;
  public readonly pipeline: Pipeline;
  public readonly site: Site;
  public readonly monitoring: Monitoring;
  public readonly liveUpdates: LiveUpdates;
  /** The site's web ACL when this stack holds it (in us-east-1), else undefined. */
  public readonly firewall?: SiteFirewall;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    const { data } = props;
    const routes = props.routes ?? HTTP_ROUTES;
    const logRetention = props.logRetention ?? RetentionDays.ONE_MONTH;
    const service = props.service ?? POWERTOOLS_SERVICE;

    // Every message change goes here; the functions that change messages may publish (function-access.ts).
    // Subscribing asks a function of its own whether the subscriber is an administrator now.
    const subscribeCheck = new ProjectFunction(this, 'AuthorizeLiveSubscriptionFunction', {
      fn: 'handlers/appsync/authorize-live-subscription',
      logRetention,
      service,
    });
    this.functions.set('authorize-live-subscription', subscribeCheck);
    this.liveUpdates = new LiveUpdates(this, 'LiveUpdates', {
      userPool: data.userPool,
      subscribeHandler: subscribeCheck,
      logRetention,
    });

    // Known only once the site exists (below): resolved at synth, so the functions can be made first.
    const siteUrl = Lazy.string({ produce: () => this.site.url });
    const targets = {
      data,
      ffmpeg: new FfmpegLayer(this, 'Ffmpeg', props.ffmpegLayer).layer,
      // Without an OpenAI key the Transcribe function runs Moonshine itself: recordings stay in the account.
      moonshine: new MoonshineLayer(this, 'Moonshine', { model: props.transcriptionModel }),
      serviceName: props.serviceName,
      contactEmail: props.contactEmail,
      defaultPhoneNumber: props.defaultPhoneNumber,
      siteUrl,
      allowedOrigins: Lazy.string({
        produce: () => [this.site.url, ...(props.extraAllowedOrigins ?? [])].join(','),
      }),
      webhookUrl: Lazy.string({ produce: () => `${this.site.url}/api/receive-message` }),
      smsStatusUrl: Lazy.string({ produce: () => `${this.site.url}/api/sms-status` }),
      liveUpdates: this.liveUpdates,
    };
    applyAccess('authorize-live-subscription', subscribeCheck, targets);
    type FunctionOptions = Partial<ConstructorParameters<typeof ProjectFunction>[2]>;
    const makeFunction = (id: string, fnName: string, entry: string, options: FunctionOptions = {}) => {
      const fn = new ProjectFunction(this, id, { fn: entry, logRetention, service, ...options });
      this.functions.set(fnName, fn);
      return fn;
    };

    // The pipeline's steps first: the HTTP functions that start it need its ARN.
    const stepFunctions = Object.fromEntries(
      Object.entries(PIPELINE_STEPS).map(([key, step]) => {
        const fn = makeFunction(`${step.state}Function`, step.fn, step.fn, {
          memoryMb: step.memoryMb,
          timeoutSeconds: step.timeoutSeconds,
        });
        applyAccess(step.fn, fn, targets);
        return [key, fn];
      }),
    ) as unknown as PipelineFunctions;
    this.pipeline = new Pipeline(this, 'Pipeline', { functions: stepFunctions, logRetention });

    for (const route of new Map(routes.map((r) => [r.fn, r])).values()) {
      const fnName = route.fn;
      const fn = makeFunction(`${pascalCase(fnName)}Function`, fnName, handlerEntry(route), {
        entry: props.routeEntry?.(fnName),
      });
      applyAccess(fnName, fn, { ...targets, stateMachine: this.pipeline.stateMachine });
    }

    const watcher = makeFunction(
      'WatchStuckMessagesFunction',
      'watch-stuck-messages',
      'handlers/scheduled/watch-stuck-messages',
    );
    applyAccess('watch-stuck-messages', watcher, targets);

    // S3's lifecycle and DynamoDB's TTL cannot reach Twilio: media it still holds for us is expired daily.
    const mediaExpiry = makeFunction(
      'ExpireProviderMediaFunction',
      'expire-provider-media',
      'handlers/scheduled/expire-provider-media',
    );
    applyAccess('expire-provider-media', mediaExpiry, targets);
    new Rule(this, 'ExpireProviderMediaSchedule', {
      description: 'Deletes at Twilio the media of messages older than the audio retention period.',
      schedule: Schedule.rate(Duration.days(1)),
      targets: [new LambdaFunction(mediaExpiry, { retryAttempts: 2 })],
    });

    // Forwarding numbers (issue 33): released after their grace period, counted, and idle ones told, daily.
    const forwardingNumbers = makeFunction(
      'ForwardingNumbersFunction',
      'forwarding-numbers',
      'handlers/scheduled/forwarding-numbers',
    );
    applyAccess('forwarding-numbers', forwardingNumbers, targets);
    new Rule(this, 'ForwardingNumbersSchedule', {
      description:
        'Releases forwarding numbers past their grace period, counts those held, and texts idle subscribers.',
      schedule: Schedule.rate(Duration.days(1)),
      targets: [new LambdaFunction(forwardingNumbers, { retryAttempts: 2 })],
    });

    // A run that ends without marking its message (timed out, stopped, MarkFailed failing) marks it here.
    const runEnded = makeFunction(
      'PipelineRunEndedFunction',
      'pipeline-run-ended',
      'handlers/pipeline/run-ended',
    );
    applyAccess('pipeline-run-ended', runEnded, targets);
    new Rule(this, 'PipelineRunEnded', {
      description: 'Pipeline runs that failed, timed out or were aborted: their messages are marked failed.',
      eventPattern: {
        source: ['aws.states'],
        detailType: ['Step Functions Execution Status Change'],
        detail: {
          status: [...RUN_END_STATUSES],
          stateMachineArn: [this.pipeline.stateMachine.stateMachineArn],
        },
      },
      targets: [new LambdaFunction(runEnded, { retryAttempts: 8, maxEventAge: Duration.hours(6) })],
    });

    this.api = new HttpApiRoutes(this, 'Http', {
      routes,
      functions: this.functions,
      userPool: data.userPool,
      userPoolClient: data.userPoolClient,
      corsOrigins: props.extraAllowedOrigins,
      logRetention,
    });

    // Per-client limits and Twilio's signature header at CloudFront, in front of the gateway's route throttles.
    this.firewall = props.webAclArn ? undefined : new SiteFirewall(this, 'Firewall', { routes });
    this.site = new Site(this, 'Site', {
      webAclArn: props.webAclArn ?? this.firewall!.webAcl.attrArn,
      apiDomainName: this.api.domainName,
      apiOriginHeaders: this.api.originHeaders,
      assetsDir: props.siteAssetsDir ?? path.join(PROJECT_ROOT, 'frontend', 'dist'),
      runtimeConfig: {
        region: this.region,
        userPoolId: data.userPool.userPoolId,
        userPoolClientId: data.userPoolClient.userPoolClientId,
        events: {
          httpEndpoint: this.liveUpdates.httpEndpoint,
          realtimeEndpoint: this.liveUpdates.realtimeEndpoint,
        },
        retention: data.retention,
      },
      // Where presigned upload URLs point (the SDK's virtual-hosted style): the page may PUT files there.
      uploadOrigin: `https://${data.audioBucket.bucketName}.s3.${this.region}.amazonaws.com`,
    });

    // Only the site (and the extra origins a stage allows) may upload to the audio bucket from a browser.
    new UploadCors(this, 'UploadCors', {
      bucket: data.audioBucket,
      allowedOrigins: [this.site.url, ...(props.extraAllowedOrigins ?? [])],
    });

    // The reset email's link needs the site's URL, and the pool's triggers live in the data stack, which
    // cannot refer to this one: they read it from this parameter, whose name both stacks derive.
    new StringParameter(this, 'SiteUrlParameter', {
      parameterName: data.siteUrlParameterName,
      stringValue: this.site.url,
      description: 'The public site URL, for links in the sign-in emails (read by the CustomMessage trigger)',
    });

    // The site's URL reached the functions through Lazy values. No cycle: the distribution depends on the API
    // resource alone, and routes/integrations (which depend on the functions) are separate resources
    // (docs/decisions/infrastructure.md).
    const webhookUrl = `${this.site.url}/api/receive-message`;

    acknowledgeSiteDeployment(this.site);

    this.monitoring = new Monitoring(this, 'Monitoring', {
      functions: this.functions,
      httpFunctions: [...new Set(routes.map((r) => r.fn))],
      stateMachine: this.pipeline.stateMachine,
      api: this.api.api,
      stuckMessagesWatcher: watcher,
      metricsNamespace: METRICS_NAMESPACE,
      serviceDimension: service,
      alarmEmail: props.alarmEmail,
      ...(props.segmentsAlarmPerHour ? { segmentsAlarmPerHour: props.segmentsAlarmPerHour } : {}),
      dashboardName: `${this.stackName}-operations`.replace(/[^A-Za-z0-9_-]/g, '-'),
    });

    new CfnOutput(this, 'SiteUrl', { value: this.site.url, description: 'The public site' });
    new CfnOutput(this, 'AdminUrl', { value: `${this.site.url}/admin`, description: 'The admin dashboard' });
    new CfnOutput(this, 'WebhookUrl', {
      value: webhookUrl,
      description: 'PUBLIC_WEBHOOK_URL: Twilio Messaging webhook ("A message comes in", HTTP POST)',
    });
    new CfnOutput(this, 'ApiUrl', {
      value: this.api.api.apiEndpoint,
      description: 'The HTTP API itself: it refuses (403) whatever did not come through the site',
    });
    new CfnOutput(this, 'StateMachineArn', { value: this.pipeline.stateMachine.stateMachineArn });
    new CfnOutput(this, 'UserPoolId', { value: data.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: data.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'AudioBucketName', { value: data.audioBucket.bucketName });
    new CfnOutput(this, 'LiveUpdatesEndpoint', {
      value: this.liveUpdates.httpEndpoint,
      description: 'The AppSync Events API of the dashboard’s live list (namespace "messages")',
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.monitoring.topic.topicArn,
      description: 'Subscribe an email or a pager to get the alarms (docs/operations.md)',
    });
    new CfnOutput(this, 'DashboardName', { value: this.monitoring.dashboard.dashboardName });
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
