/**
 * The whole service on one machine: dynalite, s3rver and cognito-local with their state under the data
 * directory, and one HTTP server that serves the site, mounts the sign-in service's public door at /cognito
 * and maps /api routes to the same Lambda handler functions that run in AWS, with API Gateway v2 events. What
 * needs IAM in AWS (Cognito's administrator actions, Step Functions, the triggers) is served on a loopback-only
 * internal door (local/internal-door.ts); who may use each public door is decided in local/doors.ts.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { access, chmod, constants, mkdir, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { JwtTokenVerifier } from '../lambdas/adapters/aws/jwt-token-verifier';
import { LocalDependencyCheck } from '../lambdas/adapters/local/local-dependency-check';
import { AUTH_TRIGGERS } from '../lambdas/auth-triggers';
import type { Retention } from '../lambdas/core/retention';
import { HTTP_ROUTES } from '../lambdas/http-routes';
import { synthesizePipelineDefinition } from '../lib/synth-pipeline';
import {
  BodyTooLargeError,
  type LambdaHttpHandler,
  readBody,
  toApiGatewayEvent,
  writeJsonError,
  writeResult,
} from './api-gateway';
import {
  bootstrapCognito,
  bootstrapStorage,
  LOCAL_BUCKET,
  LOCAL_DEMO_NUMBER,
  LOCAL_TABLES,
} from './bootstrap';
import { cognitoInternalDoor, cognitoPublicDoor } from './cognito-door';
import { answerPreflight } from './doors';
import { type FrontDoorParts, frontDoor } from './front-door';
import { provideLocalAdapters } from './host-adapters';
import { startInternalDoor } from './internal-door';
import { failInterruptedRuns } from './interrupted-runs';
import { lambdaInvokeEndpoint, type TriggerHandler } from './lambda-invoke';
import { createLiveUpdates, liveRecheckIntervalMs, publisherCredentials } from './live-access';
import { serveLocalControl } from './local-controls';
import { localPowertoolsEnvironment } from './powertools-env';
import { localRetention, startRetentionSweep } from './retention-sweep';
import { matchRoute } from './route-match';
import { buildSite, localCsp, serveSite, siteIsStale } from './site';
import { browserEndpoints, browserOrigin, readPublicUrl } from './site-config';
import { EVENTS_HTTP_PATH, EVENTS_REALTIME_PATH } from './stand-ins/appsync-events';
import { createCognitoLocal, type MailboxEntry } from './stand-ins/cognito-local';
import type { StandIn } from './stand-ins/dynalite';
import { startDynaliteThread } from './stand-ins/dynalite-thread';
import { startS3rver } from './stand-ins/s3rver';
import { createStepFunctions, type TaskHandler } from './stand-ins/stepfunctions';
import { createRouteThrottle } from './throttle';

export const REGION = 'us-east-1';
const COGNITO_PREFIX = '/cognito';
const STEP_FUNCTIONS_PREFIX = '/stepfunctions';
/** Everything only the local runtime has: same-origin callers only. */
const LOCAL_PREFIX = '/_local';
export const LOCAL_STATE_MACHINE_ARN = `arn:aws:states:${REGION}:000000000000:stateMachine:voice-summary-local`;
export { INBOX_PATH } from './local-controls';

/** A start-up problem a person can fix; `main` prints its message as one line. */
export class StartupError extends Error {}

export type RuntimeOptions = {
  /** 0 picks a free port (tests). */
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Progress and notices for the person at the terminal. */
  readonly log: (line: string) => void;
};

