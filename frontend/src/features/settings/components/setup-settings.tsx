import type { ReactNode } from 'react';
import { CheckButton } from './check-button';
import { SettingsGroup } from './settings-group';

/** What the app puts in the Setup section from the features that own it (the webhook URL, the test upload). */
export type SetupParts = { readonly twilio: ReactNode; readonly upload: ReactNode };

/**
 * Settings' Setup section: connecting Twilio (its steps and a check of the saved account), checking the
 * transcription provider, and a test upload. Nothing here is saved with the form: it tries what is saved.
 */
export function SetupSettings({
  parts,
  onProviders,
}: {
  readonly parts: SetupParts;
  /** Shows the Providers and keys section, where the credentials are typed. */
  readonly onProviders: () => void;
}) {
  const providers = (
    <button type="button" onClick={onProviders} className="font-semibold text-accent underline">
      Providers and keys
    </button>
  );
  return (
    <div className="space-y-6">
      <SettingsGroup title="Connect Twilio" check={<CheckButton provider="twilio" />}>
        <p className="text-sm text-muted">
          Save the Account SID, auth token and number in {providers}, point the number at this service, then
          check them here.
        </p>
        {parts.twilio}
      </SettingsGroup>
      <SettingsGroup title="Transcription and summaries" check={<CheckButton provider="openai" />}>
        <p className="text-sm text-muted">
          With an OpenAI key saved in {providers}, OpenAI transcribes and summarizes. Without one, this server
          does it by itself, in English only.
        </p>
      </SettingsGroup>
      <SettingsGroup title="Test upload">
        <p className="text-sm text-muted">
          Upload a recording as if it had been texted: it goes through the same steps and shows on the home
          screen.
        </p>
        {parts.upload}
      </SettingsGroup>
    </div>
  );
}
