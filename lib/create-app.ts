import { App, type AppProps, Validations } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { HTTP_ROUTES, type HttpRoute } from '../lambdas/http/routes';
import type { FfmpegLayerProps } from './constructs/ffmpeg-layer';
import { EdgeStack } from './edge-stack';
import { readStageConfig, type StageConfig } from './stage-config';
import { StatefulStack } from './stateful-stack';
import { StatelessStack } from './stateless-stack';

/** Options of {@link createApp}, for tests and the local runtime. */
export interface CreateAppOptions extends AppProps {
  /**
   * Stage parameters; read from context and environment when absent.
   * @default readStageConfig(app.node.tryGetContext)
   */
  readonly stage?: StageConfig;
  /**
   * Run the cdk-nag AwsSolutions checks at synth.
   * @default true
   */
  readonly nag?: boolean;
  /**
   * Routes of the HTTP API.
   * @default HTTP_ROUTES
   */
  readonly routes?: readonly HttpRoute[];
  /**
   * The entry file of a route's handler.
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
}

/** The app's two stacks, created by {@link createApp}. */
export interface VoiceSummaryApp {
  readonly app: App;
  readonly stage: StageConfig;
  readonly stateful: StatefulStack;
  readonly stateless: StatelessStack;
  /** The us-east-1 stack of the site's web ACL, when the app is in another region. */
  readonly edge?: EdgeStack;
}

/** Builds the CDK app: stage parameters, the stateful and stateless stacks, and the cdk-nag checks. */
export function createApp(options: CreateAppOptions = {}): VoiceSummaryApp {
  const {
    stage: givenStage,
    nag = true,
    routes,
    routeEntry,
    siteAssetsDir,
    ffmpegLayer,
    ...appProps
  } = options;
  const app = new App(appProps);
  const stage = givenStage ?? readStageConfig((key) => app.node.tryGetContext(key));
  const env = { account: stage.account, region: stage.region };
  const prefix = `VoiceSummary-${stage.stage}`;
  // CloudFront's web ACLs live in us-east-1: a stack of their own there when the app is elsewhere. (Without a
  // region the stacks are region-agnostic and keep it in the app stack, for a deployment to us-east-1.)
  const crossRegion = stage.region !== undefined && stage.region !== CLOUDFRONT_REGION;
  const edge = crossRegion
    ? new EdgeStack(app, `${prefix}-Edge`, {
        env: { account: stage.account, region: CLOUDFRONT_REGION },
        crossRegionReferences: true,
        description: `Voice summary (${stage.stage}): the site's WAF web ACL (CloudFront's are in us-east-1)`,
        routes: routes ?? HTTP_ROUTES,
      })
    : undefined;

  const stateful = new StatefulStack(app, `${prefix}-Data`, {
    env,
    description: `Voice summary (${stage.stage}): tables, audio bucket, user pool, secrets`,
    retention: { audioDays: stage.audioRetentionDays, transcriptDays: stage.transcriptRetentionDays },
    adminEmails: stage.adminEmails,
    serviceName: stage.serviceName,
    logRetention: retentionDays(stage.logRetentionDays),
    service: `voice-summary-${stage.stage}`,
  });
  const stateless = new StatelessStack(app, `${prefix}-App`, {
    env,
    description: `Voice summary (${stage.stage}): functions, HTTP API, pipeline, site`,
    data: stateful,
    serviceName: stage.serviceName,
    contactEmail: stage.contactEmail,
    extraAllowedOrigins: stage.allowedOrigins,
    defaultPhoneNumber: stage.defaultPhoneNumber,
    logRetention: retentionDays(stage.logRetentionDays),
    transcriptionModel: stage.transcriptionModel,
    routes,
    routeEntry,
    siteAssetsDir,
    ffmpegLayer,
    service: `voice-summary-${stage.stage}`,
    alarmEmail: stage.alarmEmail,
    crossRegionReferences: crossRegion,
    webAclArn: edge?.firewall.webAcl.attrArn,
    ...(stage.segmentsAlarmPerHour ? { segmentsAlarmPerHour: stage.segmentsAlarmPerHour } : {}),
  });

  if (nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stage, stateful, stateless, ...(edge ? { edge } : {}) };
}

/** Where CloudFront's global resources (web ACLs, certificates) are made. */
const CLOUDFRONT_REGION = 'us-east-1';

/** The nearest retention CloudWatch offers at or above `days`. */
function retentionDays(days: number): RetentionDays {
  const allowed = Object.values(RetentionDays)
    .filter((v): v is RetentionDays => typeof v === 'number' && v > 0)
    .sort((a, b) => a - b);
  return allowed.find((d) => d >= days) ?? RetentionDays.INFINITE;
}
