/**
 * The caller tests' messages (issue 32): a transcript as the offline engine writes it, every word heard at 0.97
 * but those named doubtful, taken through the real offline summarizer, the real checks and the real reply
 * composer, as the pipeline keeps it: its first text, who it names, and the message the cards are made from.
 */
import type { CardSource } from '#core/cards/message-cards';
import { checkFacts } from '#core/facts/fact-checks';
import { statedSummary } from '#core/facts/stated-summary';
import { composeReply } from '#core/texts/service-texts';
import { type HeardTranscript, heardTokens } from '#core/transcripts/heard-transcript';
import { summarizeExtractively } from '../../lambdas/adapters/extractive/extractive-summarizer';
import { LibPhoneNumberRegions } from '../../lambdas/adapters/phone/libphonenumber-regions';

const regions = new LibPhoneNumberRegions();
export const isValidNumber = (e164: string) => regions.countryOf(e164) !== null;
export const LINK = 'https://d111111abcdef8.cloudfront.net/m/Xk3p9QaZ2mT7vB4nL8wR1c';

/** Every word heard at 0.97 but those in `doubted` (by the word as written, punctuation included). */
export function heard(text: string, doubted: Readonly<Record<string, number>> = {}): HeardTranscript {
  return {
    text,
    words: text.split(' ').map((word) => ({ text: word, confidence: doubted[word] ?? 0.97, at: 0 })),
  };
}

/** The message as the pipeline keeps it after summarizing offline and checking, and its first text. */
export function offlineMessage(transcript: HeardTranscript, urgency?: CardSource['urgency']) {
  const { caller, ...proposed } = summarizeExtractively(transcript.text, transcript.words);
  const { summary, facts } = statedSummary(proposed, caller, transcript, { isValidNumber, seconds: 30 });
  const [first = ''] = composeReply({
    mode: 'full',
    summary,
    transcript: transcript.text,
    serviceName: 'Voice Summary',
    link: LINK,
    facts,
    ...(urgency == null ? {} : { urgency }),
  });
  const source: CardSource = {
    id: 'msg-caller-1',
    created_at: '2026-11-26T15:00:00.000Z',
    summary: summary.summary,
    transcript: transcript.text,
    summary_details: summary,
    stated_facts: facts,
    ...(urgency == null ? {} : { urgency }),
  };
  return { first, caller: summary.caller ?? null, source };
}

/** The businesses the checks find in `text`, each "name: sure" or "name: doubtful". */
export const businessesHeard = (text: string, doubted: Readonly<Record<string, number>> = {}) =>
  checkFacts(heardTokens(heard(text, doubted)), { isValidNumber })
    .filter((fact) => fact.kind === 'business')
    .map((fact) => `${fact.value}: ${fact.sure ? 'sure' : 'doubtful'}`);
