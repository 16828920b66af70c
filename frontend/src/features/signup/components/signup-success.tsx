import { formatPhoneNumber } from '@core/delivery/phone';
import { Check, CircleCheck, Copy, UserPlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useCopy } from '@/lib/clipboard';
import { usePublicInfo } from '@/lib/public-info';
import { isPhoneBrowser } from '../utils/sms-link';
import { downloadVCard } from '../utils/vcard';
import { JoinInstruction, type JoinToText } from './join-instruction';

/**
 * "You're All Set!" (SPEC section 2): the number to forward voice messages to, a copy button, an
 * "Add to Contacts" card download and what to do next; for a sign-up that asked for texts, what its phone
 * must text to confirm them (JOIN and its code, issue 31). Takes at least the form's height, so nothing below
 * it jumps when it replaces the form.
 */
export default function SignupSuccess({
  email,
  join,
  minHeight,
  titleId,
}: {
  readonly email: string;
  /** The JOIN code of a sign-up that asked for texts, and its phone (null: no texts asked for). */
  readonly join: JoinToText | null;
  readonly minHeight: number | null;
  readonly titleId: string;
}) {
  const { status, info, retry } = usePublicInfo();
  const { state: copy, copy: copyToClipboard } = useCopy();
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const number = info?.phone_number ?? null;

  const onCopy = async () => {
    if (!number) return;
    await copyToClipboard(formatPhoneNumber(number));
  };

  return (
    <div
      style={minHeight ? { minHeight } : undefined}
      className="flex flex-col gap-5"
      data-testid="signup-success"
    >
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden="true" className="mt-1 size-7 shrink-0 text-success" />
        <div>
          <h2
            id={titleId}
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold text-ink focus:outline-none"
          >
            You're All Set!
          </h2>
          <p className="mt-1 text-muted">
            You're signed up as <span className="font-medium text-ink">{email}</span>.
          </p>
        </div>
      </div>

      {join && status !== 'loading' && (
        <JoinInstruction join={join} number={number} onPhone={isPhoneBrowser()} />
      )}

      {status === 'loading' && (
        <p className="text-muted" role="status">
          Getting our number...
        </p>
      )}

      {status === 'error' && (
        <div role="alert" className="space-y-3">
          <p className="text-ink">We couldn't load our phone number just now.</p>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </div>
      )}

      {status === 'ready' && !number && (
        <p className="rounded-lg bg-accent-soft p-4 text-ink">
          Our phone number is still being set up. We'll email it to you at{' '}
          <span className="font-medium">{email}</span> as soon as the service is ready.
        </p>
      )}

      {status === 'ready' && number && info && (
        <>
          <div className="rounded-xl border border-line bg-surface p-4">
            <p className="text-sm font-medium text-muted" id="service-number-label">
              Forward your voice messages to
            </p>
            <p
              className="mt-1 text-3xl font-bold tracking-tight text-ink tabular-nums select-all"
              aria-describedby="service-number-label"
            >
              {formatPhoneNumber(number)}
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Button
                variant="secondary"
                onClick={onCopy}
                aria-live="polite"
                className="flex-1 whitespace-nowrap"
              >
                {copy === 'copied' ? (
                  <Check aria-hidden="true" className="size-5 text-success" />
                ) : (
                  <Copy aria-hidden="true" className="size-5" />
                )}
                {copy === 'copied' ? 'Copied!' : 'Copy number'}
              </Button>
              <Button
                className="flex-1 whitespace-nowrap"
                onClick={() =>
                  downloadVCard({
                    name: info.service_name,
                    phoneNumber: number,
                    siteUrl: info.site_url,
                    note: 'Forward a voice message to this number to get a text with the summary and transcript.',
                  })
                }
              >
                <UserPlus aria-hidden="true" className="size-5" />
                Add to Contacts
              </Button>
            </div>
            {copy === 'failed' && (
              <p className="mt-2 text-sm text-muted" role="status">
                Your browser did not let us copy. Press and hold the number to copy it.
              </p>
            )}
          </div>
          <div>
            <h3 className="font-semibold text-ink">What to do next</h3>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-ink">
              {join && <li>Text JOIN and your code to it, to get our texts.</li>}
              <li>Save the number with Add to Contacts.</li>
              <li>Forward a voice message or audio file to it as a text message.</li>
              <li>Get a text back with the summary and the transcript, usually within a minute.</li>
            </ol>
          </div>
        </>
      )}
    </div>
  );
}
