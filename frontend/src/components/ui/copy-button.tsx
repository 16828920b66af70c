import { Check, Copy } from 'lucide-react';
import { useCopy } from '@/lib/clipboard';

/**
 * A small button that copies `text` and says "Copied!" for two seconds (SPEC), or, when the browser refuses,
 * how to copy by hand. `label` names what it copies for a screen reader when several sit on one screen.
 */
export function CopyButton({
  text,
  label = 'Copy',
  accessibleLabel,
}: {
  readonly text: string;
  readonly label?: string;
  readonly accessibleLabel?: string;
}) {
  const { state, copy } = useCopy();
  return (
    <>
      <button
        type="button"
        onClick={() => void copy(text)}
        aria-label={state === 'idle' ? accessibleLabel : undefined}
        aria-live="polite"
        className="inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-lg border border-line-strong bg-canvas px-3 text-sm font-semibold whitespace-nowrap text-ink hover:bg-surface"
      >
        {state === 'copied' ? (
          <Check aria-hidden="true" className="size-4 text-success" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )}
        {state === 'copied' ? 'Copied!' : label}
      </button>
      {state === 'failed' && (
        <span role="status" className="basis-full text-sm text-muted">
          Your browser did not let us copy: select the text and copy it.
        </span>
      )}
    </>
  );
}
