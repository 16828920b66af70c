/**
 * Twilio's refusals and transport failures in the operator's words, one mapping for every Twilio REST adapter
 * (the SMS sender, the forwarding numbers): a bad SID or token is permanent and says where to fix it; a rate
 * limit or a 5xx is transient; any other refusal is permanent with Twilio's own words, its phone numbers and
 * the token taken out (the text reaches logs and a run's history), and the page of Twilio's error code.
 */
import { redactPhoneNumbers } from '#core/delivery/phone';
import { PermanentError, TransientError } from '#core/messages/pipeline-errors';
import { redactSecrets } from '../redact';

/** What Twilio answers on an error (its REST exception body). */
export type TwilioErrorBody = { code?: unknown; message?: unknown; status?: unknown };

/** A REST call Twilio refused: the HTTP status and Twilio's error code and words. */
export class TwilioRestError extends Error {
  override readonly name = 'TwilioRestError';
  constructor(
    readonly status: number,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }

  /** The refusal an HTTP answer carries (Twilio's code and message when its body has them). */
  static from(status: number, body: TwilioErrorBody): TwilioRestError {
    return new TwilioRestError(
      status,
      typeof body.code === 'number' ? body.code : null,
      typeof body.message === 'string' ? body.message : `HTTP ${status}`,
    );
  }
}

/** How one adapter words what it asked: "the SMS" / "to buy a number", and what a transient failure means. */
export type TwilioAsked = {
  /** After "Twilio refused ": "the SMS", "to buy a number". */
  readonly refused: string;
  /** After "Twilio answered 503": "; will retry.", " when asked to buy a number; try again later." */
  readonly transient: string;
  /** Twilio error codes with a sentence that says more than Twilio's own words. */
  readonly hints?: Readonly<Record<number, string>>;
};

/** "400, Twilio error 21211" (or just the status when Twilio gave no code). */
export const twilioReference = ({ status, code }: TwilioRestError): string =>
  code === null ? `${status}` : `${status}, Twilio error ${code}`;

/** A refusal as Transient/PermanentError in the adapter's words, never carrying a secret. */
export function twilioRefusal(error: TwilioRestError, asked: TwilioAsked, secrets: readonly string[]): Error {
  const { status, code } = error;
  const reference = twilioReference(error);
  if (status === 401 || code === 20003) {
    return new PermanentError(
      `Twilio rejected the Account SID or auth token (${reference}): check them in Settings.`,
    );
  }
  if (status === 429 || status >= 500 || code === 20429) {
    return new TransientError(`Twilio answered ${reference}${asked.transient}`);
  }
  const hint = code === null ? undefined : asked.hints?.[code];
  const said = redactPhoneNumbers(redactSecrets(error.message, secrets)).slice(0, 200);
  const docs = code === null ? '' : ` See https://www.twilio.com/docs/errors/${code}.`;
  return new PermanentError(`Twilio refused ${asked.refused} (${reference}): ${hint ?? said}.${docs}`);
}

/** A request that never got Twilio's answer: a timeout or a connection failure, transient (only its name kept). */
export function twilioTransportFailure(error: unknown, timeoutMs: number): Error {
  if (error instanceof TransientError || error instanceof PermanentError) return error;
  const failure = error as { name?: unknown; cause?: { code?: unknown; message?: unknown } } | null;
  if (failure?.name === 'TimeoutError' || failure?.name === 'AbortError') {
    return new TransientError(`Twilio did not answer within ${Math.round(timeoutMs / 1000)} s.`);
  }
  if (failure?.name === 'TypeError') {
    const cause = failure.cause;
    const code =
      typeof cause?.code === 'string'
        ? cause.code
        : typeof cause?.message === 'string'
          ? cause.message
          : 'connection failed';
    return new TransientError(`Could not reach Twilio: ${code}.`);
  }
  return error instanceof Error ? error : new Error(String(error));
}
