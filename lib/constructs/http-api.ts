import { Duration, Fn, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPoolClient, UserPool } from 'aws-cdk-lib/aws-cognito';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ENV } from '../../lambdas/composition/env-names';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/http/origin-guard';
import type { HttpRoute as RouteRow } from '../../lambdas/http/routes';

/** Props of {@link HttpApiRoutes}. */
export interface HttpApiRoutesProps {
  /** The API's routes (HTTP_ROUTES): one API Gateway route per row. */
  readonly routes: readonly RouteRow[];
  /** The function behind each `fn` of the routes (each is told the origin secret it checks). */
  readonly functions: ReadonlyMap<string, LambdaFunction>;
  /** Admin routes accept only ID tokens issued by this pool... */
  readonly userPool: UserPool;
  /** ...for this app client (the token's audience). */
  readonly userPoolClient: IUserPoolClient;
  /**
   * Browser origins other than the site (which calls the API on its own origin through CloudFront).
   * @default none: no CORS preflight at the gateway
   */
  readonly corsOrigins?: readonly string[];
  /**
   * How long access logs are kept.
   * @default RetentionDays.ONE_MONTH
   */
  readonly logRetention?: RetentionDays;
}

/**
 * The HTTP API (API Gateway v2): one route per HTTP_ROUTES row, Lambda proxy integrations, and a Cognito JWT
 * authorizer on admin routes as a first gate (the handlers verify the token and the admins group again).
 * Only CloudFront reaches it: the origin must send {@link HttpApiRoutes.originHeaders}, whose secret every
 * function behind a route checks (lambdas/http/origin-guard.ts, docs/decisions/security.md).
 */
export class HttpApiRoutes extends Construct {
  public readonly api: HttpApi;
  public readonly stage: HttpStage;
  /** The API's host name (no scheme, no path), for a CloudFront origin. */
  public readonly domainName: string;
  /** The secret that tells CloudFront's requests from anyone else's: generated once, kept by Secrets Manager. */
  public readonly originSecret: Secret;
  /** The headers the CloudFront origin adds to every request it forwards here. */
  public readonly originHeaders: Readonly<Record<string, string>>;

  constructor(scope: Construct, id: string, props: HttpApiRoutesProps) {
    super(scope, id);
    const corsOrigins = props.corsOrigins ?? [];
    this.api = new HttpApi(this, 'Api', {
      description: 'Voice summary API (served to browsers through CloudFront under /api)',
      createDefaultStage: false,
      corsPreflight:
        corsOrigins.length > 0
          ? {
              allowOrigins: [...corsOrigins],
              allowMethods: [
                CorsHttpMethod.GET,
                CorsHttpMethod.POST,
                CorsHttpMethod.PUT,
                CorsHttpMethod.DELETE,
              ],
              allowHeaders: ['authorization', 'content-type'],
              maxAge: Duration.hours(1),
            }
          : undefined,
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      // Access logs are diagnostics, not data.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      // A ceiling against floods and runaway clients; far above what Twilio and a few admins send.
      throttle: { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            route: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    // Each route its own limit (lambdas/http/routes.ts): a flood of sign-ups cannot use up the webhook's.
    (this.stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
      props.routes.map((row) => [
        `${row.method} ${row.path}`,
        // A JSON map CloudFormation reads as is: its keys are in CloudFormation's own case.
        { ThrottlingRateLimit: row.throttle.rate, ThrottlingBurstLimit: row.throttle.burst },
      ]),
    );
    this.domainName = Fn.select(2, Fn.split('/', this.api.apiEndpoint));

    const authorizer = new HttpJwtAuthorizer('CognitoAdmins', props.userPool.userPoolProviderUrl, {
      jwtAudience: [props.userPoolClient.userPoolClientId],
    });

    // The execute-api address stays on (CloudFront's origin needs it without a custom domain), so the functions
    // refuse what did not come through CloudFront. CloudFormation resolves the value at deploy time into the
    // distribution's origin header and the functions' environment; it never appears in the template.
    this.originSecret = new Secret(this, 'OriginSecret', {
      description:
        'Sent by CloudFront to the HTTP API on every request: the functions refuse requests without it',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      // Not data: a new deployment makes a new one, given to CloudFront and the functions together.
      removalPolicy: RemovalPolicy.DESTROY,
    });
    Validations.of(this.originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The origin secret is read by CloudFront and the functions from their configuration at deploy time; rotating it means redeploying both together, which a rotation Lambda cannot do.',
    });
    const secretValue = this.originSecret.secretValue.unsafeUnwrap();
    this.originHeaders = { [ORIGIN_VERIFY_HEADER]: secretValue };
    for (const fn of new Set(props.routes.map((row) => props.functions.get(row.fn)))) {
      fn?.addEnvironment(ENV.ORIGIN_VERIFY_SECRET, secretValue);
    }

    const integrations = new Map<string, HttpLambdaIntegration>();
    for (const row of props.routes) {
      const fn = props.functions.get(row.fn);
      if (!fn) throw new Error(`No function for route ${row.method} ${row.path} (fn "${row.fn}").`);
      let integration = integrations.get(row.fn);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${row.fn}-integration`, fn);
        integrations.set(row.fn, integration);
      }
      const route = new HttpRoute(this, `${row.method}${row.path.replaceAll('/', '_')}`, {
        httpApi: this.api,
        routeKey: HttpRouteKey.with(row.path, HttpMethod[row.method]),
        integration,
        authorizer: row.access === 'admin' ? authorizer : undefined,
      });
      if (row.access === 'public') {
        Validations.of(route).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${row.method} ${row.path} is public by design (${publicReason(row.fn)}).`,
        });
      }
    }
  }
}

function publicReason(fn: string): string {
  switch (fn) {
    case 'receive-message':
      return 'Twilio calls it; the handler checks the X-Twilio-Signature';
    case 'sms-status':
      return "Twilio's delivery status callbacks; the handler checks the X-Twilio-Signature";
    case 'create-signup':
      return 'the landing page sign-up form, validated and stored idempotently per email';
    default:
      return 'visitors and monitors read it without an account';
  }
}
