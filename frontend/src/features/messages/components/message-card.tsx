import { languageLabel, languageName } from '@core/languages';
import { formatPhoneNumber } from '@core/phone';
import { checkedCallbackLine } from '@core/reply';
import type { Message } from '@core/schemas';
import { isStuck, STATUS_PRESENTATION } from '@core/status';
import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { RelativeTime } from '@/components/ui/relative-time';
import { formatDuration } from '@/lib/format-time';
import { useRecording } from '@/lib/use-recording';
import { audioUrl, processAudio } from '../api/messages';
import { retryErrorText } from '../utils/retry-error';
import { AudioPlayer } from './audio-player';
import { CardTranscript } from './card-transcript';
import { DeliveryStatus } from './delivery-status';
import { RefusedDetails } from './refused-details';
import { RunDetails } from './run-details';
import { StatusBadge } from './status-badge';
import { TranscriptReview } from './transcript-review';

/** The callback line the first message carried (the summary's text leaves the number to it). */
function CallbackLine({
  details,
  transcript,
}: {
  readonly details: NonNullable<Message['summary_details']>;
  readonly transcript: string;
}) {
  const line = checkedCallbackLine(details, transcript);
  return line === null ? null : <p className="mt-1 text-ink">{line}</p>;
}

/** How a sender reads: phone numbers as (415) 555-0132, test uploads by their name. */
function senderLabel(sender: string): string {
  return sender.startsWith('+') ? formatPhoneNumber(sender) : sender;
}

/**
 * The sender's LANG choice when it changed the reply ("Reply in English: sender's LANG en"); null when the
 * reply was in the message's own language.
 */
function replyLanguageNote(message: Message): string | null {
  const chosen = message.reply_language;
  if (!chosen || chosen === message.language) return null;
  return `Reply in ${languageName(chosen)}: sender's LANG ${chosen}`;
}

/** The sender's MODE when the reply followed it ("Summary only: sender's MODE SUMMARY"); null otherwise. */
function replyModeNote(message: Message): string | null {
  if (message.sender_reply_mode === 'full') return "Summary and transcript: sender's MODE FULL";
  if (message.sender_reply_mode === 'summary_only') return "Summary only: sender's MODE SUMMARY";
  return null;
}

/**
 * One voice message (SPEC section 4's table): pending "Waiting to process..." with "Process Now"; processing
 * "Processing audio message..." with "Retry Now"; completed the summary, the full transcript and "• Reply
 * sent"; failed the error with "Retry Processing", unless processing it again would fail the same way (a
 * recording too long, too large, not audio or silent: `error_retryable` false), which the card says instead.
 * The record of a picture or text that was not a voice message shows what came in and what we answered.
 */
export function MessageCard({ message }: { readonly message: Message }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // One player for the card: its Play button and the transcript's shaded words play the same recording.
  const recording = useRecording(() => audioUrl(message.id));
  const presentation = STATUS_PRESENTATION[message.status];
  const retryWouldFail = message.status === 'failed' && message.error_retryable === false;
  // The record of a picture or a text that was not a voice message: no run, nothing to retry.
  const refusal = message.refusal;
  const action = retryWouldFail ? null : presentation.action;

  const retry = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await processAudio(message);
    } catch (error) {
      setFailure(retryErrorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article
      aria-labelledby={`message-${message.id}-from`}
      className="space-y-3 rounded-xl border border-line bg-canvas p-4 shadow-sm sm:p-5"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={`message-${message.id}-from`} className="font-semibold text-ink">
            {senderLabel(message.sender)}
          </h3>
          <p className="text-sm text-muted">
            <RelativeTime iso={message.created_at} />
            {typeof message.audio_duration_seconds === 'number' && (
              <>
                {' · '}
                <span>{formatDuration(message.audio_duration_seconds)}</span>
              </>
            )}
            {message.source === 'upload' && ' · test upload'}
            {message.language && (
              <>
                {' · '}
                <span title="The language the caller spoke">{languageLabel(message.language)}</span>
              </>
            )}
          </p>
        </div>
        <StatusBadge status={message.status} />
      </header>

      {presentation.text && <p className="text-muted">{presentation.text}</p>}
      {isStuck(message, Date.now()) && (
        <p className="rounded-lg bg-surface px-3 py-2 text-sm text-ink">
          This is taking much longer than a run should: it may be stuck. {presentation.action} starts it
          again.
        </p>
      )}

      {message.status === 'completed' && (
        <div className="space-y-3">
          {message.summary && (
            <section>
              <h4 className="text-sm font-semibold tracking-wide text-muted uppercase">Summary</h4>
              <p className="mt-1 text-ink">{message.summary}</p>
              {message.summary_details && (
                <CallbackLine details={message.summary_details} transcript={message.transcript ?? ''} />
              )}
            </section>
          )}
          {message.transcript && (
            <section>
              <h4 className="text-sm font-semibold tracking-wide text-muted uppercase">Full Transcript</h4>
              <div className="mt-1">
                <CardTranscript
                  message={message}
                  transcript={message.transcript}
                  recording={message.audio_url ? recording : undefined}
                />
              </div>
            </section>
          )}
          {replyLanguageNote(message) && <p className="text-sm text-muted">{replyLanguageNote(message)}</p>}
          {replyModeNote(message) && <p className="text-sm text-muted">{replyModeNote(message)}</p>}
          {message.reply_sent && <p className="text-sm font-medium text-success">• Reply sent</p>}
        </div>
      )}

      {message.status === 'failed' && (
        <p className="rounded-lg bg-danger-soft px-3 py-2 text-danger">
          {message.error_message ?? 'Processing failed.'}
        </p>
      )}
      {refusal && <RefusedDetails refusal={refusal} />}
      {retryWouldFail && !refusal && (
        <p className="text-sm text-muted">
          Not offered for retry: processing this recording again would fail the same way.
        </p>
      )}

      <DeliveryStatus message={message} />

      {message.warnings && message.warnings.length > 0 && (
        <ul className="space-y-1 text-sm text-muted">
          {message.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}

      {/* The operator's controls together, below what the card says (the reply and its delivery stay side by side). */}
      <TranscriptReview message={message} />
      <div className="flex flex-wrap items-center gap-3">
        {message.audio_url && <AudioPlayer recording={recording} />}
        {action && (
          <button
            type="button"
            onClick={retry}
            disabled={busy}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-lg bg-accent px-3 text-sm font-semibold text-on-accent hover:bg-accent-strong disabled:cursor-not-allowed disabled:bg-accent/60"
          >
            <RotateCw aria-hidden="true" className={`size-4 ${busy ? 'animate-spin' : ''}`} />
            {action}
          </button>
        )}
      </div>
      {failure && (
        <p role="alert" className="text-sm font-medium text-danger">
          {failure}
        </p>
      )}
      {message.status !== 'pending' && !refusal && (
        <RunDetails messageId={message.id} version={message.updated_at} />
      )}
    </article>
  );
}
