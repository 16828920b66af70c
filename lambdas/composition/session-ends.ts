/**
 * When each account's sessions last ended (a password reset): written by the PostConfirmation trigger, read
 * by every admin route's check. Items of the settings table (SETTINGS_TABLE).
 */
import { DynamoSessionEnds } from '../adapters/aws/dynamo-session-ends';
import { documentClient } from './clients/dynamodb';
import { ENV } from './env-names';
import { once } from './once';
import { readEnv, required } from './read-env';

export const sessionEnds = once(
  () =>
    new DynamoSessionEnds(
      documentClient(),
      readEnv('the ends of sessions', { [ENV.SETTINGS_TABLE]: required }).SETTINGS_TABLE,
    ),
);
