/**
 * Every environment variable the local runtime reads, in one schema, read once at start through the same
 * checked `readEnv` the functions use (lambdas/composition/read-env.ts). A person sets these before `npm start`, so a
 * mistake is reported at once in one line that names the fix (`Cannot start: ...`), not later or as a stack.
 * What the handlers themselves read is set from this in local/handler-environment.ts.
 */
import { resolve } from 'node:path';
import * as z from 'zod';
import {
  DEFAULT_AUDIO_RETENTION_DAYS,
  DEFAULT_TRANSCRIPT_RETENTION_DAYS,
  MAX_RETENTION_DAYS,
  type Retention,
} from '#core/messages/retention';
import { ConfigError, optionalUrl, readEnv, retentionDays } from '../lambdas/composition/read-env';
import { parseTrustedProxies, type TrustedProxies } from './client-address';
import { normalizedHostName } from './host-names';
import { StartupError } from './startup-error';

/** An empty variable counts as unset (`PORT= npm start`). */
const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);
/** Spaces around the value are dropped, and a blank one counts as unset. */
const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value);

const publicUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .refine((value) => {
    // Refinements run even after the URL check failed (zod 4): a value that is no URL is left to that check.
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  }, 'must be an origin only (scheme, host and optional port), with no path: the site is served at its root');

/** The entries of a comma-separated list, trimmed, blanks dropped. */
const entries = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The entries of ADMIN_EMAILS that are not email addresses. */
const notEmails = (value: string) => entries(value).filter((email) => !EMAIL.test(email));

/** The entries of ALLOWED_HOSTS that are not host names. */
const notHostNames = (value: string) => entries(value).filter((entry) => normalizedHostName(entry) === null);

/** In the order they are reported: the first bad variable is the one line a person sees. */
const LOCAL_ENV = {
  PORT: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUnset, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(emptyAsUnset, z.string().default('.data')),
  AUDIO_RETENTION_DAYS: z.preprocess(emptyAsUnset, retentionDays.default(DEFAULT_AUDIO_RETENTION_DAYS)),
  TRANSCRIPT_RETENTION_DAYS: z.preprocess(
    emptyAsUnset,
    retentionDays.default(DEFAULT_TRANSCRIPT_RETENTION_DAYS),
  ),
  /** The address a tunnel or proxy gives the runtime (local/site-config.ts). */
  PUBLIC_URL: z.preprocess(trimmed, publicUrl.optional()),
  /** Checked here too, so a typo is reported at start rather than at the first sign-up. */
  ADMIN_EMAILS: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string()
      .default('')
      .refine((value) => notEmails(value).length === 0),
  ),
  /** More names the site answers to, besides loopback names and PUBLIC_URL's host (local/host-names.ts). */
  ALLOWED_HOSTS: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string()
      .default('')
      .refine((value) => notHostNames(value).length === 0),
  ),
  /** The proxies that append the client's address to X-Forwarded-For (local/client-address.ts). */
  TRUST_PROXY: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .default('0')
      .refine((value) => parseTrustedProxies(value) !== null),
  ),
  /** Tests and benchmarks shorten the pipeline's retries and runs. */
  PIPELINE_RETRY_INTERVAL_MS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(0).optional()),
  PIPELINE_RUN_TIMEOUT_SECONDS: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).optional()),
  /** `off`: no per-route limits (the benchmarks measure the handlers, not the limiter). */
  LOCAL_THROTTLING: z.preprocess(emptyAsUnset, z.enum(['on', 'off']).default('on')),
  /** The handlers' Powertools log level (WARN unless set). */
  LOG_LEVEL: z.preprocess(emptyAsUnset, z.string().optional()),
  /** cognito-local's own log (silent unless set). */
  COGNITO_LOCAL_LOG_LEVEL: z.preprocess(emptyAsUnset, z.string().optional()),
  /** Tests point Twilio's REST API at a local fake. */
  TWILIO_API_BASE_URL: optionalUrl,
};

type Variable = keyof typeof LOCAL_ENV;

const retentionProblem = () =>
  `AUDIO_RETENTION_DAYS and TRANSCRIPT_RETENTION_DAYS must be whole numbers of days from 1 to ${MAX_RETENTION_DAYS}.`;

