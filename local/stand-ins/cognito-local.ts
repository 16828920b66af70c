/**
 * Cognito on this machine: cognito-local's services composed in this process (no extra port, no child), with
 * what the stock launcher lacks:
 * - its data (user pools, users, clients) under our data directory, so a restart keeps every account;
 * - emails it would send (sign-up codes, reset codes) appended to `$DATA_DIR/mailbox.jsonl`;
 * - the two operations aws-amplify v6 calls that cognito-local does not implement: GetTokensFromRefreshToken
 *   (token refresh) and GlobalSignOut (sign-out everywhere);
 * - a fixed issuer domain (`TokenConfig.IssuerDomain`), so tokens name the URL the API trusts.
 *
 * cognito-local signs tokens with a key pair published in its package: it is for local use only. The API
 * trusts whatever issuer and JWKS URL its configuration names, so a deployment never accepts these tokens.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
/** Resolves cognito-local's own dependencies (pino, aws-sdk) from its package, wherever npm placed them. */
const fromCognitoLocal = createRequire(require.resolve('cognito-local/package.json'));

type Ctx = { logger: unknown };
type Target = (ctx: Ctx, req: Record<string, unknown>) => Promise<unknown>;
type CognitoUser = {
  Username: string;
  Attributes?: { Name: string; Value?: string }[];
  RefreshTokens?: string[];
};
type UserPoolService = {
  getUserByUsername(ctx: Ctx, username: string): Promise<CognitoUser | null>;
  saveUser(ctx: Ctx, user: CognitoUser): Promise<void>;
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
  /** Called after each email is written (the runtime prints a line). */
  readonly onMail?: (entry: MailboxEntry) => void;
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
  const { NotAuthorizedError } = require('cognito-local/lib/errors');
  const AWS = fromCognitoLocal('aws-sdk');

  const logger = pino({ level: process.env.COGNITO_LOCAL_LOG_LEVEL ?? 'silent' });
  const ctx: Ctx = { logger };
  await mkdir(options.directory, { recursive: true });

  const config = {
    ...DefaultConfig,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: options.issuerDomain },
    ServerConfig: { ...DefaultConfig.ServerConfig, development: false },
  };
  const clock = new services.DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(options.directory);
  const cognito = await new CognitoServiceFactoryImpl(
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

  /** Signs the user out everywhere: every refresh token they hold stops working. */
  const globalSignOut: Target = async (c, req) => {
    const payload = jwtPayload(String(req.AccessToken ?? ''));
    const clientId = typeof payload.client_id === 'string' ? payload.client_id : null;
    const username = typeof payload.username === 'string' ? payload.username : null;
    if (!clientId || !username) throw new NotAuthorizedError();
    const pool = (await cognito.getUserPoolForClientId(c, clientId)) as UserPoolService;
    const user = await pool.getUserByUsername(c, username);
    if (!user || attribute(user, 'sub') !== payload.sub) throw new NotAuthorizedError();
    await pool.saveUser(c, { ...user, RefreshTokens: [] });
    return {};
  };

  const router = (target: string): Target => {
    if (target === 'GetTokensFromRefreshToken') return getTokensFromRefreshToken;
    if (target === 'GlobalSignOut') return globalSignOut;
    return stock(target);
  };
  const server = createServer(router, logger, config.ServerConfig, serviceSet);
  return { handle: server.application };
}
