import { receivedWords } from '@core/messages/refused-inbound';
import type { InboundRefusal } from '@core/messages/refused-inbound-schema';

/**
 * The record of something that was not a voice message (core/messages/refused-inbound.ts), under its reason: what came
 * in, and the text we answered (the first of them, when several came that day), or that we answered nothing.
 */
export function RefusedDetails({ refusal }: { readonly refusal: InboundRefusal }) {
  const answered = refusal.count > 1 && refusal.answered !== null ? 'We answered the first' : 'We answered';
  return (
    <dl className="space-y-1 text-sm text-ink">
      <div>
        <dt className="inline font-semibold">Received: </dt>
        <dd className="inline break-words">{receivedWords(refusal)}</dd>
      </div>
      <div>
        <dt className="inline font-semibold">{answered}: </dt>
        <dd className="inline break-words">
          {refusal.answered === null ? 'nothing' : `“${refusal.answered}”`}
        </dd>
      </div>
    </dl>
  );
}
