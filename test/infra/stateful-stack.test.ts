import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES } from '../../lambdas/adapters/aws/tables';
import { cleanUp, resourcesOf, type Synthesized, synthesize } from './fixture';

let app: Synthesized;
beforeAll(() => {
  app = synthesize();
});
afterAll(() => cleanUp(app));

describe('the stateful stack', () => {
  it('builds one table per TABLES entry with its key schema, PITR on, kept when the stack is deleted', () => {
    const tables = Object.values(resourcesOf(app.data, 'AWS::DynamoDB::Table'));
    expect(tables).toHaveLength(Object.keys(TABLES).length);
    for (const spec of Object.values(TABLES)) {
      app.data.hasResource('AWS::DynamoDB::Table', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: Match.objectLike({
          KeySchema: [
            { AttributeName: spec.partitionKey, KeyType: 'HASH' },
            ...('sortKey' in spec ? [{ AttributeName: spec.sortKey, KeyType: 'RANGE' }] : []),
          ],
          BillingMode: 'PAY_PER_REQUEST',
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          SSESpecification: { SSEEnabled: true },
        }),
      });
    }
  });

  it('gives the messages table the `recent` index (newest first), the `sender` index (what DELETE erases, the history by sender), the `link` index (a /m/<code> link by its hash) and the `status` index (the history by status)', () => {
    app.data.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'recent',
          KeySchema: [
            { AttributeName: 'feed', KeyType: 'HASH' },
            { AttributeName: 'created_at', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
        {
          IndexName: 'sender',
          KeySchema: [
            { AttributeName: 'phone_number', KeyType: 'HASH' },
            { AttributeName: 'created_at', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
        {
          IndexName: 'link',
          KeySchema: [
            { AttributeName: 'link_hash', KeyType: 'HASH' },
            { AttributeName: 'created_at', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
        {
          IndexName: 'status',
          KeySchema: [
            { AttributeName: 'status', KeyType: 'HASH' },
            { AttributeName: 'created_at', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
  });

  it("gives the calls table the `subscriber` index (a subscriber's calls, which DELETE erases) beside its TTL", () => {
    app.data.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [{ AttributeName: 'call_sid', KeyType: 'HASH' }],
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
      GlobalSecondaryIndexes: [
        {
          IndexName: 'subscriber',
          KeySchema: [
            { AttributeName: 'subscriber', KeyType: 'HASH' },
            { AttributeName: 'started_at', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
  });

  it('keeps the audio bucket private, encrypted, SSL only and retained, and forgets unconfirmed uploads', () => {
    app.data.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: Match.anyValue(),
        // Browsers may upload only from the site: the stateless stack sets that rule (it knows the domain).
        CorsConfiguration: Match.absent(),
        LifecycleConfiguration: {
          Rules: Match.arrayWith([
            { Id: 'UnconfirmedUploads', Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' },
          ]),
        },
      }),
    });
    app.data.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it("deletes audio after the stage's audio period and lets DynamoDB expire messages by expires_at", () => {
    app.data.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({
            Id: 'AudioRetention',
            Prefix: 'audio/',
            ExpirationInDays: 30,
            Status: 'Enabled',
          }),
        ]),
      },
    });
    app.data.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
    });
    // The function that creates messages stamps them with the transcript period.
    app.appTemplate.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ TRANSCRIPT_RETENTION_DAYS: '90' }) },
    });
  });

  it("keeps senders' preferences (LANG) in a table of their own, one item per number, expiring by expires_at", () => {
    app.data.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [{ AttributeName: 'phone_number', KeyType: 'HASH' }],
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
    // The opt-outs table (same key) never expires: STOP is kept for good.
    const optOuts = Object.values(app.data.findResources('AWS::DynamoDB::Table')).filter(
      (table) =>
        JSON.stringify(table.Properties.KeySchema) ===
          JSON.stringify([{ AttributeName: 'phone_number', KeyType: 'HASH' }]) &&
        table.Properties.TimeToLiveSpecification === undefined,
    );
    expect(optOuts).toHaveLength(1);
  });

  it('keeps usage one item a day in one partition sorted by date, expiring by expires_at (issue 19)', () => {
    app.data.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: 'scope', KeyType: 'HASH' },
        { AttributeName: 'date', KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
    });
  });

  it('lets anyone sign up with an email and a password of at least 6 characters (SPEC)', () => {
    app.data.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 6,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireNumbers: false,
          RequireSymbols: false,
        }),
      },
    });
  });

  it('keeps the confirmed email until a new one is verified with its code', () => {
    app.data.hasResourceProperties('AWS::Cognito::UserPool', {
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
    });
  });

  it('issues ID and access tokens that live 15 minutes, and refresh tokens 30 days', () => {
    app.data.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      IdTokenValidity: 15,
      AccessTokenValidity: 15,
      RefreshTokenValidity: 43200,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'minutes' },
    });
  });

  it('has an app client that allows only SRP and refresh (the password never leaves the browser), and an admins group', () => {
    const clients = Object.values(resourcesOf(app.data, 'AWS::Cognito::UserPoolClient'));
    expect(clients).toHaveLength(1);
    expect([...clients[0]!.Properties.ExplicitAuthFlows].sort()).toEqual([
      'ALLOW_REFRESH_TOKEN_AUTH',
      'ALLOW_USER_SRP_AUTH',
    ]);
    expect(clients[0]!.Properties.GenerateSecret).toBe(false);
    expect(clients[0]!.Properties.PreventUserExistenceErrors).toBe('ENABLED');
    app.data.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admins' });
  });

  it('runs the PostConfirmation and CustomMessage triggers, functions of this stack', () => {
    const pool = Object.values(resourcesOf(app.data, 'AWS::Cognito::UserPool'))[0]!;
    const functions = resourcesOf(app.data, 'AWS::Lambda::Function');
    const config = pool.Properties.LambdaConfig as Record<string, { 'Fn::GetAtt': [string, string] }>;
    expect(Object.keys(config).sort()).toEqual(['CustomMessage', 'PostConfirmation']);
    for (const [trigger, ref] of Object.entries(config)) {
      expect(functions[ref['Fn::GetAtt'][0]], trigger).toBeDefined();
    }
    // Cognito may call each of them, for this pool only.
    const permissions = Object.values(resourcesOf(app.data, 'AWS::Lambda::Permission'));
    expect(permissions.filter((p) => p.Properties.Principal === 'cognito-idp.amazonaws.com')).toHaveLength(2);
  });

  it('sends reset codes by email only, where Cognito keeps them valid for 1 hour (SPEC: the link expires in 1 hour)', () => {
    // Cognito fixes a reset code's validity at one hour (it has no setting); what the stack decides is that
    // the code goes by email, where the CustomMessage trigger puts it into the reset link.
    app.data.hasResourceProperties('AWS::Cognito::UserPool', {
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      AutoVerifiedAttributes: ['email'],
    });
  });

  it('tells the triggers the allowlist and the service name, and where the app stack writes the site URL', () => {
    const [post, message] = ['post-confirmation', 'custom-message'].map((fn) => {
      const construct = app.stateful.triggers.functions.get(fn)!;
      const id = app.stateful.getLogicalId(construct.node.defaultChild as never);
      return resourcesOf(app.data, 'AWS::Lambda::Function')[id]!.Properties.Environment.Variables;
    });
    expect(post).toMatchObject({ ADMIN_EMAILS: 'owner@example.com', ADMIN_GROUP: 'admins' });
    expect(message).toMatchObject({
      SERVICE_NAME: 'Voice Summary',
      SITE_URL_PARAMETER: `/${app.stateful.stackName}/site-url`,
    });
    app.appTemplate.hasResourceProperties('AWS::SSM::Parameter', {
      Name: `/${app.stateful.stackName}/site-url`,
      Type: 'String',
    });
  });

  it('stores the two secrets as {"value": null} until an administrator saves them', () => {
    const secrets = Object.values(resourcesOf(app.data, 'AWS::SecretsManager::Secret'));
    expect(secrets).toHaveLength(2);
    for (const secret of secrets) expect(secret.Properties.SecretString).toBe('{"value":null}');
  });

  it('names no physical resources (CloudFormation generates the names)', () => {
    expect(JSON.stringify(app.data.toJSON())).not.toMatch(/"(TableName|BucketName|UserPoolName)"/);
  });
});
