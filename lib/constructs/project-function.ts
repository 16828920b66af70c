import { createRequire } from 'node:module';
import path from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, type ILayerVersion, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import {
  type BundlingOptions,
  NodejsFunction,
  OutputFormat,
  SourceMapMode,
} from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { UPLOAD_PREFIX } from '#core/audio/uploads';
import {
  PHONE_METADATA_FILE,
  PHONE_METADATA_SOURCE,
} from '../../lambdas/adapters/phone/libphonenumber-regions';
import { ENV } from '../../lambdas/composition/env-names';
import { acknowledgeResourceLessActions, acknowledgeWildcardResource } from '../nag';

/** The repository root: entries and the lock file are found from here, whatever the current directory. */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The service name Powertools puts on every log line and metric (POWERTOOLS_SERVICE_NAME). */
export const POWERTOOLS_SERVICE = 'voice-summary';
/** The CloudWatch namespace of the service's own metrics (POWERTOOLS_METRICS_NAMESPACE). */
export const METRICS_NAMESPACE = 'VoiceSummary';

/** Powertools' tracer switches every function gets: nothing a handler answers or an error says is traced. */
export const TRACER_PRIVACY = {
  POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
  POWERTOOLS_TRACER_CAPTURE_ERROR: 'false',
} as const;

/** Where every audio object lives in the bucket (`audio/<message id>.<ext>`): grants cover this prefix only. */
export const AUDIO_PREFIX = 'audio/';

/** The esbuild options of every function (also what the bundle budget test builds with). */
export const BUNDLING: BundlingOptions = {
  format: OutputFormat.ESM,
  target: 'node24',
  mainFields: ['module', 'main'],
  minify: true,
  // Linked (a sourceMappingURL comment), so NODE_OPTIONS=--enable-source-maps maps stack traces to the
  // TypeScript source when an operator turns it on; positions only, not the sources themselves.
  sourceMap: true,
  sourceMapMode: SourceMapMode.DEFAULT,
  sourcesContent: false,
  // Kept in the asset (index.meta.json): what each function's bundle is made of (esbuild.github.io/analyze).
  metafile: true,
  // Some CommonJS dependencies call `require`; ESM output has none, so give it one.
  banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  // The AWS SDK v3 is bundled too, so the code runs on the SDK version it was tested with.
  externalModules: [],
  // Lambda hands a function its credentials in the environment, so the SDK's default chain (SSO, INI files,
  // IMDS, STS: about 110 kB of each bundle) is replaced by the environment's provider alone.
  esbuildArgs: {
    '--alias:@aws-sdk/credential-provider-node': path.join(
      PROJECT_ROOT,
      'lambdas/adapters/aws/clients/lambda-credentials.ts',
    ),
  },
  // libphonenumber's metadata travels as a JSON file beside index.mjs, read on first use (see
  // lambdas/adapters/phone/libphonenumber-regions.ts), not as 83 kB of bundled code.
  commandHooks: {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_inputDir, outputDir) => [
      `cp "${createRequire(import.meta.url).resolve(PHONE_METADATA_SOURCE)}" "${path.join(outputDir, PHONE_METADATA_FILE)}"`,
    ],
  },
};

/** Props of {@link ProjectFunction}. */
export interface ProjectFunctionProps {
  /** The handler file under `lambdas/`, without extension (for example `handlers/public/health`). */
  readonly fn: string;
  /**
   * The entry file, when it is not `lambdas/<fn>.ts`.
   * @default lambdas/<fn>.ts
   */
  readonly entry?: string;
  /**
   * Memory in MB.
   * @default 256
   */
  readonly memoryMb?: number;
  /**
   * Timeout in seconds.
   * @default 10
   */
  readonly timeoutSeconds?: number;
  /**
   * How long the function's logs are kept.
   * @default RetentionDays.ONE_MONTH
   */
  readonly logRetention?: RetentionDays;
  /**
   * The service name on every log line and metric (POWERTOOLS_SERVICE_NAME), one per stage.
   * @default POWERTOOLS_SERVICE
   */
  readonly service?: string;
}

/** DynamoDB actions a function may be given on a table. */
export type TableAction = 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'Scan' | 'Query';
/** Cognito administrator actions a function may be given on the user pool. */
export type UserPoolAction =
  | 'AdminListGroupsForUser'
  | 'AdminGetUser'
  | 'AdminAddUserToGroup'
  | 'AdminRemoveUserFromGroup'
  | 'AdminUserGlobalSignOut'
  | 'AdminDeleteUser'
  | 'ListUsers'
  | 'ListUsersInGroup';
/** S3 object actions a function may be given on the audio objects. */
export type ObjectAction = 'GetObject' | 'PutObject' | 'DeleteObject';

