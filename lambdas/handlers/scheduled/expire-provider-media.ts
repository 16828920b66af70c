/**
 * Once a day (an EventBridge schedule): deletes at Twilio the media of messages older than the audio retention
 * period whose runs never fetched it, and the forwarded calls' recordings as old (use-cases/retention.ts), so nothing we hold at Twilio outlives what the
 * privacy policy states. The local runtime does the same in its daily sweep.
 */

import { ENV } from '../../composition/env-names';
import { mediaFetching } from '../../composition/media';
import { messageChanges, warn } from '../../composition/message-changes';
import { lambdaHandler, metrics } from '../../composition/observability';
import { readEnv, retentionDays } from '../../composition/read-env';
import { expireProviderMedia, expireProviderRecordings } from '../../use-cases/retention';

const env = readEnv('retention', {
  [ENV.AUDIO_RETENTION_DAYS]: retentionDays,
  [ENV.TRANSCRIPT_RETENTION_DAYS]: retentionDays,
});

const deps = {
  ...messageChanges(),
  providers: mediaFetching(),
  retention: { audioDays: env.AUDIO_RETENTION_DAYS, transcriptDays: env.TRANSCRIPT_RETENTION_DAYS },
  warn,
};

export const handler = lambdaHandler(async () => {
  const media = await expireProviderMedia(deps);
  const recordings = await expireProviderRecordings(deps);
  const result = { deleted: media.deleted + recordings.deleted, failed: media.failed + recordings.failed };
  metrics.addMetric('ProviderMediaExpired', 'Count', result.deleted);
  if (result.failed > 0) metrics.addMetric('ProviderMediaNotExpired', 'Count', result.failed);
  return result;
});
