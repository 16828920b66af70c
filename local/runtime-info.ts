/**
 * `$DATA_DIR/runtime.json`, written once everything answers and removed at stop: how helper commands
 * (`npm run sms`), the benchmarks and the tests find the running service and each of its stand-ins.
 */
import { writeFile } from 'node:fs/promises';
import { COGNITO_PREFIX, REGION } from './addresses';
import { LOCAL_BUCKET, LOCAL_TABLES } from './bootstrap';
import type { DataPaths } from './data-dir';
import { EVENTS_REALTIME_PATH } from './stand-ins/appsync-events';

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
  /** Where Twilio posts the texts' delivery status (what it signs): `npm run sms -- --delivery`. */
  readonly smsStatusUrl: string;
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
  /**
   * The stand-in of Twilio's REST API (issue 33, local/stand-ins/twilio-api.ts): Basic auth with
   * LOCAL_ACCOUNT_SID and the webhook token; `npm run call` hands recordings to it.
   */
  readonly twilioApi: { readonly endpoint: string };
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
  /**
   * This start's secret for `/_local/*` (local/local-access.ts): `?token=` once in a browser, or
   * `Authorization: Bearer` from a script. runtime.json is private to its owner, as the data directory is.
   */
  readonly localToken: string;
  readonly startedAt: string;
};

/** The info of a runtime started now, from its parts and the handlers' environment. */
export function runtimeInfo(parts: {
  readonly url: string;
  readonly publicUrl: string | null;
  readonly port: number;
  readonly dataDir: string;
  readonly paths: DataPaths;
  readonly dynamodb: string;
  readonly s3: string;
  readonly twilioApi: string;
  readonly adminEndpoint: string;
  readonly pool: { readonly userPoolId: string; readonly clientId: string };
  /** What local/handler-environment.ts set: the webhook, Step Functions and publish URLs. */
  readonly environment: Readonly<Record<string, string>>;
  readonly localToken: string;
}): RuntimeInfo {
  const { paths, environment } = parts;
  return {
    pid: process.pid,
    url: parts.url,
    publicUrl: parts.publicUrl,
    port: parts.port,
    dataDir: parts.dataDir,
    region: REGION,
    webhookUrl: environment.PUBLIC_WEBHOOK_URL!,
    smsStatusUrl: environment.SMS_STATUS_URL!,
    outbox: paths.outbox,
    mailbox: paths.mailbox,
    webhookTokenFile: paths.webhookToken,
    dynamodb: { endpoint: parts.dynamodb },
    s3: { endpoint: parts.s3, bucket: LOCAL_BUCKET },
    cognito: {
      endpoint: `http://127.0.0.1:${parts.port}${COGNITO_PREFIX}`,
      adminEndpoint: parts.adminEndpoint,
      userPoolId: parts.pool.userPoolId,
      clientId: parts.pool.clientId,
    },
    twilioApi: { endpoint: parts.twilioApi },
    stepFunctions: { endpoint: environment.SFN_ENDPOINT! },
    events: {
      httpEndpoint: environment.EVENTS_HTTP_ENDPOINT!,
      realtimeEndpoint: `ws://localhost:${parts.port}${EVENTS_REALTIME_PATH}`,
      credentialsFile: paths.publisherCredentials,
    },
    tables: LOCAL_TABLES,
    localToken: parts.localToken,
    startedAt: new Date().toISOString(),
  };
}

export async function writeRuntimeInfo(path: string, info: RuntimeInfo): Promise<void> {
  await writeFile(path, `${JSON.stringify(info, null, 2)}\n`);
}
