import { Duration, RemovalPolicy, SecretValue, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  Mfa,
  UserPool,
  type UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { UPLOAD_PREFIX } from '#core/audio/uploads';
import type { Retention } from '#core/messages/retention';
import { TABLES, type TableSpec } from '../lambdas/adapters/aws/tables';
import { AuthTriggers } from './constructs/user-pool-triggers';

/** The tables, keyed like TABLES in lambdas/adapters/aws/tables.ts. */
export type ProjectTables = { readonly [K in keyof typeof TABLES]: Table };

/** Props of {@link StatefulStack}. */
export interface StatefulStackProps extends StackProps {
  /** How long audio and transcripts are kept (the audio bucket's lifecycle; the functions read the rest). */
  readonly retention: Retention;
  /**
   * Name of the Cognito group whose members are administrators.
   * @default 'admins'
   */
  readonly adminGroupName?: string;
  /**
   * Emails whose accounts become administrators as soon as they confirm their email (ADMIN_EMAILS). A
   * deployment's stage parameters require some (lib/stage-config.ts); only a stack never deployed (the local
   * runtime's synth of the pipeline, tests) is built without.
   * @default none: the first confirmed account of a pool without administrators becomes one
   */
  readonly adminEmails?: readonly string[];
  /**
   * The service's name in the sign-in emails.
   * @default 'Voice Summary'
   */
  readonly serviceName?: string;
  /**
   * How long the trigger functions' logs are kept.
   * @default RetentionDays.ONE_MONTH
   */
  readonly logRetention?: RetentionDays;
  /**
   * POWERTOOLS_SERVICE_NAME of the trigger functions, one per stage.
   * @default 'voice-summary'
   */
  readonly service?: string;
}

/**
 * Everything that holds data: the tables, the audio bucket, the user pool and the two secrets. Kept apart from
 * the stateless stack so functions, API and site can be replaced freely without touching data. The user pool's
 * two trigger functions live here too: the pool must name them, and the app stack depends on this one.
 */
export class StatefulStack extends Stack {
  public readonly tables: ProjectTables;
  public readonly audioBucket: Bucket;
  public readonly userPool: UserPool;
  public readonly userPoolClient: UserPoolClient;
  public readonly adminGroupName: string;
  /** How long audio and transcripts are kept: the functions that create messages and the site read it. */
  public readonly retention: Retention;
  public readonly openAiApiKeySecret: Secret;
  public readonly twilioAuthTokenSecret: Secret;
  /** The user pool's trigger functions, keyed by their `fn` (lambdas/handlers/cognito/triggers.ts). */
  public readonly triggers: AuthTriggers;
  /** The SSM parameter the app stack writes the site's URL to; the reset email's link is built from it. */
  public readonly siteUrlParameterName: string;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    this.retention = props.retention;

    this.tables = {
      signups: this.table('Signups', TABLES.signups),
      signupConsents: this.table('SignupConsents', TABLES.signupConsents),
      counters: this.table('Counters', TABLES.counters),
      messages: this.table('Messages', TABLES.messages),
      settings: this.table('Settings', TABLES.settings),
      optOuts: this.table('OptOuts', TABLES.optOuts),
      sentTexts: this.table('SentTexts', TABLES.sentTexts),
      senderPreferences: this.table('SenderPreferences', TABLES.senderPreferences),
      usage: this.table('Usage', TABLES.usage),
      uploadCodes: this.table('UploadCodes', TABLES.uploadCodes),
      cardLinks: this.table('CardLinks', TABLES.cardLinks),
      forwardingNumbers: this.table('ForwardingNumbers', TABLES.forwardingNumbers),
      calls: this.table('Calls', TABLES.calls),
    };

    const audioBucket = new Bucket(this, 'AudioBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: false,
      // No CORS here: only the site's origin may upload from a browser, and the site's domain is known only in
      // the stateless stack, which sets the rule (lib/constructs/upload-cors.ts).
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // The privacy policy states this period (the site reads the same number from /config.json).
        { id: 'AudioRetention', prefix: 'audio/', expiration: Duration.days(props.retention.audioDays) },
        // A direct upload is checked and removed at once; one the browser never confirmed goes after a day.
        { id: 'UnconfirmedUploads', prefix: UPLOAD_PREFIX, expiration: Duration.days(1) },
      ],
      // Voice messages are user data: keep them if the stack is deleted by mistake.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(audioBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'Only the Lambda functions touch this bucket, and CloudTrail plus X-Ray traces record who did; server access logs would need a second bucket and add nothing here.',
    });
    this.audioBucket = audioBucket;

    const userPool = new UserPool(this, 'UserPool', {
      // SPEC: anyone can create an admin account from the site; being an administrator needs the group.
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // A changed email takes effect only once its code is entered: until then the account keeps the address
      // it confirmed (email_verified stays true for that one). The approval also reads email_verified.
      keepOriginal: { email: true },
      // SPEC: "minimum 6 characters"; the sign-up form promises exactly that rule.
      passwordPolicy: {
        minLength: 6,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      mfa: Mfa.OFF,
      // Administrator accounts are data: deleting the stack must not lock everyone out.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(userPool).acknowledge({
      id: 'AwsSolutions-COG1',
      reason:
        'The product specification fixes the password rule at "at least 6 characters" and the account form shows that rule; a stricter pool policy would reject passwords the form accepts.',
    });
    Validations.of(userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'The specification has no MFA in its sign-in and account-creation screens; admin rights also need membership of the admins group, which only an operator grants.',
    });
    Validations.of(userPool).acknowledge({
      id: 'AwsSolutions-COG3',
      reason:
        'Advanced security (threat protection) is a paid Plus-tier feature; this service has a handful of administrators and enforces the admins group in every admin handler.',
    });
    Validations.of(userPool).acknowledge({
      id: 'AwsSolutions-COG8',
      reason:
        'The Plus feature plan (threat protection) is billed per user; this service has a handful of administrators and checks the admins group on every admin request.',
    });
    this.userPool = userPool;

    this.userPoolClient = userPool.addClient('WebClient', {
      // SRP only (the password never leaves the browser), plus refresh, which CDK always adds. The local
      // stand-in has no SRP: its own client allows USER_PASSWORD_AUTH, and /config.json says which to use.
      authFlows: { userSrp: true },
      generateSecret: false,
      preventUserExistenceErrors: true,
      // Short-lived: a token carries the admins group, and the live list's connection is authorized with one
      // (docs/operations.md, "Removing an administrator"). Amplify refreshes them with the refresh token.
      idTokenValidity: Duration.minutes(15),
      accessTokenValidity: Duration.minutes(15),
      refreshTokenValidity: Duration.days(30),
    });

    this.adminGroupName = props.adminGroupName ?? 'admins';
    new CfnUserPoolGroup(this, 'AdminsGroup', {
      userPoolId: userPool.userPoolId,
      groupName: this.adminGroupName,
      description:
        'Administrators of the voice summary service: the deployment’s adminEmails, or approved by an administrator.',
    });

    // A name both stacks derive from this stack's: the app stack writes the site's URL there (the pool's
    // triggers cannot refer to the app stack, which refers to this one).
    this.siteUrlParameterName = `/${this.stackName}/site-url`;
    this.triggers = new AuthTriggers(this, 'AuthTriggers', {
      userPool,
      settingsTable: this.tables.settings,
      adminGroupName: this.adminGroupName,
      adminEmails: props.adminEmails,
      serviceName: props.serviceName ?? 'Voice Summary',
      siteUrlParameterName: this.siteUrlParameterName,
      logRetention: props.logRetention,
      service: props.service,
    });

    this.openAiApiKeySecret = this.secret(
      'OpenAiApiKey',
      'The OpenAI API key, saved from the admin settings.',
    );
    this.twilioAuthTokenSecret = this.secret(
      'TwilioAuthToken',
      'The Twilio auth token, saved from the admin settings.',
    );
  }

  /** A table built from its key schema in TABLES (so the repositories, local bootstrap and AWS agree). */
  private table(id: string, spec: TableSpec): Table {
    const table = new Table(this, id, {
      partitionKey: { name: spec.partitionKey, type: AttributeType.STRING },
      sortKey: spec.sortKey ? { name: spec.sortKey, type: AttributeType.STRING } : undefined,
      ...(spec.timeToLiveAttribute ? { timeToLiveAttribute: spec.timeToLiveAttribute } : {}),
      billingMode: BillingMode.PAY_PER_REQUEST,
      encryption: TableEncryption.AWS_MANAGED,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Sign-ups, consent records, messages, settings, opt-outs (legal records of opt-in and STOP) and senders'
      // preferences are data:
      // never deleted with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of spec.indexes ?? []) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      });
    }
    return table;
  }

  /** A secret stored as `{"value": null}` until an administrator saves one (the format the adapter reads). */
  private secret(id: string, description: string): Secret {
    const secret = new Secret(this, id, {
      description,
      // Not a secret: the empty value the settings API overwrites with PutSecretValue.
      secretStringValue: SecretValue.unsafePlainText(JSON.stringify({ value: null })),
      // The value is a customer's API credential: keep it if the stack is deleted by mistake.
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Third-party credentials (OpenAI, Twilio) cannot be rotated by a Lambda here: they are issued by the provider and saved by an administrator from the settings screen.',
    });
    return secret;
  }
}
