import { CARRIER_NAMES, forwardingCode } from '@core/calls/carrier-codes';
import { CARRIER_REPLY_WORDS, FORWARD_KEYWORD } from '@core/commands/forward';
import { formatList } from '@/lib/format-list';
import { LegalSection, legalListClass } from './legal-document';

/** Shown for the codes: a forwarding number as the texts write it into them. */
const EXAMPLE = '+13125550100';

/**
 * The terms of voicemail by call forwarding (issue 33): FORWARD, the number it gives, the carriers' codes
 * (conditional only), the undo, the test call, its limits, and when the number is released.
 */
export function ForwardingTerms() {
  const codes = (['att', 'verizon', 'gsm'] as const).map((carrier) => ({
    carrier,
    ...forwardingCode(carrier, EXAMPLE),
  }));
  return (
    <LegalSection id="forwarding" title="Voicemail by call forwarding">
      <p>
        Text <strong>{FORWARD_KEYWORD}</strong> to our number to get a forwarding number of your own (one per
        phone number). Your phone can then send the calls you do not answer to it: the caller hears a short
        greeting and leaves a message, and we text you its summary, with the caller's number as the network
        gave it. We ask which carrier you are on: reply with one word ({formatList(CARRIER_REPLY_WORDS)}), or
        text {FORWARD_KEYWORD} and the carrier's name, and we text you the code to dial. With (312) 555-0100
        as your forwarding number, the codes are:
      </p>
      <ul className={legalListClass}>
        {codes.map(({ carrier, on, off }) => (
          <li key={carrier}>
            {CARRIER_NAMES[carrier]}
            {carrier === 'gsm' ? ' and other GSM networks' : ''}: dial <strong>{on}</strong> and press Call;
            dial <strong>{off}</strong> to undo it.
          </li>
        ))}
      </ul>
      <p>
        These forward only the calls you do not answer (or, on some networks, when you are busy or your phone
        is off): your phone still rings first. Then call your phone from another phone and let it ring: the
        first forwarded call is answered with a text, "Forwarding works". Codes can differ by plan, prepaid
        plans and roaming may refuse forwarding, and a new phone, SIM or plan can turn it off: if no call has
        reached your forwarding number for 14 days, we text you the code again (at most once a month). On an
        iPhone, Live Voicemail answers before forwarding: turn it off in Settings &gt; Phone &gt; Live
        Voicemail. After you text STOP or delete your data, your forwarding number is kept for 7 days (text
        START or {FORWARD_KEYWORD} to keep it), then released: undo the forwarding on your phone first. A
        forwarded call is a call on your phone plan: your carrier may count its minutes.
      </p>
    </LegalSection>
  );
}
