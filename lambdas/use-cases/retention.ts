import { type Retention, retentionCutoff } from '../core/retention';
import { MESSAGE_STATUSES } from '../core/status';
import type { AudioStore } from '../ports/audio-store';
import { changeMessage, type MessageChangeDeps, removeMessage } from './message-changes';

export type RetentionDeps = MessageChangeDeps & {
  readonly audio: AudioStore;
  readonly retention: Retention;
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
