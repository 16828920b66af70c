/**
 * Cognito on this machine: cognito-local's services composed in this process (no extra port, no child), with
 * what the stock launcher lacks:
 * - its data (user pools, users, clients) under our data directory, so a restart keeps every account;
 * - emails it would send (sign-up codes, reset codes) appended to `$DATA_DIR/mailbox.jsonl`;
 * - the two operations aws-amplify v6 calls that cognito-local does not implement: GetTokensFromRefreshToken
 *   (token refresh) and GlobalSignOut (sign-out everywhere), and AdminUserGlobalSignOut, which the Team
 *   section's removal and a confirmed password reset (the PostConfirmation trigger) call; as in Cognito, a
 *   sign-out everywhere revokes the refresh tokens and refuses the access tokens issued before it;
 * - a fixed issuer domain (`TokenConfig.IssuerDomain`), so tokens name the URL the API trusts;
 * - the user pool's triggers (PostConfirmation, CustomMessage) called through the Lambda invoke endpoint the
 *   local runtime serves with the same handlers (`TriggerFunctions` and `LambdaClient` of its config);
 * - what Cognito does and cognito-local does not: confirming the sign-up code marks the email verified, a
 *   reset code expires after an hour, and asking a reset for an unknown email answers as for a known one
 *   (the app client prevents user-existence errors in AWS).
 *
 * - its own signing key: cognito-local signs with a key pair published in its package (anyone could mint an
 *   administrator's token with it); here the key pair is generated once per data directory
 *   (`cognito/signing-key.pem`, readable by its owner only) and put in place of the published one.
 */
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { appendFile, chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { RESET_CODE_VALIDITY_HOURS, signedInBeforeSessionsEnded } from '#core/operator/team';

const require = createRequire(import.meta.url);
/** Resolves cognito-local's own dependencies (pino, aws-sdk) from its package, wherever npm placed them. */
const fromCognitoLocal = createRequire(require.resolve('cognito-local/package.json'));

type Ctx = { logger: unknown };
type Target = (ctx: Ctx, req: Record<string, unknown>) => Promise<unknown>;
type CognitoUser = {
  Username: string;
  UserStatus?: string;
  ConfirmationCode?: string;
  Attributes?: { Name: string; Value?: string }[];
  RefreshTokens?: string[];
  /** When the last reset code was sent (ours: cognito-local keeps codes forever). */
  ResetCodeSentAt?: string;
  /** When the user was last signed out everywhere (ours: access tokens issued before are refused). */
  SignedOutAt?: string;
};
type UserPoolService = {
  getUserByUsername(ctx: Ctx, username: string): Promise<CognitoUser | null>;
  saveUser(ctx: Ctx, user: CognitoUser): Promise<void>;
};
type CognitoServiceLike = {
  getUserPool(ctx: Ctx, userPoolId: string): Promise<UserPoolService>;
  getUserPoolForClientId(ctx: Ctx, clientId: string): Promise<UserPoolService>;
};

export type MailboxEntry = {
  readonly to: string;
  readonly username: string;
  readonly subject: string | null;
  readonly body: string | null;
  readonly code: string | null;
  readonly sentAt: string;
};

export type CognitoLocal = {
  /** Handles a request whose URL has already had the mount prefix removed. */
  readonly handle: (req: IncomingMessage, res: ServerResponse) => void;
};

export type CognitoLocalOptions = {
  /** Where cognito-local keeps its JSON databases. */
  readonly directory: string;
  /** Tokens' `iss` is `<issuerDomain>/<userPoolId>`. */
  readonly issuerDomain: string;
  /** Emails go here, one JSON object a line. */
  readonly mailboxPath: string;
  /** cognito-local's own log level (pino's). @default 'silent' */
  readonly logLevel?: string;
  /** Called after each email is written (the runtime prints a line). */
  readonly onMail?: (entry: MailboxEntry) => void;
  /** The user pool's triggers: cognito-local calls them through a Lambda invoke endpoint. @default none */
  readonly triggers?: {
    /** Trigger (`PostConfirmation`, `CustomMessage`) -> function name at the endpoint. */
    readonly functions: Readonly<Record<string, string>>;
    /** Where `POST /2015-03-31/functions/<name>/invocations` is served. */
    readonly endpoint: string;
    /** The key the endpoint expects in each request's signature (a per-start value, not a secret elsewhere). */
    readonly accessKeyId: string;
  };
  /** The clock reset codes expire by. @default Date.now */
  readonly now?: () => number;
};

function attribute(user: CognitoUser, name: string): string | undefined {
  return user.Attributes?.find((a) => a.Name === name)?.Value;
}

/** Decodes a JWT's payload without checking it: the user it names is looked up and checked below. */
function jwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!part) return {};
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return {};
  }
}

/** This data directory's signing key (PEM), made on first use. */
async function signingKey(directory: string): Promise<string> {
  const path = join(directory, 'signing-key.pem');
  const existing = await readFile(path, 'utf8').catch(() => '');
  if (existing.includes('PRIVATE KEY')) return existing;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  await writeFile(path, pem, { mode: 0o600 });
  await chmod(path, 0o600);
  return pem;
}

