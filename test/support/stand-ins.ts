/**
 * Real local stand-ins for integration tests: each call starts its own dynalite (in memory) or s3rver (in a
 * temporary directory) on a free port, so test files never share data and can run in parallel.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  createDocumentClient,
  createDynamoDbClient,
} from '../../lambdas/adapters/aws/clients/dynamodb-client';
import { createS3Client } from '../../lambdas/adapters/aws/clients/s3-client';
import { createBucket } from '../../lambdas/adapters/aws/create-bucket';
import { createTables, type TableNames, tableNames } from '../../lambdas/adapters/aws/create-tables';
import { startDynalite } from '../../local/stand-ins/dynalite';
import { startS3rver } from '../../local/stand-ins/s3rver';

export type TestTables = {
  readonly doc: DynamoDBDocumentClient;
  readonly client: DynamoDBClient;
  readonly names: TableNames;
  readonly endpoint: string;
  close(): Promise<void>;
};

/** A fresh dynalite with the service's tables created under a unique prefix. */
export async function startTestTables(): Promise<TestTables> {
  const dynalite = await startDynalite();
  const options = { region: 'us-east-1', endpoint: dynalite.endpoint };
  const client = createDynamoDbClient(options);
  const doc = createDocumentClient(options);
  const names = tableNames(`test-${process.pid}-`);
  await createTables(client, names);
  return {
    doc,
    client,
    names,
    endpoint: dynalite.endpoint,
    close: async () => {
      doc.destroy();
      client.destroy();
      await dynalite.close();
    },
  };
}

export type TestBucket = {
  readonly s3: S3Client;
  readonly bucket: string;
  readonly endpoint: string;
  close(): Promise<void>;
};

/** A fresh s3rver in a temporary directory with one bucket. */
export async function startTestBucket(bucket = 'audio-test'): Promise<TestBucket> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = await startS3rver({ directory });
  const s3 = createS3Client({ region: 'us-east-1', endpoint: server.endpoint });
  await createBucket(s3, bucket, ['http://localhost:3000']);
  return {
    s3,
    bucket,
    endpoint: server.endpoint,
    close: async () => {
      s3.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Writes many items as they are stored, 25 to a BatchWriteItem (DynamoDB's most), retrying what is left over. */
export async function batchPut(
  doc: DynamoDBDocumentClient,
  table: string,
  items: readonly Record<string, unknown>[],
): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let requests: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> = {
      [table]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })),
    };
    while (Object.keys(requests).length > 0) {
      const { UnprocessedItems } = await doc.send(new BatchWriteCommand({ RequestItems: requests }));
      requests = (UnprocessedItems ?? {}) as typeof requests;
    }
  }
}
