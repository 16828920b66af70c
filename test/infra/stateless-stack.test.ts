import fs from 'node:fs';
import path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIPELINE_STEPS } from '../../lambdas/handlers/pipeline/pipeline-steps';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/http/origin-guard';
import { HTTP_ROUTES } from '../../lambdas/http/routes';
import { EVENT_FUNCTIONS } from '../../lib/stateless-stack';
import { type CfnResourceJson, cleanUp, resourcesOf, type Synthesized, synthesize } from './fixture';

/** Only functions granted a secret get its ARN (without it the secret store refuses at cold start). */
const SECRET_ARNS = ['OPENAI_API_KEY_SECRET_ARN', 'TWILIO_AUTH_TOKEN_SECRET_ARN'];

let app: Synthesized;
let noSite: Synthesized;
beforeAll(() => {
  app = synthesize({ withSite: true });
  noSite = synthesize({});
});
afterAll(() => {
  cleanUp(app);
  cleanUp(noSite);
});

type Fn = CfnResourceJson;
/** The project's own functions (not the helpers CDK adds for custom resources). */
const functions = (s: Synthesized): [string, Fn][] =>
  [...new Set(s.stateless.functions.keys())].map((fn) => functionFor(s, fn));
const functionFor = (s: Synthesized, fn: string): [string, Fn] => {
  const id =
    s.stateless.stackName &&
    s.stateless.getLogicalId(s.stateless.functions.get(fn)!.node.defaultChild as never);
  const found = resourcesOf(s.appTemplate, 'AWS::Lambda::Function')[id];
  if (!found) throw new Error(`no function ${fn}`);
  return [id, found];
};
const policyOf = (s: Synthesized, fn: string) => {
  const [id, f] = functionFor(s, fn);
  const roleId = f.Properties.Role['Fn::GetAtt'][0];
  const policies = Object.values(resourcesOf(s.appTemplate, 'AWS::IAM::Policy')).filter((p) =>
    p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId),
  );
  expect(policies, `policy of ${fn} (${id})`).toHaveLength(1);
  return JSON.stringify(policies[0]!.Properties.PolicyDocument);
};

