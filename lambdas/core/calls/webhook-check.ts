/**
 * Setup's check of where Twilio sends texts and calls (issue 33): the SMS number's "A message comes in" must be
 * the texts' webhook, and each forwarding number's "A call comes in" the voice webhook, exactly (Twilio signs
 * the exact URL). Says plainly which number is wrong, where it points now, and what to paste where.
 */
import { formatPhoneNumber } from '#core/delivery/phone';

/** One of the account's numbers as Twilio lists it. */
export type ListedNumber = {
  readonly number: string;
  readonly smsUrl: string | null;
  readonly voiceUrl: string | null;
};

export type WebhookCheck = { readonly ok: boolean; readonly sentences: readonly string[] };

const where = (url: string | null) => (url ? `to ${url}` : 'nowhere (no webhook set)');

function numbers(list: readonly string[]): string {
  const shown = list.map(formatPhoneNumber);
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

export function checkWebhooks(input: {
  /** The saved SMS number (E.164); it is one of the account's numbers. */
  readonly smsNumber: string;
  readonly expected: { readonly sms: string; readonly voice: string };
  /** The subscribers' forwarding numbers (E.164). */
  readonly forwarding: readonly string[];
  readonly listed: readonly ListedNumber[];
}): WebhookCheck {
  const { smsNumber, expected, forwarding, listed } = input;
  const byNumber = new Map(listed.map((n) => [n.number, n]));
  const sentences: string[] = [];
  let ok = true;

  const sms = byNumber.get(smsNumber);
  if (sms && sms.smsUrl !== expected.sms) {
    ok = false;
    sentences.push(
      `Texts to ${formatPhoneNumber(smsNumber)} go ${where(sms.smsUrl)}, not to this service: in the Twilio Console open the number (Phone Numbers, Active numbers) and under Messaging Configuration set "A message comes in" to ${expected.sms} (HTTP POST).`,
    );
  } else if (sms) {
    sentences.push(`Texts to ${formatPhoneNumber(smsNumber)} come to this service.`);
  }

  const missing = forwarding.filter((n) => !byNumber.has(n));
  const wrong = forwarding.filter((n) => byNumber.has(n) && byNumber.get(n)?.voiceUrl !== expected.voice);
  const right = forwarding.length - missing.length - wrong.length;
  if (wrong.length > 0) {
    ok = false;
    const pointing = wrong.map((n) => `${formatPhoneNumber(n)} ${where(byNumber.get(n)?.voiceUrl ?? null)}`);
    sentences.push(
      `Calls to ${wrong.length === 1 ? 'the forwarding number' : `${wrong.length} forwarding numbers`} go elsewhere (${pointing.join('; ')}): in the Twilio Console open ${wrong.length === 1 ? 'it' : 'each'} and under Voice Configuration set "A call comes in" to ${expected.voice} (HTTP POST).`,
    );
  }
  if (missing.length > 0) {
    ok = false;
    sentences.push(
      `${numbers(missing)} ${missing.length === 1 ? 'is a forwarding number' : 'are forwarding numbers'} of a subscriber but not ${missing.length === 1 ? 'a number' : 'numbers'} of this Twilio account: calls to ${missing.length === 1 ? 'it' : 'them'} cannot reach the service.`,
    );
  }
  if (right > 0) {
    sentences.push(
      `Calls to ${right === 1 ? 'the forwarding number' : `${right} forwarding numbers`}${wrong.length + missing.length > 0 ? ' (the others)' : ''} come to this service.`,
    );
  }
  return { ok, sentences };
}
