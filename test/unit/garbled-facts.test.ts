/**
 * Garbled facts the checks do not state (issue 32, the third held-out set's wrong facts): a phone number an
 * engine heard as a range of times that ends before it starts, a time whose minutes are off the five ("9:01"
 * for "nine till one"), digits joined to letters with a slash ("A/T/6 dollars" for eighty-six), a caller's
 * name given after a greeting and before their office ("Hi, Marisol Vega, city building department") heard
 * badly, and a value the summary repeats from where it was doubted though it was heard well elsewhere.
 */

import { describe, expect, it } from 'vitest';
import { checkFacts, LOW_CONFIDENCE } from '#core/facts/fact-checks';
import { UNCOUNTED } from '#core/facts/fact-mentions';
import { statedSummary } from '#core/facts/stated-summary';
import { IMPOSSIBLE_RANGE, OFF_THE_FIVE } from '#core/facts/time-mentions';
import { markedTranscript } from '#core/texts/voice-reply';
import { type HeardTranscript, heardTokens } from '#core/transcripts/heard-transcript';
import { summarizeExtractively } from '../../lambdas/adapters/extractive/extractive-summarizer';
import { LibPhoneNumberRegions } from '../../lambdas/adapters/phone/libphonenumber-regions';

const regions = new LibPhoneNumberRegions();
const isValidNumber = (e164: string) => regions.countryOf(e164) !== null;

/** A transcript as the transcriber hands it over: each word heard at 0.97 but those named in `doubted`. */
function heard(text: string, doubted: Readonly<Record<string, number>> = {}): HeardTranscript {
  const words = text.split(' ').map((word) => ({ text: word, confidence: doubted[word] ?? 0.97, at: 0 }));
  return { text, words };
}

/** The checks' verdict on each fact of a transcript, as "kind value: doubt" ("ok" when sure). */
const verdicts = (transcript: HeardTranscript) =>
  checkFacts(heardTokens(transcript), { isValidNumber }).map(
    (fact) => `${fact.kind} ${fact.value}: ${fact.doubt ?? 'ok'}`,
  );

/** The summary the sender gets from a transcript summarized offline. */
function statedText(transcript: HeardTranscript): string {
  const { caller, ...proposed } = summarizeExtractively(transcript.text, transcript.words);
  return statedSummary(proposed, caller, transcript, { isValidNumber, seconds: 30 }).summary.summary;
}

describe('a range of times', () => {
  it('that ends before it starts is not stated, nor the times run on from it', () => {
    // "Six oh two, five fifty-five, oh one eighty-four" as Moonshine heard it on a noisy phone line.
    expect(verdicts(heard('Our Saturday afternoon, 6:00 to 5:55, so 1:00 to 4:00.'))).toEqual([
      'day saturday: ok',
      `time 6: ${IMPOSSIBLE_RANGE}`,
      `time 5:55: ${IMPOSSIBLE_RANGE}`,
      `time 1: ${IMPOSSIBLE_RANGE}`,
      `time 4: ${IMPOSSIBLE_RANGE}`,
    ]);
    expect(verdicts(heard('Come by from noon to noon, or 6pm to 5pm.'))).toEqual([
      `time 12: ${IMPOSSIBLE_RANGE}`,
      `time 12: ${IMPOSSIBLE_RANGE}`,
      `time 6: ${IMPOSSIBLE_RANGE}`,
      `time 5: ${IMPOSSIBLE_RANGE}`,
    ]);
  });

  it('that a shop, a daycare or an office keeps is stated: across noon, and two of them in a day', () => {
    for (const text of [
      'We are open 7 to 6:30 on Friday.',
      'The store is open from 10 to 9 on Saturday.',
      'We are here weekdays 8 to 4:30.',
      'Pest control comes Wednesday between 9 and noon.',
      'We are open 8:00 to 12:00 and 1:00 to 5:00 on Monday.',
    ]) {
      expect(verdicts(heard(text)).every((verdict) => verdict.endsWith(': ok'))).toBe(true);
    }
  });

  it('leaves the well-heard time before it stated, and marks the range where the summary repeats it', () => {
    const text = statedText(
      heard(
        "Hey, it's Sal. Your Civic is ready to go. We're here till 6 tonight. Our Saturday afternoon, 6:00 to 5:55, so 1:00 to 4:00.",
      ),
    );
    expect(text).toContain('till 6 tonight');
    expect(text).toContain('[unclear] to [unclear], so [unclear] to [unclear]');
    expect(text).not.toMatch(/5:55|1:00|4:00|6:00/);
  });
});

