import { AUDIO_FILE_ACCEPT } from '@core/audio/audio-format';
import { DEFAULT_TEST_SENDER } from '@core/messages/message';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { UploadProgress } from '@/components/ui/upload-progress';
import { MAX_AUDIO_SIZE } from '@/lib/audio-file';
import { errorMessage } from '@/lib/error-message';
import { sendFile } from '@/lib/send-file';
import { requestUpload, startProcessing } from '../api/upload';

export const UPLOAD_FAILED = 'Upload failed';

/**
 * SPEC: the test upload panel. Audio files only (MP3, WAV, M4A, FLAC, OGG stated), the sender defaults to
 * "test-user", a progress bar, and the server's error inline in red (else "Upload failed"). The new message
 * shows in the list by itself (live updates). Compact: the file, the sender and the button share a line where
 * there is room. A form without a heading of its own: the home screen's box (test-upload-box.tsx) and
 * Settings' Setup section name it (`labelledBy`).
 */
export function UploadPanel({ labelledBy }: { readonly labelledBy?: string } = {}) {
  const [file, setFile] = useState<File | null>(null);
  const [sender, setSender] = useState(DEFAULT_TEST_SENDER);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const errorId = useId();
  const hintId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (progress !== null) return;
    setError(null);
    setDone(null);
    if (!file) {
      setError('Choose an audio file first.');
      return;
    }
    setProgress(0);
    try {
      const ticket = await requestUpload(file);
      await sendFile(ticket, file, setProgress);
      await startProcessing(ticket.uploadKey, sender.trim() || DEFAULT_TEST_SENDER);
      setDone(`${file.name} was uploaded: it is in Recent Messages.`);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    } catch (caught) {
      setError(errorMessage(caught, { fallback: UPLOAD_FAILED }));
    } finally {
      setProgress(null);
    }
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={labelledBy ? undefined : 'Test upload'}
      aria-labelledby={labelledBy}
      className="space-y-2"
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-[2_1_14rem]">
          <label htmlFor={fileId} className="block font-semibold text-ink">
            Audio file
          </label>
          <input
            ref={fileInput}
            id={fileId}
            name="audio"
            type="file"
            accept={AUDIO_FILE_ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(null);
              setDone(null);
            }}
            className="mt-1.5 block min-h-11 w-full text-sm text-ink file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line-strong file:bg-surface file:px-3 file:font-semibold file:text-ink"
          />
        </div>
        <TextField
          label="Sender"
          name="sender"
          value={sender}
          onChange={(e) => setSender(e.target.value)}
          className="min-w-0 flex-[1_1_9rem]"
        />
        <Button type="submit" disabled={progress !== null} className="flex-none">
          {progress !== null ? 'Uploading...' : 'Upload'}
        </Button>
      </div>
      <p id={hintId} className="text-sm text-muted">
        MP3, WAV, M4A, FLAC or OGG (and other voice formats), up to {MAX_AUDIO_SIZE}.
      </p>
      {progress !== null && <UploadProgress fraction={progress} />}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="text-sm font-medium text-success">
          {done}
        </p>
      )}
    </form>
  );
}
