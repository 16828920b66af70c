/**
 * The one catalogue of what a text's delivery status means to an operator: Twilio's delivery error codes in
 * plain words, each with what to do. The dashboard's card reads it (through `@core/`), so the words are
 * written once; docs/operations.md explains the statuses around it.
 */
import { type DeliveryStatus, latestRunParts, type SmsPart, worstPart } from './delivery-status';

/** What an error code means and what the operator can do about it. */
export type DeliveryError = {
  /** Completes "Not delivered: ..." */
  readonly reason: string;
  /** Completes "What to do: ..." */
  readonly advice: string;
};

/** Twilio's delivery error codes (https://www.twilio.com/docs/api/errors) that the card explains. */
export const DELIVERY_ERRORS: Readonly<Record<number, DeliveryError>> = {
  30001: {
    reason: 'Twilio dropped it from a full sending queue',
    advice:
      'send fewer texts at once (Settings, segments per number an hour) or add numbers to the Messaging Service.',
  },
  30002: {
    reason: 'the Twilio account is suspended',
    advice: 'check the account status and billing in the Twilio console.',
  },
  30003: {
    reason: 'the phone was unreachable (switched off or out of coverage)',
    advice:
      'usually temporary: once the phone is back on, Retry Processing or ask the sender to forward it again.',
  },
  30004: {
    reason: 'the recipient or their carrier blocked texts from this number',
    advice: 'only the recipient can unblock it (on the phone or with their carrier); nothing to change here.',
  },
  30005: {
    reason: 'the number does not exist or is no longer in service',
    advice: 'no text to this number can arrive; no action unless the sender gives another number.',
  },
  30006: {
    reason: 'the number is a landline or cannot receive texts',
    advice: 'texts cannot reach it: the sender needs to forward from a mobile phone.',
  },
  30007: {
    reason: 'the carrier filtered it as spam',
    advice:
      "check the number's A2P 10DLC campaign in Twilio: its sample messages must match the replies, links must be on your own domain and never shortened. Many of these in a day is the campaign's problem, not the phone's.",
  },
  30008: {
    reason: 'the carrier gave no reason (unknown error)',
    advice: 'Retry Processing later; if it keeps happening, give the text SID to Twilio support.',
  },
  30032: {
    reason: 'the toll-free number is not verified',
    advice:
      "finish the toll-free verification in the Twilio console; carriers block texts until it's approved.",
  },
  30034: {
    reason: 'the sending number is not registered for A2P 10DLC',
    advice:
      "register the brand and campaign in Twilio and add this number to the campaign's Messaging Service; US carriers block texts until then.",
  },
  21610: {
    reason: 'the recipient opted out (they texted STOP)',
    advice: 'nothing: no more texts go to them until they text START.',
  },
};

/** How a message's texts fared, in the card's words. */
export type DeliverySummary = {
  /** The worst text's status. */
  readonly status: DeliveryStatus;
  /** Its error code, or null. */
  readonly error_code: number | null;
  /** "Delivered", "Not delivered: the carrier filtered it as spam (30007)"... */
  readonly title: string;
  /** What to do (for an undelivered or failed text), or null. */
  readonly advice: string | null;
};

/** The words for a code the catalogue does not list. */
function unlisted(code: number | null): DeliveryError {
  return code === null
    ? {
        reason: 'the carrier did not say why',
        advice: "look the text up in the Twilio console's messaging logs.",
      }
    : {
        reason: `the carrier reported error ${code}`,
        advice: `see https://www.twilio.com/docs/errors/${code}.`,
      };
}

/** What an undelivered or failed text's code means (or the words for one nobody listed). */
function deliveryError(code: number | null): DeliveryError {
  return (code === null ? undefined : DELIVERY_ERRORS[code]) ?? unlisted(code);
}

/**
 * How the texts about a message fared, by the worst of them: delivered only once every one is, "waiting for
 * the carrier" while one is not confirmed, not delivered (with the reason and what to do) when one failed.
 * Null when no text was recorded.
 */
export function describeDelivery(parts: readonly SmsPart[] | undefined): DeliverySummary | null {
  const worst = worstPart(parts ?? []);
  if (!worst) return null;
  const { status, error_code } = worst;
  switch (status) {
    case 'delivered':
      return { status, error_code: null, title: 'Delivered', advice: null };
    case 'queued':
    case 'sent':
      return { status, error_code: null, title: 'Waiting for the carrier to confirm delivery', advice: null };
    case 'undelivered':
    case 'failed': {
      const words = deliveryError(error_code);
      const code = error_code === null ? '' : ` (${error_code})`;
      const which = latestRunParts(parts ?? []).length > 1 ? ` ${partName(worst)}` : '';
      return {
        status,
        error_code,
        title: `Not delivered${which}: ${words.reason}${code}`,
        advice: `What to do: ${words.advice}`,
      };
    }
  }
}

/** Which text it was, when a message has several. */
function partName(part: SmsPart): string {
  switch (part.kind) {
    case 'reply':
      return `(reply part ${part.index + 1})`;
    case 'full-transcript':
      return `(text ${part.index + 1} of the transcript FULL asked for)`;
    case 'failure-notice':
      return '(the failure notice)';
  }
}
