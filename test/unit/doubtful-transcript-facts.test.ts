/**
 * Digits in a transcript the engine judged possibly unreliable (issue 32, seventh session): the engine's
 * confident mishearings of numbers come in such transcripts far more often ("call 919-555-0103" for 0133, in
 * a transcript that began "This is the ramble's farm office"). Their callback number and amounts are not
 * stated ("Number unclear, listen at ..."); their names and times are still judged word by word; and a
 * transcript the engine did not doubt keeps its numbers.
 */
import { describe, expect, it } from 'vitest';
import { checkFacts, DOUBTFUL_TRANSCRIPT } from '#core/facts/fact-checks';
import { statedSummary } from '#core/facts/stated-summary';
import { composeReply } from '#core/texts/service-texts';
import { type HeardTranscript, heardTokens } from '#core/transcripts/heard-transcript';
import { summarizeExtractively } from '../../lambdas/adapters/extractive/extractive-summarizer';
import { LibPhoneNumberRegions } from '../../lambdas/adapters/phone/libphonenumber-regions';

const regions = new LibPhoneNumberRegions();
const isValidNumber = (e164: string) => regions.countryOf(e164) !== null;

/** Every word heard surely (0.97), each at 2 s a word: the engine's confidence is no reason to doubt here. */
function heard(text: string): HeardTranscript {
  return {
    text,
    words: text.split(' ').map((word, index) => ({ text: word, confidence: 0.97, at: index / 2 })),
  };
}

const GARBLED =
  "This is the ramble's farm office at Northfield College, for tomiah's camp. There must hold on your account for an unpaid balance of $65 and that's time to clap, any student with a hold in drops from their spring classes. Pay online or at the window, the window opens Monday at 10. Question: call 919-555-0103.";

function firstText(transcript: HeardTranscript, doubtfulTranscript: boolean) {
  const { caller, ...proposed } = summarizeExtractively(transcript.text, transcript.words);
  const result = statedSummary(proposed, caller, transcript, {
    isValidNumber,
    seconds: 40,
    doubtfulTranscript,
  });
  const [first = ''] = composeReply({
    mode: 'full',
    summary: result.summary,
    transcript: transcript.text,
    serviceName: 'Voice Summary',
    link: 'https://d111111abcdef8.cloudfront.net/m/Xk3p9QaZ2mT7vB4nL8wR1c',
    facts: result.facts,
  });
  return { first, number: result.summary.callback_number, unclear: result.facts.number_unclear };
}

describe('a transcript the engine doubted', () => {
  it('states no number or amount in it, however surely each was heard; names and times are judged as ever', () => {
    const facts = checkFacts(heardTokens(heard(GARBLED)), { isValidNumber, doubtfulTranscript: true });
    const doubt = (kind: string) => facts.filter((fact) => fact.kind === kind).map((fact) => fact.doubt);
    expect(doubt('phone')).toEqual([DOUBTFUL_TRANSCRIPT]);
    expect(doubt('amount')).toEqual([DOUBTFUL_TRANSCRIPT]);
    expect(doubt('day')).toEqual([null]);
    expect(doubt('time')).toEqual([null]);
    expect(doubt('business')).toEqual([null]);
  });

  it('texts "Number unclear" with where to listen, not a number that may be wrong', () => {
    const doubted = firstText(heard(GARBLED), true);
    expect(doubted.number).toBeNull();
    expect(doubted.unclear).not.toBeNull();
    expect(doubted.first).toContain('Number unclear, listen at');
    expect(doubted.first).not.toContain('555-0103');
    expect(doubted.first).not.toContain('$65');
  });

  it('keeps the number of a transcript the engine did not doubt', () => {
    const trusted = firstText(heard(GARBLED), false);
    expect(trusted.number).toBe('(919) 555-0103');
    expect(trusted.first).toContain('Call back: (919) 555-0103');
  });
});
