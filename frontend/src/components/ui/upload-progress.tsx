/**
 * A file on its way to storage: a bar and the percentage, then (when given) what happens once all is sent
 * (e.g. "Checking the recording...").
 */
export function UploadProgress({
  fraction,
  doneText,
}: {
  /** From 0 to 1. */
  readonly fraction: number;
  readonly doneText?: string;
}) {
  return (
    <div className="space-y-1">
      <progress
        value={fraction}
        max={1}
        aria-label="Upload progress"
        className="h-2 w-full appearance-none overflow-hidden rounded-full bg-line accent-accent [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:bg-accent"
      />
      <p className="text-sm text-muted" aria-live="polite">
        {fraction < 1 || !doneText ? `${Math.round(fraction * 100)}%` : doneText}
      </p>
    </div>
  );
}
