import { MESSAGE_NOT_AVAILABLE } from '@core/messages/message-link';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { PageNotice } from '@/components/layout/page-notice';
import { HeardTranscript } from '@/components/ui/heard-transcript';
import { NumberUnclear } from '@/components/ui/number-unclear';
import { isNotFound } from '@/lib/api-client';
import { exactTime } from '@/lib/format-time';
import { useRecording } from '@/lib/use-recording';
import { useServerData } from '@/lib/use-server-data';
import { fetchSharedAudioUrl, fetchSharedMessage, type PageMessage } from '../api/message-link';
import { useLinkMoment } from '../hooks/use-link-moment';
import { DeleteMessage } from './delete-message';
import { LinkAudioPlayer } from './link-audio-player';
import { MessageCardLinks } from './message-card-links';
import { UrgencyNotice } from './urgency-notice';

const languageNames = new Intl.DisplayNames(undefined, { type: 'language' });

function languageName(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The whole of one voice message, for whoever holds its link: the summary, when it arrived, the recording
 * (fetched on play), the full transcript with the words that were hard to hear shaded, and deleting it. A code that opens nothing, for whatever reason,
 * shows the one sentence the API answers.
 */
export function SharedMessageView({ code }: { readonly code: string }) {
  const shared = useServerData((signal) => fetchSharedMessage(code, signal), { reloadKey: code });
  const [deleted, setDeleted] = useState(false);

  if (deleted)
    return (
      <PageNotice title="The message is deleted">
        <p role="status" className="flex items-start gap-2 text-lg text-ink">
          <CheckCircle2 aria-hidden="true" className="mt-1 size-5 shrink-0 text-success" />
          Its recording, transcript and summary are erased, and this link no longer opens anything.
        </p>
      </PageNotice>
    );
  if (isNotFound(shared.error))
    return (
      <PageNotice title={MESSAGE_NOT_AVAILABLE}>
        <p className="text-lg text-muted">
          The link may be mistyped or too old, or the message was deleted or is past the time we keep
          messages.
        </p>
      </PageNotice>
    );
  if (shared.error !== undefined)
    return (
      <PageNotice title="The message could not be loaded">
        <p className="text-lg text-muted">Check your connection and reload the page in a minute.</p>
      </PageNotice>
    );
  if (!shared.data)
    return (
      <p role="status" className="py-8 text-muted">
        Loading the message...
      </p>
    );
  return <MessageDetails code={code} message={shared.data} onDeleted={() => setDeleted(true)} />;
}

function MessageDetails({
  code,
  message,
  onDeleted,
}: {
  readonly code: string;
  readonly message: PageMessage;
  readonly onDeleted: () => void;
}) {
  const recording = useRecording(() => fetchSharedAudioUrl(code));
  const moment = useLinkMoment();
  const recordingSection = (
    <section aria-labelledby="recording-heading" className="space-y-2">
      <h2 id="recording-heading" className="text-lg font-semibold text-ink">
        Recording
      </h2>
      {message.has_audio ? (
        <LinkAudioPlayer recording={recording} moment={moment} />
      ) : (
        <p className="text-muted">The recording is no longer kept; the transcript below stays.</p>
      )}
    </section>
  );
  const transcript = message.transcript?.trim();
  return (
    <article className="space-y-6 py-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Your voice message</h1>
        <p className="text-muted">
          Received <time dateTime={message.received_at}>{exactTime(message.received_at)}</time>
          {message.language ? ` · ${languageName(message.language)}` : ''}
        </p>
      </header>
      <UrgencyNotice urgency={message.urgency} />
      {/* A link to a moment ("listen at 0:42") puts the recording first, where its "Listen from" is seen at once. */}
      {moment !== null && recordingSection}
      <section aria-labelledby="summary-heading" className="space-y-2">
        <h2 id="summary-heading" className="text-lg font-semibold text-ink">
          Summary
        </h2>
        <p className="text-lg leading-relaxed text-ink">{message.summary || 'No summary was made.'}</p>
        {message.callback && <p className="font-semibold text-ink">{message.callback}</p>}
        {message.number_unclear && (
          <NumberUnclear
            at={message.number_unclear.at}
            recording={message.has_audio ? recording : undefined}
            className="font-semibold text-ink"
          />
        )}
      </section>
      <MessageCardLinks code={code} cards={message.cards} />
      {moment === null && recordingSection}
      <section aria-labelledby="transcript-heading" className="space-y-2">
        <h2 id="transcript-heading" className="text-lg font-semibold text-ink">
          Full transcript
        </h2>
        {transcript ? (
          <div className="leading-relaxed">
            <HeardTranscript
              text={transcript}
              words={message.words}
              recording={message.has_audio ? recording : undefined}
            />
          </div>
        ) : (
          <p className="text-ink">No speech was recognized.</p>
        )}
      </section>
      <section aria-labelledby="privacy-heading" className="space-y-3 border-t border-line pt-6">
        <h2 id="privacy-heading" className="text-lg font-semibold text-ink">
          Who can see this
        </h2>
        <p className="text-muted">
          Anyone with this link can read this message until{' '}
          <time dateTime={message.expires_at}>{exactTime(message.expires_at)}</time>, when the link stops
          working. Delete it once you no longer need it.
        </p>
        <DeleteMessage code={code} onDeleted={onDeleted} />
      </section>
    </article>
  );
}