describe('the Lambda functions', () => {
  it('make one function per route fn and per pipeline step, each Node 24 on ARM64 with active tracing and its own log group', () => {
    const expected = new Set([
      ...HTTP_ROUTES.map((r) => r.fn),
      ...Object.values(PIPELINE_STEPS).map((s) => s.fn),
      ...EVENT_FUNCTIONS,
      // The live list's onSubscribe check.
      'authorize-live-subscription',
    ]);
    expect(functions(app)).toHaveLength(expected.size);
    const logGroups = resourcesOf(app.appTemplate, 'AWS::Logs::LogGroup');
    const logGroupOf = new Map<string, string>();
    for (const [id, f] of functions(app)) {
      expect(f.Properties).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        TracingConfig: { Mode: 'Active' },
        Handler: 'index.handler',
        LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
      });
      // The explicit log group of this stack, kept as long as the stage says (TEST_STAGE: 30 days).
      const logGroup = f.Properties.LoggingConfig.LogGroup.Ref as string;
      expect(logGroups[logGroup]?.Properties, `log group of ${id}`).toMatchObject({ RetentionInDays: 30 });
      logGroupOf.set(id, logGroup);
    }
    // One log group per function: no two functions write to the same one.
    expect(new Set(logGroupOf.values()).size).toBe(expected.size);
  });

  it('give no function a variable only one machine needs, and admin functions the Cognito URLs', () => {
    const httpFunctions = new Set(HTTP_ROUTES.map((r) => r.fn));
    const adminFunctions = new Set(HTTP_ROUTES.filter((r) => r.access === 'admin').map((r) => r.fn));
    const environmentOf = (fnName: string) => functionFor(app, fnName)[1].Properties.Environment.Variables;
    const given = (name: string) =>
      new Set([...app.stateless.functions.keys()].filter((fn) => environmentOf(fn)[name] !== undefined));
    for (const fnName of app.stateless.functions.keys()) {
      const env = environmentOf(fnName);
      // Nothing that only makes sense on one machine reaches Lambda.
      for (const local of [
        'DYNAMODB_ENDPOINT',
        'S3_ENDPOINT',
        'SFN_ENDPOINT',
        'OUTBOX_FILE',
        'SECRETS_FILE',
      ]) {
        expect(env[local], `${fnName} ${local}`).toBeUndefined();
      }
      expect(env).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'voice-summary-test',
        POWERTOOLS_METRICS_NAMESPACE: 'VoiceSummary',
      });
    }
    // The sign-in configuration reaches exactly the functions with an admin route, each with the pool's URLs.
    expect(given('JWT_ISSUER')).toEqual(adminFunctions);
    for (const fnName of adminFunctions) {
      const env = environmentOf(fnName);
      expect(env.ADMIN_GROUP, fnName).toBe('admins');
      expect(JSON.stringify(env.JWT_ISSUER), fnName).toMatch(/UserPool\w*ProviderURL/);
      expect(JSON.stringify(env.JWT_JWKS_URI), fnName).toMatch(
        /UserPool\w*ProviderURL.*\/\.well-known\/jwks\.json/,
      );
      expect(JSON.stringify(env.JWT_CLIENT_ID), fnName).toMatch(/UserPool\w*WebClient/);
    }
    // The browser origins reach the HTTP functions only: the site's own and the stage's extra ones.
    expect(given('ALLOWED_ORIGINS')).toEqual(httpFunctions);
    for (const fnName of httpFunctions) {
      expect(JSON.stringify(environmentOf(fnName).ALLOWED_ORIGINS), fnName).toContain(
        'http://localhost:5173',
      );
    }
    const webhook = functionFor(app, 'receive-message')[1].Properties.Environment.Variables;
    expect(JSON.stringify(webhook.PUBLIC_WEBHOOK_URL)).toContain('/api/receive-message');
  });

  it('let the Transcribe function run Moonshine itself: its layer, the model folder, a whole vCPU and 15 minutes', () => {
    const [, transcribe] = functionFor(app, PIPELINE_STEPS.transcribe.fn);
    const env = transcribe.Properties.Environment.Variables;
    expect(env).toMatchObject({
      MOONSHINE_MODEL: 'base',
      MOONSHINE_MODEL_DIR: '/opt/moonshine',
      FFMPEG_PATH: '/opt/bin/ffmpeg',
    });
    expect(transcribe.Properties).toMatchObject({ MemorySize: 1769, Timeout: 900, Architectures: ['arm64'] });
    const layers = JSON.stringify(transcribe.Properties.Layers);
    expect(layers).toMatch(/Moonshine/);
    app.appTemplate.hasResourceProperties('AWS::Lambda::LayerVersion', {
      CompatibleArchitectures: ['arm64'],
      Description: Match.stringLikeRegexp('onnxruntime-node \\(linux-arm64\\) and the Moonshine base model'),
    });
  });

  it('set each step timeout and memory from PIPELINE_STEPS, and give ffmpeg only to the steps that run it', () => {
    for (const step of Object.values(PIPELINE_STEPS)) {
      const [, f] = functionFor(app, step.fn);
      expect(f.Properties).toMatchObject({ Timeout: step.timeoutSeconds, MemorySize: step.memoryMb });
      // PrepareAudio probes and converts; Transcribe decodes for Moonshine (its second layer) when no key is saved.
      const hasFfmpeg = step.state === 'PrepareAudio' || step.state === 'Transcribe';
      expect(f.Properties.Layers?.length ?? 0).toBe(step.state === 'Transcribe' ? 2 : hasFfmpeg ? 1 : 0);
      expect(f.Properties.Environment.Variables.FFMPEG_PATH).toBe(hasFfmpeg ? '/opt/bin/ffmpeg' : undefined);
      expect(f.Properties.Environment.Variables.FFPROBE_PATH).toBe(
        hasFfmpeg ? '/opt/bin/ffprobe' : undefined,
      );
    }
    // The upload route checks that an uploaded file plays (ffprobe) before accepting it; the webhook does not.
    const [, upload] = functionFor(app, 'create-message');
    expect(upload.Properties.Layers).toHaveLength(1);
    expect(upload.Properties.Environment.Variables.FFPROBE_PATH).toBe('/opt/bin/ffprobe');
    for (const fn of ['receive-message', 'list-messages', 'create-signup', 'process-audio']) {
      expect(functionFor(app, fn)[1].Properties.Layers).toBeUndefined();
    }
    app.appTemplate.hasResourceProperties('AWS::Lambda::LayerVersion', {
      CompatibleArchitectures: ['arm64'],
    });
  });

  it('grant read-only access where reading is enough', () => {
    const listMessages = policyOf(app, 'list-messages');
    expect(listMessages).toContain('dynamodb:Query');
    expect(listMessages).not.toMatch(/dynamodb:(PutItem|UpdateItem|DeleteItem)|s3:|secretsmanager:/);
    const getSettings = policyOf(app, 'get-settings');
    expect(getSettings).toContain('secretsmanager:GetSecretValue');
    expect(getSettings).not.toMatch(/PutSecretValue|dynamodb:PutItem/);
    expect(policyOf(app, 'put-settings')).toContain('secretsmanager:PutSecretValue');
    for (const fn of ['get-settings', 'put-settings']) {
      const env = functionFor(app, fn)[1].Properties.Environment.Variables;
      for (const name of SECRET_ARNS) expect(env[name], `${fn} ${name}`).toBeDefined();
    }
    const transcribe = functionFor(app, PIPELINE_STEPS.transcribe.fn)[1].Properties.Environment.Variables;
    expect(Object.keys(transcribe).filter((k) => SECRET_ARNS.includes(k))).toEqual([SECRET_ARNS[0]]);
    expect(functionFor(app, 'list-messages')[1].Properties.Environment.Variables).not.toHaveProperty(
      SECRET_ARNS[0]!,
    );
    const health = policyOf(app, 'health');
    expect(health).toContain('dynamodb:GetItem');
    expect(health).toContain('s3:ListBucket');
    expect(health).not.toMatch(/dynamodb:(Query|Scan|PutItem)|s3:GetObject|secretsmanager:/);
    // A sign-up reads its own item (a kept SMS confirmation) and keeps its JOIN code; it texts nothing, lists
    // nothing and reads no secret (issue 31).
    const signup = policyOf(app, 'create-signup');
    expect(signup).toContain('dynamodb:UpdateItem');
    expect(signup).not.toMatch(/dynamodb:(Query|Scan|DeleteItem)|s3:|secretsmanager:/);
  });

  it("let only the five starters (webhook, admin upload, a sender's UPLOAD link, process-audio, a call's recording) start the pipeline", () => {
    const starters = ['receive-message', 'create-message', 'upload-link', 'process-audio', 'call-events'];
    for (const fn of starters) {
      const [, f] = functionFor(app, fn);
      expect(f.Properties.Environment.Variables.STATE_MACHINE_ARN).toEqual({ Ref: expect.any(String) });
      expect(policyOf(app, fn)).toContain('states:StartExecution');
    }
    for (const fn of HTTP_ROUTES.map((r) => r.fn).filter((f) => !starters.includes(f))) {
      const [, f] = functionFor(app, fn);
      expect(f.Properties.Environment.Variables.STATE_MACHINE_ARN).toBeUndefined();
      expect(policyOf(app, fn)).not.toContain('states:StartExecution');
    }
  });
});