describe('a time with minutes off the five', () => {
  it('is not stated: "9:01" is more often "nine till one" than a time anyone keeps', () => {
    const transcript = heard(
      'Your training is set or d the nine. Order to 9:01 at the Pleasant Hill Library for a different session.',
      { 'nine.': 0.35, the: 0.42, Order: 0.58 },
    );
    expect(verdicts(transcript)).toContain(`time 9:01: ${OFF_THE_FIVE}`);
    expect(statedText(transcript)).toContain('Order to [unclear] at the Pleasant Hill Library');
    expect(verdicts(heard('See you Friday at 4:30 or at quarter to nine.'))).toEqual([
      'day friday: ok',
      'time 4:30: ok',
      'time 8:45: ok',
    ]);
  });
});

describe('digits joined to letters with a slash', () => {
  it('are no amount: "A/T/6 dollars" is not stated as $6', () => {
    const transcript = heard(
      "This message is for Bernadette. There's a remaining balance of A/T/6 dollars and 40 cents from your October 2nd visit.",
      { 'A/T/6': 0.33 },
    );
    expect(verdicts(transcript)).toContain('digits 6: digits and letters run together');
    expect(statedText(transcript)).toContain('balance of [unclear] dollars and 40 cents');
    // Dates and times written with their letters are what they say.
    expect(verdicts(heard('Your visit on the 2nd at 8pm.'))).toEqual(['date 2: ok', 'time 8: ok']);
  });
});

describe('a name given after a greeting and before an office', () => {
  it('heard badly, is not stated: the first name leads marked doubtful, as any doubted name does, and no surname', () => {
    const transcript = heard(
      "Hi, Marisol Veda, City Building Department. I'm at the Larkin Street job for your framing inspection. I can wait till about 2 today, then I have to fail it. Call my cell 503-555-0162.",
      { Marisol: 0.69, 'Veda,': 0.88 },
    );
    expect(verdicts(transcript)[0]).toBe(`name Marisol: ${LOW_CONFIDENCE}`);
    const text = statedText(transcript);
    expect(text).toMatch(/^Marisol\(\?\)/);
    expect(text).not.toMatch(/Marisol(?!\(\?\))|Veda/);
  });

  it('heard well, is stated as said; a greeting to the person called is not taken for it', () => {
    expect(verdicts(heard('Hi, Marisol Vega, City Building Department. I am at the site.'))).toEqual([
      'name Marisol: ok',
    ]);
    expect(verdicts(heard("Hi Gary, it's Shonda with Island Blood Bank."))).toEqual([
      'name Shonda: ok',
      'business Island Blood Bank: ok',
    ]);
  });
});

describe('a hundred or a thousand with no count before it', () => {
  it('lost its count to a mishearing, and is not stated: "that went ahead hundred dollar option"', () => {
    const transcript = heard(
      "Hi, it's Ingrid Solberg. We'd like to go ahead with the full refinish, that went ahead hundred dollar option, not the stain only one. Could you start the week of the twelfth? Give me a call back on my cell.",
      { went: 0.29, ahead: 0.28 },
    );
    expect(verdicts(transcript)).toContain(`amount 100: ${UNCOUNTED}`);
    expect(statedText(transcript)).not.toMatch(/(?<!\[unclear\] )hundred dollar|\$100/);
  });

  it('is stated with "a" or a count before it: "a hundred dollars", "twelve hundred dollars"', () => {
    expect(verdicts(heard('The fee is a hundred dollars.'))).toEqual(['amount 100: ok']);
    expect(verdicts(heard('It comes to twelve hundred dollars.'))).toEqual(['amount 1200: ok']);
    expect(verdicts(heard('It is one thousand dollars.'))).toEqual(['amount 1000: ok']);
  });
});

describe('a value said twice', () => {
  it('heard badly once and well once, is stated: the other reading agrees', () => {
    const transcript = heard(
      'Your passport is ready for pickup. Since you travel tomorrow, please come this afternoon. We are closed tomorrow for the holiday.',
      { 'tomorrow,': 0.59 },
    );
    expect(statedText(transcript)).toContain('Since you travel tomorrow, please come');
  });
});

describe('a transcript texted whole', () => {
  it("marks each word of a business or name it doubts, and a time's last word only", () => {
    // The dentist's "Lakeside Dental" heard as "Wake Side Dental": "Dental(?)" alone stated "Wake Side".
    const transcript =
      "Hi, it's Jennifer from Wake Side Dental. Your cleaning is Monday at quarter past three.";
    const unsure: [number, number][] = [
      [4, 7],
      [12, 15],
    ];
    expect(markedTranscript(transcript, { number_unclear: null, unsure })).toBe(
      "Hi, it's Jennifer from Wake(?) Side(?) Dental(?). Your cleaning is Monday at quarter past three(?).",
    );
    expect(
      markedTranscript('This is Dr. Reyes at the clinic.', { number_unclear: null, unsure: [[2, 4]] }),
    ).toBe('This is Dr. Reyes(?) at the clinic.');
  });
});
