/**
 * A password reset signs the account out everywhere (issue 23): whoever read the reset code or held a token
 * from before is out. After ConfirmForgotPassword (through the public sign-in door, as the site calls it) the
 * PostConfirmation trigger runs as in AWS: the old ID token gets 401 on an admin route, the old refresh token
 * no longer gives tokens, the old access token is refused, and the new password signs in. A live connection
 * open from before receives nothing more: the list moves to a new channel, and the old one is told so.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  GetUserCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentLiveChannel, type EventsClient, openEventsClient, subscribe } from '../support/live-events';
import { type RunningRuntime, startLocalRuntime } from '../support/local-runtime';
import { incomingForm, postWebhook } from '../support/pipeline';

let runtime: RunningRuntime;
let door: CognitoIdentityProviderClient;
const EMAIL = 'resetting@example.com';

beforeAll(async () => {
  runtime = await startLocalRuntime();
  // The public door, as the site's Amplify client reaches it (no credentials: browser actions only).
  door = new CognitoIdentityProviderClient({
    region: runtime.info.region,
    endpoint: `${runtime.url}/cognito/`,
    credentials: { accessKeyId: 'none', secretAccessKey: 'none' },
    maxAttempts: 1,
  });
});

afterAll(async () => {
  door?.destroy();
  await runtime?.dispose();
});

const signIn = (password: string) =>
  door.send(
    new InitiateAuthCommand({
      ClientId: runtime.info.cognito.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: EMAIL, PASSWORD: password },
    }),
  );

const refresh = (refreshToken: string) =>
  door.send(
    new InitiateAuthCommand({
      ClientId: runtime.info.cognito.clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    }),
  );

const adminRoute = async (idToken: string) => {
  const response = await fetch(`${runtime.url}/api/messages`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  return { status: response.status, json: (await response.json()) as { error?: string } };
};

async function resetCode(): Promise<string | undefined> {
  const text = await readFile(join(runtime.dataDir, 'mailbox.jsonl'), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; subject: string | null; code: string | null })
    .findLast((mail) => mail.to === EMAIL && /reset/i.test(mail.subject ?? ''))?.code as string | undefined;
}

const issuedAt = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number }).iat;

describe('a confirmed password reset', () => {
  it('ends every session from before it: old ID, access and refresh tokens stop working; the new password works', async () => {
    await runtime.signIn(EMAIL, 'old-password-1', 'admins');
    const before = (await signIn('old-password-1')).AuthenticationResult!;
    // The refresh token works before the reset.
    expect((await refresh(before.RefreshToken!)).AuthenticationResult?.IdToken).toEqual(expect.any(String));
    // Tokens carry whole seconds, and one issued within the reset's second counts as after it: reset in a
    // later second than the old tokens' (core/operator/team.ts signedInBeforeSessionsEnded).
    await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(issuedAt(before.IdToken!));

    await door.send(new ForgotPasswordCommand({ ClientId: runtime.info.cognito.clientId, Username: EMAIL }));
    await expect.poll(resetCode).toEqual(expect.stringMatching(/^\d{6}$/));
    await door.send(
      new ConfirmForgotPasswordCommand({
        ClientId: runtime.info.cognito.clientId,
        Username: EMAIL,
        ConfirmationCode: (await resetCode())!,
        Password: 'new-password-2',
      }),
    );

    expect(await adminRoute(before.IdToken!)).toEqual({
      status: 401,
      json: { error: 'Your session ended when the password was reset: sign in again.' },
    });
    await expect(refresh(before.RefreshToken!)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(door.send(new GetUserCommand({ AccessToken: before.AccessToken! }))).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    await expect(signIn('old-password-1')).rejects.toThrow();

    const after = (await signIn('new-password-2')).AuthenticationResult!;
    expect((await adminRoute(after.IdToken!)).status).toBe(200);
    expect((await door.send(new GetUserCommand({ AccessToken: after.AccessToken! }))).Username).toEqual(
      expect.any(String),
    );
    expect((await refresh(after.RefreshToken!)).AuthenticationResult?.IdToken).toEqual(expect.any(String));
  });
});

describe('a live connection open from before a reset (issue 31)', () => {
  const RESETTING = 'watching@example.com';

  /** Opens the events socket with `token`, subscribed to `channel`. */
  async function watching(token: string, channel: string): Promise<EventsClient> {
    const client = await openEventsClient(runtime, token);
    await expect.poll(() => client.frames.some((f) => f.type === 'connection_ack')).toBe(true);
    subscribe(client, 'list', channel, token);
    await expect.poll(() => client.frames.find((f) => f.id === 'list')?.type).toBe('subscribe_success');
    return client;
  }

  const events = (client: EventsClient) =>
    client.frames.filter((f) => f.type === 'data' && f.id === 'list').map((f) => JSON.parse(String(f.event)));

  it('receives no change after the reset, only the notice that the channel moved', async () => {
    await runtime.signIn(RESETTING, 'watch-password-1', 'admins');
    const old = await runtime.tokens(RESETTING, 'watch-password-1');
    const other = await runtime.adminToken();
    const channel = await currentLiveChannel(runtime, other);
    const [stale, colleague] = await Promise.all([
      watching(old.accessToken, channel),
      watching((await runtime.tokens('admin@example.com', 'admin-password-1')).accessToken, channel),
    ]);
    await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(issuedAt(old.idToken));

    await door.send(
      new ForgotPasswordCommand({ ClientId: runtime.info.cognito.clientId, Username: RESETTING }),
    );
    const resetCodeOf = async () => {
      const text = await readFile(join(runtime.dataDir, 'mailbox.jsonl'), 'utf8').catch(() => '');
      return text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; subject: string | null; code: string | null })
        .findLast((mail) => mail.to === RESETTING && /reset/i.test(mail.subject ?? ''))?.code;
    };
    await expect.poll(resetCodeOf).toEqual(expect.stringMatching(/^\d{6}$/));
    await door.send(
      new ConfirmForgotPasswordCommand({
        ClientId: runtime.info.cognito.clientId,
        Username: RESETTING,
        ConfirmationCode: (await resetCodeOf())!,
        Password: 'watch-password-2',
      }),
    );

    // A change after the reset: a text that is no command, kept on the record (a new message).
    const form = incomingForm({ from: '+14155550931', body: 'hello?' });
    expect((await postWebhook(runtime, form)).status).toBe(200);
    const moved = { type: 'moved' };
    await expect.poll(() => events(stale)).toEqual([moved]);
    await expect.poll(() => events(colleague)).toEqual([moved]);
    // The colleague's token gets the new channel, where the change is; the reset account's old token does not.
    const now = await currentLiveChannel(runtime, other);
    expect(now).not.toBe(channel);
    await expect(currentLiveChannel(runtime, old.idToken)).rejects.toThrow(/401/);
    expect(events(stale).some((event) => event.message?.id === form.MessageSid)).toBe(false);
    stale.socket.terminate();
    colleague.socket.terminate();
  });
});