/** Written to `$DATA_DIR/runtime.json` while running: how helper commands and tests find the service. */
export type RuntimeInfo = {
  readonly pid: number;
  /** Where this machine reaches the runtime (`http://localhost:<port>`). */
  readonly url: string;
  /** `PUBLIC_URL`: the address a tunnel or proxy gives the runtime, or null. */
  readonly publicUrl: string | null;
  readonly port: number;
  readonly dataDir: string;
  readonly region: string;
  readonly webhookUrl: string;
  readonly outbox: string;
  readonly mailbox: string;
  /** The token local webhooks are signed with while no Twilio auth token is saved (mode 0600). */
  readonly webhookTokenFile: string;
  readonly dynamodb: { readonly endpoint: string };
  readonly s3: { readonly endpoint: string; readonly bucket: string };
  readonly cognito: {
    /** The public door: the actions a browser makes. */
    readonly endpoint: string;
    /** The internal door (loopback, no browsers): every action, the administrator's included. */
    readonly adminEndpoint: string;
    readonly userPoolId: string;
    readonly clientId: string;
  };
  /** The Step Functions stand-in, on the internal door. */
  readonly stepFunctions: { readonly endpoint: string };
  /**
   * The live-update stand-in (AppSync Events protocol): publish URL, the browsers' WebSocket URL, and the
   * file holding this start's publisher credentials (mode 0600).
   */
  readonly events: {
    readonly httpEndpoint: string;
    readonly realtimeEndpoint: string;
    readonly credentialsFile: string;
  };
  readonly tables: typeof LOCAL_TABLES;
  readonly startedAt: string;
};

export type Runtime = { readonly info: RuntimeInfo; close(): Promise<void> };

/** Paths of everything under the data directory. */
export function dataPaths(dataDir: string) {
  return {
    lock: join(dataDir, 'runtime.lock'),
    info: join(dataDir, 'runtime.json'),
    dynamodb: join(dataDir, 'dynamodb'),
    s3: join(dataDir, 's3'),
    cognito: join(dataDir, 'cognito'),
    secrets: join(dataDir, 'secrets.json'),
    outbox: join(dataDir, 'outbox.jsonl'),
    mailbox: join(dataDir, 'mailbox.jsonl'),
    webhookToken: join(dataDir, 'webhook-token'),
    publisherCredentials: join(dataDir, 'publisher-credentials.json'),
    executions: join(dataDir, 'stepfunctions', 'executions.jsonl'),
  };
}

async function prepareDataDir(dataDir: string): Promise<void> {
  const info = await stat(dataDir).catch(() => null);
  if (info && !info.isDirectory()) {
    throw new StartupError(
      `DATA_DIR ${dataDir} is a file, not a directory: move it away or set DATA_DIR to a directory.`,
    );
  }
  try {
    await mkdir(dataDir, { recursive: true });
    await access(dataDir, constants.W_OK | constants.R_OK);
  } catch (error) {
    throw new StartupError(
      `Cannot use DATA_DIR ${dataDir} (${(error as NodeJS.ErrnoException).code ?? 'error'}): make it a directory you can write to, or set DATA_DIR elsewhere.`,
    );
  }
}

/**
 * Whether the process holding the lock still runs. A crashed runtime can linger as a zombie (in a container
 * nobody may reap it): it holds nothing any more, so on Linux a zombie counts as gone.
 */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).charAt(0);
    if (state === 'Z' || state === 'X') return false;
  } catch {}
  return true;
}

/** One runtime per data directory (the database files allow one process); a stale lock is taken over. */
async function lockDataDir(path: string): Promise<() => Promise<void>> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) {
        throw new StartupError(
          `Another local runtime (pid ${pid}) is using ${resolve(path, '..')}: stop it first, or set DATA_DIR to another directory.`,
        );
      }
      await rm(path, { force: true });
    }
  }
  throw new StartupError(`Could not lock ${path}: remove it if no runtime is running.`);
}

async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolvePromise, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') {
        reject(
          new StartupError(
            `Port ${port} is already in use: stop the program using it, or start on another port with PORT=${port + 1} npm start.`,
          ),
        );
      } else if (error.code === 'EACCES') {
        reject(
          new StartupError(`Not allowed to listen on port ${port}: choose a port above 1024 with PORT=3000.`),
        );
      } else reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolvePromise();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
  return (server.address() as AddressInfo).port;
}

