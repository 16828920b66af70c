/**
 * Facts checked before they are stated (issue 24): what the first text says of the caller's name, the
 * callback number, amounts, card digits and times, on transcripts whose words carry the engine's confidence
 * (made by hand here, as the transcriber hands them over), and on transcripts without it (old messages,
 * whisper-1), where only the checks that need none are made.
 */

import { describe, expect, it } from 'vitest';
import { checkFacts, LOW_CONFIDENCE, TWO_READINGS } from '#core/facts/fact-checks';
import { findMentions } from '#core/facts/fact-mentions';
import { NUMBER_IN_PIECES } from '#core/facts/number-attempts';
import { statedSummary } from '#core/facts/stated-summary';
import { composeReply } from '#core/texts/service-texts';
import type { HeardTranscript } from '#core/transcripts/heard-transcript';
import { heardTokens } from '#core/transcripts/heard-transcript';
import { digitRunsOf } from '#core/transcripts/spoken-numbers';
import { summarizeExtractively } from '../../lambdas/adapters/extractive/extractive-summarizer';
import { LibPhoneNumberRegions } from '../../lambdas/adapters/phone/libphonenumber-regions';

const regions = new LibPhoneNumberRegions();
const isValidNumber = (e164: string) => regions.countryOf(e164) !== null;
const LINK = 'https://d111111abcdef8.cloudfront.net/m/Xk3p9QaZ2mT7vB4nL8wR1c';

/**
 * A transcript as the transcriber hands it over: each word heard surely (0.97) but those named in `doubted`
 * (by the word as written, with its punctuation), each said in the piece of audio starting at `at` seconds.
 */
function heard(text: string, doubted: Readonly<Record<string, number>> = {}, at = 0): HeardTranscript {
  const words = text.split(' ').map((word) => ({ text: word, confidence: doubted[word] ?? 0.97, at }));
  return { text, words };
}

/** A transcript as an old message or whisper-1 left it: the text, no confidence. */
const textOnly = (text: string): HeardTranscript => ({ text, words: null });

/** The summary the sender gets from a transcript summarized offline, and the first text that carries it. */
function stated(transcript: HeardTranscript, vocabulary: readonly string[] = []) {
  const { caller, ...proposed } = summarizeExtractively(transcript.text, transcript.words);
  const result = statedSummary(proposed, caller, transcript, { isValidNumber, vocabulary, seconds: 60 });
  const [first = ''] = composeReply({
    mode: 'full',
    summary: result.summary,
    transcript: transcript.text,
    serviceName: 'Voice Summary',
    link: LINK,
    facts: result.facts,
  });
  return { ...result, first };
}

/** The checks' verdict on each fact of a transcript, as "kind value: doubt" ("ok" when sure). */
function verdicts(transcript: HeardTranscript): string[] {
  return checkFacts(heardTokens(transcript), { isValidNumber }).map(
    (fact) => `${fact.kind} ${fact.value}: ${fact.doubt ?? 'ok'}`,
  );
}

