/** How long the deployment keeps messages (TRANSCRIPT_RETENTION_DAYS), read by the functions that check it. */
import { ENV } from './env-names';
import { once } from './once';
import { readEnv, retentionDays } from './read-env';

/** Days a message (transcript, summary) is kept: no setting may keep a link to it longer. */
export const transcriptRetentionDays = once(
  () =>
    readEnv('the transcript retention', { [ENV.TRANSCRIPT_RETENTION_DAYS]: retentionDays })
      .TRANSCRIPT_RETENTION_DAYS,
);
