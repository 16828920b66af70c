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
          KeySchema: [{ AttributeName: spec.partitionKey, KeyType: 'HASH' }],
          BillingMode: 'PAY_PER_REQUEST',
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          SSESpecification: { SSEEnabled: true },
        }),
      });
    }
  });

  it('gives the messages table the `recent` index (feed, created_at) that lists messages newest first', () => {
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
          Rules: Match.arrayWith([{ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }]),
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

  it('has an app client with password and SRP sign-in and no secret, and an admins group', () => {
    app.data.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      ExplicitAuthFlows: Match.arrayWith(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH']),
      GenerateSecret: false,
    });
    app.data.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: 'admins' });
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
