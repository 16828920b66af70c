/**
 * The stand-ins of the AWS services, started in order: the internal door (with the Lambda invoke API that
 * cognito-local calls the triggers through), dynalite, s3rver and cognito-local, then their first-start
 * set-up (tables, bucket, user pool), and the stand-in of Twilio's REST API for forwarded calls (issue 33). Each one's stop goes on `cleanups` as soon as it has started, so a failure
 * part way stops exactly what started, and a stop runs them in reverse.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { AUTH_TRIGGERS } from '../lambdas/handlers/cognito/triggers';
import { COGNITO_PREFIX, REGION } from './addresses';
import { bootstrapCognito, bootstrapStorage, LOCAL_DEMO_NUMBER } from './bootstrap';
import { cognitoInternalDoor } from './cognito-door';
import type { DataPaths } from './data-dir';
import { type InternalDoor, startInternalDoor } from './internal-door';
import { lambdaInvokeEndpoint, type TriggerHandler } from './lambda-invoke';
import { type CognitoLocal, createCognitoLocal, type MailboxEntry } from './stand-ins/cognito-local';
import type { StandIn } from './stand-ins/dynalite';
import { startDynaliteThread } from './stand-ins/dynalite-thread';
import { startS3rver } from './stand-ins/s3rver';
import { startTwilioApi, type TwilioApiStandIn } from './stand-ins/twilio-api';
import { StartupError } from './startup-error';

export type StandIns = {
  /** What holds IAM credentials in AWS reaches its stand-ins here (local/internal-door.ts). */
  readonly internal: InternalDoor;
  readonly dynamodb: StandIn;
  readonly s3: StandIn;
  readonly cognito: CognitoLocal;
  /** Sells forwarding numbers and serves call recordings while no Twilio account is saved. */
  readonly twilioApi: TwilioApiStandIn;
  /** cognito-local on the internal door: every action, the administrator's included. */
  readonly adminEndpoint: string;
  readonly pool: { readonly userPoolId: string; readonly clientId: string };
  /** The trigger functions cognito-local calls, once their modules are loaded (until then it gets 503). */
  serveTriggers(handlers: ReadonlyMap<string, TriggerHandler>): void;
};

export async function startStandIns(options: {
  readonly paths: DataPaths;
  readonly dataDir: string;
  /** `http://localhost:<port>`: the tokens' issuer is under it. */
  readonly url: string;
  /** The origins the site is served at (the bucket's CORS rule names them). */
  readonly siteOrigins: readonly string[];
  readonly cognitoLogLevel: string | undefined;
  readonly log: (line: string) => void;
  readonly cleanups: AsyncDisposableStack;
}): Promise<StandIns> {
  const { paths, dataDir, log, cleanups } = options;
  // cognito-local's trigger calls come signed with a key made for this start.
  const internal = await startInternalDoor(log);
  cleanups.defer(() => internal.close());
  let triggerHandlers: ReadonlyMap<string, TriggerHandler> | null = null;
  const lambdaKey = `local-${randomBytes(12).toString('hex')}`;
  internal.mount(
    '/2015-03-31',
    lambdaInvokeEndpoint({ accessKeyId: lambdaKey, handlers: () => triggerHandlers, log }),
  );

  const dynamodb = await startDynaliteThread({ path: paths.dynamodb }).catch((error: Error) => {
    throw new StartupError(
      `The local database in ${paths.dynamodb} could not be opened (${error.message}): if another program uses it, stop it; if it is damaged, move ${dataDir} away to start fresh.`,
    );
  });
  cleanups.defer(() => dynamodb.close());
  const s3 = await startS3rver({ directory: paths.s3, siteOrigins: options.siteOrigins }).catch(
    (error: Error) => {
      throw new StartupError(
        `The local file store in ${paths.s3} could not be started (${error.message}): move ${dataDir} away to start fresh.`,
      );
    },
  );
  cleanups.defer(() => s3.close());

  const twilioApi = await startTwilioApi({
    numbersFile: paths.twilioNumbers,
    recordingsDir: paths.twilioRecordings,
    // The service's own number on this machine is never a forwarding number.
    reserved: [LOCAL_DEMO_NUMBER],
    // The webhook token is made after the stand-ins start: read at each request.
    token: async () => (await readFile(paths.webhookToken, 'utf8').catch(() => '')).trim() || null,
  }).catch((error: Error) => {
    throw new StartupError(
      `The local Twilio stand-in could not start (${error.message}): move ${paths.twilioNumbers} away to start with no numbers sold.`,
    );
  });
  cleanups.defer(() => twilioApi.close());

  const cognito = await createCognitoLocal({
    directory: paths.cognito,
    issuerDomain: `${options.url}${COGNITO_PREFIX}`,
    mailboxPath: paths.mailbox,
    ...(options.cognitoLogLevel ? { logLevel: options.cognitoLogLevel } : {}),
    triggers: {
      functions: Object.fromEntries(Object.values(AUTH_TRIGGERS).map((t) => [t.trigger, t.fn])),
      endpoint: internal.url,
      accessKeyId: lambdaKey,
    },
    onMail: (mail: MailboxEntry) =>
      log(`Email to ${mail.to}${mail.code ? `: code ${mail.code}` : ''} (saved in ${paths.mailbox})`),
  });
  internal.mount(COGNITO_PREFIX, cognitoInternalDoor(cognito.handle), { strip: true });
  const adminEndpoint = `${internal.url}${COGNITO_PREFIX}`;

  await bootstrapStorage({
    region: REGION,
    dynamodb: dynamodb.endpoint,
    s3: s3.endpoint,
    siteOrigins: options.siteOrigins,
  });
  const pool = await bootstrapCognito({ region: REGION, endpoint: adminEndpoint });
  return {
    internal,
    dynamodb,
    s3,
    cognito,
    twilioApi,
    adminEndpoint,
    pool,
    serveTriggers: (handlers) => {
      triggerHandlers = handlers;
    },
  };
}