/**
 * The one way this project makes a Lambda function: Node 24 on ARM64, X-Ray tracing, an explicit log group
 * with retention, ESM bundling with external source maps and a metafile, Powertools' service name and
 * namespace. It starts with no access and no configuration: each access method below sets the environment
 * variable a handler reads and grants exactly the actions on exactly the resource that go with it.
 */
export class ProjectFunction extends NodejsFunction {
  /** The handler's source file, as bundled. */
  public readonly entryFile: string;

  constructor(scope: Construct, id: string, props: ProjectFunctionProps) {
    const entry = props.entry ?? path.join(PROJECT_ROOT, 'lambdas', `${props.fn}.ts`);
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      // Logs are diagnostics, not data: they go with the stack.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    super(scope, id, {
      entry,
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      tracing: Tracing.ACTIVE,
      memorySize: props.memoryMb ?? 256,
      timeout: Duration.seconds(props.timeoutSeconds ?? 10),
      logGroup,
      environment: {
        POWERTOOLS_SERVICE_NAME: props.service ?? POWERTOOLS_SERVICE,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        POWERTOOLS_LOG_LEVEL: 'INFO',
        // X-Ray keeps traces 30 days, past a sender's DELETE: never a handler's answer (a transcript, a signed
        // audio link, team emails) nor an error's words (lambdas/composition/observability.ts).
        ...TRACER_PRIVACY,
        // No --enable-source-maps: loading the map costs about 15 ms of every cold start (docs/benchmarks.md).
        // The map ships linked beside the bundle, so setting NODE_OPTIONS=--enable-source-maps on a function
        // turns readable stack traces on when they are needed (docs/operations.md).
      },
      bundling: BUNDLING,
    });
    this.entryFile = entry;
    if (this.role) {
      acknowledgeResourceLessActions(
        this.role,
        'X-Ray tracing (active tracing) has no resource-level permissions: AWS only accepts Resource *.',
      );
      Validations.of(this.role).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'The AWS managed basic execution policy only allows writing the function’s own logs.',
      });
    }
  }

  /** Sets a plain configuration variable (a name, a URL): no access comes with it. */
  setting(envName: string, value: string): this {
    this.addEnvironment(envName, value);
    return this;
  }

  /** Sets `envName` to the table's name and allows exactly `actions` on its items (none: the name only). */
  table(envName: string, table: ITable, actions: readonly TableAction[]): this {
    this.addEnvironment(envName, table.tableName);
    if (actions.length > 0) {
      this.addToRolePolicy(
        new PolicyStatement({ actions: actions.map((a) => `dynamodb:${a}`), resources: [table.tableArn] }),
      );
    }
    return this;
  }

  /**
   * Sets `envName` to the table's name and allows `actions` only on the items whose partition key is one of
   * `keys` (IAM's `dynamodb:LeadingKeys`): one row of a shared table, not the table.
   */
  tableItems(envName: string, table: ITable, actions: readonly TableAction[], keys: readonly string[]): this {
    this.addEnvironment(envName, table.tableName);
    this.addToRolePolicy(
      new PolicyStatement({
        actions: actions.map((a) => `dynamodb:${a}`),
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [...keys] } },
      }),
    );
    return this;
  }

  /**
   * Sets `envName` to the table's name and allows `actions` only on the items whose partition key starts with
   * `prefix` (IAM's `dynamodb:LeadingKeys` with a wildcard): one kind of row of a shared table, not the table.
   */
  tableItemsStartingWith(
    envName: string,
    table: ITable,
    actions: readonly TableAction[],
    prefix: string,
  ): this {
    this.addEnvironment(envName, table.tableName);
    this.addToRolePolicy(
      new PolicyStatement({
        actions: actions.map((a) => `dynamodb:${a}`),
        resources: [table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${prefix}*`] } },
      }),
    );
    return this;
  }

  /** Allows querying one secondary index of a table whose name `table` has already set. */
  queryIndex(table: ITable, indexName: string): this {
    this.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [`${table.tableArn}/index/${indexName}`],
      }),
    );
    return this;
  }

  /**
   * Sets `envName` to the bucket's name and allows `actions` on the audio objects (`audio/*`). With `list`,
   * also s3:ListBucket on the bucket, so that a missing object reads as missing (404), not forbidden (403).
   */
  audioObjects(
    envName: string,
    bucket: IBucket,
    actions: readonly ObjectAction[],
    options: { readonly list?: boolean } = {},
  ): this {
    this.objects(envName, bucket, AUDIO_PREFIX, actions);
    if (options.list) this.headBucket(envName, bucket);
    return this;
  }

  /**
   * Sets `envName` to the bucket's name and allows `actions` on the upload area (`uploads/*`): signing a
   * browser's direct upload (PutObject), reading and removing it once checked.
   */
  uploadObjects(envName: string, bucket: IBucket, actions: readonly ObjectAction[]): this {
    return this.objects(envName, bucket, UPLOAD_PREFIX, actions);
  }

  private objects(envName: string, bucket: IBucket, prefix: string, actions: readonly ObjectAction[]): this {
    this.addEnvironment(envName, bucket.bucketName);
    const objects = bucket.arnForObjects(`${prefix}*`);
    this.addToRolePolicy(
      new PolicyStatement({ actions: actions.map((a) => `s3:${a}`), resources: [objects] }),
    );
    if (this.role) {
      acknowledgeWildcardResource(
        this.role,
        objects,
        prefix === AUDIO_PREFIX
          ? 'Audio objects are keyed by message id under audio/: the function handles any message’s audio, in this bucket only.'
          : 'Uploads are keyed by a random id under uploads/: the function handles any pending upload, in this bucket only.',
      );
    }
    return this;
  }

  /** Sets `envName` to the bucket's name and allows s3:ListBucket (HeadBucket, and 404 for missing keys). */
  headBucket(envName: string, bucket: IBucket): this {
    this.addEnvironment(envName, bucket.bucketName);
    this.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
    return this;
  }

  /** Sets `envName` to the secret's ARN and allows reading its value; with `write`, saving one too. */
  secret(envName: string, secret: ISecret, options: { readonly write?: boolean } = {}): this {
    this.addEnvironment(envName, secret.secretArn);
    const actions = [
      'secretsmanager:GetSecretValue',
      ...(options.write ? ['secretsmanager:PutSecretValue'] : []),
    ];
    this.addToRolePolicy(new PolicyStatement({ actions, resources: [secret.secretArn] }));
    return this;
  }

  /**
   * Sets `envName` to the live-update API's HTTP endpoint and allows publishing (appsync:EventPublish) to
   * the one channel namespace `namespaceArn`: the function changes messages and tells the dashboard.
   */
  publishesLiveUpdates(envName: string, httpEndpoint: string, namespaceArn: string): this {
    this.addEnvironment(envName, httpEndpoint);
    this.addToRolePolicy(
      new PolicyStatement({ actions: ['appsync:EventPublish'], resources: [namespaceArn] }),
    );
    return this;
  }

  /** Sets `envName` to the user pool's id and allows exactly `actions` on that pool. */
  userPool(envName: string, pool: IUserPool, actions: readonly UserPoolAction[]): this {
    this.addEnvironment(envName, pool.userPoolId);
    this.addToRolePolicy(
      new PolicyStatement({ actions: actions.map((a) => `cognito-idp:${a}`), resources: [pool.userPoolArn] }),
    );
    return this;
  }

  /**
   * For a trigger of `pool`: allows exactly `actions` on it, in a policy of its own. The pool refers to the
   * function (its trigger), so the function must not depend on the pool: the default policy, which the
   * function depends on, cannot name it, and the pool's id arrives in every event instead of a variable.
   */
  triggerOf(pool: IUserPool, actions: readonly UserPoolAction[]): this {
    if (!this.role) throw new Error('A trigger function needs its own role.');
    new Policy(this, 'UserPoolAccess', {
      roles: [this.role],
      statements: [
        new PolicyStatement({
          actions: actions.map((a) => `cognito-idp:${a}`),
          resources: [pool.userPoolArn],
        }),
      ],
    });
    return this;
  }

  /** Sets `envName` to an SSM parameter's name and allows reading that parameter only. */
  parameter(envName: string, name: string, arn: string): this {
    this.addEnvironment(envName, name);
    this.addToRolePolicy(new PolicyStatement({ actions: ['ssm:GetParameter'], resources: [arn] }));
    return this;
  }

  /** Sets `STATE_MACHINE_ARN` and allows starting executions of that state machine only. */
  startsPipeline(stateMachine: IStateMachine): this {
    this.addEnvironment(ENV.STATE_MACHINE_ARN, stateMachine.stateMachineArn);
    this.addToRolePolicy(
      new PolicyStatement({ actions: ['states:StartExecution'], resources: [stateMachine.stateMachineArn] }),
    );
    return this;
  }

  /** Adds a layer (ffmpeg) together with the variables that tell the handler where its programs are. */
  layer(layer: ILayerVersion, environment: Readonly<Record<string, string>>): this {
    this.addLayers(layer);
    for (const [name, value] of Object.entries(environment)) this.addEnvironment(name, value);
    return this;
  }
}
