import { momentLabel } from '@core/messages/message-moment';
import type { Recording } from '@/lib/use-recording';

/**
 * "Number unclear, listen at 0:42": the line the first text carried when a callback number was said but not
 * heard well enough to state (the message's `stated_facts.number_unclear`, issue 24). Where the recording can
 * be played, "listen at 0:42" plays it from there; without a moment it says to listen to the message.
 */
export function NumberUnclear({
  at,
  recording,
  className = 'text-ink',
}: {
  readonly at: number | null;
  readonly recording?: Recording | undefined;
  readonly className?: string;
}) {
  if (at === null) return <p className={className}>Number unclear: listen to the message</p>;
  const label = momentLabel(at);
  return (
    <p className={className}>
      Number unclear,{' '}
      {recording ? (
        <button
          type="button"
          onClick={() => recording.playFrom(at)}
          className="min-h-9 font-semibold text-accent underline"
        >
          listen at {label}
        </button>
      ) : (
        `listen at ${label}`
      )}
    </p>
  );
}
