/**
 * A message's recording that can be played from a given moment (a shaded word, a link's `#t=`): the player
 * opens on a short-lived link fetched only then (useOnDemandUrl), and starts where it was asked to once the
 * browser knows the recording's length; asked again while open, it jumps there and plays.
 */
import { type RefObject, useRef, useState } from 'react';
import { useOnDemandUrl } from './use-on-demand-url';

export type Recording = {
  readonly state: ReturnType<typeof useOnDemandUrl>['state'];
  /** Opens the player from the start (the Play button). */
  readonly open: () => Promise<void>;
  /** Plays from `seconds` in, opening the player first if it is closed. */
  readonly playFrom: (seconds: number) => void;
  /** Where the last `playFrom` asked to start; null when the player was opened from the start. */
  readonly startedAt: number | null;
  /** For the `<audio>` element the player renders. */
  readonly audioProps: {
    readonly ref: RefObject<HTMLAudioElement | null>;
    readonly onLoadedMetadata: () => void;
  };
};

export function useRecording(fetchUrl: () => Promise<string>): Recording {
  const { state, open } = useOnDemandUrl(fetchUrl);
  const ref = useRef<HTMLAudioElement | null>(null);
  // Where to start once the player knows the recording (setting currentTime any earlier is not kept everywhere).
  const pending = useRef<number | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);

  const playFrom = (seconds: number) => {
    setStartedAt(seconds);
    const audio = ref.current;
    if (state.status === 'open' && audio) {
      audio.currentTime = seconds;
      // Refused only if the browser blocks playing; the player's own controls still work.
      void audio.play().catch(() => undefined);
      return;
    }
    pending.current = seconds;
    if (state.status !== 'loading') void open();
  };

  return {
    state,
    open: () => {
      pending.current = null;
      setStartedAt(null);
      return open();
    },
    playFrom,
    startedAt,
    audioProps: {
      ref,
      onLoadedMetadata: () => {
        if (ref.current && pending.current !== null) ref.current.currentTime = pending.current;
        pending.current = null;
      },
    },
  };
}
