import { formatPhoneNumber } from '@core/delivery/phone';
import { JOIN_CODE_MINUTES, joinText } from '@core/senders/consent';
import { MessageSquareText } from 'lucide-react';
import { smsLink } from '../utils/sms-link';

/** A sign-up's JOIN code as the success state knows it: the code, and the phone that must text it. */
export type JoinToText = { readonly code: string; readonly phone: string };

/**
 * What a sign-up that asked for texts must do (issue 31): text JOIN and its code from the phone it gave, to
 * our number. We text no one first, so the texts start only when that phone asks for them itself. On a phone,
 * a link opens the messaging app with the text written; a computer shows the words to type.
 */
export function JoinInstruction({
  join,
  number,
  onPhone,
}: {
  readonly join: JoinToText;
  /** Our number (E.164), or null while it is unknown. */
  readonly number: string | null;
  /** Whether this browser is a phone's, where an sms: link opens the messaging app. */
  readonly onPhone: boolean;
}) {
  const words = joinText(join.code);
  return (
    <div className="rounded-xl border border-accent bg-accent-soft p-4" data-testid="join-instruction">
      <p className="text-sm font-medium text-muted" id="join-instruction-label">
        To get our texts, confirm from{' '}
        <span className="whitespace-nowrap text-ink">{formatPhoneNumber(join.phone)}</span>
      </p>
      <p className="mt-1 text-xl font-bold text-ink" aria-describedby="join-instruction-label">
        Text <span className="whitespace-nowrap tabular-nums select-all">{words}</span>
        {number ? (
          <>
            {' '}
            to <span className="whitespace-nowrap tabular-nums">{formatPhoneNumber(number)}</span>
          </>
        ) : (
          ' to our number'
        )}
      </p>
      <p className="mt-1 text-sm text-muted">
        The code works for {JOIN_CODE_MINUTES / 60 === 1 ? 'an hour' : `${JOIN_CODE_MINUTES} minutes`}. We
        never text you first. Msg & data rates may apply.
      </p>
      {onPhone && number && (
        <a
          href={smsLink(number, words)}
          className="mt-3 inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-accent px-4 py-2.5 text-base font-semibold text-on-accent shadow-sm hover:bg-accent-strong"
        >
          <MessageSquareText aria-hidden="true" className="size-5" />
          Text {words} now
        </a>
      )}
    </div>
  );
}
