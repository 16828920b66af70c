import { formatPhoneNumber } from '@core/delivery/phone';
import { LOCAL_TEST_COMMANDS } from '@core/operator/first-run';
import { Circle, CircleCheck, Rocket } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { usePublicInfo } from '@/lib/public-info';
import { useRuntimeConfig } from '@/lib/use-runtime-config';
import { useFirstRun } from '../hooks/use-first-run';
import type { SetupFacts } from '../utils/checklist';

const ACTION =
  'inline-flex min-h-9 items-center rounded-lg border border-line-strong bg-canvas px-3 text-sm font-semibold text-ink hover:bg-surface disabled:cursor-not-allowed disabled:text-muted';

/**
 * The first administrator's welcome on the home screen: the service number with a copy button and three
 * steps (a test voice message, Twilio connected, OpenAI or offline), each ticked from the real state. It goes
 * away, for good, once all three are done or it is dismissed.
 */
export function FirstRunChecklist({
  hasMessage,
  reloadKey,
  onOpenSetup,
  onOpenProviders,
  onUploadTest,
}: {
  /** Whether a message exists; null until the list has loaded. */
  readonly hasMessage: boolean | null;
  /** Loads the saved state again (Settings closed, Refresh). */
  readonly reloadKey: unknown;
  /** Opens Settings on its Setup section (webhook, checks, test upload). */
  readonly onOpenSetup: () => void;
  /** Opens Settings on Providers and keys. */
  readonly onOpenProviders: () => void;
  /** Moves to the home screen's test upload panel. */
  readonly onUploadTest: () => void;
}) {
  const local = useRuntimeConfig()?.local ?? false;
  const checklist = useFirstRun({ hasMessage, reloadKey, local });
  // The number just saved in Settings, else the one the site gives out (locally the demo number).
  const published = usePublicInfo().info?.phone_number ?? null;
  if (!checklist.visible) return null;
  const number = checklist.savedNumber ?? published;
  const { steps, facts } = checklist;
  const doneCount = Object.values(steps).filter(Boolean).length;
  const shown = number ? formatPhoneNumber(number) : null;

  return (
    <section aria-labelledby="first-run-title" className="rounded-xl border border-line bg-canvas p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id="first-run-title" className="flex items-center gap-2 text-lg font-bold text-ink">
            <Rocket aria-hidden="true" className="size-5 shrink-0 text-accent" />
            Welcome: three steps to start
          </h2>
          <p className="text-sm text-muted">{doneCount} of 3 done. This list goes away once all three are.</p>
        </div>
        <button
          type="button"
          className={ACTION}
          disabled={checklist.busy !== null}
          onClick={() => void checklist.dismiss()}
        >
          {checklist.busy === 'dismiss' ? 'Dismissing...' : 'Dismiss'}
        </button>
      </div>
      {checklist.failure && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {checklist.failure}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg bg-surface px-3 py-2">
        <p className="min-w-0">
          <span className="block text-sm text-muted">Senders forward voice messages to</span>
          <span className="text-xl font-bold text-ink tabular-nums">{shown ?? 'No number yet'}</span>
        </p>
        {shown ? (
          <CopyButton text={shown} label="Copy number" />
        ) : (
          <p className="text-sm text-muted">Save your Twilio number in Settings, Providers and keys.</p>
        )}
      </div>
      <ol aria-label="Set-up steps" className="mt-3 divide-y divide-line">
        <Step done={steps.test} title="Send a test voice message">
          {steps.test ? (
            <p>A voice message arrived: it is in Recent Messages.</p>
          ) : (
            <>
              <TestWords number={shown} local={local} />
              <Actions>
                <button type="button" className={ACTION} onClick={onUploadTest}>
                  Upload a test
                </button>
              </Actions>
            </>
          )}
        </Step>
        <Step
          done={steps.twilio}
          title={
            local && facts.twilio.kind === 'not-saved'
              ? 'Connect Twilio (optional on this computer)'
              : 'Connect Twilio'
          }
        >
          <TwilioWords twilio={facts.twilio} local={local} />
          {!steps.twilio && facts.twilio.kind !== 'checking' && (
            <Actions>
              <button type="button" className={ACTION} onClick={onOpenSetup}>
                {facts.twilio.kind === 'not-saved' ? 'Connect Twilio' : 'Open Setup'}
              </button>
            </Actions>
          )}
        </Step>
        <Step done={steps.transcription} title="Choose OpenAI or offline">
          <TranscriptionWords transcription={facts.transcription} />
          {!steps.transcription && (
            <Actions>
              <button type="button" className={ACTION} onClick={onOpenProviders}>
                Add an OpenAI key
              </button>
              <button
                type="button"
                className={ACTION}
                disabled={checklist.busy !== null}
                onClick={() => void checklist.chooseOffline()}
              >
                {checklist.busy === 'offline' ? 'Saving...' : 'Use offline'}
              </button>
            </Actions>
          )}
        </Step>
      </ol>
    </section>
  );
}

function Step({ done, title, children }: { done: boolean; title: string; children: ReactNode }) {
  const Mark = done ? CircleCheck : Circle;
  return (
    <li className="flex gap-3 py-3">
      <Mark aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${done ? 'text-success' : 'text-muted'}`} />
      <div className="min-w-0 flex-1 space-y-2 text-sm text-muted">
        <h3 className="font-semibold text-ink">
          {title}
          <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
        </h3>
        {children}
      </div>
    </li>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap gap-2">{children}</div>;
}

function TestWords({ number, local }: { readonly number: string | null; readonly local: boolean }) {
  if (local) {
    return (
      <p>
        Upload a recording, or make one and send it from this computer as Twilio would (in the project's
        folder, while the service runs):
        {LOCAL_TEST_COMMANDS.map((command) => (
          <code
            key={command[0]}
            className="mt-1 block w-fit max-w-full rounded bg-surface px-1.5 py-0.5 text-ink"
          >
            {/* Broken only between the arguments, never inside one (a line ending in "--" would mislead). */}
            {command.map((part, index) => (
              <Fragment key={part}>
                {index > 0 && ' '}
                {/* A quoted sentence may wrap (a phone is narrower than it). */}
                <span className={part.startsWith('"') ? undefined : 'whitespace-nowrap'}>{part}</span>
              </Fragment>
            ))}
          </code>
        ))}
      </p>
    );
  }
  return (
    <p>{number ? `Text a voice message to ${number}, or upload a recording.` : 'Upload a recording.'}</p>
  );
}

function TwilioWords({ twilio, local }: { readonly twilio: SetupFacts['twilio']; readonly local: boolean }) {
  switch (twilio.kind) {
    case 'not-saved':
      if (local) {
        return (
          <p>
            On this computer, replies go to the outbox (the terminal and the local inbox show them). To text
            real phones, save a Twilio account in Settings and give Twilio the URL under SMS integration.
          </p>
        );
      }
      return (
        <p>
          Save the Account SID, auth token and number, and point the number's webhook at this service. Until
          then, replies are not texted.
        </p>
      );
    case 'checking':
      return <p role="status">Asking Twilio whether the saved account works...</p>;
    case 'checked':
      return <p className={twilio.ok ? undefined : 'text-danger'}>{twilio.message}</p>;
  }
}

function TranscriptionWords({ transcription }: { readonly transcription: SetupFacts['transcription'] }) {
  switch (transcription) {
    case 'openai':
      return <p>An OpenAI key is saved: OpenAI transcribes and summarizes.</p>;
    case 'offline':
      return <p>This server transcribes and summarizes by itself, in English only.</p>;
    case 'undecided':
      return (
        <p>
          Without an OpenAI key, this server transcribes and summarizes by itself, in English only. With one,
          OpenAI does, in many languages.
        </p>
      );
  }
}