describe('the callback number', () => {
  const SAID = 'Hi, this is Jenna from Lakeside Dental. Please call us at 206-555-0142. Thanks.';

  it('is stated when the caller said it, it is a valid number and every digit was heard well', () => {
    const { summary, facts, first } = stated(heard(SAID));
    expect(summary.callback_number).toBe('(206) 555-0142');
    expect(facts.number_unclear).toBeNull();
    expect(first).not.toContain('unclear');
    expect(first).not.toContain('(?)');
  });

  it('with a doubtful digit, is not stated: the text says where it was said and links to that moment', () => {
    // Timed word by word: the number said 42 s in, the words before it from 40 s.
    const { words } = heard(SAID, { '206-555-0142.': 0.41 }, 40);
    const timed = words?.map((word) => (word.text === '206-555-0142.' ? { ...word, at: 42 } : word));
    const { summary, facts, first } = stated({ text: SAID, words: timed ?? null });
    expect(summary.callback_number).toBeNull();
    expect(facts.number_unclear).toEqual({ at: 42 });
    expect(first).toContain('\nNumber unclear, listen at 0:42\n');
    expect(first.split('\n').at(-1)).toBe(`${LINK}#t=42`);
    // The whole voicemail is texted, the number marked as what the engine heard and may be wrong.
    expect(first).toContain('206-555-0142(?).');
  });

  it('heard at 0.55, is unclear: numbers heard that surely were right 16 times in 17, and a wrong one is dialled', () => {
    // Measured again in issue 32's eighth session (docs/decisions/callers.md): the bar stays 0.6.
    const doubted = stated(heard(SAID, { '206-555-0142.': 0.55 }));
    expect(doubted.summary.callback_number).toBeNull();
    expect(doubted.facts.number_unclear).not.toBeNull();
    expect(stated(heard(SAID, { '206-555-0142.': 0.62 })).summary.callback_number).toBe('(206) 555-0142');
  });

  it('written by the engine as clock times, is unclear however surely heard, never shown as times', () => {
    // "nine one nine, five five five, oh one five seven, extension two two four", heard at 0.70-0.82: a number
    // read this way was stated and wrong on the thirteenth held-out set, so none is stated.
    const said =
      "Hi, it's Dana from the staffing office at Riverside General. We're short two nurses tonight. Could you pick up the 7 p.m. to 7 a.m. shift? It's time and a half. Let me know this afternoon, around 3 at the latest, I'm at 9:19, 5:55, 01:57, extension 224.";
    const shift = stated(heard(said, { '9:19,': 0.7, '5:55,': 0.82, '01:57,': 0.77 }));
    expect(shift.summary.callback_number).toBeNull();
    expect(shift.first).toContain('Number unclear');
    expect(shift.first).not.toContain('5:55');
    // "five one two, five five five, oh one seven three", its first group heard at 0.32: unclear, never "5:5".
    const crane = stated(
      heard(
        "Hey, it's Dale. The crane is booked for 6:30 tomorrow morning to set the trusses, but the lane closure permit isn't posted at the site yet. The city office closes at 4:30, and without it they'll turn the crane around. Can you run down there? I'm at 5:12, 5:5, 5:01, 7:3.",
        { '5:12,': 0.32 },
      ),
    );
    expect(crane.summary.callback_number).toBeNull();
    expect(crane.facts.number_unclear).not.toBeNull();
    expect(crane.first).toContain('Number unclear');
    expect(crane.first).not.toMatch(/\b5:5\b|\b7:3\b/);
    // Times a person says stay times: "at 9:15, 10:30 or 11:45".
    expect(
      verdicts(heard('We have openings Monday at 9:15, 10:30, 11:45 if any of those work.')),
    ).not.toContain(expect.stringMatching(/^phone/));
  });

  it('is not stated when the engine looped on a group of it (a loop remnant)', () => {
    const transcript = heard('Please call me back at 555-888-888-888-888 873-0421 to confirm.');
    expect(verdicts(transcript)).toEqual([
      'phone 5558888888888888730421: a group repeated (the engine looping)',
    ]);
    // Even a model that picked a plausible number out of it does not get it stated.
    const result = statedSummary(
      { ...summarizeExtractively(transcript.text), callback_number: '(555) 873-0421' },
      null,
      transcript,
      { isValidNumber },
    );
    expect(result.summary.callback_number).toBeNull();
    expect(result.facts.number_unclear).toEqual({ at: 0 });
  });

  it('said twice differently, is unclear: neither reading is stated', () => {
    const transcript = heard('You can reach me at 213-555-0190. That is 213-555-0196.');
    expect(verdicts(transcript)).toEqual([
      `phone 2135550190: ${TWO_READINGS}`,
      `phone 2135550196: ${TWO_READINGS}`,
    ]);
    expect(stated(transcript).summary.callback_number).toBeNull();
    // One piece from 0:00 to the minute's end: the first reading is placed by its share of the letters.
    expect(stated(transcript).first).toContain('Number unclear, listen at 0:21');
  });

  it('said twice alike, once heard badly, is stated: the other reading agrees', () => {
    const transcript = heard('My number is 919-555-0105, again, 919-555-0105.', { '919-555-0105,': 0.5 });
    expect(verdicts(transcript)).toEqual(['phone 9195550105: ok', 'phone 9195550105: ok']);
  });

  it('with an area code that does not exist, is unclear, with the engine\u2019s confidence or without it', () => {
    for (const transcript of [
      heard('Please call us back at 555-873-0421 to confirm.'),
      textOnly('Please call us back at 555-873-0421 to confirm.'),
    ]) {
      expect(verdicts(transcript)).toEqual(['phone 5558730421: not a valid number']);
      const { summary, facts } = stated(transcript);
      expect(summary.callback_number).toBeNull();
      expect(facts.number_unclear).not.toBeNull();
    }
  });

  it('without the engine\u2019s confidence, is stated when valid: only the checks that need none are made', () => {
    expect(stated(textOnly(SAID)).summary.callback_number).toBe('(206) 555-0142');
  });

  it('said digit by digit with one too many, is unclear, not a number of another country', () => {
    const transcript = textOnly(
      "Call me back on my cell, it's four and five, five, five, five, zero, one, three, two.",
    );
    expect(verdicts(transcript)).toEqual(['phone 55550132: not a whole phone number']);
    expect(stated(transcript).summary.callback_number).toBeNull();
  });
});

