/**
 * What the local runtime plugs into the handlers in place of the AWS-only parts (lambdas/composition/host.ts):
 * secrets in a file, replies to the outbox while Twilio is not set up, the offline transcriber, its own
 * webhook token, media from loopback. Called before any handler module is imported.
 */
import { readFile } from 'node:fs/promises';
import type { AwsCredentialIdentity } from '@smithy/types';
import { MoonshineTranscriber } from '../lambdas/adapters/offline/moonshine-transcriber';
import { SentenceEncoder } from '../lambdas/adapters/offline/sentence-encoder';
import { provideHostAdapters } from '../lambdas/composition/host';
import { FileSecretStore } from './adapters/file-secret-store';
import { LocalDependencyCheck } from './adapters/local-dependency-check';
import { OutboxSmsSender } from './adapters/outbox-sms-sender';

export function provideLocalAdapters(
  paths: {
    readonly secrets: string;
    readonly outbox: string;
    readonly webhookToken: string;
  },
  /** This start's publisher credentials (local/live-access.ts). */
  publisher: AwsCredentialIdentity,
  twilio: {
    /** TWILIO_API_BASE_URL: tests point Twilio's REST API at a local fake. */
    readonly twilioApiBaseUrl: string | undefined;
    /** The stand-in of Twilio's REST API (issue 33): numbers and recordings while no account is saved. */
    readonly localTwilioApi: string;
  },
): void {
  provideHostAdapters({
    secrets: new FileSecretStore(paths.secrets),
    fallbackSmsSender: new OutboxSmsSender(paths.outbox),
    // The offline engine used while no OpenAI key is saved; another engine is another factory here.
    offlineTranscriber: () => new MoonshineTranscriber(),
    // The second opinion on urgency by meaning (issue 32), loaded on the first message that needs it.
    urgencyOpinion: new SentenceEncoder(),
    dependencyCheck: new LocalDependencyCheck(),
    webhookToken: async () => (await readFile(paths.webhookToken, 'utf8').catch(() => '')).trim() || null,
    mediaFromLoopback: true,
    // The live-update stand-in checks publishes against this pair, as AppSync checks a role's signature.
    awsCredentials: publisher,
    localTwilioApi: twilio.localTwilioApi,
    ...(twilio.twilioApiBaseUrl ? { twilioApiBaseUrl: twilio.twilioApiBaseUrl } : {}),
  });
}