describe('the HTTP API', () => {
  it('has one route per HTTP_ROUTES row; admin routes behind the Cognito JWT authorizer, public ones open', () => {
    for (const s of [app]) {
      const routes = Object.values(resourcesOf(s.appTemplate, 'AWS::ApiGatewayV2::Route'));
      const rows = HTTP_ROUTES;
      expect(routes).toHaveLength(rows.length);
      for (const row of rows) {
        s.appTemplate.hasResourceProperties('AWS::ApiGatewayV2::Route', {
          RouteKey: `${row.method} ${row.path}`,
          AuthorizationType: row.access === 'admin' ? 'JWT' : 'NONE',
          ...(row.access === 'admin' ? { AuthorizerId: Match.anyValue() } : {}),
        });
      }
    }
  });

  it('checks admin tokens against the user pool as issuer and the app client as audience', () => {
    app.appTemplate.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Issuer: { 'Fn::ImportValue': Match.stringLikeRegexp('UserPool.*ProviderURL') },
        Audience: [Match.anyValue()],
      },
    });
  });

  it('throttles and access-logs the default stage', () => {
    app.appTemplate.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });

  it('gives every route its own throttle, the webhook more than the public routes', () => {
    const [stage] = Object.values(resourcesOf(app.appTemplate, 'AWS::ApiGatewayV2::Stage'));
    const settings = stage!.Properties.RouteSettings as Record<string, { ThrottlingRateLimit: number }>;
    expect(Object.keys(settings).sort()).toEqual(HTTP_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
    const rate = (key: string) => settings[key]!.ThrottlingRateLimit;
    expect(rate('POST /api/receive-message')).toBeGreaterThan(rate('POST /api/signups'));
    expect(rate('POST /api/receive-message')).toBeGreaterThan(rate('GET /api/public-info'));
  });
});