/** The local webhook signing token: made once, readable by its owner only. */
async function ensureWebhookToken(path: string): Promise<void> {
  const existing = (await readFile(path, 'utf8').catch(() => '')).trim();
  if (existing) return;
  await writeFile(path, `${randomBytes(24).toString('hex')}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
}

/** Sets the environment the handlers read (lambdas/config.ts), as CDK does in AWS. */
function handlerEnvironment(settings: {
  url: string;
  /** PUBLIC_URL, or the local URL: what emails link to and Twilio signs. */
  siteUrl: string;
  port: number;
  /** The internal door's URL. */
  internal: string;
  dataDir: string;
  dynamodb: string;
  s3: string;
  userPoolId: string;
  clientId: string;
  retention: Retention;
}): Record<string, string> {
  const issuer = `${settings.url}${COGNITO_PREFIX}/${settings.userPoolId}`;
  return {
    AWS_REGION: REGION,
    SIGNUPS_TABLE: LOCAL_TABLES.signups,
    TRANSCRIPT_RETENTION_DAYS: String(settings.retention.transcriptDays),
    SIGNUP_CONSENTS_TABLE: LOCAL_TABLES.signupConsents,
    COUNTERS_TABLE: LOCAL_TABLES.counters,
    MESSAGES_TABLE: LOCAL_TABLES.messages,
    SETTINGS_TABLE: LOCAL_TABLES.settings,
    OPT_OUTS_TABLE: LOCAL_TABLES.optOuts,
    AUDIO_BUCKET: LOCAL_BUCKET,
    DYNAMODB_ENDPOINT: settings.dynamodb,
    S3_ENDPOINT: settings.s3,
    JWT_ISSUER: issuer,
    JWT_JWKS_URI: `${settings.internal}${COGNITO_PREFIX}/${settings.userPoolId}/.well-known/jwks.json`,
    JWT_CLIENT_ID: settings.clientId,
    USER_POOL_ID: settings.userPoolId,
    COGNITO_ENDPOINT: `${settings.internal}${COGNITO_PREFIX}`,
    ALLOWED_ORIGINS: [...new Set([settings.url, `http://127.0.0.1:${settings.port}`, settings.siteUrl])].join(
      ',',
    ),
    SITE_URL: settings.siteUrl,
    DEFAULT_PHONE_NUMBER: LOCAL_DEMO_NUMBER,
    PUBLIC_WEBHOOK_URL: `${settings.siteUrl}/api/receive-message`,
    SFN_ENDPOINT: `${settings.internal}${STEP_FUNCTIONS_PREFIX}`,
    EVENTS_HTTP_ENDPOINT: `http://127.0.0.1:${settings.port}${EVENTS_HTTP_PATH}`,
    STATE_MACHINE_ARN: LOCAL_STATE_MACHINE_ARN,
    ...localPowertoolsEnvironment(process.env.LOG_LEVEL),
  };
}

/** ADMIN_EMAILS is the person's own setting: a typo is reported at start, in one line, not at sign-up. */
function checkAdminEmails(value: string | undefined): void {
  const bad = (value ?? '')
    .split(',')
    .map((email) => email.trim())
    .filter((email) => email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email));
  if (bad.length) {
    throw new StartupError(
      `ADMIN_EMAILS must be email addresses separated by commas; "${bad.join('", "')}" is not: fix it or unset ADMIN_EMAILS.`,
    );
  }
}

