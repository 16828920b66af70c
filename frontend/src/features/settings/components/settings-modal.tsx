import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useSettingsForm } from '../hooks/use-settings-form';
import { type SettingsSection, sectionsWithErrors } from '../utils/settings-sections';
import { CallSettings } from './call-settings';
import { LimitSettings } from './limit-settings';
import { PriceSettings } from './price-settings';
import { OpenAiSettings, TwilioSettings } from './provider-settings';
import { ReplySettings } from './reply-settings';
import { panelId, SettingsTabs, tabId } from './settings-tabs';
import { type SetupParts, SetupSettings } from './setup-settings';

/**
 * SPEC: Settings opens as a modal, here in sections (Reply, Limits and budget, Calls, Providers and keys,
 * Prices, Setup) with tabs of its own. Loads the single row (a load failure is only logged), saves every section's
 * fields at once with "Settings saved successfully" for 3 seconds or "Failed to save settings", and shows the
 * section of a field with a problem. Escape and the close button close it; the browser keeps focus inside
 * while it is open, and it goes back to whatever opened it.
 */
export function SettingsModal({
  open,
  section = 'reply',
  setup,
  onClose,
}: {
  readonly open: boolean;
  /** The section it opens on. */
  readonly section?: SettingsSection;
  readonly setup: SetupParts;
  readonly onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const base = useId();
  const formId = `${base}-form`;
  const [active, setActive] = useState<SettingsSection>(section);
  const { view, form, change, errors, transcriptDays, saving, loading, result, submit } =
    useSettingsForm(open);
  const invalid = sectionsWithErrors(errors);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      const opener = document.activeElement as HTMLElement | null;
      setActive(section);
      element.showModal();
      // The section's tab, not the close button: from there the arrows move between sections.
      document.getElementById(tabId(base, section))?.focus();
      return () => opener?.focus();
    }
    if (!open && element.open) element.close();
  }, [open, section, base]);

  // A problem in a section out of sight: show that section, so what to fix is where the operator looks. Only
  // when the problems change, not when the operator moves on to another section with a problem left behind.
  useEffect(() => {
    const shown = sectionsWithErrors(errors);
    setActive((current) => (shown[0] && !shown.includes(current) ? shown[0] : current));
  }, [errors]);

  const panel = (id: SettingsSection) => ({
    role: 'tabpanel',
    id: panelId(base, id),
    'aria-labelledby': tabId(base, id),
    hidden: active !== id,
    className: 'space-y-6',
  });

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${base}-title`}
      // Escape closes it here, not by the browser's own cancel (which Chrome may skip after a first Escape); a
      // close the browser makes anyway is told to the page, so its state follows.
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        if (open) onClose();
      }}
      className="m-auto flex max-h-[calc(100dvh-2rem)] w-[min(52rem,calc(100%-2rem))] flex-col rounded-2xl border border-line bg-canvas p-0 text-ink shadow-xl backdrop:bg-black/50 [&:not([open])]:hidden"
    >
      <div className="flex items-center justify-between border-b border-line px-4 py-3 sm:px-5">
        <h2 id={`${base}-title`} className="text-xl font-bold">
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
      <div className="flex min-h-0 flex-1 flex-col sm:flex-row">
        <nav
          aria-label="Settings"
          className="shrink-0 border-b border-line px-3 py-2 sm:w-48 sm:border-r sm:border-b-0 sm:py-4"
        >
          <SettingsTabs base={base} active={active} invalid={invalid} onSelect={setActive} />
        </nav>
        <div className="min-h-0 min-w-0 flex-1 overflow-y-auto px-4 py-4 sm:px-5 sm:h-[min(36rem,calc(100dvh-12rem))]">
          {loading && (
            <p role="status" className="mb-4 text-sm text-muted">
              Loading settings...
            </p>
          )}
          <form id={formId} noValidate onSubmit={submit}>
            <fieldset disabled={loading} aria-busy={loading} className="min-w-0">
              <div {...panel('reply')}>
                <ReplySettings form={form} change={change} errors={errors} transcriptDays={transcriptDays} />
              </div>
              <div {...panel('limits')}>
                <LimitSettings form={form} change={change} errors={errors} />
              </div>
              <div {...panel('calls')}>
                <CallSettings form={form} change={change} errors={errors} />
              </div>
              <div {...panel('providers')}>
                <OpenAiSettings view={view} form={form} change={change} />
                <TwilioSettings view={view} form={form} change={change} errors={errors} />
              </div>
              <div {...panel('prices')}>
                <PriceSettings form={form} change={change} errors={errors} />
              </div>
            </fieldset>
          </form>
          <div {...panel('setup')}>
            <SetupSettings parts={setup} onProviders={() => setActive('providers')} />
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-line px-4 py-3 sm:px-5">
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
        {active !== 'setup' && (
          <Button type="submit" form={formId} disabled={saving || loading}>
            {saving ? 'Saving...' : 'Save settings'}
          </Button>
        )}
      </div>
    </dialog>
  );
}