describe('the pipeline state machine', () => {
  const definition = () => {
    const [machine] = Object.values(resourcesOf(app.appTemplate, 'AWS::StepFunctions::StateMachine'));
    const joined = machine!.Properties.DefinitionString['Fn::Join'][1]
      .map((part: unknown) => (typeof part === 'string' ? part : '"ARN"'))
      .join('');
    return { machine: machine!, asl: JSON.parse(joined.replaceAll('""ARN""', '"ARN"')) };
  };

  it('runs every step as a Lambda task with the contract’s retry, timeout, result path and catch', () => {
    const { asl } = definition();
    expect(asl.StartAt).toBe('MarkProcessing');
    for (const step of Object.values(PIPELINE_STEPS)) {
      const state = asl.States[step.state];
      expect(state, step.state).toMatchObject({
        Type: 'Task',
        TimeoutSeconds: step.timeoutSeconds,
        ResultPath: step.resultKey ? `$.${step.resultKey}` : null,
        Retry: [
          {
            ErrorEquals: expect.arrayContaining(['TransientError', 'Lambda.TooManyRequestsException']),
            IntervalSeconds: 2,
            MaxAttempts: 3,
            BackoffRate: 2,
            JitterStrategy: 'FULL',
          },
        ],
      });
      if (step.state === 'MarkFailed') {
        // If MarkFailed itself fails, the run fails and pipeline-run-ended marks the message.
        expect(state.Catch).toEqual([
          { ErrorEquals: ['States.ALL'], ResultPath: '$.markFailedError', Next: 'NotMarked' },
        ]);
        expect(asl.States.NotMarked).toMatchObject({ Type: 'Fail' });
        expect(state.Next).toBe('Failed');
      } else {
        expect(state.Catch).toEqual([
          { ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'MarkFailed' },
        ]);
      }
    }
  });

  it('replies only when DecideReply says so, then marks the message completed; failures end in Failed', () => {
    const { asl } = definition();
    expect(asl.States.DecideReply.Next).toBe('ShouldReply');
    expect(asl.States.ShouldReply).toMatchObject({
      Type: 'Choice',
      Choices: [{ Next: 'SendReply', And: expect.any(Array) }],
      Default: 'MarkCompleted',
    });
    expect(JSON.stringify(asl.States.ShouldReply.Choices)).toContain(
      '"Variable":"$.decision.send","BooleanEquals":true',
    );
    expect(asl.States.SendReply.Next).toBe('MarkCompleted');
    expect(asl.States.MarkCompleted.End).toBe(true);
    expect(asl.States.Failed).toMatchObject({ Type: 'Fail' });
    expect(asl.QueryLanguage ?? 'JSONPath').toBe('JSONPath');
  });

  it('logs every execution and traces it with X-Ray', () => {
    const { machine } = definition();
    expect(machine.Properties).toMatchObject({
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: false },
    });
  });
});

