/**
 * Creates the service's tables from the shared key specs (lambdas/adapters/aws/tables.ts). Used by the local
 * runtime and the tests; in AWS the CDK stack creates the same tables from the same specs.
 */
import {
  type AttributeDefinition,
  type AttributeValue,
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceInUseException,
  ScanCommand,
  waitUntilTableExists,
  waitUntilTableNotExists,
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
    sentTexts: `${prefix}sent-texts`,
    senderPreferences: `${prefix}sender-preferences`,
    usage: `${prefix}usage`,
    uploadCodes: `${prefix}upload-codes`,
    cardLinks: `${prefix}card-links`,
    forwardingNumbers: `${prefix}forwarding-numbers`,
    calls: `${prefix}calls`,
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

/**
 * Creates every table that does not exist yet and waits until all are active. Safe to run on every start. A
 * table made by an older version that lacks an index added since is rebuilt with its items (see below).
 */
export async function createTables(client: DynamoDBClient, names: TableNames): Promise<void> {
  await Promise.all(
    (Object.keys(TABLES) as (keyof typeof TABLES)[]).map(async (key) => {
      const input = createTableInput(names[key], TABLES[key]);
      try {
        await client.send(new CreateTableCommand(input));
      } catch (error) {
        if (!(error instanceof ResourceInUseException)) throw error;
        await client.send(new DescribeTableCommand({ TableName: names[key] })).then(async ({ Table }) => {
          const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
          if ((TABLES[key] as TableSpec).indexes?.some((index) => !present.has(index.name))) {
            await rebuildWithIndexes(client, input);
          }
        });
      }
      await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1 }, { TableName: names[key] });
    }),
  );
}

/**
 * Rebuilds a table with the indexes it lacks, keeping every item. For the local data directory only: dynalite
 * accepts UpdateTable's index creation but never builds the index, so a local table made before an index was
 * added is copied, dropped and made again. In AWS, CloudFormation adds the index to the live table.
 */
async function rebuildWithIndexes(
  client: DynamoDBClient,
  input: ReturnType<typeof createTableInput>,
): Promise<void> {
  const items: Record<string, AttributeValue>[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: input.TableName, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  // An index key may not be null: an item whose key attribute is null is kept without it (out of the index).
  const indexKeys = input.AttributeDefinitions.map((definition) => definition.AttributeName!);
  for (const item of items) {
    for (const name of indexKeys) if (item[name]?.NULL) delete item[name];
  }
  await client.send(new DeleteTableCommand({ TableName: input.TableName }));
  await waitUntilTableNotExists({ client, maxWaitTime: 30, minDelay: 1 }, { TableName: input.TableName });
  await client.send(new CreateTableCommand(input));
  await waitUntilTableExists({ client, maxWaitTime: 30, minDelay: 1 }, { TableName: input.TableName });
  for (let i = 0; i < items.length; i += 25) {
    let requests = { [input.TableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) };
    while (Object.keys(requests).length > 0) {
      const { UnprocessedItems } = await client.send(new BatchWriteItemCommand({ RequestItems: requests }));
      requests = (UnprocessedItems ?? {}) as typeof requests;
    }
  }
}
