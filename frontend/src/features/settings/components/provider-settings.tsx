import { TextField } from '@/components/ui/text-field';
import type { SettingsFormState } from '../hooks/use-settings-form';
import { SecretField } from './secret-field';
import { SettingsGroup } from './settings-group';

type Props = Pick<SettingsFormState, 'view' | 'form' | 'change' | 'errors'>;

/** The OpenAI key (optional: without it the server transcribes and summarizes by itself). */
export function OpenAiSettings({ view, form, change }: Omit<Props, 'errors'>) {
  return (
    <SettingsGroup title="Transcription and summaries (OpenAI)">
      <SecretField
        label="OpenAI API key"
        name="openai_api_key"
        saved={view?.openai_api_key ?? null}
        edit={form.openaiKey}
        onEdit={(openaiKey) => change({ openaiKey })}
      />
      <p className="text-sm text-muted">
        Without a key, messages are transcribed and summarized on the server itself. Setup checks a saved key.
      </p>
    </SettingsGroup>
  );
}

/** The Twilio account the replies are sent from. */
export function TwilioSettings({ view, form, change, errors }: Props) {
  return (
    <SettingsGroup title="Text messages (Twilio)">
      <TextField
        label="Account SID"
        name="twilio_account_sid"
        autoComplete="off"
        value={form.accountSid}
        error={errors.twilio_account_sid}
        onChange={(e) => change({ accountSid: e.target.value })}
      />
      <SecretField
        label="Auth token"
        name="twilio_auth_token"
        saved={view?.twilio_auth_token ?? null}
        edit={form.authToken}
        onEdit={(authToken) => change({ authToken })}
      />
      <TextField
        label="Phone number"
        name="twilio_phone_number"
        hint="In E.164 format, for example +14155550132."
        autoComplete="off"
        value={form.phoneNumber}
        error={errors.twilio_phone_number}
        onChange={(e) => change({ phoneNumber: e.target.value })}
      />
      <p className="text-sm text-muted">Setup has the webhook URL for Twilio and checks the saved account.</p>
    </SettingsGroup>
  );
}