describe('the site', () => {
  it('serves a private bucket through CloudFront with origin access control and an SPA fallback', () => {
    app.appTemplate.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
      }),
    });
    app.appTemplate.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          ResponseHeadersPolicyId: Match.anyValue(),
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
        }),
      }),
    });
    app.appTemplate.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: Match.stringLikeRegexp("request.uri = '/index.html'"),
    });
  });

  it('forwards /api/* to the HTTP API uncached, with every method and every viewer header but Host', () => {
    app.appTemplate.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        CacheBehaviors: Match.arrayWith([
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
            OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
            ViewerProtocolPolicy: 'https-only',
          }),
        ]),
      }),
    });
  });

  it('is the only way to the API: CloudFront adds the origin secret every function behind a route checks', () => {
    const secrets = Object.entries(resourcesOf(app.appTemplate, 'AWS::SecretsManager::Secret'));
    expect(secrets).toHaveLength(1);
    const [secretId, secret] = secrets[0]!;
    // Generated by Secrets Manager at deploy time: no value in the template or the repository.
    expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 48 });
    expect(secret.Properties.SecretString).toBeUndefined();
    const secretValue = {
      'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']],
    };

    const distribution = Object.values(resourcesOf(app.appTemplate, 'AWS::CloudFront::Distribution'))[0]!;
    const apiBehavior = distribution.Properties.DistributionConfig.CacheBehaviors.find(
      (b: { PathPattern: string }) => b.PathPattern === '/api/*',
    );
    const apiOrigin = distribution.Properties.DistributionConfig.Origins.find(
      (o: { Id: string }) => o.Id === apiBehavior.TargetOriginId,
    );
    expect(apiOrigin.OriginCustomHeaders).toEqual([
      { HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: secretValue },
    ]);

    const routeFunctions = [...new Set(HTTP_ROUTES.map((r) => r.fn))];
    for (const fn of routeFunctions) {
      const [, f] = functionFor(app, fn);
      expect(f.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET, fn).toEqual(secretValue);
    }
    // Functions no route reaches do not get it.
    for (const fn of [...EVENT_FUNCTIONS, 'authorize-live-subscription']) {
      const [, f] = functionFor(app, fn);
      expect(f.Properties.Environment.Variables.ORIGIN_VERIFY_SECRET, fn).toBeUndefined();
    }
  });

  it('keeps the API’s default endpoint on, because it is CloudFront’s origin (no custom domain)', () => {
    const api = Object.values(resourcesOf(app.appTemplate, 'AWS::ApiGatewayV2::Api'))[0]!;
    expect(api.Properties.DisableExecuteApiEndpoint).toBeUndefined();
    const distribution = Object.values(resourcesOf(app.appTemplate, 'AWS::CloudFront::Distribution'))[0]!;
    const origins = JSON.stringify(distribution.Properties.DistributionConfig.Origins);
    // The origin's domain is taken from the API's own endpoint (execute-api).
    expect(origins).toContain('ApiEndpoint');
  });

  it('sends security headers', () => {
    app.appTemplate.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ Override: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ContentSecurityPolicy: Match.anyValue(),
        }),
      }),
    });
  });

  it.each(['/m/*', '/u/*'])(
    'serves a code page (%s: a message or UPLOAD link) from the site uncached, noindex, with no referrer, through the site router',
    (pattern) => {
      const distribution = Object.values(resourcesOf(app.appTemplate, 'AWS::CloudFront::Distribution'))[0]!;
      const behaviors = distribution.Properties.DistributionConfig.CacheBehaviors as {
        PathPattern: string;
        ResponseHeadersPolicyId: { Ref: string };
        CachePolicyId: string;
        FunctionAssociations: unknown[];
      }[];
      const page = behaviors.find((b) => b.PathPattern === pattern)!;
      expect(page).toBeDefined();
      // CloudFront's managed CachingDisabled policy.
      expect(page.CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
      expect(page.FunctionAssociations).toHaveLength(1);
      const policy = resourcesOf(app.appTemplate, 'AWS::CloudFront::ResponseHeadersPolicy')[
        page.ResponseHeadersPolicyId.Ref
      ]!;
      expect(policy.Properties.ResponseHeadersPolicyConfig).toMatchObject({
        SecurityHeadersConfig: {
          ReferrerPolicy: { ReferrerPolicy: 'no-referrer', Override: true },
          ContentSecurityPolicy: expect.anything(),
        },
        CustomHeadersConfig: {
          Items: expect.arrayContaining([
            { Header: 'X-Robots-Tag', Value: 'noindex, nofollow', Override: true },
            { Header: 'Cache-Control', Value: 'no-store', Override: true },
          ]),
        },
      });
    },
  );

  it('gives a message link its own public function behind three routes, and SendReply the site URL it links to', () => {
    for (const routeKey of ['GET /api/m/{code}', 'POST /api/m/{code}/audio', 'DELETE /api/m/{code}']) {
      app.appTemplate.hasResourceProperties('AWS::ApiGatewayV2::Route', {
        RouteKey: routeKey,
        AuthorizationType: 'NONE',
      });
    }
    const [, sendReply] = functionFor(app, PIPELINE_STEPS.sendReply.fn);
    expect(Object.keys(sendReply.Properties.Environment.Variables)).toContain('SITE_URL');
  });

  it('deploys the built frontend with a generated /config.json when it exists, and warns when it does not', () => {
    app.appTemplate.resourceCountIs('Custom::CDKBucketDeployment', 1);
    noSite.appTemplate.resourceCountIs('Custom::CDKBucketDeployment', 0);
    const warnings = noSite.assembly
      .getStackByName(noSite.stateless.stackName)
      .messages.filter((m) => m.level === 'warning')
      .map((m) => String(m.entry.data));
    expect(warnings.join('\n')).toContain('the site is not deployed');
  });

  it('deploys no source maps, even from a build that left some beside the scripts', () => {
    const deployment = Object.values(resourcesOf(app.appTemplate, 'Custom::CDKBucketDeployment'))[0]!;
    const deployed = (deployment.Properties.SourceObjectKeys as unknown[])
      .filter((key): key is string => typeof key === 'string' && key.endsWith('.zip'))
      .map((key) => path.join(app.outdir, 'cdk.out', `asset.${key.slice(0, -'.zip'.length)}`))
      .filter((dir) => fs.existsSync(dir))
      .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }));
    expect(deployed).toContain(path.join('assets', 'index-abc123.js'));
    expect(deployed.filter((file) => file.endsWith('.map'))).toEqual([]);
  });
});

