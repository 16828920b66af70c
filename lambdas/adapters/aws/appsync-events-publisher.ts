/**
 * Publishes message changes to the AppSync Events API over HTTP (`POST <endpoint>` with
 * `{channel, events: [json]}`), signed with SigV4 by the AWS SDK's own signer, so only functions whose role
 * has appsync:EventPublish on the messages namespace can publish. Each change goes to the channel current at
 * that moment (asked of `channel` every time: after a removal the next publish is already on the new one).
 * The local runtime's stand-in speaks the same protocol and checks the same signature.
 */
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsCredentialIdentity, AwsCredentialIdentityProvider } from '@smithy/types';
import { LIVE_CHANNEL_MOVED, liveMessageChange } from '#core/messages/live-updates';
import type { LiveNotices, MessageChange, MessageEvents } from '../../ports/message-events';

export type AppSyncEventsPublisherOptions = {
  /** The API's HTTP endpoint, `https://<id>.appsync-api.<region>.amazonaws.com/event`. */
  readonly httpEndpoint: string;
  readonly region: string;
  readonly credentials: AwsCredentialIdentity | AwsCredentialIdentityProvider;
  /** The channel message changes go to now (`/messages/<key>`). */
  readonly channel: () => Promise<string>;
  /**
   * Channels that moved without their notice (a password reset): each is told it moved before the next
   * change goes out. @default none
   */
  readonly unannounced?: () => Promise<readonly string[]>;
  /** A publish that takes longer is given up (the dashboard refetches anyway). @default 3000 */
  readonly timeoutMs?: number;
};

/** AppSync's answer to a publish: which events it accepted and which it refused. */
type PublishAnswer = {
  readonly successful?: readonly unknown[];
  readonly failed?: readonly { readonly code?: number; readonly message?: string }[];
};

export class AppSyncEventsPublisher implements MessageEvents, LiveNotices {
  private readonly url: URL;
  private readonly channel: () => Promise<string>;
  private readonly unannounced: () => Promise<readonly string[]>;
  private readonly signer: SignatureV4;
  private readonly timeoutMs: number;

  constructor(options: AppSyncEventsPublisherOptions) {
    this.url = new URL(options.httpEndpoint);
    this.signer = new SignatureV4({
      service: 'appsync',
      region: options.region,
      credentials: options.credentials,
      sha256: Sha256,
    });
    this.timeoutMs = options.timeoutMs ?? 3_000;
    this.channel = options.channel;
    this.unannounced = options.unannounced ?? (async () => []);
  }

  async publish(change: MessageChange): Promise<void> {
    // The pages left on a channel a reset retired ask for the current one (and a token the reset ended is
    // refused there); the change itself goes to the new channel only.
    for (const old of await this.unannounced()) await this.send(old, LIVE_CHANNEL_MOVED);
    await this.send(await this.channel(), liveMessageChange(change.type, change.message));
  }

  async announce(channel: string, notice: { readonly type: string }): Promise<void> {
    await this.send(channel, notice);
  }

  private async send(channel: string, event: unknown): Promise<void> {
    const body = JSON.stringify({ channel, events: [JSON.stringify(event)] });
    const signed = await this.signer.sign({
      method: 'POST',
      protocol: this.url.protocol,
      hostname: this.url.hostname,
      ...(this.url.port ? { port: Number(this.url.port) } : {}),
      path: this.url.pathname,
      query: {},
      headers: { host: this.url.host, 'content-type': 'application/json' },
      body,
    });
    // fetch sets Host itself, from the same URL that was signed.
    const { host: _host, ...headers } = signed.headers;
    const response = await fetch(this.url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`AppSync Events refused the publish (${response.status}): ${text.slice(0, 200)}`);
    }
    let answer: PublishAnswer = {};
    try {
      answer = JSON.parse(text) as PublishAnswer;
    } catch {}
    const failed = answer.failed ?? [];
    if (failed.length > 0) {
      throw new Error(
        `AppSync Events did not accept the event: ${failed.map((f) => `${f.code ?? '?'} ${f.message ?? ''}`.trim()).join('; ')}`,
      );
    }
  }
}
