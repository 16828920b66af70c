/**
 * FORWARD by text (issue 33): the subscriber's own forwarding number and the code that sends their unanswered
 * calls to it. Anyone the service texts may ask (not opted out, in a reply country, a US number: the numbers
 * are US ones and the codes US carriers'). `FORWARD` gives the number (bought on the first one, kept from
 * release after a STOP) and asks for the carrier; `FORWARD <carrier>` and the carrier's word alone text its
 * code, the undo and the test call, and remember the carrier for the "forwarding may be off" text. A carrier's
 * word alone from someone with no forwarding number is any other text (a how-to). Buying is in
 * use-cases/forwarding-numbers.ts (one number a subscriber, a daily cap for the service).
 */
import { isAudioMime } from '#core/audio/audio-format';
import type { ForwardingNumber } from '#core/calls/forwarding-number';
import { carrierCodeText, forwardingNumberText, noForwardingNumberText } from '#core/calls/forwarding-texts';
import { FORWARD, type ForwardCommand } from '#core/commands/forward';
import type { TextLanguage } from '#core/texts/catalogue';
import { type ForwardingNumberDeps, forwardingNumberFor } from '../forwarding-numbers';
import { outboundRefusal, refusalReason } from '../outbound-sms';
import { senderLanguage } from '../sender-language';
import { type AnythingElseDeps, type RefusedAction, refuseInbound } from './anything-else';
import { type AskedText, type CommandEntry, replyTo } from './text-command';

/** What FORWARD uses: the gate and the LANG, the numbers and their provider, and anything-else's how-to. */
export type ForwardDeps = AnythingElseDeps &
  ForwardingNumberDeps & {
    readonly providers: AnythingElseDeps['providers'] & ForwardingNumberDeps['providers'];
  };

/** FORWARD's entry: answered after the voice messages sent with it. */
export const forwardCommand: CommandEntry<'FORWARD', ForwardDeps, 'forward' | RefusedAction> = {
  command: FORWARD,
  turn: 'after-voice',
  answer: answerForward,
};

async function answerForward(
  deps: ForwardDeps,
  text: AskedText,
  asked: ForwardCommand,
): Promise<'forward' | RefusedAction> {
  const { from } = text;
  if (asked.kind === 'code' && asked.bare) {
    // "Verizon" alone is a reply to FORWARD's question only from someone who has a number.
    const record = await deps.forwardingNumbers.findBySubscriber(from);
    if (record === null) {
      return text.media.some((m) => isAudioMime(m.contentType)) ? 'forward' : refuseInbound(deps, text);
    }
  }
  // Only someone the service may text gets a number: it would cost money and reach nobody otherwise.
  const refusal = await outboundRefusal(deps, { to: from, kind: 'forward' });
  if (refusal) {
    if (refusal.status !== 'opted-out') deps.warn(`FORWARD not answered: ${refusalReason(refusal)}`);
    return 'forward';
  }
  const language = await senderLanguage(deps.preferences, from);
  const say = (body: string) => replyTo(deps, from, body, 'forward');
  if (deps.phoneRegions.countryOf(from) !== 'US') {
    await say(noForwardingNumberText(deps.serviceName, 'us-only', language));
    return 'forward';
  }
  const outcome = await forwardingNumberFor(deps, from);
  if (outcome.status === 'busy') return 'forward';
  if (outcome.status === 'refused') {
    await say(noForwardingNumberText(deps.serviceName, outcome.reason, language));
    return 'forward';
  }
  await say(await answerWithNumber(deps, outcome.record, asked, language));
  return 'forward';
}

/** The number and the carrier question, or the carrier's code (remembered for the idle text). */
async function answerWithNumber(
  deps: ForwardDeps,
  record: ForwardingNumber,
  asked: ForwardCommand,
  language: TextLanguage,
): Promise<string> {
  if (asked.kind === 'number') return forwardingNumberText(deps.serviceName, record.number, language);
  if (record.carrier !== asked.carrier) {
    await deps.forwardingNumbers.update(record.number, { carrier: asked.carrier });
  }
  return carrierCodeText(deps.serviceName, asked.carrier, record.number, language);
}
