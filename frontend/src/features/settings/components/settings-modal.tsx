import {
  LIMIT_DEFAULTS,
  REPLY_MODES,
  type ReplyMode,
  type SettingsUpdateInput,
  type SettingsView,
  settingsUpdateSchema,
} from '@core/schemas';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { type CredentialCheck, checkCredentials, loadSettings, saveSettings } from '../api/settings';
import { type SecretEdit, SecretField } from './secret-field';

/** SPEC section 9: how long "Settings saved successfully" shows. */
export const SAVED_FEEDBACK_MS = 3_000;
export const SETTINGS_SAVED = 'Settings saved successfully';
export const SETTINGS_SAVE_FAILED = 'Failed to save settings';

type Form = {
  replyMode: ReplyMode;
  accountSid: string;
  phoneNumber: string;
  autoReply: boolean;
  openaiKey: SecretEdit;
  authToken: SecretEdit;
  maxMinutes: string;
  voicePerDay: string;
  textsPerHour: string;
  countries: string;
};

const NO_EDIT: SecretEdit = { value: '', clear: false };

function formFrom(view: SettingsView | null): Form {
  return {
    replyMode: view?.reply_mode ?? 'full',
    accountSid: view?.twilio_account_sid ?? '',
    phoneNumber: view?.twilio_phone_number ?? '',
    autoReply: view?.auto_reply_enabled ?? true,
    openaiKey: NO_EDIT,
    authToken: NO_EDIT,
    maxMinutes: String(view?.max_duration_minutes ?? LIMIT_DEFAULTS.max_duration_minutes),
    voicePerDay: String(
      view?.voice_messages_per_sender_per_day ?? LIMIT_DEFAULTS.voice_messages_per_sender_per_day,
    ),
    textsPerHour: String(view?.replies_per_sender_per_hour ?? LIMIT_DEFAULTS.replies_per_sender_per_hour),
    countries: (view?.reply_countries ?? LIMIT_DEFAULTS.reply_countries).join(', '),
  };
}

/** The numeric limits: the form's field, the setting it saves, and what the operator reads. */
const LIMIT_FIELDS = [
  { key: 'maxMinutes', name: 'max_duration_minutes', label: 'Longest message (minutes)' },
  { key: 'voicePerDay', name: 'voice_messages_per_sender_per_day', label: 'Voice messages per sender a day' },
  { key: 'textsPerHour', name: 'replies_per_sender_per_hour', label: 'Texts per number an hour' },
] as const satisfies readonly { key: keyof Form; name: keyof SettingsUpdateInput; label: string }[];

