import fs from 'node:fs';
import path from 'node:path';
import { Annotations, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AllowedMethods,
  type BehaviorOptions,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { CODE_PAGE_PREFIXES, MESSAGE_LINK_HEADERS } from '#core/site/site-paths';
import { siteRouterCode } from './site-router';

/** What the browser app reads from `/config.json` at start. */
export interface SiteRuntimeConfig {
  readonly region: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  /** The live list's AppSync Events API. */
  readonly events?: { readonly httpEndpoint: string; readonly realtimeEndpoint: string };
  /** Stated in the privacy policy and the FAQ. */
  readonly retention: { readonly audioDays: number; readonly transcriptDays: number };
}

/** Props of {@link Site}. */
export interface SiteProps {
  /** Host name of the HTTP API (served under `/api/*` on the site's own origin). */
  readonly apiDomainName: string;
  /**
   * Headers CloudFront adds to every request it forwards to the API (the origin secret the functions check).
   * @default none
   */
  readonly apiOriginHeaders?: Readonly<Record<string, string>>;
  /** The folder with the built frontend; deployed only if it exists at synth time. */
  readonly assetsDir: string;
  /** Written to `/config.json` next to the app (the API base URL and webhook URL are added here). */
  readonly runtimeConfig: SiteRuntimeConfig;
  /**
   * An origin the page may send files to (the audio bucket's presigned uploads), added to the CSP.
   * @default none
   */
  readonly uploadOrigin?: string;
  /** The WAF web ACL (scope CLOUDFRONT, in us-east-1) in front of the distribution: its ARN. */
  readonly webAclArn: string;
}

/**
 * The public site: a private S3 bucket behind CloudFront (origin access control) with a WAF web ACL, the HTTP
 * API on the same origin under `/api/*`, security headers, and the built frontend plus a generated
 * `/config.json`.
 */
export class Site extends Construct {
  public readonly bucket: Bucket;
  public readonly distribution: Distribution;
  /** `https://<distribution domain>`: the site's origin. */
  public readonly url: string;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const region = Stack.of(this).region;

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // Only build output lives here; every deploy puts it back.
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'The bucket holds only the built site, written by the deployment; CloudFront serves it.',
    });

    const securityHeadersBehavior = {
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(365),
        includeSubdomains: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
      contentSecurityPolicy: {
        contentSecurityPolicy: [
          "default-src 'self'",
          `connect-src 'self' https://cognito-idp.${region}.amazonaws.com https://*.appsync-api.${region}.amazonaws.com wss://*.appsync-realtime-api.${region}.amazonaws.com${props.uploadOrigin ? ` ${props.uploadOrigin}` : ''}`,
          `media-src 'self' blob: https://*.amazonaws.com`,
          "img-src 'self' data:",
          "style-src 'self' 'unsafe-inline'",
          "object-src 'none'",
          "base-uri 'self'",
          "frame-ancestors 'none'",
        ].join('; '),
        override: true,
      },
    };
    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security headers for the voice summary site',
      securityHeadersBehavior,
    });

    // A message link's page (/m/<code>) and an UPLOAD link's (/u/<code>): the code in its URL is the key to one
    // person's message (or upload), so the page is never cached, indexed, or sent on as a referrer (core/messages/message-link.ts names the same headers).
    const messageLinkHeaders = new ResponseHeadersPolicy(this, 'MessageLinkHeaders', {
      comment: 'Message and upload link pages: security headers, no-store, noindex, no referrer',
      securityHeadersBehavior: {
        ...securityHeadersBehavior,
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          { header: 'X-Robots-Tag', value: MESSAGE_LINK_HEADERS['x-robots-tag'], override: true },
          { header: 'Cache-Control', value: MESSAGE_LINK_HEADERS['cache-control'], override: true },
        ],
      },
    });

    // Pages, files and 404s are told apart in a viewer-request function rather than with distribution error
    // responses, which would also turn the API's own 403/404 answers into the app.
    const indexHtml = path.join(props.assetsDir, 'index.html');
    const siteRouter = new CloudFrontFunction(this, 'SiteRouter', {
      code: FunctionCode.fromInline(
        siteRouterCode(fs.existsSync(indexHtml) ? fs.readFileSync(indexHtml, 'utf8') : null),
      ),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'The site pages get the app; other paths a 404 page',
    });

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    const codePage: BehaviorOptions = {
      origin: siteOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      cachePolicy: CachePolicy.CACHING_DISABLED,
      responseHeadersPolicy: messageLinkHeaders,
      functionAssociations: [{ function: siteRouter, eventType: FunctionEventType.VIEWER_REQUEST }],
    };
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Voice summary site and API',
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      priceClass: PriceClass.PRICE_CLASS_100,
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: siteRouter, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // One behavior, the same for each code page's prefix (a path pattern names one prefix).
        ...Object.fromEntries(CODE_PAGE_PREFIXES.map((prefix) => [`${prefix}*`, codePage])),
        '/api/*': {
          origin: new HttpOrigin(props.apiDomainName, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            // CloudFront replaces a viewer's header of the same name, so only it can send the secret.
            customHeaders: { ...props.apiOriginHeaders },
          }),
          // Twilio posts over HTTPS and signs the https URL; never redirect a POST.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Host must be the API's own, or API Gateway cannot route the request.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
      },
    });
    const acknowledge = (rule: string, reason: string) =>
      Validations.of(this.distribution).acknowledge({ id: `AwsSolutions-${rule}`, reason });
    acknowledge(
      'CFR1',
      'The service is for anyone; US numbers receive the texts but visitors may be anywhere.',
    );
    acknowledge(
      'CFR3',
      'No CloudFront access logs: API requests are logged by API Gateway, and the static site holds no private data.',
    );
    acknowledge(
      'CFR4',
      'The default *.cloudfront.net certificate is used (no custom domain), which does not allow choosing the TLS minimum.',
    );
    this.url = `https://${this.distribution.distributionDomainName}`;

    if (fs.existsSync(props.assetsDir)) {
      const deployment = new BucketDeployment(this, 'Deploy', {
        destinationBucket: this.bucket,
        sources: [
          // Source maps are never deployed, even from a build that made them: the site must not serve them.
          Source.asset(props.assetsDir, { exclude: ['*.map', '**/*.map'] }),
          Source.jsonData('config.json', {
            ...props.runtimeConfig,
            apiBaseUrl: `${this.url}/api`,
            webhookUrl: `${this.url}/api/receive-message`,
            // The app client allows SRP only (the password never leaves the browser).
            authFlow: 'USER_SRP_AUTH',
          }),
        ],
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
      // The deployment's helper function is a stack-wide singleton CDK creates next to this construct.
      const stack = Stack.of(this);
      for (const child of stack.node.children) {
        if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
        Validations.of(child).acknowledge({
          id: 'AwsSolutions-L1',
          reason:
            'The site deployment helper function and its runtime are CDK’s (BucketDeployment), updated with aws-cdk-lib.',
        });
      }
      if (deployment.handlerRole) {
        Validations.of(deployment.handlerRole).acknowledge({
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason:
            'The AWS managed basic execution policy only lets CDK’s deployment helper write its own logs.',
        });
      }
    } else {
      Annotations.of(this).addWarningV2(
        'voice-summary:site-not-built',
        `${props.assetsDir} does not exist: the site is not deployed. Run "npm run build" first.`,
      );
    }
  }
}
