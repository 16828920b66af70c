import { CircleAlert, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { type CredentialCheck, checkCredentials } from '../api/settings';

/**
 * Asks the server whether the saved credentials work, and says the answer in words on its own line (a
 * sentence long enough to name the number), with a mark as well as a colour.
 */
export function CheckButton({ provider }: { readonly provider: 'openai' | 'twilio' }) {
  const name = provider === 'openai' ? 'OpenAI' : 'Twilio';
  const [state, setState] = useState<'idle' | 'checking' | CredentialCheck>('idle');
  const Mark = typeof state === 'object' && state.ok ? CircleCheck : CircleAlert;
  return (
    <div className="flex flex-wrap items-start gap-x-3 gap-y-2 rounded-lg bg-surface p-3 text-sm">
      <button
        type="button"
        disabled={state === 'checking'}
        onClick={async () => {
          setState('checking');
          try {
            setState(await checkCredentials(provider));
          } catch (error) {
            setState({ ok: false, message: errorMessage(error, { fallback: 'The check could not run.' }) });
          }
        }}
        className="min-h-9 shrink-0 rounded-lg border border-line-strong bg-canvas px-3 font-semibold text-ink hover:bg-surface"
      >
        {state === 'checking' ? 'Checking...' : `Check ${name}`}
      </button>
      <p
        role="status"
        className={`flex min-h-9 min-w-0 flex-1 basis-56 items-center gap-1.5 ${
          typeof state !== 'object' ? 'text-muted' : state.ok ? 'text-success' : 'text-danger'
        }`}
      >
        {typeof state === 'object' ? (
          <>
            <Mark aria-hidden="true" className="size-4 shrink-0" />
            {state.message}
          </>
        ) : (
          `Asks ${name} whether the saved values work.`
        )}
      </p>
    </div>
  );
}
