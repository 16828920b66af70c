/**
 * Retention on one machine: dynalite has no TTL and s3rver no lifecycle rules, so the local runtime deletes
 * expired messages and audio itself, at start-up and then every day, with the same use case and the same
 * periods the privacy policy states (AUDIO_RETENTION_DAYS, TRANSCRIPT_RETENTION_DAYS: local/local-config.ts).
 */

import type { Retention } from '#core/messages/retention';
import { audioStore } from '../lambdas/composition/audio';
import { mediaFetching } from '../lambdas/composition/media';
import { messageChanges, warn } from '../lambdas/composition/message-changes';
import { cardLinkStore } from '../lambdas/composition/repositories';
import {
  expireProviderMedia,
  type ProviderMediaResult,
  type SweepResult,
  sweepExpired,
} from '../lambdas/use-cases/retention';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sweeps now and every day until stopped: media Twilio still holds first (while its messages exist), then
 * messages and audio. Each sweep's result goes to `log` when it deleted anything.
 */
export function startRetentionSweep(
  retention: Retention,
  log: (line: string) => void,
): {
  readonly stop: () => void;
  readonly sweep: () => Promise<SweepResult & { readonly providerMedia: ProviderMediaResult }>;
} {
  const changes = messageChanges();
  const deps = { ...changes, audio: audioStore(), retention, cardLinks: cardLinkStore() };
  const sweep = async () => {
    const providerMedia = await expireProviderMedia({
      ...changes,
      providers: mediaFetching(),
      retention,
      warn,
    });
    const result = await sweepExpired(deps);
    if (providerMedia.deleted)
      log(`Retention: deleted ${providerMedia.deleted} expired media file(s) at Twilio.`);
    if (result.messagesDeleted || result.audioDeleted) {
      log(
        `Retention: deleted ${result.messagesDeleted} expired message(s) and ${result.audioDeleted} audio file(s).`,
      );
    }
    return { ...result, providerMedia };
  };
  const run = () => {
    sweep().catch((error: Error) => log(`Retention sweep failed (it runs again tomorrow): ${error.message}`));
  };
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer), sweep };
}
