import { MESSAGE_NOT_AVAILABLE, type SharedMessage } from '@core/message-link';
import { CheckCircle2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { ApiError } from '@/lib/api-client';
import { exactTime } from '@/lib/format-time';
import { fetchSharedMessage } from '../api/message-link';
import { DeleteMessage } from './delete-message';
import { LinkAudioPlayer } from './link-audio-player';

type State =
  | { readonly status: 'loading' }
  | { readonly status: 'not-available' }
  | { readonly status: 'error' }
  | { readonly status: 'deleted' }
  | { readonly status: 'shown'; readonly message: SharedMessage };

const languageNames = new Intl.DisplayNames(undefined, { type: 'language' });

function languageName(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function Notice({ title, children }: { readonly title: string; readonly children?: React.ReactNode }) {
  return (
    <div className="space-y-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight text-ink">{title}</h1>
      {children}
      <p>
        <AppLink
          to="landing"
          className="inline-flex min-h-11 items-center font-semibold text-accent underline"
        >
          Go to the home page
        </AppLink>
      </p>
    </div>
  );
}

/**
 * The whole of one voice message, for whoever holds its link: the summary, when it arrived, the recording
 * (fetched on play), the full transcript, and deleting it. A code that opens nothing, for whatever reason,
 * shows the one sentence the API answers.
 */
export function SharedMessageView({ code }: { readonly code: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    fetchSharedMessage(code, abort.signal).then(
      (message) => setState({ status: 'shown', message }),
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setState({ status: error instanceof ApiError && error.status === 404 ? 'not-available' : 'error' });
      },
    );
    return () => abort.abort();
  }, [code]);

  switch (state.status) {
    case 'loading':
      return (
        <p role="status" className="py-8 text-muted">
          Loading the message...
        </p>
      );
    case 'not-available':
      return (
        <Notice title={MESSAGE_NOT_AVAILABLE}>
          <p className="text-lg text-muted">
            The link may be mistyped, or the message was deleted or is past the time we keep messages.
          </p>
        </Notice>
      );
    case 'error':
      return (
        <Notice title="The message could not be loaded">
          <p className="text-lg text-muted">Check your connection and reload the page in a minute.</p>
        </Notice>
      );
    case 'deleted':
      return (
        <Notice title="The message is deleted">
          <p role="status" className="flex items-start gap-2 text-lg text-ink">
            <CheckCircle2 aria-hidden="true" className="mt-1 size-5 shrink-0 text-success" />
            Its recording, transcript and summary are erased, and this link no longer opens anything.
          </p>
        </Notice>
      );
    case 'shown':
      return (
        <MessageDetails
          code={code}
          message={state.message}
          onDeleted={() => setState({ status: 'deleted' })}
        />
      );
  }
}

function MessageDetails({
  code,
  message,
  onDeleted,
}: {
  readonly code: string;
  readonly message: SharedMessage;
  readonly onDeleted: () => void;
}) {
  return (
    <article className="space-y-6 py-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Your voice message</h1>
        <p className="text-muted">
          Received <time dateTime={message.received_at}>{exactTime(message.received_at)}</time>
          {message.language ? ` · ${languageName(message.language)}` : ''}
        </p>
      </header>
      <section aria-labelledby="summary-heading" className="space-y-2">
        <h2 id="summary-heading" className="text-lg font-semibold text-ink">
          Summary
        </h2>
        <p className="text-lg leading-relaxed text-ink">{message.summary || 'No summary was made.'}</p>
        {message.callback && <p className="font-semibold text-ink">{message.callback}</p>}
      </section>
      <section aria-labelledby="recording-heading" className="space-y-2">
        <h2 id="recording-heading" className="text-lg font-semibold text-ink">
          Recording
        </h2>
        {message.has_audio ? (
          <LinkAudioPlayer code={code} />
        ) : (
          <p className="text-muted">The recording is no longer kept; the transcript below stays.</p>
        )}
      </section>
      <section aria-labelledby="transcript-heading" className="space-y-2">
        <h2 id="transcript-heading" className="text-lg font-semibold text-ink">
          Full transcript
        </h2>
        <p className="leading-relaxed whitespace-pre-wrap text-ink select-text">
          {message.transcript?.trim() || 'No speech was recognized.'}
        </p>
      </section>
      <section aria-labelledby="privacy-heading" className="space-y-3 border-t border-line pt-6">
        <h2 id="privacy-heading" className="text-lg font-semibold text-ink">
          Who can see this
        </h2>
        <p className="text-muted">
          Anyone with this link can read this message
          {message.expires_at ? (
            <>
              {' '}
              until <time dateTime={message.expires_at}>{exactTime(message.expires_at)}</time>, when we delete
              it
            </>
          ) : null}
          . Delete it once you no longer need it.
        </p>
        <DeleteMessage code={code} onDeleted={onDeleted} />
      </section>
    </article>
  );
}
