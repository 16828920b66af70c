/**
 * First-start set-up of the local stand-ins, safe to run on every start: the tables and the audio bucket
 * (CDK creates them in AWS), and the user pool, app client and admins group in cognito-local.
 */
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createDynamoDbClient } from '../lambdas/adapters/aws/clients/dynamodb-client';
import { createS3Client } from '../lambdas/adapters/aws/clients/s3-client';
import { createBucket } from '../lambdas/adapters/aws/create-bucket';
import { createTables, tableNames } from '../lambdas/adapters/aws/create-tables';

export const LOCAL_TABLES = tableNames('local-');
export const LOCAL_BUCKET = 'local-audio';
export const LOCAL_USER_POOL_NAME = 'voice-summary-local';
export const LOCAL_CLIENT_NAME = 'voice-summary-site';
export const ADMIN_GROUP = 'admins';
/**
 * The service's number on one machine: what the site shows until an SMS number is saved, and the number
 * `npm run sms` texts. 555-01XX numbers are set aside for fiction, so it can never reach a real person.
 */
export const LOCAL_DEMO_NUMBER = '+14155550100';

/** Local credentials: the stand-ins accept any; fixed ones keep the SDK from looking for real ones. */
const CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

export async function bootstrapStorage(options: {
  region: string;
  dynamodb: string;
  s3: string;
  /** The origins the site's pages upload from (presigned PUTs need the bucket's CORS). */
  siteOrigins: readonly string[];
}): Promise<void> {
  const dynamo = createDynamoDbClient({ region: options.region, endpoint: options.dynamodb });
  const s3 = createS3Client({ region: options.region, endpoint: options.s3 });
  try {
    await createTables(dynamo, LOCAL_TABLES);
    await createBucket(s3, LOCAL_BUCKET, options.siteOrigins);
  } finally {
    dynamo.destroy();
    s3.destroy();
  }
}

/** Finds or creates the local user pool (email sign-in), its app client and the admins group. */
export async function bootstrapCognito(options: {
  region: string;
  endpoint: string;
}): Promise<{ userPoolId: string; clientId: string }> {
  const cognito = new CognitoIdentityProviderClient({
    region: options.region,
    endpoint: options.endpoint,
    credentials: CREDENTIALS,
  });
  try {
    const { UserPools = [] } = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    let userPoolId = UserPools.find((p) => p.Name === LOCAL_USER_POOL_NAME)?.Id;
    if (!userPoolId) {
      const created = await cognito.send(
        new CreateUserPoolCommand({
          PoolName: LOCAL_USER_POOL_NAME,
          UsernameAttributes: ['email'],
          AutoVerifiedAttributes: ['email'],
          Policies: { PasswordPolicy: { MinimumLength: 6 } },
        }),
      );
      userPoolId = created.UserPool!.Id!;
    }
    const { UserPoolClients = [] } = await cognito.send(
      new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
    );
    let clientId = UserPoolClients.find((c) => c.ClientName === LOCAL_CLIENT_NAME)?.ClientId;
    if (!clientId) {
      const created = await cognito.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: LOCAL_CLIENT_NAME,
          ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        }),
      );
      clientId = created.UserPoolClient!.ClientId!;
    }
    // Look before creating: cognito-local's CreateGroup replaces an existing group (dropping its members)
    // where Cognito would refuse, so creating it on every start would sign every admin out of the group.
    const { Groups = [] } = await cognito.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
    if (!Groups.some((g) => g.GroupName === ADMIN_GROUP)) {
      await cognito.send(
        new CreateGroupCommand({
          UserPoolId: userPoolId,
          GroupName: ADMIN_GROUP,
          Description: 'Administrators of the service',
        }),
      );
    }
    return { userPoolId, clientId };
  } finally {
    cognito.destroy();
  }
}
