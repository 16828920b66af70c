import { Play } from 'lucide-react';
import type { Recording } from '@/lib/use-recording';

/**
 * The message's audio, from a short-lived link the API signs when the player is opened (the bucket is
 * private; no public URL ever exists). The card owns the recording, so a shaded word can play it too.
 */
export function AudioPlayer({ recording }: { readonly recording: Recording }) {
  const { state, open, audioProps } = recording;
  if (state.status === 'open') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: a caller's voice message has no captions; its transcript is on the card
      <audio
        controls
        autoPlay
        src={state.url}
        className="w-full max-w-md"
        ref={audioProps.ref}
        onLoadedMetadata={audioProps.onLoadedMetadata}
      />
    );
  }
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        disabled={state.status === 'loading'}
        onClick={open}
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
