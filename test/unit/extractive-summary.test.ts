import { describe, expect, it } from 'vitest';
import { SUMMARY_MAX_CHARS, voiceSummarySchema, withCaller } from '#core/facts/summary';
import {
  type ExtractiveSummary,
  NO_SPEECH_SUMMARY,
  summarizeExtractively,
} from '../../lambdas/adapters/extractive/extractive-summarizer';

/** The summary led by who called, as the first message shows it once the checks pass the caller. */
const headed = (result: ExtractiveSummary) => withCaller(result.summary, result.caller);

const PLUMBER =
  'hi this is john from acme plumbing calling about your water heater please call me back at five five five one two three four five six seven after three pm tomorrow thanks';

const DENTIST =
  "Hi, it's Sarah from Dr. Patel's office. I'm calling to remind you of your appointment on Thursday at 10:30 a.m. " +
  'If you need to reschedule, please call us at (415) 555-0132. Thanks, bye!';

const BANK =
  'hello my name is linda garcia with first national bank calling regarding your loan application we need a copy of your pay stub ' +
  'can you call me back at four one five five five five oh one three two before friday thank you';

const NEIGHBOUR =
  'hey um its mike uh just wanted to let you know the package arrived and i left it with your neighbor at number twelve no need to call back have a good one';

describe('summarizing a pocketsphinx transcript (lowercase, no punctuation, numbers spelled out)', () => {
  const result = summarizeExtractively(PLUMBER);

  it('writes who called first, then readable sentences, leaving the number to the callback line', () => {
    expect(headed(result)).toBe(
      'John from Acme Plumbing: Calling about your water heater. Please call me back after 3 pm tomorrow.',
    );
  });

  it('turns ten spoken digits into a US phone number', () => {
    expect(result.callback_number).toBe('(555) 123-4567');
  });

  it('finds when to call back, with the hour as a digit', () => {
    expect(result.callback_time).toBe('after 3 pm tomorrow');
  });

  it('names the request as the requested action', () => {
    expect(result.requested_action).toBe('Please call me back at (555) 123-4567 after 3 pm tomorrow.');
  });

  it('lists who called, what about and how to call back as key points', () => {
    expect(result.key_points).toEqual([
      'Caller: John from Acme Plumbing',
      'About: your water heater',
      'Call back: (555) 123-4567, after 3 pm tomorrow',
    ]);
  });

  it('fits the schema the OpenAI summarizer fills, with who called apart', () => {
    const { caller, ...summary } = result;
    expect(voiceSummarySchema.parse(summary)).toEqual(summary);
    expect(caller).toEqual({ name: 'John', role: null, organization: 'Acme Plumbing' });
  });

  it('reads "oh" as zero inside a spoken number and finds a time before a weekday', () => {
    const bank = summarizeExtractively(BANK);
    expect(bank.callback_number).toBe('(415) 555-0132');
    expect(bank.callback_time).toBe('before Friday');
    expect(bank.requested_action).toBe('Can you call me back at (415) 555-0132 before Friday.');
    expect(bank.key_points[0]).toBe('Caller: Linda Garcia from First National Bank');
    expect(bank.key_points[1]).toBe('About: your loan application');
  });

  it('drops hesitations and sign-offs, and does not take "no need to call back" for a request', () => {
    const neighbour = summarizeExtractively(NEIGHBOUR);
    expect(neighbour.summary).not.toMatch(/\b(um|uh)\b/);
    expect(neighbour.summary).not.toMatch(/have a good one/);
    expect(neighbour.summary).toContain('the package arrived');
    expect(neighbour.requested_action).toBeNull();
    expect(neighbour.callback_time).toBeNull();
    expect(neighbour.callback_number).toBeNull();
  });

  it('keeps "twelve" as a house number, not a phone number', () => {
    expect(summarizeExtractively(NEIGHBOUR).summary).toContain('number twelve');
  });

  it('reads seven spoken digits as a local number', () => {
    const result = summarizeExtractively('call me back at five five five one two three four okay');
    expect(result.callback_number).toBe('5551234');
    expect(result.summary).toBe('Call me back okay.');
  });

  it('reads "double" and "triple" as repeated digits and tens as two digits', () => {
    const result = summarizeExtractively(
      'please call me on four one five double five five oh one thirty two',
    );
    expect(result.callback_number).toBe('(415) 555-0132');
  });

  it('reads an 800 number said with "hundred"', () => {
    const result = summarizeExtractively(
      'for help call eight hundred five five five one two one two any time',
    );
    expect(result.callback_number).toBe('(800) 555-1212');
  });

  it('does not mistake the hour of a spoken time for part of the phone number', () => {
    const result = summarizeExtractively('call me at five five five one two three four at three pm');
    expect(result.callback_number).toBe('5551234');
    expect(result.callback_time).toBe('at 3 pm');
  });

  it('finds "tomorrow morning" and "after five" as callback times', () => {
    expect(summarizeExtractively('hey can you call me tomorrow morning about the car').callback_time).toBe(
      'tomorrow morning',
    );
    expect(summarizeExtractively('its dave give me a call after five if you can').callback_time).toBe(
      'after 5',
    );
  });

  it('keeps a long rambling transcript within the summary limit, keeping the request', () => {
    const ramble = Array.from(
      { length: 12 },
      () => 'so yeah the weather has been pretty nice around here lately',
    ).join(' ');
    const result = summarizeExtractively(
      `${ramble} anyway please call me back at five five five one two three four`,
    );
    expect(result.summary.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
    // Issue 32: the ramble before "anyway" is chat, so the request is a sentence of its own.
    expect(result.summary).toMatch(/please call me back\.$/i);
    expect(result.callback_number).toBe('5551234');
  });
});

describe('summarizing a punctuated transcript', () => {
  const result = summarizeExtractively(DENTIST);

  it('keeps the sentences that matter and drops the sign-off', () => {
    expect(headed(result)).toBe(
      "Sarah from Dr. Patel's office: I'm calling to remind you of your appointment on Thursday at 10:30 a.m. If you need to reschedule, please call us.",
    );
  });

  it('does not split a sentence at "a.m." or "Dr."', () => {
    expect(result.summary).toContain('on Thursday at 10:30 a.m.');
    expect(result.key_points[0]).toBe("Caller: Sarah from Dr. Patel's office");
  });

  it('finds the written phone number', () => {
    expect(result.callback_number).toBe('(415) 555-0132');
  });

  it('prefers "please call us" to "calling to remind you" as the requested action', () => {
    expect(result.requested_action).toBe('If you need to reschedule, please call us at (415) 555-0132.');
  });

  it('does not take the appointment time for a callback time', () => {
    expect(result.callback_time).toBeNull();
  });

  it.each([
    ['415-555-0132', '(415) 555-0132'],
    ['+1 415 555 0132', '(415) 555-0132'],
    ['1-415-555-0132', '(415) 555-0132'],
    ['4155550132', '(415) 555-0132'],
    ['555-0132', '5550132'],
  ])('finds the callback number written as %s', (written, number) => {
    expect(summarizeExtractively(`Please call me back at ${written}. Thanks.`).callback_number).toBe(number);
  });

  it('prefers the sentences with names, times and requests when there is too much to keep', () => {
    const filler = 'It was a long week and there is a lot going on over here as usual.';
    const transcript = `${filler} ${filler} Hello, this is Maria Lopez. ${filler} ${filler} Please call me back tomorrow at 9 am about the contract. ${filler} ${filler} ${filler}`;
    const summary = summarizeExtractively(transcript);
    const text = headed(summary);
    // The summary fills its room; the checks make room for who called when they name them (issue 32).
    expect(summary.summary.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
    expect(text).toMatch(/^Maria Lopez: /);
    expect(text).toContain('Please call me back tomorrow at 9 am about the contract.');
    expect(summary.callback_time).toBe('tomorrow at 9 am');
  });

  it('cuts a single very long sentence at a word with "..." to stay within 320 characters', () => {
    const sentence = `Please call me back about ${'the very long list of things '.repeat(20)}today.`;
    const summary = summarizeExtractively(sentence).summary;
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
    expect(summary).toMatch(/\w\.\.\.$/);
    expect(summary).not.toContain('\u2026');
  });
});

describe('edge cases', () => {
  it.each(['', '   ', '\n\t', 'um uh'])(
    'summarizes an empty transcript %j as "No speech detected."',
    (transcript) => {
      expect(summarizeExtractively(transcript)).toEqual({
        summary: NO_SPEECH_SUMMARY,
        key_points: [],
        callback_number: null,
        callback_time: null,
        requested_action: null,
        caller: null,
      });
      expect(NO_SPEECH_SUMMARY).toBe('No speech detected.');
    },
  );

  it('keeps a transcript of only pleasantries as it is', () => {
    const result = summarizeExtractively('thanks bye');
    expect(result.summary).toBe('Thanks bye.');
    expect(result.key_points).toEqual([]);
  });

  it('gives the same summary every time', () => {
    expect(summarizeExtractively(BANK)).toEqual(summarizeExtractively(BANK));
    expect(summarizeExtractively(DENTIST)).toEqual(summarizeExtractively(DENTIST));
  });

  it('never exceeds the summary limit whatever the input', () => {
    const inputs = [
      'word '.repeat(2000),
      'x'.repeat(5000),
      Array.from({ length: 200 }, (_, i) => `Sentence ${i} asks you to please call me at 3 pm.`).join(' '),
    ];
    for (const input of inputs) {
      const result = summarizeExtractively(input);
      expect(result.summary.length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS);
      expect(result.key_points.length).toBeLessThanOrEqual(3);
    }
  });
});

describe('summarizing a Moonshine transcript (cased, punctuated, digits)', () => {
  it('keeps the caller, their company, the callback number and the time', () => {
    const result = summarizeExtractively("Hi, it's Maria from Acme Dental. Call me at 555-2189 at 3:30.");
    expect(result.key_points).toEqual(['Caller: Maria from Acme Dental', 'Call back: 5552189, at 3:30']);
    expect(result.callback_number).toBe('5552189');
    expect(result.callback_time).toBe('at 3:30');
    expect(result.requested_action).toBe('Call me at 555-2189 at 3:30.');
  });

  it('reads a ten-digit number with its area code, and a time with a.m.', () => {
    const result = summarizeExtractively(
      'Hey, this is Dave Miller. Can you call me back at 415-555-0132 tomorrow at 10:30 a.m.? Thanks, bye.',
    );
    expect(result.callback_number).toBe('(415) 555-0132');
    expect(result.callback_time).toBe('tomorrow at 10:30 a.m.');
    expect(result.key_points[0]).toBe('Caller: Dave Miller');
    expect(headed(result)).toBe('Dave Miller: Can you call me back tomorrow at 10:30 a.m.?');
  });

  it('reads digits Moonshine separates with commas when it hears them one by one', () => {
    // What Moonshine tiny wrote for flite reading "five five five, one two three four, after three p m tomorrow".
    const result = summarizeExtractively(
      'Hi, this is John. Please call me back at five, five, five, one, two, three, four, after three, p, and tomorrow.',
    );
    expect(result.callback_number).toBe('5551234');
    expect(result.callback_time).toBe('after 3 tomorrow');
    expect(result.key_points[0]).toBe('Caller: John');
  });

  it('keeps "PM" in capitals as a time, and a company after "with"', () => {
    const result = summarizeExtractively('This is Tom with FedEx. Call me back at 415-555-0199 before 5 PM.');
    expect(result.key_points).toEqual(['Caller: Tom from FedEx', 'Call back: (415) 555-0199, before 5 pm']);
  });
});

describe('with the engine\u2019s confidence in each word (issue 24)', () => {
  /** The transcript's words as the transcriber gives them: `doubted` ones (by index) heard at 0.3, the rest at 0.95. */
  const words = (text: string, doubted: ReadonlySet<number>) =>
    text
      .split(' ')
      .map((word, index) => ({ text: word, confidence: doubted.has(index) ? 0.3 : 0.95, at: 0 }));

  const NORA =
    "Hi, this is Nora, the caterer for Saturday's party. I have to cancel because our kitchen flooded this morning. For Saturday's OI Book to New 1. I can recommend another caterer if you call me at 617-555-0123.";

  it('does not choose a sentence whose words were mostly doubtful', () => {
    // "For Saturday's OI Book to New 1.": its last five words doubted.
    const oi = NORA.split(' ').indexOf('OI');
    const result = summarizeExtractively(NORA, words(NORA, new Set([oi, oi + 1, oi + 2, oi + 3, oi + 4])));
    expect(result.summary).not.toContain('OI Book');
    expect(result.summary).toContain('I have to cancel because our kitchen flooded this morning.');
    // Without the confidence, it is a sentence like any other.
    expect(summarizeExtractively(NORA).summary).toContain('OI Book');
  });

  it('still chooses a sentence with a doubtful word or two', () => {
    const result = summarizeExtractively(NORA, words(NORA, new Set([17, 18])));
    expect(result.summary).toContain('I have to cancel because our kitchen flooded this morning.');
  });

  it('leads with who called, not with the words the caller went on with ("Jake, the plumber can\u2019t come until:")', () => {
    const result = summarizeExtractively(
      "Hey, it's Jake, the plumber can't come until Monday, so I need you to decide if you want me to order the part now.",
    );
    expect(result.caller).toEqual({ name: 'Jake', role: null, organization: null });
    expect(headed(result)).toMatch(/^Jake: The plumber can't come until Monday, so I need you to decide/);
    expect(headed(summarizeExtractively("Hey, it's Jake, the plumber. I can't come until Monday."))).toMatch(
      /^Jake, the plumber: /,
    );
  });
});
