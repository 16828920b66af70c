import { type Retention, retentionCutoff } from '#core/messages/retention';
import { MESSAGE_STATUSES } from '#core/messages/status';
import type { AudioStore } from '../ports/audio-store';
import type { Providers } from '../ports/providers';
import type { CardLinkStore } from '../ports/short-lived-codes';
import { changeMessage, type MessageChangeDeps, removeMessage } from './message-changes';

export type RetentionDeps = MessageChangeDeps & {
  readonly audio: AudioStore;
  readonly retention: Retention;
  /** The links of a deleted message's MMS attachments (CARDS ON), forgotten with it. */
  readonly cardLinks: Pick<CardLinkStore, 'revokeAll'>;
};

export type SweepResult = { readonly messagesDeleted: number; readonly audioDeleted: number };

/** The oldest possible creation time: everything before the cutoff. */
const BEGINNING = '1970-01-01T00:00:00.000Z';

/**
 * Deletes what is past its retention: the audio of messages older than `audioDays` (the message keeps its
 * transcript and says the audio is gone), and whole messages older than `transcriptDays`, audio included. In
 * AWS, S3's lifecycle and DynamoDB's TTL do the same on their own; the local runtime runs this at start-up and
 * every day, since its stand-ins have neither. Running it twice deletes nothing more.
 */
export async function sweepExpired(deps: RetentionDeps): Promise<SweepResult> {
  const now = deps.clock();
  let messagesDeleted = 0;
  let audioDeleted = 0;

  for (const message of await deps.messages.listCreatedBetween(
    BEGINNING,
    retentionCutoff(now, deps.retention.transcriptDays),
  )) {
    if (message.audio_url) {
      await deps.audio.delete(message.audio_url);
      audioDeleted += 1;
    }
    await deps.cardLinks.revokeAll(message.id);
    await removeMessage(deps, message);
    messagesDeleted += 1;
  }

  for (const message of await deps.messages.listCreatedBetween(
    BEGINNING,
    retentionCutoff(now, deps.retention.audioDays),
  )) {
    if (!message.audio_url) continue;
    await deps.audio.delete(message.audio_url);
    await changeMessage(deps, message.id, { whileIn: MESSAGE_STATUSES, patch: { audio_url: null } });
    audioDeleted += 1;
  }
  return { messagesDeleted, audioDeleted };
}

export type ProviderMediaDeps = MessageChangeDeps & {
  /** Twilio's media API with the saved credentials. */
  readonly providers: Pick<Providers, 'mediaFetcher'>;
  readonly retention: Retention;
  readonly warn: (message: string, details?: Record<string, unknown>) => void;
};

export type ProviderMediaResult = { readonly deleted: number; readonly failed: number };

/**
 * Media that Twilio still holds for us is deleted there once it is as old as audio may be kept. It is the media
 * of messages whose run never fetched it (past the daily limit, or a run that never started) and keeps waiting
 * for an operator's retry; without this it would outlive the period the privacy policy states. S3's lifecycle
 * and DynamoDB's TTL cannot reach Twilio, so this runs daily in AWS (a schedule) and with the local sweep.
 * A delete that fails is reported and tried again the next day; the others go on.
 */
export async function expireProviderMedia(deps: ProviderMediaDeps): Promise<ProviderMediaResult> {
  const days = Math.min(deps.retention.audioDays, deps.retention.transcriptDays);
  const old = await deps.messages.listCreatedBetween(BEGINNING, retentionCutoff(deps.clock(), days));
  let deleted = 0;
  let failed = 0;
  for (const message of old) {
    if (!message.media_url) continue;
    try {
      await (await deps.providers.mediaFetcher()).delete(message.media_url);
      await changeMessage(deps, message.id, { whileIn: MESSAGE_STATUSES, patch: { media_url: null } });
      deleted += 1;
    } catch (error) {
      failed += 1;
      deps.warn('Expired media could not be deleted at Twilio; it is tried again tomorrow', {
        messageId: message.id,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { deleted, failed };
}

/**
 * Forwarded calls' recordings (issue 33) that Twilio still holds and no message names (a recording status
 * callback that never reached us, a delete that failed there) are deleted once as old as audio may be kept,
 * like the media above: nothing of a caller's stays at Twilio past the period the privacy policy states.
 */
export async function expireProviderRecordings(deps: ProviderMediaDeps): Promise<ProviderMediaResult> {
  const days = Math.min(deps.retention.audioDays, deps.retention.transcriptDays);
  try {
    const fetcher = await deps.providers.mediaFetcher();
    if (!fetcher.deleteRecordingsBefore) return { deleted: 0, failed: 0 };
    return { deleted: await fetcher.deleteRecordingsBefore(retentionCutoff(deps.clock(), days)), failed: 0 };
  } catch (error) {
    deps.warn('Expired call recordings could not be deleted at Twilio; they are tried again tomorrow', {
      reason: error instanceof Error ? error.message : String(error),
    });
    return { deleted: 0, failed: 1 };
  }
}
