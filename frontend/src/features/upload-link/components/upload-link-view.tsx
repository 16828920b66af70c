import { AUDIO_FILE_ACCEPT, MAX_AUDIO_BYTES } from '@core/audio/audio-format';
import { UPLOAD_LINK_NOT_AVAILABLE } from '@core/audio/upload-link';
import { CheckCircle2, CircleAlert, Upload } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { PageNotice } from '@/components/layout/page-notice';
import { Button } from '@/components/ui/button';
import { UploadProgress } from '@/components/ui/upload-progress';
import { ApiError, isNotFound } from '@/lib/api-client';
import { MAX_AUDIO_SIZE } from '@/lib/audio-file';
import { errorMessage } from '@/lib/error-message';
import { exactTime } from '@/lib/format-time';
import { sendFile } from '@/lib/send-file';
import { useServerData } from '@/lib/use-server-data';
import { fetchUploadLink, handInRecording, requestLinkUpload } from '../api/upload-link';

export const UPLOAD_FAILED = 'The upload failed';

/**
 * The page of an UPLOAD link: pick a recording on the phone, send it with a progress bar, and it is answered
 * by text like a forwarded voice message. A code that opens nothing (mistyped, past its hour, used, revoked by
 * DELETE or STOP) shows the one sentence the API answers; a number past its voice messages a day is told so
 * (the API's words) before a byte is sent, or when the limit was reached meanwhile: nothing is kept.
 */
export function UploadLinkView({ code }: { readonly code: string }) {
  const link = useServerData((signal) => fetchUploadLink(code, signal), { reloadKey: code });
  // What the form ended in: the recording handed in, the number's voice messages found used up for today
  // (the server's words), or the link found used up, expired or revoked meanwhile.
  const [outcome, setOutcome] = useState<'sent' | { readonly overLimit: string } | 'gone' | null>(null);
  const overLimit =
    typeof outcome === 'object' && outcome !== null ? outcome.overLimit : overLimitOf(link.error);

  if (outcome === 'sent')
    return (
      <PageNotice title="Recording received">
        <p role="status" className="flex items-start gap-2 text-lg text-ink">
          <CheckCircle2 aria-hidden="true" className="mt-1 size-5 shrink-0 text-success" />
          We are transcribing it now: the summary comes by text in a few minutes. This link is now used up.
        </p>
      </PageNotice>
    );
  if (overLimit !== null)
    return (
      <PageNotice title="Today's limit is reached">
        <p role="status" className="flex items-start gap-2 text-lg text-ink">
          <CircleAlert aria-hidden="true" className="mt-1 size-5 shrink-0 text-danger" />
          {overLimit}
        </p>
      </PageNotice>
    );
  if (outcome === 'gone' || isNotFound(link.error))
    return (
      <PageNotice title={UPLOAD_LINK_NOT_AVAILABLE}>
        <p className="text-lg text-muted">
          The link may be mistyped, past its hour, already used, or cancelled by a DELETE or STOP. Text UPLOAD
          to the same number for a new one.
        </p>
      </PageNotice>
    );
  if (link.error !== undefined)
    return (
      <PageNotice title="The page could not be loaded">
        <p className="text-lg text-muted">Check your connection and reload the page in a minute.</p>
      </PageNotice>
    );
  if (!link.data)
    return (
      <p role="status" className="py-8 text-muted">
        Loading...
      </p>
    );
  return (
    <UploadForm
      code={code}
      expiresAt={link.data.expires_at}
      onSent={() => setOutcome('sent')}
      onOverLimit={(words) => setOutcome({ overLimit: words })}
      onGone={() => setOutcome('gone')}
    />
  );
}

/** The server's words when the number's voice messages for today are used up (409), else null. */
function overLimitOf(error: unknown): string | null {
  return error instanceof ApiError && error.status === 409 ? (error.serverMessage ?? error.message) : null;
}

function UploadForm({
  code,
  expiresAt,
  onSent,
  onOverLimit,
  onGone,
}: {
  readonly code: string;
  readonly expiresAt: string;
  readonly onSent: () => void;
  /** Nothing was kept: the number's voice messages for today are used up (the server's words). */
  readonly onOverLimit: (words: string) => void;
  readonly onGone: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileId = useId();
  const errorId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (progress !== null) return;
    if (!file) return setError('Choose a recording first.');
    if (file.size > MAX_AUDIO_BYTES)
      return setError(`The recording is larger than ${MAX_AUDIO_SIZE}: choose a shorter one.`);
    setError(null);
    setProgress(0);
    try {
      await sendFile(await requestLinkUpload(code, file), file, setProgress);
      await handInRecording(code);
      onSent();
    } catch (failure) {
      setProgress(null);
      if (isNotFound(failure) && failure.serverMessage === UPLOAD_LINK_NOT_AVAILABLE) {
        onGone();
        return;
      }
      const overLimit = overLimitOf(failure);
      if (overLimit !== null) {
        onOverLimit(overLimit);
        return;
      }
      setError(
        errorMessage(failure, {
          fallback: UPLOAD_FAILED,
          unreachable: `${UPLOAD_FAILED}: check your connection and try again.`,
        }),
      );
    }
  };

  return (
    <form className="space-y-5 py-6" onSubmit={onSubmit} noValidate>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-ink">Send a recording</h1>
        <p className="text-lg text-ink">
          Pick a voice message or other recording on this phone (audio, up to {MAX_AUDIO_SIZE}). We text you
          its summary and transcript, as for a forwarded voice message.
        </p>
        <p className="text-muted">
          This link works once, until <time dateTime={expiresAt}>{exactTime(expiresAt)}</time>.
        </p>
      </header>
      <div className="space-y-2">
        <label htmlFor={fileId} className="block font-semibold text-ink">
          Recording
        </label>
        <input
          id={fileId}
          type="file"
          accept={AUDIO_FILE_ACCEPT}
          disabled={progress !== null}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setError(null);
          }}
          className="block min-h-11 w-full rounded-lg border border-line-strong bg-canvas p-2 text-base text-ink file:mr-3 file:min-h-9 file:rounded-md file:border-0 file:bg-surface file:px-3 file:font-semibold file:text-ink"
        />
      </div>
      {progress !== null && <UploadProgress fraction={progress} doneText="Checking the recording..." />}
      {error && (
        <p id={errorId} role="alert" className="text-danger">
          {error}
        </p>
      )}
      <Button type="submit" disabled={progress !== null} className="w-full sm:w-auto">
        <Upload aria-hidden="true" className="size-5" />
        {progress !== null ? 'Uploading...' : 'Upload'}
      </Button>
    </form>
  );
}
