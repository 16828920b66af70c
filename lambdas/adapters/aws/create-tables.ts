/**
 * Creates the service's tables from the shared key specs (lambdas/adapters/aws/tables.ts). Used by the local
 * runtime and the tests; in AWS the CDK stack creates the same tables from the same specs.
 */
import {
  type AttributeDefinition,
  CreateTableCommand,
  type DynamoDBClient,
  ResourceInUseException,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { TABLES, type TableSpec } from './tables';

export type TableNames = { readonly [K in keyof typeof TABLES]: string };

/** Physical table names for a prefix, e.g. `local-` -> `local-signups`. */
export function tableNames(prefix: string): TableNames {
  return {
    signups: `${prefix}signups`,
    signupConsents: `${prefix}signup-consents`,
    counters: `${prefix}counters`,
    messages: `${prefix}messages`,
    settings: `${prefix}settings`,
    optOuts: `${prefix}opt-outs`,
  };
}

function createTableInput(name: string, spec: TableSpec) {
  const attributes = new Set<string>([spec.partitionKey]);
  if (spec.sortKey) attributes.add(spec.sortKey);
  for (const index of spec.indexes ?? []) {
    attributes.add(index.partitionKey);
    attributes.add(index.sortKey);
  }
  const definitions: AttributeDefinition[] = [...attributes].map((a) => ({
    AttributeName: a,
    AttributeType: 'S',
  }));
  return {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: definitions,
    KeySchema: [
      { AttributeName: spec.partitionKey, KeyType: 'HASH' as const },
      ...(spec.sortKey ? [{ AttributeName: spec.sortKey, KeyType: 'RANGE' as const }] : []),
    ],
    ...(spec.indexes?.length
      ? {
          GlobalSecondaryIndexes: spec.indexes.map((index) => ({
            IndexName: index.name,
            KeySchema: [
              { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
              { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
            ],
            Projection: { ProjectionType: 'ALL' as const },
          })),
        }
      : {}),
  };
}

/** Creates every table that does not exist yet and waits until all are active. Safe to run on every start. */
export async function createTables(client: DynamoDBClient, names: TableNames): Promise<void> {
  await Promise.all(
    (Object.keys(TABLES) as (keyof typeof TABLES)[]).map(async (key) => {
      try {
        await client.send(new CreateTableCommand(createTableInput(names[key], TABLES[key])));
      } catch (error) {
        if (!(error instanceof ResourceInUseException)) throw error;
      }
      await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1 }, { TableName: names[key] });
    }),
  );
}
