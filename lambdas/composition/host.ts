/**
 * Adapters a host other than Lambda plugs in before it imports any handler. The local runtime gives its file
 * secret store, outbox, offline transcriber and its own webhook token here (local/host-adapters.ts); Lambda
 * gives nothing, so production bundles never contain those adapters: production code imports none of them.
 */
import type { AwsCredentialIdentity } from '@smithy/types';
import type { DependencyCheck } from '../ports/dependency-check';
import type { SecretStore } from '../ports/secret-store';
import type { SentenceEmbedder } from '../ports/sentence-embedder';
import type { SmsSender } from '../ports/sms-sender';
import type { Transcriber } from '../ports/transcriber';

export type HostAdapters = {
  /** Replaces Secrets Manager (locally: `$DATA_DIR/secrets.json`). */
  readonly secrets?: SecretStore;
  /** Transcribes without OpenAI where this host has an engine installed. */
  readonly offlineTranscriber?: () => Transcriber;
  /**
   * The second opinion on urgency by meaning where this host has a sentence embedder (locally: the Universal
   * Sentence Encoder lite, issue 32); Lambda has none and keeps the rules, or OpenAI's judgement.
   */
  readonly urgencyOpinion?: SentenceEmbedder;
  /** Where replies go while no Twilio credentials are saved (locally: the outbox file). */
  readonly fallbackSmsSender?: SmsSender;
  /** The token webhooks are signed with while no Twilio auth token is saved (locally: its own token). */
  readonly webhookToken?: () => Promise<string | null>;
  /** Media may come from loopback (`npm run sms` serves it there). */
  readonly mediaFromLoopback?: boolean;
  /** Twilio's REST API at another origin (tests: a local fake). */
  readonly twilioApiBaseUrl?: string;
  /**
   * The local stand-in of Twilio's REST API (local/stand-ins/twilio-api.ts, issue 33): sells forwarding numbers
   * and serves and deletes call recordings while no Twilio account is saved. Its requests are signed with the
   * local account (LOCAL_ACCOUNT_SID) and the webhook token.
   */
  readonly localTwilioApi?: string;
  /** The offline engines' programs and models, for the health check. */
  readonly dependencyCheck?: DependencyCheck;
  /**
   * What requests our own code signs (the live-update publisher) are signed with, where Lambda's role
   * credentials are absent (locally: the stand-ins' fixed pair).
   */
  readonly awsCredentials?: AwsCredentialIdentity;
};

let provided: HostAdapters = {};

/** Called once by the host, before any handler module is imported. */
export function provideHostAdapters(adapters: HostAdapters): void {
  provided = { ...adapters };
}

/** What the host provided; empty in Lambda. */
export function hostAdapters(): HostAdapters {
  return provided;
}
