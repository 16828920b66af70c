/**
 * The dashboard's live list and direct uploads in AWS: the AppSync Events API (Cognito to connect and
 * subscribe, IAM to publish), the onSubscribe function that lets only current administrators watch messages,
 * where the browser learns the endpoints, and the audio bucket's CORS rule for the site's origin only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CfnResourceJson, cleanUp, resourcesOf, type Synthesized, synthesize } from './fixture';

let app: Synthesized;
beforeAll(() => {
  app = synthesize({ withSite: true });
});
afterAll(() => cleanUp(app));

const only = (type: string): CfnResourceJson => {
  const found = Object.values(resourcesOf(app.appTemplate, type));
  expect(found, type).toHaveLength(1);
  return found[0]!;
};

describe('the live-update API', () => {
  it('is an AppSync Events API: browsers connect and subscribe with the user pool, functions publish with IAM', () => {
    const api = only('AWS::AppSync::Api');
    expect(api.Properties.EventConfig).toMatchObject({
      AuthProviders: expect.arrayContaining([
        { AuthType: 'AWS_IAM' },
        {
          AuthType: 'AMAZON_COGNITO_USER_POOLS',
          CognitoConfig: expect.objectContaining({ UserPoolId: expect.anything() }),
        },
      ]),
      ConnectionAuthModes: [{ AuthType: 'AMAZON_COGNITO_USER_POOLS' }],
      DefaultPublishAuthModes: [{ AuthType: 'AWS_IAM' }],
      DefaultSubscribeAuthModes: [{ AuthType: 'AMAZON_COGNITO_USER_POOLS' }],
      LogConfig: { LogLevel: 'ERROR', CloudWatchLogsRoleArn: expect.anything() },
    });
  });

  it('has one namespace, "messages": IAM publishes, Cognito subscribes, and a Lambda function decides who may', () => {
    const namespace = only('AWS::AppSync::ChannelNamespace');
    expect(namespace.Properties).toMatchObject({
      Name: 'messages',
      PublishAuthModes: [{ AuthType: 'AWS_IAM' }],
      SubscribeAuthModes: [{ AuthType: 'AMAZON_COGNITO_USER_POOLS' }],
      HandlerConfigs: {
        OnSubscribe: {
          Behavior: 'DIRECT',
          Integration: {
            DataSourceName: expect.anything(),
            LambdaConfig: { InvokeType: 'REQUEST_RESPONSE' },
          },
        },
      },
    });
    // No code handler trusting the token's group claim, and events pass through as published.
    expect(namespace.Properties.CodeHandlers).toBeUndefined();
    expect(namespace.Properties.HandlerConfigs.OnPublish).toBeUndefined();
  });

  it('asks the subscribe-check function, which AppSync alone may invoke and which may only ask Cognito', () => {
    const check = app.stateless.functions.get('authorize-live-subscription')!;
    const checkId = app.stateless.getLogicalId(check.node.defaultChild as never);
    const source = only('AWS::AppSync::DataSource');
    expect(source.Properties).toMatchObject({
      Type: 'AWS_LAMBDA',
      LambdaConfig: { LambdaFunctionArn: { 'Fn::GetAtt': [checkId, 'Arn'] } },
    });
    const namespace = only('AWS::AppSync::ChannelNamespace');
    expect(namespace.Properties.HandlerConfigs.OnSubscribe.Integration.DataSourceName).toEqual(
      source.Properties.Name,
    );
    // The data source's role may invoke that one function (and its versions), nothing else.
    const roleId = (source.Properties.ServiceRoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = Object.values(resourcesOf(app.appTemplate, 'AWS::IAM::Policy'))
      .filter((p) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
      .flatMap((p) => p.Properties.PolicyDocument.Statement);
    expect(statements).toEqual([
      {
        Effect: 'Allow',
        Action: 'lambda:InvokeFunction',
        Resource: [
          { 'Fn::GetAtt': [checkId, 'Arn'] },
          { 'Fn::Join': ['', [{ 'Fn::GetAtt': [checkId, 'Arn'] }, ':*']] },
        ],
      },
    ]);
    // Its own environment: the pool and the group it asks about (its grants are in permissions.test.ts).
    app.appTemplate.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({ USER_POOL_ID: Match.anyValue(), ADMIN_GROUP: 'admins' }),
      },
      Handler: 'index.handler',
    });
  });

  it('keeps its error logs for the stage’s retention, written by a role that may write only there', () => {
    app.appTemplate.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: Match.objectLike({ 'Fn::Join': Match.anyValue() }),
      RetentionInDays: 30,
    });
    app.appTemplate.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: [Match.objectLike({ Principal: { Service: 'appsync.amazonaws.com' } })],
      }),
    });
  });

  it('tells the browser its endpoints and the webhook URL in /config.json', () => {
    const deployment = only('Custom::CDKBucketDeployment');
    const markers = Object.assign({}, ...(deployment.Properties.SourceMarkers as object[]));
    const config = JSON.parse(
      resolveMarkers(
        fs.readFileSync(findFile(path.join(app.outdir, 'cdk.out'), 'config.json'), 'utf8'),
        markers,
      ),
    );
    expect(config).toMatchObject({
      region: 'us-east-1',
      apiBaseUrl: 'https://<SiteDistribution.DomainName>/api',
      webhookUrl: 'https://<SiteDistribution.DomainName>/api/receive-message',
      events: {
        httpEndpoint: 'https://<LiveUpdatesApi.Dns.Http>/event',
        realtimeEndpoint: 'wss://<LiveUpdatesApi.Dns.Realtime>/event/realtime',
      },
    });
  });
});

describe('direct uploads to the audio bucket', () => {
  it('allow a browser PUT from the site’s origin (and the stage’s extra origins) only', () => {
    const cors = only('Custom::AWS');
    const create = JSON.parse(readable(cors.Properties.Create));
    expect(create).toMatchObject({
      service: 'S3',
      action: 'PutBucketCors',
      parameters: { Bucket: '<AudioBucket>' },
    });
    expect(create.parameters.CORSConfiguration.CORSRules).toEqual([
      {
        AllowedOrigins: ['https://<SiteDistribution.DomainName>', 'http://localhost:5173'],
        AllowedMethods: ['PUT'],
        AllowedHeaders: ['content-type'],
        ExposeHeaders: ['ETag'],
        MaxAgeSeconds: 3000,
      },
    ]);
    expect(JSON.parse(readable(cors.Properties.Delete))).toMatchObject({ action: 'DeleteBucketCors' });
    // Its helper may change this bucket's CORS rule and nothing else.
    app.appTemplate.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: [Match.objectLike({ Action: 's3:PutBucketCORS', Resource: Match.anyValue() })],
      },
    });
  });

  it('let the page send files to the bucket (CSP connect-src)', () => {
    // Every response headers policy (the site's, and the message link pages') carries the same CSP.
    for (const policy of Object.values(
      resourcesOf(app.appTemplate, 'AWS::CloudFront::ResponseHeadersPolicy'),
    )) {
      const csp = JSON.stringify(
        policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy,
      );
      expect(csp).toContain('.s3.');
      expect(csp).toContain('connect-src');
    }
  });
});

/** A CloudFormation string (Fn::Join of text and references) with references written as `<Construct.Attr>`. */
function readable(value: unknown): string {
  if (typeof value === 'string') return value;
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (!join) return reference(value);
  return join[1].map((part) => (typeof part === 'string' ? part : reference(part))).join(join[0]);
}

function reference(value: unknown): string {
  const { 'Fn::GetAtt': getAtt, 'Fn::ImportValue': imported } = value as {
    'Fn::GetAtt'?: [string, string];
    'Fn::ImportValue'?: string;
  };
  if (getAtt) return `<${getAtt[0].replace(/[0-9A-F]{8}$/, '')}.${getAtt[1]}>`;
  if (imported)
    return `<${imported.replace(/^.*ExportsOutput(?:Ref|FnGetAtt)/, '').replace(/[0-9A-F]{16}$/, '')}>`;
  return JSON.stringify(value);
}

/** A file deployed with Source.jsonData, its markers replaced by the references they stand for. */
function resolveMarkers(text: string, markers: Record<string, unknown>): string {
  return text.replace(/<<marker:0xbaba:\d+>>/g, (marker) => reference(markers[marker]).replace(/^"|"$/g, ''));
}

function findFile(dir: string, name: string): string {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isFile() && entry.name === name) return full;
    if (entry.isDirectory()) {
      try {
        return findFile(full, name);
      } catch {}
    }
  }
  throw new Error(`no ${name} under ${dir}`);
}
