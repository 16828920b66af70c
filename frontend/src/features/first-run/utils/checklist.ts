/**
 * The first-run checklist's steps, decided from the real state: a message exists; the Twilio account is saved
 * and Twilio accepts it (on one machine, `npm start`, the outbox stands in for Twilio until one is saved, so
 * the step is done there: Twilio cannot reach a computer without a tunnel, and the list must be able to end);
 * an OpenAI key is saved or the operator chose to stay offline.
 */
import type { SettingsView } from '@core/operator/settings';

/** Where Twilio stands: nothing saved yet, being checked, or checked with Twilio's answer in words. */
export type TwilioState =
  | { readonly kind: 'not-saved' }
  | { readonly kind: 'checking' }
  | { readonly kind: 'checked'; readonly ok: boolean; readonly message: string };

export type SetupFacts = {
  readonly hasMessage: boolean;
  readonly twilio: TwilioState;
  readonly transcription: 'openai' | 'offline' | 'undecided';
  /** The service runs on one machine (`npm start`): replies go to the outbox while no Twilio account is saved. */
  readonly local: boolean;
};

export type StepId = 'test' | 'twilio' | 'transcription';

/** The Account SID, the auth token and the number are all saved (what the check needs). */
export function twilioSaved(view: SettingsView): boolean {
  return Boolean(view.twilio_account_sid && view.twilio_auth_token.set && view.twilio_phone_number);
}

/** OpenAI when a key is saved (the pipeline uses it), else offline once chosen, else not decided. */
export function transcriptionOf(view: SettingsView): SetupFacts['transcription'] {
  if (view.openai_api_key.set) return 'openai';
  return view.first_run.offline_chosen ? 'offline' : 'undecided';
}

export function stepsDone(facts: SetupFacts): Record<StepId, boolean> {
  return {
    test: facts.hasMessage,
    twilio:
      (facts.twilio.kind === 'checked' && facts.twilio.ok) ||
      (facts.local && facts.twilio.kind === 'not-saved'),
    transcription: facts.transcription !== 'undecided',
  };
}

export function allDone(facts: SetupFacts): boolean {
  return Object.values(stepsDone(facts)).every(Boolean);
}