describe("the caller's name", () => {
  it('introduced and heard with confidence, is stated', () => {
    const { summary } = stated(
      heard('Hi, this is Jenna from Lakeside Dental. Please call us at 206-555-0142.'),
    );
    expect(summary.summary).toMatch(/^Jenna from Lakeside Dental: /);
  });

  it('introduced but heard with low confidence, is marked doubtful where it leads, never stated as fact', () => {
    const transcript = heard(
      'Hi, this is Jennifer from Lakeside Dental. I am calling to confirm your cleaning on Friday at 9. If you need to reschedule, please call us at 206-555-0142. We look forward to seeing you and your family again soon.',
      { Jennifer: 0.82 },
    );
    const { summary, first } = stated(transcript);
    // The first text leads with the name as heard, marked (issue 32); who called, as kept, has no name.
    expect(summary.summary).toMatch(/^Jennifer\(\?\) from Lakeside Dental: /);
    expect(summary.summary).not.toMatch(/Jennifer(?!\(\?\))/);
    expect(summary.caller).toBe('From Lakeside Dental');
    expect(summary.caller_parts?.name).toBeNull();
    expect(summary.key_points.join(' ')).not.toContain('Jennifer');
    expect(first).not.toMatch(/Jennifer(?!\(\?\))/);
  });

  it("in the sender's SPELL list, is stated however it was heard", () => {
    const transcript = heard('Hi, this is Siobhan from the library. Your book has arrived.', {
      Siobhan: 0.3,
    });
    expect(stated(transcript, ['Siobhan']).summary.summary).toMatch(/^Siobhan from The Library: /);
    expect(stated(transcript).summary.summary).toMatch(/^Siobhan\(\?\) from The Library: /);
    expect(stated(transcript).summary.caller).toBe('From The Library');
  });

  it('is never a word that only followed "it\'s": "Fay, it\'s staggered" names nobody', () => {
    for (const text of [
      "Fay, it's staggered. Your mom and I are driving up on Saturday, call me back.",
      "Hi, it's me. The game starts at seven, so leave by six fifteen.",
    ]) {
      expect(
        checkFacts(heardTokens(heard(text)), { isValidNumber }).filter((f) => f.kind === 'name'),
      ).toEqual([]);
      // No one is named before what they want ("Staggered: ..."): the summary is the caller's words alone.
      expect(stated(heard(text)).summary.summary).not.toMatch(/^[\w ,']+: /);
    }
  });

  it('is checked however the caller gave it: "I\u2019m", "here", and by the given name, not a surname heard badly', () => {
    const names = (text: string, doubted: Readonly<Record<string, number>> = {}) =>
      checkFacts(heardTokens(heard(text, doubted)), { isValidNumber })
        .filter((fact) => fact.kind === 'name')
        .map((fact) => `${fact.value}: ${fact.doubt ?? 'ok'}`);
    expect(names("Hi, I'm Dana, running ten minutes late.")).toEqual(['Dana: ok']);
    expect(names('Hi, Ngozi here. Just checking we are on for lunch.')).toEqual(['Ngozi: ok']);
    expect(names('Chloe from Bella Salon here, confirming your haircut.')).toEqual(['Chloe: ok']);
    // Pam heard at 0.96, her surname at 0.56: the name is Pam's, the surname is dropped from what is stated.
    const pam = heard("Hi Danny, it's Pam Whitaker, charge nurse on Five West. Call me at 312-555-0147.", {
      'Whitaker,': 0.56,
    });
    expect(names("Hi Danny, it's Pam Whitaker, charge nurse on Five West.", { 'Whitaker,': 0.56 })).toEqual([
      'Pam: ok',
    ]);
    expect(stated(pam).summary.caller_parts?.name).toBe('Pam');
    // The given name heard badly is doubted whatever the surname.
    expect(names("Hi, it's Sam Jolly. I left my keys at your place.", { Sam: 0.89 })).toEqual([
      `Sam: ${LOW_CONFIDENCE}`,
    ]);
  });

  it('opening a sentence before "with" or "from", is a name like an introduced one', () => {
    const transcript = heard(
      '5. Expere with harder insurance. Your payment went through, and the receipt is on its way to you by mail. If you have questions about the payment or the policy, please call us back before the end of the week.',
      { Expere: 0.22 },
    );
    const { summary } = stated(transcript);
    expect(summary.summary).toMatch(/^\[unclear\] with harder insurance\./);
    expect(verdicts(heard('Jake from Acme Plumbing. Your part is in.'))).toEqual([
      'name Jake: ok',
      'business Acme Plumbing: ok',
    ]);
    expect(verdicts(heard('Hi. As with the last visit, your part is in.'))).toEqual([]);
  });

  it('as heard, is marked (?) in a texted transcript when it is not stated', () => {
    const { first } = stated(
      heard("Hey, it's Dad. Your mom and I are driving up on Saturday.", { 'Dad.': 0.35 }),
    );
    expect(first).toBe(
      "Voice Summary, whole message: Hey, it's Dad(?). Your mom and I are driving up on Saturday.\n" + LINK,
    );
  });
});

describe('in another language than English', () => {
  const SPANISH = heard(
    'Hola, soy Dana de la clínica dental. Le confirmo su cita del jueves a las diez. Llámeme al 415 555 0132.',
  );
  const english = {
    summary: 'Dana from the dental clinic confirms your appointment on Thursday at ten.',
    key_points: [],
    callback_number: '415 555 0132',
    callback_time: 'Thursday at ten',
    requested_action: null,
  };

  it('states what a translated summary says in other words, and checks its numbers all the same', () => {
    const { summary } = statedSummary(english, null, SPANISH, { isValidNumber, spoken: 'es', written: 'en' });
    expect(summary.summary).toBe(english.summary);
    expect(summary.callback_time).toBe('Thursday at ten');
    expect(summary.callback_number).toBe('415 555 0132');
    // Read as English, "Thursday" and "ten" were never said: not stated.
    const asEnglish = statedSummary(english, null, SPANISH, { isValidNumber });
    expect(asEnglish.summary.summary).toBe(
      'Dana from the dental clinic confirms your appointment on [unclear] at [unclear].',
    );
  });

  it('names the caller when the name was said and heard well, since "soy" is no introduction it reads', () => {
    const caller = { name: 'Dana', role: null, organization: null };
    const said = statedSummary({ ...english, summary: 'Confirma su cita.' }, caller, SPANISH, {
      isValidNumber,
      spoken: 'es',
    });
    expect(said.summary.summary).toBe('Dana: Confirma su cita.');
    const doubted = heard(SPANISH.text, { Dana: 0.7 });
    expect(
      statedSummary({ ...english, summary: 'Confirma su cita.' }, caller, doubted, {
        isValidNumber,
        spoken: 'es',
      }).summary.summary,
    ).toBe('Confirma su cita.');
  });
});

describe('times, amounts and digits', () => {
  it('a doubtful time is not stated: not in the callback line, and unclear in the summary', () => {
    const transcript = heard(
      "Hello, it's Angela at Dr. Kim's office. Your lab results are in and the doctor would like to go over them with you in person. Please call me back before 5 today at 312-555-0178. There is no need to worry, it is only routine.",
      { today: 0.41 },
    );
    const proposed = summarizeExtractively(transcript.text, transcript.words);
    expect(proposed.callback_time).toBe('before 5 today');
    const { summary } = stated(transcript);
    expect(summary.callback_time).toBeNull();
    expect(summary.summary).toContain('Please call me back before 5 [unclear].');
  });

  it('"four hundred twelve dollars" is $412, and "ending in seven seven three one" card digits 7731', () => {
    const tokens =
      'your payment of four hundred twelve dollars on the card ending in seven seven three one went through'.split(
        ' ',
      );
    expect(findMentions(tokens).map((m) => `${m.kind} ${m.value}`)).toEqual(['amount 412', 'digits 7731']);
    expect(digitRunsOf('four hundred twelve')).toEqual(['412']);
    expect(digitRunsOf('eight hundred, five five five, oh one four two')).toEqual(['8005550142']);
  });

  it('never merges numbers across a whole number or a pause written as a full stop', () => {
    expect(digitRunsOf('card ending in 7731, 206-555-0142')).toEqual(['7731', '2065550142']);
    expect(digitRunsOf('Friday at nine. Two zero six, five five five, zero one four two.')).toEqual([
      '9',
      '2065550142',
    ]);
    // An area code read out, then a pause, is still one number.
    expect(digitRunsOf('five, five, five. Eight seven three, zero four two one')).toEqual(['5558730421']);
  });

  it('does not state what an engine merged: card digits as money, an amount heard twice, a time as money', () => {
    expect(verdicts(heard('Your payment went through on the card ending in $7,731.'))).toEqual([
      'digits 7731: digits written as money',
    ]);
    expect(verdicts(heard("Your payment of $400 while dollar's went through."))).toEqual([
      'amount 400: an amount heard twice over',
    ]);
    expect(verdicts(heard('The total comes to $360, we close at $6, so come early.'))).toEqual([
      'amount 360: ok',
      'amount 6: a time written as money',
    ]);
    expect(verdicts(heard('A charge on your debit card ending in 440 to my line.'))).toEqual([
      'digits 440: card and account endings are four digits',
    ]);
    expect(verdicts(heard('Please call before 46 p.m. today.'))).toEqual([
      'time 46: not a time of day',
      'day today: ok',
    ]);
  });

  it('does not state a number an engine wrote as times, nor a time run into a number', () => {
    // Issue 32: one number given in pieces, not four times.
    expect(verdicts(heard('My direct line is 5:12, 5:55, 0:12, 8:00.'))).toEqual([
      `phone 512555012800: ${NUMBER_IN_PIECES}`,
    ]);
    expect(verdicts(heard('Please call us back at 8:00. 555-0110 to confirm.'))).toEqual([
      'time 8: a time run into a number',
      'phone 5550110: no area code',
    ]);
  });

  it('does not state an amount written in two, nor digits run together with letters', () => {
    expect(verdicts(heard('Your payment of 400, 12 dollars went through.'))).toEqual([
      'amount 12: a number written in two',
    ]);
    expect(verdicts(heard('Your payment of 400,000 on the card went through.', { '400,000': 0.4 }))).toEqual([
      `amount 400000: ${LOW_CONFIDENCE}`,
    ]);
    expect(verdicts(heard('We refunded 100Ab tolerance of your car mending into 2600.'))).toEqual([
      'digits 100: digits and letters run together',
      'digits 2600: ok',
    ]);
  });

  it('does not state an extension whose digits the engine wrote as words ("extension to 4" for two zero four)', () => {
    expect(verdicts(heard('Call 800, 555, the 142 extension to 4, before 5 today.'))).toContain(
      'digits 4: digits heard as words',
    );
    // Digits written as digits are an extension like any: stated when heard well.
    expect(verdicts(heard('Call me at 617-555-0149 extension 312.'))).toEqual([
      'phone 6175550149: ok',
      'digits 312: ok',
    ]);
  });

  it('marks every fact it does not state in the texted transcript, and only those', () => {
    const transcript = heard(
      'We refunded $180 to your card ending in 2260. If you do not see it by Friday, call us.',
      {
        $180: 0.3,
      },
    );
    expect(verdicts(transcript)).toEqual([
      `amount 180: ${LOW_CONFIDENCE}`,
      'digits 2260: ok',
      'day friday: ok',
    ]);
    expect(stated(transcript).first).toContain('We refunded $180(?) to your card ending in 2260. If');
  });
});
