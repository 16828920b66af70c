import { Inbox } from 'lucide-react';
import type { LiveState } from '../api/live-messages';
import type { RecentMessages as State } from '../hooks/use-recent-messages';
import { MessageCard } from './message-card';

const LIVE_LABEL: Record<LiveState | 'off', string> = {
  live: 'Live',
  connecting: 'Connecting...',
  reconnecting: 'Reconnecting...',
  off: 'Live updates off',
};

/** SPEC: "A Recent Messages list with a count", newest first, at most 10, updating in place. */
export function RecentMessages({ state }: { readonly state: State }) {
  return (
    <section aria-labelledby="recent-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="recent-title" className="text-xl font-bold text-ink">
          Recent Messages <span className="font-normal text-muted">({state.messages.length})</span>
        </h2>
        <span role="status" className="inline-flex items-center gap-2 text-sm text-muted">
          <span
            aria-hidden="true"
            className={`size-2.5 rounded-full ${state.live === 'live' ? 'bg-success' : 'bg-line-strong'}`}
          />
          {LIVE_LABEL[state.live]}
        </span>
      </div>
      {state.loaded && state.messages.length === 0 && (
        <div className="flex items-center gap-3 rounded-xl border border-dashed border-line-strong p-6 text-muted">
          <Inbox aria-hidden="true" className="size-6" />
          <p>No messages yet. Forward a voice message to the service number, or upload a test file.</p>
        </div>
      )}
      <ol className="space-y-4">
        {state.messages.map((message) => (
          <li key={message.id} className="animate-[fade-in_200ms_ease-out]">
            <MessageCard message={message} />
          </li>
        ))}
      </ol>
    </section>
  );
}
