/** One DynamoDB document client per container, traced in Lambda; locally DYNAMODB_ENDPOINT names dynalite. */
import { createDocumentClient } from '../../adapters/aws/clients/dynamodb-client';
import { traced } from '../observability';
import { once } from '../once';
import { optionalUrl, readEnv } from '../read-env';
import { region } from './region';

export const documentClient = once(() => {
  const { DYNAMODB_ENDPOINT } = readEnv('DynamoDB', { DYNAMODB_ENDPOINT: optionalUrl });
  return traced(createDocumentClient({ region: region(), endpoint: DYNAMODB_ENDPOINT }));
});
