import type { FirstRunUpdate } from '@core/operator/first-run';
import { useEffect, useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { useServerData } from '@/lib/use-server-data';
import { checkTwilio, loadSetupState, saveFirstRun } from '../api/first-run';
import {
  allDone,
  type SetupFacts,
  stepsDone,
  type TwilioState,
  transcriptionOf,
  twilioSaved,
} from '../utils/checklist';

const log = (error: unknown) => console.error('The first-run checklist could not be loaded:', error);

/**
 * The first-run checklist's state: the settings row (loaded again with `reloadKey`, e.g. when Settings
 * closes), Twilio's answer about the saved account (asked only while the checklist shows), and the actions.
 * Once every step is done it closes itself on the server, so it never shows again, for anyone.
 */
export function useFirstRun({
  hasMessage,
  reloadKey,
  local,
}: {
  /** Whether a message exists; null until the list has loaded. */
  readonly hasMessage: boolean | null;
  readonly reloadKey: unknown;
  /** One machine (`npm start`): the outbox stands in for Twilio until an account is saved. */
  readonly local: boolean;
}) {
  const settings = useServerData(loadSetupState, { reloadKey, onError: log });
  const view = settings.data;
  const open = view !== undefined && view.first_run.closed_at === null;
  const [twilio, setTwilio] = useState<TwilioState>({ kind: 'not-saved' });
  const [busy, setBusy] = useState<'offline' | 'dismiss' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // Asked again when what is saved changes or the page asks to reload, not when the checklist saves its own record.
  const twilioKey =
    open && view && twilioSaved(view)
      ? [view.twilio_account_sid, view.twilio_phone_number, view.twilio_auth_token.last4].join(' ')
      : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey is a request to ask Twilio again
  useEffect(() => {
    if (twilioKey === null) {
      setTwilio({ kind: 'not-saved' });
      return;
    }
    const controller = new AbortController();
    setTwilio({ kind: 'checking' });
    checkTwilio(controller.signal).then(
      (answer) => setTwilio({ kind: 'checked', ...answer }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = errorMessage(error, { fallback: 'Twilio could not be checked: try again later.' });
        setTwilio({ kind: 'checked', ok: false, message });
      },
    );
    return () => controller.abort();
  }, [twilioKey, reloadKey]);

  const facts: SetupFacts = {
    hasMessage: hasMessage === true,
    twilio,
    transcription: view ? transcriptionOf(view) : 'undecided',
    local,
  };
  const steps = stepsDone(facts);
  const done = allDone(facts);

  const { setData } = settings;
  useEffect(() => {
    if (open && done) saveFirstRun({ closed: true }).then(setData, log);
  }, [open, done, setData]);

  const save = async (action: 'offline' | 'dismiss', update: FirstRunUpdate, failed: string) => {
    setBusy(action);
    setFailure(null);
    try {
      setData(await saveFirstRun(update));
    } catch (error) {
      setFailure(errorMessage(error, { fallback: failed }));
    } finally {
      setBusy(null);
    }
  };

  // Shown once the facts are in: the list has loaded, and Twilio's answer is not the only thing left to know.
  const otherStepsDone = steps.test && steps.transcription;
  const settled = hasMessage !== null && !(twilio.kind === 'checking' && otherStepsDone);
  return {
    visible: open && settled && !done,
    /** The number saved in Settings, which the site shows once it is there (null: none saved yet). */
    savedNumber: view?.twilio_phone_number ?? null,
    facts,
    steps,
    busy,
    failure,
    chooseOffline: () =>
      save('offline', { offline_chosen: true }, 'The choice could not be saved: try again.'),
    dismiss: () => save('dismiss', { closed: true }, 'The checklist could not be dismissed: try again.'),
  };
}