/** The one line for each variable, from what was found (`value`) and what zod said (`problem`). */
const PROBLEMS: Partial<Record<Variable, (value: string, problem: string) => string>> = {
  PORT: (value) => `PORT=${value} is not a port number: use a whole number such as PORT=3000.`,
  AUDIO_RETENTION_DAYS: retentionProblem,
  TRANSCRIPT_RETENTION_DAYS: retentionProblem,
  PUBLIC_URL: (value, problem) =>
    `PUBLIC_URL ${problem} (found "${value.trim()}"): for example PUBLIC_URL=https://voice.example.com, or unset it.`,
  ADMIN_EMAILS: (value) =>
    `ADMIN_EMAILS must be email addresses separated by commas; "${notEmails(value).join('", "')}" is not: fix it or unset ADMIN_EMAILS.`,
  ALLOWED_HOSTS: (value) =>
    `ALLOWED_HOSTS must be host names separated by commas, without scheme or port; "${notHostNames(value).join('", "')}" is not: for example ALLOWED_HOSTS=my-laptop.lan,voice.example.com.`,
  TRUST_PROXY: (value) =>
    `TRUST_PROXY must be 0, 1 (a proxy or tunnel on this machine) or the proxies' IP addresses separated by commas (found "${value}"): set it only when that proxy appends the client's address to X-Forwarded-For.`,
  PIPELINE_RETRY_INTERVAL_MS: (value) =>
    `PIPELINE_RETRY_INTERVAL_MS must be a whole number of milliseconds (found "${value}"): unset it for the usual retries.`,
  PIPELINE_RUN_TIMEOUT_SECONDS: (value) =>
    `PIPELINE_RUN_TIMEOUT_SECONDS must be a whole number of seconds from 1 (found "${value}"): unset it for the usual limit.`,
  LOCAL_THROTTLING: (value) => `LOCAL_THROTTLING must be on or off (found "${value}").`,
  TWILIO_API_BASE_URL: (value) => `TWILIO_API_BASE_URL must be a URL (found "${value}"), or unset.`,
};

export type LocalConfig = {
  /** 0 picks a free port (tests). */
  readonly port: number;
  readonly host: string;
  /** Absolute. */
  readonly dataDir: string;
  /** `PUBLIC_URL` as an origin (`https://example.ngrok.app`), or null. */
  readonly publicUrl: string | null;
  readonly retention: Retention;
  /** ADMIN_EMAILS as set (trimmed), or empty. */
  readonly adminEmails: string;
  /** ALLOWED_HOSTS, each normalized (lower case); empty when unset. */
  readonly allowedHosts: readonly string[];
  readonly pipeline: { readonly retryIntervalMs?: number; readonly runTimeoutSeconds?: number };
  readonly throttling: boolean;
  /** TRUST_PROXY: whose X-Forwarded-For names the client (none unless set). */
  readonly trustedProxies: TrustedProxies;
  readonly logLevel: string | undefined;
  readonly cognitoLogLevel: string | undefined;
  readonly twilioApiBaseUrl: string | undefined;
};

/** Reads and checks every local variable; throws a StartupError with one line for the first bad one. */
export function readLocalConfig(env: NodeJS.ProcessEnv = process.env): LocalConfig {
  let read: ReturnType<typeof readEnv<typeof LOCAL_ENV>>;
  try {
    read = readEnv('the local runtime', LOCAL_ENV, env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    const first = error.issues[0] ?? { variable: 'A variable', problem: 'is not valid' };
    const word = PROBLEMS[first.variable as Variable];
    throw new StartupError(
      word ? word(env[first.variable] ?? '', first.problem) : `${first.variable} ${first.problem}.`,
    );
  }
  return {
    port: read.PORT,
    host: read.HOST,
    dataDir: resolve(read.DATA_DIR),
    publicUrl: read.PUBLIC_URL ? new URL(read.PUBLIC_URL).origin : null,
    retention: { audioDays: read.AUDIO_RETENTION_DAYS, transcriptDays: read.TRANSCRIPT_RETENTION_DAYS },
    adminEmails: read.ADMIN_EMAILS,
    allowedHosts: entries(read.ALLOWED_HOSTS).map((entry) => normalizedHostName(entry)!),
    pipeline: {
      ...(read.PIPELINE_RETRY_INTERVAL_MS === undefined
        ? {}
        : { retryIntervalMs: read.PIPELINE_RETRY_INTERVAL_MS }),
      ...(read.PIPELINE_RUN_TIMEOUT_SECONDS === undefined
        ? {}
        : { runTimeoutSeconds: read.PIPELINE_RUN_TIMEOUT_SECONDS }),
    },
    throttling: read.LOCAL_THROTTLING !== 'off',
    trustedProxies: parseTrustedProxies(read.TRUST_PROXY)!,
    logLevel: read.LOG_LEVEL,
    cognitoLogLevel: read.COGNITO_LOCAL_LOG_LEVEL,
    twilioApiBaseUrl: read.TWILIO_API_BASE_URL,
  };
}