/**
 * cognito-local reads its key pair from two JSON files of its package at each signing and each JWKS answer
 * (`lib/keys/cognitoLocal.{private,public}.json`, loaded once through `require`): replacing their contents in
 * the module cache makes it sign with, and publish, this data directory's key without forking it. The key id
 * stays `CognitoLocal` (cognito-local writes it into every token). One key per process, as one runtime runs
 * per process.
 */
async function installSigningKey(directory: string): Promise<void> {
  const pem = await signingKey(directory);
  const publicJwk = createPublicKey(pem).export({ format: 'jwk' });
  const privateKeys = require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string };
  const publicKeys = require('cognito-local/lib/keys/cognitoLocal.public.json') as {
    jwk: Record<string, unknown>;
    pem: string;
  };
  privateKeys.pem = pem;
  publicKeys.jwk = { ...publicKeys.jwk, n: publicJwk.n, e: publicJwk.e };
  publicKeys.pem = createPublicKey(pem).export({ type: 'spki', format: 'pem' }).toString();
}

export async function createCognitoLocal(options: CognitoLocalOptions): Promise<CognitoLocal> {
  // cognito-local still uses aws-sdk v2 (only to call trigger functions); its end-of-support notice is noise.
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
  const pino = fromCognitoLocal('pino') as (options: { level: string }) => unknown;
  const { createServer } = require('cognito-local/lib/server/server');
  const { Router } = require('cognito-local/lib/server/Router');
  const { DefaultConfig } = require('cognito-local/lib/server/config');
  const services = require('cognito-local/lib/services');
  const { CognitoServiceFactoryImpl } = require('cognito-local/lib/services/cognitoService');
  const { CryptoService } = require('cognito-local/lib/services/crypto');
  const { StormDBDataStoreFactory } = require('cognito-local/lib/services/dataStore/stormDb');
  const { MessageDeliveryService } = require('cognito-local/lib/services/messageDelivery/messageDelivery');
  const { otp } = require('cognito-local/lib/services/otp');
  const { JwtTokenGenerator } = require('cognito-local/lib/services/tokenGenerator');
  const { UserPoolServiceFactoryImpl } = require('cognito-local/lib/services/userPoolService');
  const { Targets } = require('cognito-local/lib/targets/targets');
  const { ExpiredCodeError, NotAuthorizedError, UserNotFoundError } = require('cognito-local/lib/errors');
  const AWS = fromCognitoLocal('aws-sdk');

  const logger = pino({ level: options.logLevel ?? 'silent' });
  const ctx: Ctx = { logger };
  await mkdir(options.directory, { recursive: true });
  await installSigningKey(options.directory);

  const config = {
    ...DefaultConfig,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: options.issuerDomain },
    ServerConfig: { ...DefaultConfig.ServerConfig, development: false },
    ...(options.triggers
      ? {
          TriggerFunctions: { ...options.triggers.functions },
          LambdaClient: {
            endpoint: options.triggers.endpoint,
            region: 'local',
            credentials: { accessKeyId: options.triggers.accessKeyId, secretAccessKey: 'local' },
            // A trigger that fails is reported once, not retried three times.
            maxRetries: 0,
          },
        }
      : {}),
  };
  const now = options.now ?? Date.now;
  const clock = new services.DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(options.directory);
  const cognito: CognitoServiceLike = await new CognitoServiceFactoryImpl(
    options.directory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new services.TriggersService(
    clock,
    cognito,
    new services.LambdaService(config.TriggerFunctions, new AWS.Lambda(config.LambdaClient)),
    new CryptoService(config.KMSConfig),
  );

  const mailbox = {
    async deliver(user: CognitoUser, destination: string, message: Record<string, string | undefined>) {
      const entry: MailboxEntry = {
        to: destination,
        username: user.Username,
        subject: message.emailSubject ?? null,
        body: message.emailMessage ?? message.smsMessage ?? null,
        code: message.__code ?? null,
        sentAt: new Date().toISOString(),
      };
      await mkdir(join(options.mailboxPath, '..'), { recursive: true });
      await appendFile(options.mailboxPath, `${JSON.stringify(entry)}\n`);
      options.onMail?.(entry);
    },
  };
  const sender = {
    sendEmail: (_: Ctx, user: CognitoUser, destination: string, message: Record<string, string>) =>
      mailbox.deliver(user, destination, message),
    sendSms: (_: Ctx, user: CognitoUser, destination: string, message: Record<string, string>) =>
      mailbox.deliver(user, destination, message),
  };
  const serviceSet = {
    clock,
    cognito,
    config,
    messages: new services.MessagesService(triggers, new MessageDeliveryService(sender)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };

  const stock = Router(serviceSet) as (target: string) => Target;
  const initiateAuth = Targets.InitiateAuth(serviceSet) as Target;

  /** Amplify v6 refreshes tokens with this; it is InitiateAuth's REFRESH_TOKEN_AUTH under another name. */
  const getTokensFromRefreshToken: Target = async (c, req) => {
    const result = (await initiateAuth(c, {
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: req.ClientId,
      AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
    })) as { AuthenticationResult: Record<string, unknown> };
    return { AuthenticationResult: { ...result.AuthenticationResult, RefreshToken: req.RefreshToken } };
  };

  /** Ends every session: the refresh tokens stop working, and the access tokens issued so far. */
  const signOutEverywhere = (c: Ctx, pool: UserPoolService, user: CognitoUser) =>
    pool.saveUser(c, { ...user, RefreshTokens: [], SignedOutAt: new Date(now()).toISOString() });

  /** Signs the user out everywhere, with their own access token. */
  const globalSignOut: Target = async (c, req) => {
    const payload = jwtPayload(String(req.AccessToken ?? ''));
    const clientId = typeof payload.client_id === 'string' ? payload.client_id : null;
    const username = typeof payload.username === 'string' ? payload.username : null;
    if (!clientId || !username) throw new NotAuthorizedError();
    const pool = (await cognito.getUserPoolForClientId(c, clientId)) as UserPoolService;
    const user = await pool.getUserByUsername(c, username);
    if (!user || attribute(user, 'sub') !== payload.sub) throw new NotAuthorizedError();
    await signOutEverywhere(c, pool, user);
    return {};
  };

  /** Signs a user out everywhere, as an administrator (the Team section's removal). */
  const adminUserGlobalSignOut: Target = async (c, req) => {
    const pool = await cognito.getUserPool(c, String(req.UserPoolId));
    const user = await pool.getUserByUsername(c, String(req.Username));
    if (!user) throw new UserNotFoundError();
    await signOutEverywhere(c, pool, user);
    return {};
  };

  /** Cognito marks the email verified when its code confirms the sign-up; the trigger then sees it. */
  const confirmSignUp: Target = async (c, req) => {
    const pool = await cognito.getUserPoolForClientId(c, String(req.ClientId));
    const user = await pool.getUserByUsername(c, String(req.Username));
    if (
      user?.UserStatus === 'UNCONFIRMED' &&
      user.ConfirmationCode === req.ConfirmationCode &&
      attribute(user, 'email') &&
      attribute(user, 'email_verified') !== 'true'
    ) {
      const others = (user.Attributes ?? []).filter((a) => a.Name !== 'email_verified');
      await pool.saveUser(c, { ...user, Attributes: [...others, { Name: 'email_verified', Value: 'true' }] });
    }
    return stock('ConfirmSignUp')(c, req);
  };

  /** Answers an unknown email as a known one, and remembers when the code was sent. */
  const forgotPassword: Target = async (c, req) => {
    const pool = await cognito.getUserPoolForClientId(c, String(req.ClientId));
    const user = await pool.getUserByUsername(c, String(req.Username));
    if (!user) {
      return {
        CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'x***@x***' },
      };
    }
    const result = await stock('ForgotPassword')(c, req);
    const sent = await pool.getUserByUsername(c, user.Username);
    if (sent) await pool.saveUser(c, { ...sent, ResetCodeSentAt: new Date(now()).toISOString() });
    return result;
  };

  /** A reset code works for an hour, as in Cognito. */
  const confirmForgotPassword: Target = async (c, req) => {
    const pool = await cognito.getUserPoolForClientId(c, String(req.ClientId));
    const user = await pool.getUserByUsername(c, String(req.Username));
    const sentAt = user?.ResetCodeSentAt ? Date.parse(user.ResetCodeSentAt) : null;
    if (sentAt !== null && now() - sentAt > RESET_CODE_VALIDITY_HOURS * 3_600_000) {
      throw new ExpiredCodeError();
    }
    return stock('ConfirmForgotPassword')(c, req);
  };

  const ours: Record<string, Target> = {
    GetTokensFromRefreshToken: getTokensFromRefreshToken,
    GlobalSignOut: globalSignOut,
    AdminUserGlobalSignOut: adminUserGlobalSignOut,
    ConfirmSignUp: confirmSignUp,
    ForgotPassword: forgotPassword,
    ConfirmForgotPassword: confirmForgotPassword,
  };
  /** Cognito refuses an access token issued before its user's last sign-out everywhere, whatever the action. */
  const refusingRevoked =
    (act: Target): Target =>
    async (c, req) => {
      const payload = jwtPayload(String(req.AccessToken ?? ''));
      if (typeof payload.client_id === 'string' && typeof payload.username === 'string') {
        const pool = await cognito.getUserPoolForClientId(c, payload.client_id);
        const user = await pool.getUserByUsername(c, payload.username);
        const issuedAt = typeof payload.iat === 'number' ? payload.iat : 0;
        if (user?.SignedOutAt && signedInBeforeSessionsEnded(issuedAt, user.SignedOutAt)) {
          throw new NotAuthorizedError('Access Token has been revoked');
        }
      }
      return act(c, req);
    };
  const router = (target: string): Target => refusingRevoked(ours[target] ?? stock(target));
  const server = createServer(router, logger, config.ServerConfig, serviceSet);
  return { handle: server.application };
}