/** Starts everything; resolves once the service answers. Throws StartupError for problems a person can fix. */
export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const dataDir = resolve(options.dataDir);
  const paths = dataPaths(dataDir);
  let retention: Retention;
  let publicUrl: string | null;
  let recheckIntervalMs: number;
  try {
    retention = localRetention();
    publicUrl = readPublicUrl();
    recheckIntervalMs = liveRecheckIntervalMs();
  } catch (error) {
    throw new StartupError((error as Error).message);
  }
  await prepareDataDir(dataDir);
  const unlock = await lockDataDir(paths.lock);
  const cleanups: (() => Promise<void>)[] = [unlock];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    cleanups.length = 0;
  };

  try {
    // Claim the port first: a port in use is the most common problem and should be reported at once.
    const parts: FrontDoorParts = { cognito: null, events: null, ready: null };
    const door = frontDoor({
      paths: {
        cognito: COGNITO_PREFIX,
        stepFunctions: STEP_FUNCTIONS_PREFIX,
        eventsHttp: EVENTS_HTTP_PATH,
        eventsRealtime: EVENTS_REALTIME_PATH,
        local: LOCAL_PREFIX,
      },
      publicUrl,
      parts,
      log: options.log,
    });
    const server = createServer(door.request);
    server.on('upgrade', door.upgrade);
    server.keepAliveTimeout = 65_000;
    const port = await listen(server, options.port, options.host);
    cleanups.push(
      () =>
        new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        }),
    );
    const url = `http://localhost:${port}`;
    const siteUrl = publicUrl ?? url;

    // What holds IAM credentials in AWS reaches its stand-ins here: the handlers' SDK clients and
    // cognito-local's trigger calls (with the per-start key it was given).
    const internal = await startInternalDoor(options.log);
    cleanups.push(() => internal.close());
    let triggerHandlers: Map<string, TriggerHandler> | null = null;
    const lambdaKey = `local-${randomBytes(12).toString('hex')}`;
    internal.mount(
      '/2015-03-31',
      lambdaInvokeEndpoint({ accessKeyId: lambdaKey, handlers: () => triggerHandlers, log: options.log }),
    );

    const dynamodb = await startDynaliteThread({ path: paths.dynamodb }).catch((error: Error) => {
      throw new StartupError(
        `The local database in ${paths.dynamodb} could not be opened (${error.message}): if another program uses it, stop it; if it is damaged, move ${dataDir} away to start fresh.`,
      );
    });
    cleanups.push(() => dynamodb.close());
    let s3: StandIn;
    try {
      s3 = await startS3rver({ directory: paths.s3 });
    } catch (error) {
      throw new StartupError(
        `The local file store in ${paths.s3} could not be started (${(error as Error).message}): move ${dataDir} away to start fresh.`,
      );
    }
    cleanups.push(() => s3.close());

    const cognito = await createCognitoLocal({
      directory: paths.cognito,
      issuerDomain: `${url}${COGNITO_PREFIX}`,
      mailboxPath: paths.mailbox,
      triggers: {
        functions: Object.fromEntries(Object.values(AUTH_TRIGGERS).map((t) => [t.trigger, t.fn])),
        endpoint: internal.url,
        accessKeyId: lambdaKey,
      },
      onMail: (mail: MailboxEntry) =>
        options.log(
          `Email to ${mail.to}${mail.code ? `: code ${mail.code}` : ''} (saved in ${paths.mailbox})`,
        ),
    });
    internal.mount(COGNITO_PREFIX, cognitoInternalDoor(cognito.handle), { strip: true });
    const adminEndpoint = `${internal.url}${COGNITO_PREFIX}`;

    const siteOrigins = [...new Set([url, `http://127.0.0.1:${port}`, siteUrl])];
    await bootstrapStorage({ region: REGION, dynamodb: dynamodb.endpoint, s3: s3.endpoint, siteOrigins });
    const pool = await bootstrapCognito({ region: REGION, endpoint: adminEndpoint });

    if (await siteIsStale()) {
      options.log('Building the site (first start, or its sources changed)...');
      await buildSite();
    }

    await ensureWebhookToken(paths.webhookToken);
    const missing = (await new LocalDependencyCheck().check()).filter((d) => !d.ok);
    if (missing.length) {
      options.log(
        `Offline transcription needs: ${missing.map((d) => `${d.name} (${d.fix ?? 'install it'})`).join('; ')}. Until then, save an OpenAI API key in Settings.`,
      );
    }

    const environment = handlerEnvironment({
      url,
      siteUrl,
      port,
      internal: internal.url,
      dataDir,
      dynamodb: dynamodb.endpoint,
      s3: s3.endpoint,
      userPoolId: pool.userPoolId,
      clientId: pool.clientId,
      retention,
    });
    Object.assign(process.env, environment);
    checkAdminEmails(process.env.ADMIN_EMAILS);
    // Live updates: the browser connects with its Cognito token; the functions publish signed with this
    // start's credentials, which the stand-in checks (lambdas/composition/message-changes.ts).
    const credentials = await publisherCredentials(paths.publisherCredentials);
    provideLocalAdapters(paths, credentials);
    const events = createLiveUpdates({
      credentials,
      region: REGION,
      recheckIntervalMs,
      ...(process.env.LOG_LEVEL === 'INFO' || process.env.LOG_LEVEL === 'DEBUG' ? { log: options.log } : {}),
    });
    parts.events = events;
    cleanups.push(() => events.close());
    const realtimeEndpoint = `ws://localhost:${port}${EVENTS_REALTIME_PATH}`;
    // The public sign-in door checks access tokens as Cognito does (cognito-local only decodes them).
    const accessTokens = new JwtTokenVerifier({
      issuer: environment.JWT_ISSUER!,
      jwksUri: environment.JWT_JWKS_URI!,
      clientId: pool.clientId,
      tokenUses: ['access'],
    });
    parts.cognito = cognitoPublicDoor({ handle: cognito.handle, publicUrl, accessTokens });

    const handlers = new Map<string, LambdaHttpHandler>();
    for (const route of HTTP_ROUTES) {
      const module = (await import(`../lambdas/handlers/${route.fn}.ts`)) as { handler: LambdaHttpHandler };
      handlers.set(`${route.method} ${route.path}`, module.handler);
    }
    const triggers = new Map<string, TriggerHandler>();
    for (const trigger of Object.values(AUTH_TRIGGERS)) {
      const module = (await import(`../lambdas/handlers/${trigger.fn}.ts`)) as { handler: TriggerHandler };
      triggers.set(trigger.fn, module.handler);
    }
    triggerHandlers = triggers;
    const siteHeaders = { 'content-security-policy': localCsp({ storage: s3.endpoint }) };
    // The pipeline: the state machine synthesized from the CDK app, each Task state on its Lambda handler.
    const pipeline = await synthesizePipelineDefinition();
    const stepHandlers: Record<string, TaskHandler> = {};
    for (const [state, fn] of Object.entries(pipeline.taskFunctions)) {
      const module = (await import(`../lambdas/${fn}.ts`)) as { handler: TaskHandler };
      stepHandlers[state] = module.handler;
    }
    const retryIntervalMs = process.env.PIPELINE_RETRY_INTERVAL_MS;
    // Runs that end failed, timed out or aborted reach the same handler EventBridge invokes in AWS.
    const runEnded = (await import('../lambdas/handlers/pipeline-run-ended.ts')) as {
      handler: (event: unknown) => Promise<unknown>;
    };
    const runTimeoutSeconds = process.env.PIPELINE_RUN_TIMEOUT_SECONDS;
    const stepFunctions = await createStepFunctions({
      definition: pipeline.definition,
      stateMachineArn: LOCAL_STATE_MACHINE_ARN,
      handlers: stepHandlers,
      executionsFile: paths.executions,
      ...(retryIntervalMs ? { retryIntervalMs: Number(retryIntervalMs) } : {}),
      ...(runTimeoutSeconds ? { runTimeoutSeconds: Number(runTimeoutSeconds) } : {}),
      onRunEnded: async (detail) => {
        await runEnded.handler({
          source: 'aws.states',
          'detail-type': 'Step Functions Execution Status Change',
          detail,
        });
      },
      log: options.log,
    });
    internal.mount(STEP_FUNCTIONS_PREFIX, stepFunctions.handle, { strip: true });
    cleanups.push(() => stepFunctions.close());

    // Runs do not survive a stop: messages a previous run left in processing are marked failed (retryable).
    const interrupted = await failInterruptedRuns();
    if (interrupted > 0) {
      options.log(
        `${interrupted} message(s) were being processed when the service stopped: marked failed, retry them.`,
      );
    }

    // Expired messages and audio go at start-up and every day (dynalite and s3rver have no TTL or lifecycle).
    const retentionSweep = startRetentionSweep(retention, options.log);
    cleanups.push(async () => retentionSweep.stop());

    // The gateway's per-route limits (lambdas/http-routes.ts), unless a benchmark turns them off.
    const throttle = process.env.LOCAL_THROTTLING === 'off' ? null : createRouteThrottle();
    // Built per request: the browser's own origin, whatever host name it used (local/site-config.ts).
    const siteConfig = (req: IncomingMessage) => ({
      type: 'application/json; charset=utf-8',
      body: JSON.stringify({
        region: REGION,
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.clientId,
        ...browserEndpoints(browserOrigin(req, publicUrl, url), {
          cognitoPath: COGNITO_PREFIX,
          eventsPath: EVENTS_HTTP_PATH,
          realtimePath: EVENTS_REALTIME_PATH,
        }),
        apiBaseUrl: '/api',
        webhookUrl: environment.PUBLIC_WEBHOOK_URL,
        // cognito-local has no SRP.
        authFlow: 'USER_PASSWORD_AUTH',
        // The privacy policy states what the sweep below applies.
        retention,
        local: true,
      }),
    });

    parts.ready = async (req: IncomingMessage, res: ServerResponse) => {
      const requestUrl = new URL(req.url ?? '/', url);
      const path = requestUrl.pathname;
      if (await serveLocalControl(req, res, path, { paths, events })) return;
      if (!path.startsWith('/api/')) {
        await serveSite(req, res, path, { '/config.json': siteConfig }, siteHeaders);
        return;
      }
      if (req.method === 'OPTIONS') {
        answerPreflight(req, res, publicUrl, {
          methods: 'GET, POST, PUT, DELETE, OPTIONS',
          headers: 'authorization, content-type',
        });
        return;
      }
      const match = matchRoute(HTTP_ROUTES, req.method ?? 'GET', path);
      if (!match.route) {
        const methods = match.allowedMethods;
        if (methods.length) {
          writeJsonError(res, 405, `Use ${methods.join(' or ')} for ${path}.`, { allow: methods.join(', ') });
        } else writeJsonError(res, 404, `There is no API route ${path}.`);
        return;
      }
      const routeKey = `${match.route.method} ${match.route.path}`;
      if (throttle && !throttle.take(routeKey, match.route.throttle)) {
        // What API Gateway answers a throttled request with.
        writeJsonError(res, 429, 'Too many requests: try again in a moment.', { 'retry-after': '1' });
        req.resume();
        return;
      }
      const handler = handlers.get(routeKey)!;
      let body: Buffer;
      try {
        body = await readBody(req);
      } catch (error) {
        if (error instanceof BodyTooLargeError) {
          writeJsonError(res, 413, 'The request is too large: 25 MB at most.', { connection: 'close' });
          req.resume();
          return;
        }
        throw error;
      }
      writeResult(
        res,
        await handler(toApiGatewayEvent(req, body, routeKey, requestUrl, match.pathParameters)),
      );
    };

    const info: RuntimeInfo = {
      pid: process.pid,
      url,
      publicUrl,
      port,
      dataDir,
      region: REGION,
      webhookUrl: environment.PUBLIC_WEBHOOK_URL!,
      outbox: paths.outbox,
      mailbox: paths.mailbox,
      webhookTokenFile: paths.webhookToken,
      dynamodb: { endpoint: dynamodb.endpoint },
      s3: { endpoint: s3.endpoint, bucket: LOCAL_BUCKET },
      cognito: {
        endpoint: `http://127.0.0.1:${port}${COGNITO_PREFIX}`,
        adminEndpoint,
        userPoolId: pool.userPoolId,
        clientId: pool.clientId,
      },
      stepFunctions: { endpoint: environment.SFN_ENDPOINT! },
      events: {
        httpEndpoint: environment.EVENTS_HTTP_ENDPOINT!,
        realtimeEndpoint,
        credentialsFile: paths.publisherCredentials,
      },
      tables: LOCAL_TABLES,
      startedAt: new Date().toISOString(),
    };
    await writeFile(paths.info, `${JSON.stringify(info, null, 2)}\n`);
    cleanups.splice(1, 0, () => rm(paths.info, { force: true }));
    return { info, close };
  } catch (error) {
    await close();
    throw error;
  }
}
