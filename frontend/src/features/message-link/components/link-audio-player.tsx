import { Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useOnDemandUrl } from '@/lib/use-on-demand-url';
import { fetchSharedAudioUrl } from '../api/message-link';

/**
 * The recording, from a short-lived link the API signs only when play is pressed: opening the page fetches no
 * audio, and no lasting public URL of it ever exists.
 */
export function LinkAudioPlayer({ code }: { readonly code: string }) {
  const { state, open } = useOnDemandUrl(() => fetchSharedAudioUrl(code));
  if (state.status === 'open') {
    // biome-ignore lint/a11y/useMediaCaption: a voice message has no captions; its transcript is on this page
    return <audio controls autoPlay src={state.url} className="w-full" aria-label="The voice message" />;
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" disabled={state.status === 'loading'} onClick={open}>
        <Play aria-hidden="true" className="size-5" />
        {state.status === 'loading' ? 'Loading audio...' : 'Play the recording'}
      </Button>
      {state.status === 'error' && (
        <p role="alert" className="text-danger">
          The recording could not be loaded. Try again in a minute.
        </p>
      )}
    </div>
  );
}
