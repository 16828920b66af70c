import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useSettingsForm } from '../hooks/use-settings-form';
import { LimitSettings } from './limit-settings';
import { PriceSettings } from './price-settings';
import { OpenAiSettings, TwilioSettings } from './provider-settings';
import { ReplySettings } from './reply-settings';

/**
 * SPEC: Settings opens as a modal. Loads the single row (a load failure is only logged), saves with "Settings
 * saved successfully" for 3 seconds or "Failed to save settings". Escape and the close button close it;
 * the browser keeps focus inside while it is open, and it goes back to the Settings button.
 */
export function SettingsModal({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { view, form, change, errors, transcriptDays, saving, loading, result, submit } =
    useSettingsForm(open);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      const opener = document.activeElement as HTMLElement | null;
      element.showModal();
      return () => opener?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="settings-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(40rem,calc(100%-2rem))] rounded-2xl border border-line bg-canvas p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      <form noValidate onSubmit={submit}>
        <div className="flex items-center justify-between border-b border-line px-5 py-4">
          <h2 id="settings-title" className="text-xl font-bold">
            Settings
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close settings"
            className="inline-flex size-11 items-center justify-center rounded-lg text-muted hover:bg-surface"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <fieldset
          disabled={loading}
          aria-busy={loading}
          className="max-h-[70dvh] min-w-0 space-y-6 overflow-y-auto px-5 py-4"
        >
          {loading && (
            <p role="status" className="text-sm text-muted">
              Loading settings...
            </p>
          )}
          <ReplySettings form={form} change={change} errors={errors} transcriptDays={transcriptDays} />
          <LimitSettings form={form} change={change} errors={errors} />
          <OpenAiSettings view={view} form={form} change={change} />
          <TwilioSettings view={view} form={form} change={change} errors={errors} />
          <PriceSettings form={form} change={change} errors={errors} />
        </fieldset>
        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-line px-5 py-4">
          {result && (
            <p
              role={result.kind === 'failed' ? 'alert' : 'status'}
              className={`mr-auto text-sm font-medium ${result.kind === 'failed' ? 'text-danger' : 'text-success'}`}
            >
              {result.text}
            </p>
          )}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" disabled={saving || loading}>
            {saving ? 'Saving...' : 'Save settings'}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
