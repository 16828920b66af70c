import { Play } from 'lucide-react';
import { useState } from 'react';
import { audioUrl } from '../api/messages';

/**
 * The message's audio, from a short-lived link the API signs when the player is opened (the bucket is
 * private; no public URL ever exists).
 */
export function AudioPlayer({ messageId }: { readonly messageId: string }) {
  const [state, setState] = useState<
    { status: 'closed' | 'loading' | 'error' } | { status: 'open'; url: string }
  >({
    status: 'closed',
  });
  if (state.status === 'open') {
    // biome-ignore lint/a11y/useMediaCaption: a caller's voice message has no captions; its transcript is on the card
    return <audio controls autoPlay src={state.url} className="w-full max-w-md" />;
  }
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        disabled={state.status === 'loading'}
        onClick={async () => {
          setState({ status: 'loading' });
          try {
            setState({ status: 'open', url: await audioUrl(messageId) });
          } catch {
            setState({ status: 'error' });
          }
        }}
        className="inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-line-strong px-3 text-sm font-semibold text-ink hover:bg-surface"
      >
        <Play aria-hidden="true" className="size-4" />
        {state.status === 'loading' ? 'Loading audio...' : 'Play audio'}
      </button>
      {state.status === 'error' && (
        <span role="alert" className="text-sm text-danger">
          The audio could not be loaded.
        </span>
      )}
    </div>
  );
}