/** A number typed in a limit field: the number, or the text as typed so the schema names the problem. */
function typedNumber(text: string): unknown {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** "us, ca gb" -> ["US", "CA", "GB"]. */
function typedCountries(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
}

const countryNames = new Intl.DisplayNames(undefined, { type: 'region' });

/** "United States, Canada" for the codes an operator typed (unknown codes as they are). */
function namesOf(text: string): string {
  return typedCountries(text)
    .map((code) => {
      try {
        return countryNames.of(code) ?? code;
      } catch {
        return code;
      }
    })
    .join(', ');
}

/** A secret is sent only when typed (the value) or cleared (null); otherwise the saved one stays. */
function secretUpdate(edit: SecretEdit): string | null | undefined {
  if (edit.clear) return null;
  return edit.value.trim() === '' ? undefined : edit.value.trim();
}

/** SPEC section 5: empty settings values are saved as null. */
export function toUpdate(form: Form): SettingsUpdateInput {
  const update: SettingsUpdateInput = {
    reply_mode: form.replyMode,
    twilio_account_sid: form.accountSid.trim() || null,
    twilio_phone_number: form.phoneNumber.trim() || null,
    auto_reply_enabled: form.autoReply,
    max_duration_minutes: typedNumber(form.maxMinutes) as number,
    voice_messages_per_sender_per_day: typedNumber(form.voicePerDay) as number,
    replies_per_sender_per_hour: typedNumber(form.textsPerHour) as number,
    reply_countries: typedCountries(form.countries),
  };
  const openai = secretUpdate(form.openaiKey);
  const token = secretUpdate(form.authToken);
  if (openai !== undefined) update.openai_api_key = openai;
  if (token !== undefined) update.twilio_auth_token = token;
  return update;
}

type FieldErrors = Partial<Record<keyof SettingsUpdateInput, string>>;

/**
 * SPEC: Settings opens as a modal. Loads the single row (a load failure is only logged), saves with "Settings
 * saved successfully" for 3 seconds or "Failed to save settings". Escape and the close button close it;
 * the browser keeps focus inside while it is open, and it goes back to the Settings button.
 */
export function SettingsModal({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [view, setView] = useState<SettingsView | null>(null);
  const [form, setForm] = useState<Form>(formFrom(null));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  // The form waits for the saved row: typing before it arrives would be overwritten by it.
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<{ kind: 'saved' | 'failed'; text: string } | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      const opener = document.activeElement as HTMLElement | null;
      element.showModal();
      setErrors({});
      setResult(null);
      setLoading(true);
      loadSettings()
        .then(
          (loaded) => {
            setView(loaded);
            setForm(formFrom(loaded));
          },
          (error: unknown) => console.error('Settings could not be loaded:', error),
        )
        .finally(() => setLoading(false));
      return () => opener?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  useEffect(() => {
    if (result?.kind !== 'saved') return;
    const timer = setTimeout(() => setResult(null), SAVED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [result]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const update = toUpdate(form);
    const checked = settingsUpdateSchema.safeParse(update);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as keyof SettingsUpdateInput;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    setResult(null);
    try {
      const saved = await saveSettings(update);
      setView(saved);
      setForm(formFrom(saved));
      setResult({ kind: 'saved', text: SETTINGS_SAVED });
    } catch (error) {
      if (error instanceof ApiError) {
        const found: FieldErrors = {};
        for (const issue of error.issues) found[issue.field as keyof SettingsUpdateInput] ??= issue.message;
        setErrors(found);
      }
      setResult({ kind: 'failed', text: SETTINGS_SAVE_FAILED });
    } finally {
      setSaving(false);
    }
  };

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
      <form noValidate onSubmit={onSubmit}>
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
          <Group title="Replies">
            <fieldset>
              <legend className="font-semibold">Reply mode</legend>
              <div className="mt-2 space-y-2">
                {REPLY_MODES.map((mode) => (
                  <label key={mode} className="flex min-h-11 items-center gap-3">
                    <input
                      type="radio"
                      name="reply_mode"
                      value={mode}
                      checked={form.replyMode === mode}
                      onChange={() => setForm({ ...form, replyMode: mode })}
                      className="size-5 accent-accent"
                    />
                    {mode === 'full' ? 'Summary and full transcript' : 'Summary only'}
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                name="auto_reply_enabled"
                checked={form.autoReply}
                onChange={(e) => setForm({ ...form, autoReply: e.target.checked })}
                className="size-5 accent-accent"
              />
              Reply automatically to each voice message
            </label>
          </Group>

          <Group title="Limits">
            <p className="text-sm text-muted">
              They keep costs bounded when someone floods the number. Senders over a limit are told once, then
              get nothing more until the next day or hour.
            </p>
            <div className="grid gap-3 sm:grid-cols-3">
              {LIMIT_FIELDS.map(({ key, name, label }) => (
                <TextField
                  key={name}
                  label={label}
                  name={name}
                  inputMode="numeric"
                  value={form[key]}
                  error={errors[name]}
                  onChange={(e) => setForm({ ...form, [key]: e.target.value })}
                />
              ))}
            </div>
            <TextField
              label="Countries replies may go to"
              name="reply_countries"
              hint={`Two-letter codes, comma separated: ${namesOf(form.countries) || 'none'}.`}
              autoComplete="off"
              value={form.countries}
              error={errors.reply_countries}
              onChange={(e) => setForm({ ...form, countries: e.target.value })}
            />
          </Group>

          <Group title="Transcription and summaries (OpenAI)" check={<CheckButton provider="openai" />}>
            <SecretField
              label="OpenAI API key"
              name="openai_api_key"
              saved={view?.openai_api_key ?? null}
              edit={form.openaiKey}
              onEdit={(openaiKey) => setForm({ ...form, openaiKey })}
            />
            <p className="text-sm text-muted">
              Without a key, messages are transcribed and summarized on the server itself.
            </p>
          </Group>

          <Group title="Text messages (Twilio)" check={<CheckButton provider="twilio" />}>
            <TextField
              label="Account SID"
              name="twilio_account_sid"
              autoComplete="off"
              value={form.accountSid}
              error={errors.twilio_account_sid}
              onChange={(e) => setForm({ ...form, accountSid: e.target.value })}
            />
            <SecretField
              label="Auth token"
              name="twilio_auth_token"
              saved={view?.twilio_auth_token ?? null}
              edit={form.authToken}
              onEdit={(authToken) => setForm({ ...form, authToken })}
            />
            <TextField
              label="Phone number"
              name="twilio_phone_number"
              hint="In E.164 format, for example +14155550132."
              autoComplete="off"
              value={form.phoneNumber}
              error={errors.twilio_phone_number}
              onChange={(e) => setForm({ ...form, phoneNumber: e.target.value })}
            />
          </Group>
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

function Group({
  title,
  check,
  children,
}: {
  readonly title: string;
  readonly check?: ReactNode;
  readonly children: ReactNode;
}) {
  return (
    <section className="space-y-3">
      <h3 className="font-bold text-ink">{title}</h3>
      {children}
      {check}
    </section>
  );
}

/**
 * Asks the server whether the saved credentials work, and says the answer in words on its own line (a
 * sentence long enough to name the number), with a mark as well as a colour.
 */
function CheckButton({ provider }: { readonly provider: 'openai' | 'twilio' }) {
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
            setState({
              ok: false,
              message:
                error instanceof ApiError && error.serverMessage
                  ? error.serverMessage
                  : 'The check could not run.',
            });
          }
        }}
        className="min-h-9 shrink-0 rounded-lg border border-line-strong bg-canvas px-3 font-semibold text-ink hover:bg-surface"
      >
        {state === 'checking' ? 'Checking...' : 'Check saved'}
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
          'Asks the provider whether the saved values work.'
        )}
      </p>
    </div>
  );
}
