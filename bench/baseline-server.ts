/**
 * The API benchmark's baseline: a bare node:http server doing the same DynamoDB writes (a sign-up's consent
 * record and the sign-up) and query (recent messages) on the same dynalite as the runtime under test, with no
 * framework, validation, auth or logging. The runtime's throughput is quoted as a ratio of this one's.
 * Env: PORT, DYNAMODB_ENDPOINT, SIGNUPS_TABLE, SIGNUP_CONSENTS_TABLE, MESSAGES_TABLE.
 */
import { createServer } from 'node:http';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient } from '../lambdas/adapters/aws/clients/dynamodb-client';

const db = createDocumentClient({ region: 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT });
const signups = process.env.SIGNUPS_TABLE!;
const consents = process.env.SIGNUP_CONSENTS_TABLE!;
const messages = process.env.MESSAGES_TABLE!;

const server = createServer(async (req, res) => {
  try {
    if (req.method === 'POST' && req.url === '/api/signups') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const now = new Date().toISOString();
      const email = String(body.email).toLowerCase();
      await db.send(
        new PutCommand({
          TableName: consents,
          Item: { email, event_id: `${now}#${Math.random()}`, recorded_at: now, name: body.name },
          ConditionExpression: 'attribute_not_exists(event_id)',
        }),
      );
      await db.send(
        new UpdateCommand({
          TableName: signups,
          Key: { email },
          UpdateExpression:
            'SET #name = :name, phone = :phone, sms_opt_in = :opt, updated_at = :now, created_at = if_not_exists(created_at, :now)',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':name': body.name, ':phone': null, ':opt': false, ':now': now },
        }),
      );
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
      return;
    }
    if (req.method === 'GET' && req.url?.startsWith('/api/messages')) {
      const { Items = [] } = await db.send(
        new QueryCommand({
          TableName: messages,
          IndexName: 'recent',
          KeyConditionExpression: 'feed = :feed',
          ExpressionAttributeValues: { ':feed': 'all' },
          ScanIndexForward: false,
          Limit: 10,
        }),
      );
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ messages: Items }));
      return;
    }
    res.writeHead(404).end();
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' ? address?.port : null })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
