import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  AppSyncAuthorizationType,
  AppSyncEventResource,
  AppSyncFieldLogLevel,
  type CfnApi,
  ChannelNamespace,
  EventApi,
} from 'aws-cdk-lib/aws-appsync';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { MESSAGES_NAMESPACE } from '#core/messages/live-updates';
import { acknowledgeWildcardResource } from '../nag';

/** Props of {@link LiveUpdates}. */
export interface LiveUpdatesProps {
  /** Browsers connect and subscribe with this pool's tokens. */
  readonly userPool: IUserPool;
  /**
   * The messages namespace's onSubscribe handler (DIRECT Lambda): answers null to let a subscriber in, or
   * `{error}` to refuse (lambdas/handlers/appsync/authorize-live-subscription.ts asks the user pool).
   */
  readonly subscribeHandler: IFunction;
  /**
   * How long the API's error logs are kept.
   * @default RetentionDays.ONE_MONTH
   */
  readonly logRetention?: RetentionDays;
}

/**
 * The dashboard's live updates: an AppSync Events API whose `messages` namespace carries every message
 * change. Browsers connect and subscribe with their Cognito token, and the namespace's onSubscribe handler (a
 * Lambda function) lets in only accounts the user pool says are administrators now; functions publish over
 * HTTP with IAM (SigV4), and only those granted {@link LiveUpdates.publishResource} can. Published events reach
 * subscribers as they are (no onPublish handler).
 */
export class LiveUpdates extends Construct {
  public readonly api: EventApi;
  public readonly messages: ChannelNamespace;
  /** `https://<id>.appsync-api.<region>.amazonaws.com/event`: where functions publish. */
  public readonly httpEndpoint: string;
  /** `wss://<id>.appsync-realtime-api.<region>.amazonaws.com/event/realtime`: where browsers connect. */
  public readonly realtimeEndpoint: string;
  /** The messages namespace's ARN: the one resource appsync:EventPublish is granted on. */
  public readonly publishResource: string;

  constructor(scope: Construct, id: string, props: LiveUpdatesProps) {
    super(scope, id);
    const cognito = {
      authorizationType: AppSyncAuthorizationType.USER_POOL,
      cognitoConfig: { userPool: props.userPool },
    };
    const iam = { authorizationType: AppSyncAuthorizationType.IAM };
    this.api = new EventApi(this, 'Api', {
      apiName: `${Stack.of(this).stackName}-live-updates`,
      authorizationConfig: {
        authProviders: [cognito, iam],
        // Browsers hold a WebSocket with their Cognito token; functions publish over HTTP with IAM.
        connectionAuthModeTypes: [AppSyncAuthorizationType.USER_POOL],
        defaultPublishAuthModeTypes: [AppSyncAuthorizationType.IAM],
        defaultSubscribeAuthModeTypes: [AppSyncAuthorizationType.USER_POOL],
      },
    });
    // Refused subscriptions and failed handlers, for an operator asking why the list is not live: logged to a
    // group made here with a retention, by a role that may write to it alone. (EventApi's own `logConfig`
    // would add a custom resource and a function just to set the retention, and a managed policy.)
    const logs = new LogGroup(this, 'Logs', {
      logGroupName: `/aws/appsync/apis/${this.api.apiId}`,
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      // Logs are diagnostics, not data.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const logsRole = new Role(this, 'LogsRole', {
      assumedBy: new ServicePrincipal('appsync.amazonaws.com'),
      description: 'Lets the live-update API write its error logs',
    });
    // The group's ARN attribute ends in `:*`, which covers its log streams.
    const streams = logs.logGroupArn;
    logsRole.addToPolicy(
      new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [streams] }),
    );
    acknowledgeWildcardResource(
      logsRole,
      streams,
      'AppSync names its log streams itself: it may write any stream of this one log group.',
    );
    (this.api.node.defaultChild as CfnApi).addPropertyOverride('EventConfig.LogConfig', {
      CloudWatchLogsRoleArn: logsRole.roleArn,
      LogLevel: AppSyncFieldLogLevel.ERROR,
    });
    // Every subscribe asks the function, which asks Cognito: the token's group claim may predate a removal.
    // AppSync invokes it with the data source's role, which may invoke this function alone.
    const subscribeCheck = this.api.addLambdaDataSource('SubscribeCheck', props.subscribeHandler, {
      description: 'Is the subscriber an administrator now? (onSubscribe of the messages namespace)',
    });
    acknowledgeWildcardResource(
      subscribeCheck.grantPrincipal as Role,
      `${props.subscribeHandler.functionArn}:*`,
      'AppSync may invoke versions and aliases of the one subscribe-check function (CDK Lambda data source grant).',
    );
    this.messages = new ChannelNamespace(this, 'Messages', {
      api: this.api,
      channelNamespaceName: MESSAGES_NAMESPACE,
      subscribeHandlerConfig: { direct: true, dataSource: subscribeCheck },
      authorizationConfig: {
        publishAuthModeTypes: [AppSyncAuthorizationType.IAM],
        subscribeAuthModeTypes: [AppSyncAuthorizationType.USER_POOL],
      },
    });
    this.httpEndpoint = `https://${this.api.httpDns}/event`;
    this.realtimeEndpoint = `wss://${this.api.realtimeDns}/event/realtime`;
    const [namespaceArn] = AppSyncEventResource.ofChannelNamespace(MESSAGES_NAMESPACE).resourceArns(this.api);
    this.publishResource = namespaceArn!;
  }
}
