import { Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { deleteSharedMessage } from '../api/message-link';

/** "Delete this message": asks first, then erases the message, its recording and this link. */
export function DeleteMessage({
  code,
  onDeleted,
}: {
  readonly code: string;
  readonly onDeleted: () => void;
}) {
  const [step, setStep] = useState<'idle' | 'confirm' | 'deleting' | 'error'>('idle');
  const groupRef = useRef<HTMLElement>(null);
  const asking = step === 'confirm' || step === 'deleting' || step === 'error';
  useEffect(() => {
    // The question takes the focus, so a keyboard or screen reader user is where the answer is asked.
    if (step === 'confirm') groupRef.current?.querySelector('button')?.focus();
  }, [step]);

  if (!asking) {
    return (
      <Button variant="secondary" onClick={() => setStep('confirm')} className="text-danger">
        <Trash2 aria-hidden="true" className="size-5" />
        Delete this message
      </Button>
    );
  }
  return (
    <section
      ref={groupRef}
      aria-labelledby="delete-question"
      className="space-y-3 rounded-lg border border-danger/40 p-4"
    >
      <p id="delete-question" className="font-semibold text-ink">
        Delete this message for good?
      </p>
      <p className="text-muted">
        Its recording, transcript and summary are erased from our service and this link stops working. This
        cannot be undone.
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          disabled={step === 'deleting'}
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-danger px-4 py-2.5 font-semibold text-canvas shadow-sm hover:bg-danger/90 disabled:cursor-not-allowed disabled:opacity-70"
          onClick={async () => {
            setStep('deleting');
            try {
              await deleteSharedMessage(code);
              onDeleted();
            } catch {
              setStep('error');
            }
          }}
        >
          {step === 'deleting' ? 'Deleting...' : 'Yes, delete it'}
        </button>
        <Button variant="secondary" disabled={step === 'deleting'} onClick={() => setStep('idle')}>
          Cancel
        </Button>
      </div>
      {step === 'error' && (
        <p role="alert" className="text-danger">
          The message could not be deleted. Try again in a minute.
        </p>
      )}
    </section>
  );
}