describe('operations', () => {
  it('has an alarm topic an operator subscribes to, and every alarm notifies it on alarm and on recovery', () => {
    const topics = Object.keys(resourcesOf(app.appTemplate, 'AWS::SNS::Topic'));
    expect(topics).toHaveLength(1);
    const alarms = Object.values(resourcesOf(app.appTemplate, 'AWS::CloudWatch::Alarm'));
    expect(alarms.length).toBeGreaterThanOrEqual(6);
    for (const alarm of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topics[0] }]);
      expect(alarm.Properties.OKActions).toEqual([{ Ref: topics[0] }]);
      expect(alarm.Properties.TreatMissingData).toBe('notBreaching');
    }
  });

  it('alarms on failed and timed-out runs, API 5xx, throttles and messages stuck for 15 minutes', () => {
    const alarms = Object.values(resourcesOf(app.appTemplate, 'AWS::CloudWatch::Alarm'));
    const names = alarms.map((a) => a.Properties.MetricName ?? 'expression');
    expect(names).toEqual(
      expect.arrayContaining(['ExecutionsFailed', 'ExecutionsTimedOut', '5xx', 'StuckMessages']),
    );
    const stuck = alarms.find((a) => a.Properties.MetricName === 'StuckMessages')!;
    expect(stuck.Properties).toMatchObject({
      Namespace: 'VoiceSummary',
      Dimensions: [{ Name: 'service', Value: 'voice-summary-test' }],
      Threshold: 1,
    });
    // Every function's throttles are covered, at most 10 metrics per alarm (CloudWatch's limit).
    const throttleMetrics = alarms
      .filter((a) => a.Properties.Metrics)
      .flatMap((a) => a.Properties.Metrics as { MetricStat?: { Metric: { MetricName: string } } }[])
      .filter((m) => m.MetricStat)
      .map((m) => m.MetricStat!.Metric.MetricName);
    expect(throttleMetrics.filter((m) => m === 'Throttles')).toHaveLength(app.stateless.functions.size);
    expect(throttleMetrics).toContain('ExecutionThrottled');
  });

  it('alarms when the service sends 250 SMS segments in an hour (every text of every number counted)', () => {
    const alarms = Object.values(resourcesOf(app.appTemplate, 'AWS::CloudWatch::Alarm'));
    const segments = alarms.find((a) => a.Properties.MetricName === 'SegmentsSent');
    expect(segments?.Properties).toMatchObject({
      Namespace: 'VoiceSummary',
      Dimensions: [{ Name: 'service', Value: 'voice-summary-test' }],
      Statistic: 'Sum',
      Period: 3600,
      EvaluationPeriods: 1,
      Threshold: 250,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it('checks for stuck messages every 5 minutes and shows the service on one dashboard', () => {
    app.appTemplate.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      Targets: [Match.objectLike({ Arn: Match.anyValue() })],
    });
    app.appTemplate.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
  });
});

describe('the stack outputs', () => {
  it('give the operator the site, the webhook URL for Twilio and the Cognito ids', () => {
    const outputs = app.appTemplate.toJSON().Outputs as Record<string, unknown>;
    expect(Object.keys(outputs)).toEqual(
      expect.arrayContaining([
        'SiteUrl',
        'AdminUrl',
        'WebhookUrl',
        'UserPoolId',
        'UserPoolClientId',
        'StateMachineArn',
        'AlarmTopicArn',
        'DashboardName',
      ]),
    );
  });
});

describe('runs that end without marking their message', () => {
  it('send failed, timed-out and aborted runs of the pipeline (and only those) to pipeline-run-ended', () => {
    app.appTemplate.hasResourceProperties('AWS::Events::Rule', {
      EventPattern: {
        source: ['aws.states'],
        'detail-type': ['Step Functions Execution Status Change'],
        detail: {
          status: ['FAILED', 'TIMED_OUT', 'ABORTED'],
          stateMachineArn: [{ Ref: Match.stringLikeRegexp('PipelineStateMachine') }],
        },
      },
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('PipelineRunEndedFunction'), 'Arn'] },
        }),
      ],
    });
  });
});
