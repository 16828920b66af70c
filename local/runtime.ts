/**
 * The whole service on one machine: dynalite, s3rver and cognito-local with their state under the data
 * directory, and one HTTP server that serves the site, mounts the sign-in service's public door at /cognito
 * and maps /api routes to the same Lambda handler functions that run in AWS, with API Gateway v2 events. What
 * needs IAM in AWS (Cognito's administrator actions, Step Functions, the triggers) is served on a loopback-only
 * internal door (local/internal-door.ts); who may use each public door is decided in local/doors.ts.
 *
 * `startRuntime` only puts the parts together, in the order they depend on each other; each part lives in the
 * module named for its job, and each stop goes on one stack as its part starts, to run in reverse.
 */
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { JwtTokenVerifier } from '../lambdas/adapters/aws/jwt-token-verifier';
import { LocalDependencyCheck } from './adapters/local-dependency-check';
import { REGION } from './addresses';
import { cognitoPublicDoor } from './cognito-door';
import {
  type DataPaths,
  dataPaths,
  ensureWebhookToken,
  keepNewFilesPrivate,
  lockDataDir,
  prepareDataDir,
  tightenDataDir,
} from './data-dir';
import { refuseUnread } from './doors';
import { startForwardingNumberChecks } from './forwarding-number-checks';
import { type FrontDoorParts, frontDoor } from './front-door';
import { applyHandlerEnvironment } from './handler-environment';
import { loadHttpHandlers, loadSignedPostChecks, loadTriggerHandlers } from './handler-modules';
import { provideLocalAdapters } from './host-adapters';
import { hostNames, isLoopbackName, normalizedHostName } from './host-names';
import { failInterruptedRuns } from './interrupted-runs';
import { createLiveUpdates, publisherCredentials } from './live-access';
import { localAccess } from './local-access';
import { type LocalConfig, readLocalConfig } from './local-config';
import { openPublicPort } from './public-port';
import { startRetentionSweep } from './retention-sweep';
import { type RuntimeInfo, runtimeInfo, writeRuntimeInfo } from './runtime-info';
import { buildSite, localCsp, siteIsStale } from './site';
import { siteConfigFile } from './site-config';
import { startPipeline } from './start-pipeline';
import { startStandIns } from './start-stand-ins';
import { createClientLimiter, createRouteThrottle } from './throttle';

export type RuntimeOptions = {
  /** 0 picks a free port (tests). */
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** Progress and notices for the person at the terminal. */
  readonly log: (line: string) => void;
  /** The local variables, read once (local/main.ts); read from the environment when not given. */
  readonly config?: LocalConfig;
};

export type Runtime = { readonly info: RuntimeInfo; close(): Promise<void> };

/** The built site, the webhook token, and a notice of what offline transcription still needs. */
async function prepareSiteAndTools(paths: DataPaths, log: (line: string) => void): Promise<void> {
  if (await siteIsStale()) {
    log('Building the site (first start, or its sources changed)...');
    await buildSite();
  }
  await ensureWebhookToken(paths.webhookToken);
  const missing = (await new LocalDependencyCheck().check()).filter((d) => !d.ok);
  if (missing.length) {
    log(
      `Offline transcription needs: ${missing.map((d) => `${d.name} (${d.fix ?? 'install it'})`).join('; ')}. Until then, save an OpenAI API key in Settings.`,
    );
  }
}

