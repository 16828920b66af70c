import path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Architecture, type ILayerVersion, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';

/** The repository root: entries and the lock file are found from here, whatever the current directory. */
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Props of {@link ProjectFunction}. */
export interface ProjectFunctionProps {
  /** The handler file under `lambdas/`, without extension (for example `handlers/health`). */
  readonly fn: string;
  /**
   * The entry file, when it is not `lambdas/<fn>.ts`.
   * @default lambdas/<fn>.ts
   */
  readonly entry?: string;
  /** Environment shared by every function (tables, bucket, Cognito, site); set once, in the stateless stack. */
  readonly environment: Readonly<Record<string, string>>;
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
   * Layers (for example ffmpeg).
   * @default none
   */
  readonly layers?: readonly ILayerVersion[];
  /**
   * How long the function's logs are kept.
   * @default RetentionDays.ONE_MONTH
   */
  readonly logRetention?: RetentionDays;
}

/**
 * The one way this project makes a Lambda function: Node 24 on ARM64, X-Ray tracing, an explicit log group
 * with retention, ESM bundling with source maps. Grants go through the `read*`/`write*` helpers below, which
 * bind each permission to the environment variable that names the resource.
 */
export class ProjectFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ProjectFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      // Logs are diagnostics, not data: they go with the stack.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    super(scope, id, {
      entry: props.entry ?? path.join(PROJECT_ROOT, 'lambdas', `${props.fn}.ts`),
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      tracing: Tracing.ACTIVE,
      memorySize: props.memoryMb ?? 256,
      timeout: Duration.seconds(props.timeoutSeconds ?? 10),
      layers: props.layers ? [...props.layers] : undefined,
      logGroup,
      environment: {
        ...props.environment,
        NODE_OPTIONS: '--enable-source-maps',
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node24',
        mainFields: ['module', 'main'],
        minify: true,
        sourceMap: true,
        // Some CommonJS dependencies call `require`; ESM output has none, so give it one.
        banner:
          "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        // The AWS SDK v3 is bundled too, so the code runs on the SDK version it was tested with.
        externalModules: [],
      },
    });
  }

  /** Sets `envName` to the table's name and grants read access (GetItem, Query, ...). */
  readTable(envName: string, table: ITable): this {
    this.addEnvironment(envName, table.tableName);
    table.grantReadData(this);
    return this;
  }

  /** Sets `envName` to the table's name and grants write access only (PutItem, UpdateItem, DeleteItem). */
  writeTable(envName: string, table: ITable): this {
    this.addEnvironment(envName, table.tableName);
    table.grantWriteData(this);
    return this;
  }

  /** Sets `envName` to the table's name and grants read and write access. */
  readWriteTable(envName: string, table: ITable): this {
    this.addEnvironment(envName, table.tableName);
    table.grantReadWriteData(this);
    return this;
  }

  /** Sets `envName` to the table's name and allows PutItem only: for append-only records. */
  appendToTable(envName: string, table: ITable): this {
    this.addEnvironment(envName, table.tableName);
    table.grant(this, 'dynamodb:PutItem');
    return this;
  }

  /** Sets `envName` to the table's name and grants GetItem only (the health check's probe). */
  getItemOnTable(envName: string, table: ITable): this {
    this.addEnvironment(envName, table.tableName);
    table.grant(this, 'dynamodb:GetItem');
    return this;
  }

  /** Sets `envName` to the bucket's name and allows HeadBucket (s3:ListBucket) only. */
  headBucket(envName: string, bucket: IBucket): this {
    this.addEnvironment(envName, bucket.bucketName);
    this.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [bucket.bucketArn] }));
    return this;
  }

  /** Sets `envName` to the bucket's name and grants reading, writing and deleting objects. */
  readWriteBucket(envName: string, bucket: IBucket): this {
    this.addEnvironment(envName, bucket.bucketName);
    bucket.grantReadWrite(this);
    return this;
  }

  /** Sets `envName` to the secret's ARN and grants GetSecretValue. */
  readSecret(envName: string, secret: ISecret): this {
    this.addEnvironment(envName, secret.secretArn);
    secret.grantRead(this);
    return this;
  }

  /** Sets `envName` to the secret's ARN and grants GetSecretValue and PutSecretValue. */
  readWriteSecret(envName: string, secret: ISecret): this {
    this.addEnvironment(envName, secret.secretArn);
    secret.grantRead(this);
    secret.grantWrite(this);
    return this;
  }

  /** Sets `STATE_MACHINE_ARN` and allows starting executions of that state machine only. */
  startsPipeline(stateMachine: IStateMachine): this {
    this.addEnvironment('STATE_MACHINE_ARN', stateMachine.stateMachineArn);
    stateMachine.grantStartExecution(this);
    return this;
  }
}
