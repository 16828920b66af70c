import type { Message } from '@core/messages/message';
import { HeardTranscript } from '@/components/ui/heard-transcript';
import type { Recording } from '@/lib/use-recording';
import { useServerData } from '@/lib/use-server-data';
import { loadMessageWords } from '../api/messages';

/** Longer transcripts show this much first. */
const PREVIEW_CHARS = 280;

/**
 * The card's transcript: a preview with "Show full transcript" when long, the words that were hard to hear
 * shaded once the message's words have loaded (asked for by each card that shows a transcript; until they
 * come, or if they cannot, the transcript reads plainly, as it does for messages without words).
 */
export function CardTranscript({
  message,
  transcript,
  recording,
}: {
  readonly message: Pick<Message, 'id'>;
  readonly transcript: string;
  /** Absent when the recording is not kept: the shading stays, with nothing to play. */
  readonly recording: Recording | undefined;
}) {
  // Loaded again when the transcript changes (a message processed again has new words).
  const words = useServerData((signal) => loadMessageWords(message.id, signal), { reloadKey: transcript });
  return (
    <HeardTranscript
      text={transcript}
      words={words.data}
      recording={recording}
      previewChars={PREVIEW_CHARS}
    />
  );
}
