import type { Message } from '@core/messages/message';
import { callerNumberWords, messageSource } from '@core/messages/message-source';
import { isStuck, STATUS_PRESENTATION } from '@core/messages/status';
import { messageCallbackLine, messageNumberUnclear } from '@core/texts/callback-lines';
import { languageLabel, languageName } from '@core/texts/languages';
import { NumberUnclear } from '@/components/ui/number-unclear';
import { exactTime, formatDuration } from '@/lib/format-time';
import { useRecording } from '@/lib/use-recording';
import { audioUrl } from '../api/messages';
import { callerOf, rowAction, senderLabel } from '../utils/message-row';
import { AudioPlayer } from './audio-player';
import { CardTranscript } from './card-transcript';
import { DeliveryStatus } from './delivery-status';
import { MessageCorrection, TRANSCRIPT_FIELD, URGENCY_FIELD } from './message-correction';
import { RefusedDetails } from './refused-details';
import { RunDetails } from './run-details';

/** The callback line the first message carried (the summary's text leaves the number to it); none for likely spam. */
function CallbackLine({ message }: { readonly message: Message }) {
  const line = messageCallbackLine({ ...message, transcript: message.transcript ?? '' });
  return line === null ? null : <p className="mt-1 text-ink">{line}</p>;
}

/**
 * Where the message came from, in words (issue 33): a forwarded call with its caller's number from the network
 * and whose number it was forwarded from, an MMS, or a test upload.
 */
function sourceWords(message: Message): string {
  const caller = callerNumberWords(message);
  if (caller !== null) {
    const to = message.sender.startsWith('+') ? `, forwarded by ${senderLabel(message.sender)}` : '';
    return `Call from ${caller}${to}`;
  }
  if (messageSource(message) === 'upload') return 'Test upload';
  return message.refusal ? 'By text' : 'By MMS';
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
 * One voice message in full, as its row opens it (SPEC section 4's table; the row above it keeps the action,
 * issue 34): pending "Waiting to process..."; processing "Processing audio message..."; completed the summary,
 * the full transcript and "• Reply sent"; failed the error, and when processing it again would fail the same
 * way (a recording too long, too large, not audio or silent: `error_retryable` false), that it is not offered. How pressing it is (issue 25) comes first, with its correction. Then how the texts fared, the transcript mark, the audio and the run's Details. Made
 * when the row opens, so the words and the run are asked for then, one message at a time.
 * The record of a picture or text that was not a voice message shows what came in and what we answered.
 */
export function MessageDetail({
  message,
  onChanged,
}: {
  readonly message: Message;
  /** The message as an operator's correction (its urgency, its transcript mark) left it, before the live update. */
  readonly onChanged?: (message: Message) => void;
}) {
  // One player for the message: its Play button and the transcript's shaded words play the same recording.
  const recording = useRecording(() => audioUrl(message.id));
  const presentation = STATUS_PRESENTATION[message.status];
  const retryWouldFail = message.status === 'failed' && message.error_retryable === false;
  // The record of a picture or a text that was not a voice message: no run, nothing to retry.
  const refusal = message.refusal;
  const action = rowAction(message);

  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">
        {callerOf(message) !== null && message.sender.startsWith('+') && message.source !== 'call' && (
          <>From {senderLabel(message.sender)} · </>
        )}
        <time dateTime={message.created_at}>{exactTime(message.created_at)}</time>
        {typeof message.audio_duration_seconds === 'number' && (
          <>
            {' · '}
            <span>{formatDuration(message.audio_duration_seconds)}</span>
          </>
        )}
        {' · '}
        <span>{sourceWords(message)}</span>
        {message.language && (
          <>
            {' · '}
            <span title="The language the caller spoke">{languageLabel(message.language)}</span>
          </>
        )}
      </p>

      <MessageCorrection field={URGENCY_FIELD} message={message} onChanged={onChanged} />
      {presentation.text && <p className="text-muted">{presentation.text}</p>}
      {isStuck(message, Date.now()) && (
        <p className="rounded-lg bg-surface px-3 py-2 text-sm text-ink">
          This is taking much longer than a run should: it may be stuck. {action} (on the row above) starts it
          again.
        </p>
      )}

      {message.status === 'completed' && (
        <div className="space-y-3">
          {message.summary && (
            <section>
              <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">Summary</h3>
              <p className="mt-1 text-ink">{message.summary}</p>
              <CallbackLine message={message} />
              {messageNumberUnclear(message) && (
                <NumberUnclear
                  at={messageNumberUnclear(message)?.at ?? null}
                  recording={message.audio_url ? recording : undefined}
                  className="mt-1 text-ink"
                />
              )}
            </section>
          )}
          {message.transcript && (
            <section>
              <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">Full Transcript</h3>
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
          {message.reply_sent && <p className="text-sm font-medium text-ink">• Reply sent</p>}
        </div>
      )}

      {message.status === 'failed' && (
        <p className="rounded-lg bg-danger-soft px-3 py-2 break-words text-danger">
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
      <MessageCorrection field={TRANSCRIPT_FIELD} message={message} onChanged={onChanged} />
      {message.audio_url && <AudioPlayer recording={recording} />}
      {message.status !== 'pending' && !refusal && (
        <RunDetails messageId={message.id} version={message.updated_at} />
      )}
    </div>
  );
}