/** Starts everything; resolves once the service answers. Throws StartupError for problems a person can fix. */
export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const config = options.config ?? readLocalConfig();
  const { log } = options;
  const { publicUrl } = config;
  const dataDir = resolve(options.dataDir);
  const paths = dataPaths(dataDir);
  keepNewFilesPrivate();
  await prepareDataDir(dataDir);
  if ((await tightenDataDir(dataDir)) > 0) {
    log(
      `DATA_DIR ${dataDir} was readable by other users of this machine: made it private to you (folders 0700, files 0600).`,
    );
  }
  if (!isLoopbackName(normalizedHostName(options.host) ?? '')) {
    log(
      `HOST=${options.host} lets other machines reach this service over plain HTTP: passwords, sign-in codes and tokens travel unencrypted. Put TLS in front (an https tunnel or reverse proxy, named by PUBLIC_URL), or keep HOST=127.0.0.1.`,
    );
  }
  if (publicUrl && config.trustedProxies === 'none') {
    log(
      "PUBLIC_URL is set but TRUST_PROXY is not: every visitor through the tunnel or proxy counts as one client for the per-client limits. If it appends the client's address to X-Forwarded-For (ngrok and cloudflared do), start with TRUST_PROXY=1.",
    );
  }
  const cleanups = new AsyncDisposableStack();
  cleanups.defer(await lockDataDir(paths.lock));
  // runtime.json says the service answers: it goes last at a stop, just before the lock.
  let announced = false;
  cleanups.defer(async () => {
    if (announced) await rm(paths.info, { force: true });
  });

  try {
    // The port first: one in use is the most common problem and should be reported at once.
    const parts: FrontDoorParts = { cognito: null, events: null, app: null };
    const hosts = hostNames({ publicUrl, allowed: config.allowedHosts, listenHost: options.host });
    const access = localAccess({ refuse: refuseUnread });
    const door = frontDoor({ publicUrl, hosts, parts, localAccess: access, log });
    const { port, close: closePort } = await openPublicPort(door, options.port, options.host);
    cleanups.defer(closePort);
    const url = `http://localhost:${port}`;
    const siteUrl = publicUrl ?? url;

    const standIns = await startStandIns({
      paths,
      dataDir,
      url,
      siteOrigins: [...new Set([url, `http://127.0.0.1:${port}`, siteUrl])],
      cognitoLogLevel: config.cognitoLogLevel,
      log,
      cleanups,
    });
    const { internal, pool } = standIns;

    await prepareSiteAndTools(paths, log);

    const environment = applyHandlerEnvironment({
      url,
      siteUrl,
      port,
      internal: internal.url,
      dynamodb: standIns.dynamodb.endpoint,
      s3: standIns.s3.endpoint,
      userPoolId: pool.userPoolId,
      clientId: pool.clientId,
      retention: config.retention,
      adminEmails: config.adminEmails,
      logLevel: config.logLevel,
    });
    // Live updates: the browser connects with its Cognito token; the functions publish signed with this
    // start's credentials, which the stand-in checks (lambdas/composition/message-changes.ts).
    const credentials = await publisherCredentials(paths.publisherCredentials);
    provideLocalAdapters(paths, credentials, {
      twilioApiBaseUrl: config.twilioApiBaseUrl,
      localTwilioApi: standIns.twilioApi.endpoint,
    });
    const events = createLiveUpdates({
      credentials,
      region: REGION,
      ...(config.logLevel === 'INFO' || config.logLevel === 'DEBUG' ? { log } : {}),
    });
    parts.events = events;
    cleanups.defer(() => events.close());
    // The public sign-in door checks access tokens as Cognito does (cognito-local only decodes them).
    const accessTokens = new JwtTokenVerifier({
      issuer: environment.JWT_ISSUER!,
      jwksUri: environment.JWT_JWKS_URI!,
      clientId: pool.clientId,
      tokenUses: ['access'],
    });
    parts.cognito = cognitoPublicDoor({ handle: standIns.cognito.handle, publicUrl, accessTokens });

    const handlers = await loadHttpHandlers();
    standIns.serveTriggers(await loadTriggerHandlers());
    const pipeline = await startPipeline({
      internal,
      executionsFile: paths.executions,
      timing: config.pipeline,
      log,
    });
    cleanups.defer(() => pipeline.close());

    // Runs do not survive a stop: messages a previous run left in processing are marked failed (retryable).
    const interrupted = await failInterruptedRuns();
    if (interrupted > 0) {
      log(
        `${interrupted} message(s) were being processed when the service stopped: marked failed, retry them.`,
      );
    }
    // Expired messages and audio go at start-up and every day (dynalite and s3rver have no TTL or lifecycle).
    const retentionSweep = startRetentionSweep(config.retention, log);
    cleanups.defer(async () => retentionSweep.stop());
    // Forwarding numbers past their grace go, and idle ones are told, at start-up and every day (issue 33).
    const forwardingChecks = startForwardingNumberChecks(log);
    cleanups.defer(async () => forwardingChecks.stop());

    const webhookUrl = environment.PUBLIC_WEBHOOK_URL!;
    parts.app = {
      url,
      handlers,
      signedPosts: await loadSignedPostChecks(),
      throttle: config.throttling ? createRouteThrottle() : null,
      clientLimits: config.throttling ? createClientLimiter() : null,
      trustedProxies: config.trustedProxies,
      // API Gateway's JWT authorizer names the app client as the audience: ID and access tokens both pass it.
      adminTokens: new JwtTokenVerifier({
        issuer: environment.JWT_ISSUER!,
        jwksUri: environment.JWT_JWKS_URI!,
        clientId: pool.clientId,
        tokenUses: ['id', 'access'],
      }),
      generated: {
        '/config.json': siteConfigFile({ pool, publicUrl, url, webhookUrl, retention: config.retention }),
      },
      siteHeaders: { 'content-security-policy': localCsp({ storage: standIns.s3.endpoint }) },
      localPaths: paths,
      events,
    };

    const info = runtimeInfo({
      url,
      publicUrl,
      port,
      dataDir,
      paths,
      dynamodb: standIns.dynamodb.endpoint,
      s3: standIns.s3.endpoint,
      twilioApi: standIns.twilioApi.endpoint,
      adminEndpoint: standIns.adminEndpoint,
      pool,
      environment,
      localToken: access.token,
    });
    await writeRuntimeInfo(paths.info, info);
    announced = true;
    const running = cleanups.move();
    return { info, close: () => running.disposeAsync().catch(() => {}) };
  } catch (error) {
    await cleanups.disposeAsync().catch(() => {});
    throw error;
  }
}
