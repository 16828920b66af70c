/**
 * The FAQ's questions on voicemail by call forwarding (issue 33): how it works, the carriers' codes (from the
 * same module the texts use: only conditional forwarding), how to undo it, the test call, and what stops it
 * (Live Voicemail, prepaid plans, roaming, a new phone or SIM).
 */
import { CARRIER_NAMES, forwardingCode } from '@core/calls/carrier-codes';
import { CARRIER_REPLY_WORDS, FORWARD_KEYWORD } from '@core/commands/forward';
import type { ReactNode } from 'react';
import { formatList } from '@/lib/format-list';

const EXAMPLE = '+13125550100';

export function forwardingFaqItems(): {
  readonly id: string;
  readonly question: string;
  readonly answer: ReactNode;
}[] {
  const codes = (['att', 'verizon', 'gsm'] as const).map((carrier) => ({
    carrier,
    ...forwardingCode(carrier, EXAMPLE),
  }));
  return [
    {
      id: 'forwarding',
      question: 'Can my missed calls become texts too?',
      answer: (
        <>
          <p>
            Yes. Text {FORWARD_KEYWORD} to our number and we text you a forwarding number of your own. Tell
            your phone to forward the calls you do not answer to it: your phone still rings first, and when
            you do not pick up, the caller hears a short greeting and leaves a message. We text you its
            summary like any voice message, with the caller's number as the phone network gave it, so the
            callback number is exact.
          </p>
          <p>
            We ask which carrier you are on: reply {formatList(CARRIER_REPLY_WORDS)}, or text{' '}
            {FORWARD_KEYWORD} and the carrier's name, and we text you the code to dial.
          </p>
        </>
      ),
    },
    {
      id: 'forwarding-codes',
      question: 'Which code do I dial, and how do I undo it?',
      answer: (
        <>
          <p>With (312) 555-0100 as your forwarding number:</p>
          <ul className="list-disc pl-5">
            {codes.map(({ carrier, on, off }) => (
              <li key={carrier}>
                {CARRIER_NAMES[carrier]}
                {carrier === 'gsm' ? ' and other GSM networks' : ''}: dial {on} and press Call; {off} undoes
                it.
              </li>
            ))}
          </ul>
          <p>
            Then call your phone from another phone and let it ring: we text "Forwarding works" when the first
            forwarded call arrives. If nothing comes, your plan may use other codes: ask your carrier for
            "conditional call forwarding when unanswered". We never suggest forwarding every call: your phone
            would stop ringing.
          </p>
        </>
      ),
    },
    {
      id: 'forwarding-problems',
      question: 'Why does forwarding not reach you?',
      answer: (
        <>
          <p>
            On an iPhone, Live Voicemail answers calls before they can be forwarded: turn it off in Settings
            &gt; Phone &gt; Live Voicemail. Some prepaid plans, and most phones while roaming abroad, refuse
            call forwarding. A new phone, SIM card or plan can turn forwarding off without telling you: if no
            call reaches your forwarding number for 14 days, we text you the code again (at most once a
            month).
          </p>
          <p>
            If you text STOP or delete your data, we keep your forwarding number for 7 days (text START or{' '}
            {FORWARD_KEYWORD} to keep it), then release it: undo the forwarding on your phone first.
          </p>
        </>
      ),
    },
  ];
}
