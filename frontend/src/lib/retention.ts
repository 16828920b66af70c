import type { RuntimeConfig } from '@/config/runtime-config';

type Retention = RuntimeConfig['retention'];

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** How long audio is kept, as a sentence, from the deployment's configured retention. */
export function audioRetentionSentence(retention: Retention | null): string {
  if (!retention || retention.audioDays === null) {
    return 'Audio is kept until you ask us to delete it, so that a failed message can be processed again.';
  }
  return `Audio is deleted automatically ${days(retention.audioDays)} after it arrives.`;
}

/** How long transcripts and summaries are kept, as a sentence. */
export function transcriptRetentionSentence(retention: Retention | null): string {
  if (!retention || retention.transcriptDays === null) {
    return 'Transcripts and summaries are kept until you ask us to delete them.';
  }
  return `Transcripts and summaries are deleted automatically ${days(retention.transcriptDays)} after the message arrives.`;
}
