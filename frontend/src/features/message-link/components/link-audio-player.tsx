import { momentLabel } from '@core/messages/message-moment';
import { Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { Recording } from '@/lib/use-recording';

/**
 * The recording, from a short-lived link the API signs only when play is pressed: opening the page fetches no
 * audio, and no lasting public URL of it ever exists. When the page's link names a moment (`#t=42`), the
 * first button plays from there ("Listen from 0:42"): browsers do not autoplay, so the page offers it.
 */
export function LinkAudioPlayer({
  recording,
  moment,
}: {
  readonly recording: Recording;
  readonly moment: number | null;
}) {
  const { state, open, playFrom, audioProps } = recording;
  if (state.status === 'open') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a voice message has no captions; its transcript is on this page
      <audio
        controls
        autoPlay
        src={state.url}
        className="w-full"
        aria-label="The voice message"
        ref={audioProps.ref}
        onLoadedMetadata={audioProps.onLoadedMetadata}
      />
    );
  }
  const loading = state.status === 'loading';
  return (
    <div className="flex flex-wrap items-center gap-3">
      {moment !== null && (
        <Button disabled={loading} onClick={() => playFrom(moment)}>
          <Play aria-hidden="true" className="size-5" />
          {loading ? 'Loading audio...' : `Listen from ${momentLabel(moment)}`}
        </Button>
      )}
      <Button variant="secondary" disabled={loading} onClick={open}>
        {moment === null && <Play aria-hidden="true" className="size-5" />}
        {moment !== null ? 'Play from the start' : loading ? 'Loading audio...' : 'Play the recording'}
      </Button>
      {state.status === 'error' && (
        <p role="alert" className="text-danger">
          The recording could not be loaded. Try again in a minute.
        </p>
      )}
    </div>
  );
}
