import type { SettingsView } from '@core/operator/settings';
import { type FormEvent, useEffect, useState } from 'react';
import { fieldMessages } from '@/lib/error-message';
import { useRuntimeConfig } from '@/lib/use-runtime-config';
import { useServerData } from '@/lib/use-server-data';
import { loadSettings, saveSettings } from '../api/settings';
import { checkForm, type FieldErrors, formFrom, type SettingsForm } from '../utils/settings-form';

/** SPEC section 9: how long "Settings saved successfully" shows. */
const SAVED_FEEDBACK_MS = 3_000;
const SETTINGS_SAVED = 'Settings saved successfully';
const SETTINGS_SAVE_FAILED = 'Failed to save settings';

export type SaveResult = { readonly kind: 'saved' | 'failed'; readonly text: string };

/**
 * The settings form while the modal is open: loads the single row each time it opens (a load failure is only
 * logged), fills the form from it, and saves with "Settings saved successfully" for 3 seconds or "Failed to
 * save settings", the server's field messages next to their fields.
 */
export function useSettingsForm(open: boolean) {
  const settings = useServerData(loadSettings, {
    enabled: open,
    onError: (error) => console.error('Settings could not be loaded:', error),
  });
  const [form, setForm] = useState<SettingsForm>(formFrom(null));
  // Each row that arrives (loaded or saved) fills the form, before the render that shows it.
  const [formOf, setFormOf] = useState<SettingsView | undefined>(undefined);
  if (settings.data !== formOf) {
    setFormOf(settings.data);
    setForm(formFrom(settings.data ?? null));
  }
  // How long messages are kept: no link may work longer (null until the configuration is read).
  const transcriptDays = useRuntimeConfig()?.retention.transcriptDays ?? null;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<SaveResult | null>(null);

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setResult(null);
  }, [open]);

  useEffect(() => {
    if (result?.kind !== 'saved') return;
    const timer = setTimeout(() => setResult(null), SAVED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = checkForm(form, transcriptDays);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    setResult(null);
    try {
      settings.setData(await saveSettings(checked.update));
      setResult({ kind: 'saved', text: SETTINGS_SAVED });
    } catch (error) {
      setErrors(fieldMessages(error) as FieldErrors);
      setResult({ kind: 'failed', text: SETTINGS_SAVE_FAILED });
    } finally {
      setSaving(false);
    }
  };

  return {
    /** The saved row (masked secrets), once loaded. */
    view: settings.data ?? null,
    form,
    change: (patch: Partial<SettingsForm>) => setForm((current) => ({ ...current, ...patch })),
    errors,
    transcriptDays,
    saving,
    // The form waits for the saved row: typing before it arrives would be overwritten by it.
    loading: open && settings.loading,
    result,
    submit,
  };
}

export type SettingsFormState = ReturnType<typeof useSettingsForm>;
