/**
 * Who called, as callers say it on the fourth held-out set (issue 32): a title is not a name ("this is
 * Professor Hiroshi Tanaka"), a role never names a card ("Ngozi, the pharmacist"), a business heard well is
 * kept beside a doubted name, a business said after the office it has ("the front desk at Peak Motion Physical
 * Therapy") or with no person named is the caller, and a business named after a person ("Mehta and
 * Associates") is held to a name's bar. Real offline summarizer, real checks, real reply composer and cards.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { messageCards } from '#core/cards/message-cards';
import { checkFacts } from '#core/facts/fact-checks';
import { type HeardTranscript, heardTokens } from '#core/transcripts/heard-transcript';
import {
  businessesHeard as businesses,
  heard,
  isValidNumber,
  offlineMessage,
} from '../support/caller-messages';

const ZONE = { timeZone: 'America/Chicago' };

/** The first text, who it names as fact, and the contact card's name and organization (null: no card). */
function message(transcript: HeardTranscript, urgent = false) {
  const urgency = urgent
    ? ({ level: 'urgent', reason: 'someone is needed at work', source: 'rules' } as const)
    : undefined;
  const { first, caller, source } = offlineMessage(transcript, urgency);
  const body = messageCards(source, ZONE).contact?.body;
  const vcard = body === undefined ? null : new ICAL.Component(ICAL.parse(body));
  const card =
    vcard === null
      ? null
      : { fn: vcard.getFirstPropertyValue('fn'), org: vcard.getFirstPropertyValue('org') ?? null };
  return { first, caller, card };
}

/** A transcript as Moonshine heard it, written "word@confidence word@confidence ...". */
function asHeard(said: string): HeardTranscript {
  const words = said.split(' ').map((word) => {
    const [text = '', confidence] = word.split('@');
    return { text, confidence: Number(confidence), at: 0 };
  });
  return { text: words.map((word) => word.text).join(' '), words };
}

/** Long enough that the first text is a summary, not the whole message. */
const CALL =
  'I looked into it this morning and there are a few things we need to settle before the end of the week, so please call me back at 612-555-0142.';

describe("someone else's name", () => {
  it('"his name\'s Pepper" names the dog, not the caller; "name\'s Tom" opening a sentence is the caller', () => {
    const found = message(
      heard(`Hi, I found a little brown dog with this number on his tag. His name's Pepper. ${CALL}`),
    );
    expect(found.caller).toBeNull();
    expect(found.first).not.toContain('Pepper(?)');
    expect(found.first).not.toMatch(/^Voice Summary: Pepper/);
    expect(message(heard(`Hi there. Name's Tom, from Ace Roofing. About your gutters. ${CALL}`)).caller).toBe(
      'Tom from Ace Roofing',
    );
  });
});

describe('who called, after a greeting and who the message is for', () => {
  it('finds "This is Gloria" after "Hi. I hope I have the right number. This is for Carol\'s son."', () => {
    const { caller } = message(
      heard(
        `Hi. I hope I have the right number. This is for Carol's son. This is Gloria. I live across the hall from your mother. ${CALL}`,
      ),
    );
    expect(caller).toBe('Gloria');
  });

  it('takes "Hey, Walt Brennan, Brennan Electric, returning your call" for the caller and his business', () => {
    expect(
      message(heard(`Hey, Walt Brennan, Brennan Electric, returning your call about the panel. ${CALL}`))
        .caller,
    ).toBe('Walt Brennan from Brennan Electric');
    // A first name alone after the greeting is the listener's: "Hi Dana, Lakeside Dental calling".
    expect(
      message(heard(`Hi, Dana, Lakeside Dental calling about your cleaning. ${CALL}`)).caller ?? '',
    ).not.toMatch(/Dana/);
  });

  it('takes "from next door" or "from work" for where a person is from, not a business', () => {
    expect(message(heard(`Hi, this is Gloria from next door. ${CALL}`)).caller).toBe('Gloria');
    expect(message(heard(`Hey, it's Jim from work. ${CALL}`)).card?.org ?? null).toBeNull();
  });
});

describe('a title or a role', () => {
  it('is not the name: "this is Professor Hiroshi Tanaka" names Professor Hiroshi Tanaka, "Coach Rivera" Rivera', () => {
    expect(
      message(heard(`Hi, this is Professor Hiroshi Tanaka. About your thesis draft. ${CALL}`)).caller,
    ).toBe('Professor Hiroshi Tanaka');
    const doubted = message(
      heard(`Hi, this is Professor Hiroshi Tanaka. About your thesis draft. ${CALL}`, { Hiroshi: 0.7 }),
    );
    expect(doubted.first).toContain('Professor Hiroshi(?)');
    expect(doubted.first).not.toContain('Professor(?)');
    expect(message(heard(`Hey, it's Coach Rivera. Practice moved to the north field. ${CALL}`)).caller).toBe(
      'Coach Rivera',
    );
  });

  it('never names the caller nor the card: a pharmacist whose name was misheard gets no card named "Pharmacist"', () => {
    const { first, card } = message(
      heard(
        `Hi, this is Mongolie, the pharmacist at the Waldron Moncadly. Your refill was turned down. ${CALL}`,
        {
          'Mongolie,': 0.5,
          Waldron: 0.5,
          'Moncadly.': 0.4,
        },
      ),
    );
    expect(first).toContain('Mongolie(?)');
    expect(card?.fn ?? null).not.toBe('Pharmacist');
    expect(card).toBeNull();
    expect(message(heard(`Hi, this is Pharmacist calling about your refill. ${CALL}`)).caller).toBeNull();
  });
});

describe('a business beside a doubted name', () => {
  it('heard well, stays in the first text and is the contact card ("Renata(?) from Stone and Tile Depot")', () => {
    const { first, card } = message(
      heard(`Hi, this is Renata calling from Stone and Tile Depot. Your order is ready for pickup. ${CALL}`, {
        Renata: 0.6,
      }),
    );
    expect(first).toMatch(/^Voice Summary: Renata\(\?\) from Stone and Tile Depot: /);
    expect(card).toEqual({ fn: 'Stone and Tile Depot', org: 'Stone and Tile Depot' });
  });

  it('said after the office it has, is the place: "from the management office at Riverside Terrace"', () => {
    const text = `Hi, it's Oxenna from the management office at Riverside Terrace. Pest control comes on Wednesday. ${CALL}`;
    expect(message(heard(text, { Oxenna: 0.6 })).first).toMatch(
      /^Voice Summary: Oxenna\(\?\) from Riverside Terrace: /,
    );
    // Not a business by its shape, "Riverside Terrace" is held to a name's bar.
    expect(message(heard(text, { Oxenna: 0.6, Riverside: 0.8 })).first).not.toContain('Riverside Terrace:');
  });
});

describe('a business not heard well enough to state', () => {
  it('is shown beside a doubted name, marked doubtful word by word, and never saved on a card', () => {
    const text =
      "Hello, this is Beatriz Soto from the Bursar's Office at Lakemont College. You have an unpaid balance on your account, and I wanted to go over the payment plans we offer with you before the end of the term. Please call me back at 612-555-0142.";
    const { first, caller, card } = message(heard(text, { Beatriz: 0.46, Lakemont: 0.51 }));
    expect(first).toMatch(/^Voice Summary: Beatriz\(\?\) from Lakemont\(\?\) College\(\?\): /);
    expect(caller).toBeNull();
    expect(card).toBeNull();
  });

  it('is left out of the lead when it would cost a sentence of what the caller said', () => {
    const text =
      "Hello, this message is for Dana Whitfield. This is Beatriz Soto from the Bursar's Office at Lakemont College. You have an unpaid balance of three hundred forty dollars, and students with a balance get dropped from their classes at five today. Pay online or at Hamilton Hall. My direct line is 860-555-0191.";
    const { first } = message(heard(text, { Beatriz: 0.46, Lakemont: 0.51 }));
    expect(first).toMatch(/^Voice Summary: Beatriz\(\?\): /);
    expect(first).not.toContain('Lakemont');
  });

  it("leads when no person is named, at the cost of the summary's words: the business is who called", () => {
    // As Moonshine heard a storage company on the fifth held-out set (word@confidence).
    const said =
      'This@0.79 is@1.00 sentry@0.49 self@0.74 storage@0.57 about@0.92 unit@0.87 240@0.51 one@0.38 your@0.75 balance@0.97 of@0.94 340@0.98 dollars@0.61 is@0.99 past@0.53 due@0.98 and@0.96 the@1.00 unit@1.00 goes@1.00 to@1.00 auction@0.96 tomorrow@0.96 morning@0.98 at@1.00 9:00@0.95 to@0.77 stop@0.93 a@0.43 sale@0.98 pay@0.97 at@0.92 our@0.98 office@1.00 before@1.00 we@1.00 close@0.84 at@0.98 6:00@0.99 p.m.@0.98 today@0.75 call@0.64 863-555-0192@0.65';
    const { first, caller, card } = message(asHeard(said));
    expect(first).toMatch(/^Voice Summary: From Sentry\(\?\) Self\(\?\) Storage\(\?\): /);
    expect(caller).toBeNull();
    expect(card).toBeNull();
  });

  it('gives way in an urgent text\'s smaller room: "Donna(?): ... pick up the 7pm, shift tonight." keeps "tonight"', () => {
    // As Moonshine heard a nurse scheduler on the third held-out set (word@confidence).
    const said =
      "Hey@0.51 Priya,@0.90 it's@0.91 Donna@0.81 from@1.00 Staffing@0.41 at@0.80 St@0.78 Luke's,@0.56 sorry@0.89 to@1.00 bug@1.00 you@0.99 on@0.99 your@1.00 day@0.97 off.@0.98 I@1.00 know@1.00 you@1.00 just@0.98 finished@1.00 three@0.65 nights@0.99 in@1.00 a@0.96 row@1.00 and@0.99 I@0.99 hate@1.00 asking,@0.99 but@0.99 we've@1.00 got@1.00 to@0.64 call@1.00 outs@0.93 on@0.99 4@1.00 West@0.79 and@0.96 we're@0.92 really@0.97 stuck,@0.99 if@0.98 you@1.00 can@0.87 pick@1.00 up@1.00 the@0.99 7pm,@0.70 shift@0.88 tonight.@0.93 I@0.83 can@0.97 do@0.90 the@0.34 incentive,@0.84 an@0.87 extra@0.99 $200@0.99 on@0.94 top,@0.97 I@0.86 need@1.00 to@1.00 know@0.99 by@0.87 4@1.00 o'clock,@0.85 otherwise@0.91 I@0.95 have@1.00 to@1.00 call@1.00 the@1.00 agency,@0.99 my@0.76 direct@0.98 line@0.99 is@1.00 614-555-0138,@0.79 thanks,@0.92 hon.@0.85";
    const { first } = message(asHeard(said), true);
    expect(first).toMatch(/^URGENT: Voice Summary: Donna\(\?\): I know you just finished /);
    expect(first).toContain('shift tonight.');
    expect(first).not.toContain('Staffing');
  });

  it('is left out when a word of it is more likely another word (heard below 0.4: "first carver credit union")', () => {
    const text = `This is the fraud department at First Carver Credit Union, calling about a charge on your card. ${CALL}`;
    const { first } = message(heard(text, { Carver: 0.16 }));
    expect(first).not.toMatch(/Carver/);
  });
});

describe('a business cut short by a garble', () => {
  it('does not end in "of": "Bao at the front desk of the hard bar view in housekeeping found..." (the tenth set)', () => {
    const text = `Good afternoon, this is Bao at the front desk of the hard bar view in housekeeping found a laptop charger in your room. ${CALL}`;
    const { caller } = message(heard(text));
    expect(caller).not.toMatch(/\b(?:of|the)$/i);
    expect(caller).toBe('Bao from The Front Desk');
  });
});

describe('a business with no person named', () => {
  it("is the caller in more shapes: an electric company, a court office, a clinic's front desk", () => {
    expect(
      message(heard(`This is Pioneer Electric with a courtesy call about your meter. ${CALL}`)).caller,
    ).toBe('From Pioneer Electric');
    expect(
      message(
        heard(
          `This is the Jury Services Office of the Hennepin County District Court with a message for juror group fourteen. ${CALL}`,
        ),
      ).caller,
    ).toBe('From Hennepin County District Court');
    expect(
      message(
        heard(
          `This is an automated message from the Cedar Falls Water Department. Service stops at one. ${CALL}`,
        ),
      ).caller,
    ).toBe('From the Cedar Falls Water Department');
    // Who the message is for is not part of the business.
    expect(
      message(
        heard(
          `This is an automated alert from ColdWatch Monitoring for Sunrise Bakery. The freezer is warm. ${CALL}`,
        ),
      ).caller,
    ).toBe('From ColdWatch Monitoring');
    // A transcript without capitals: the business is still found, and written with them.
    const desk = message(
      heard(
        'hello this is the front desk at peak motion physical therapy your therapist is out sick on friday call us at 702-555-0159',
      ),
    );
    expect(desk.caller).toBe('From Peak Motion Physical Therapy');
    expect(desk.card?.org).toBe('Peak Motion Physical Therapy');
  });

  it('misheard, is still doubted: "Paaz and Whisker Manible Hospital" is marked doubtful, never stated', () => {
    const { first, caller, card } = message(
      heard(`Hello, this is Paaz and Whisker Manible Hospital. Calling with a reminder. ${CALL}`, {
        Paaz: 0.45,
        Manible: 0.5,
      }),
    );
    expect(caller).toBeNull();
    expect(card).toBeNull();
    // Shown marked, or not at all (it would cost a sentence here): never "Paaz" as fact.
    expect(first).not.toMatch(/Paaz(?!\(\?\))/);
  });

  it('is never cut to a word of its name: "Bank of America" is not "America"', () => {
    expect(
      message(heard(`Hi, this is Tom from Bank of America. About your card. ${CALL}`)).caller,
    ).not.toContain('from America');
  });
});

describe('a caller who signs off with their name', () => {
  it('is named: "... call us at 303-555-0109. This is Courtney, thanks!"', () => {
    const { first, caller } = message(
      heard(
        'Hi, this is a reminder about your cleaning on Thursday at 10:45. Please come ten minutes early so we can update your insurance, and bring the forms we mailed you last month if you still have them. If you need to reschedule, call us at 303-555-0109. This is Courtney. Thanks!',
      ),
    );
    expect(caller).toBe('Courtney');
    expect(first).toMatch(/^Voice Summary: Courtney: /);
  });
});

describe('a surname before a comma', () => {
  it('is part of who called, never the summary\'s first word: "this is Mary Sullivan, Bright Side Dental ..."', () => {
    const text =
      'Hi, this is Mary Sullivan, Bright Side Dental reminding you that your cleaning on Thursday at 2:30 is moved to Friday at 9 because Dr. Moss is out. If Friday does not work for you, we also have openings next week in the mornings. Please call us back at 617-555-0112 to confirm.';
    const doubted = message(heard(text, { Mary: 0.6, 'Sullivan,': 0.5 })).first;
    expect(doubted).toMatch(/^Voice Summary: Mary\(\?\): /);
    expect(doubted).not.toContain('Sullivan');
    expect(message(heard(text)).caller).toBe('Mary Sullivan');
  });
});

describe('a contraction opening a sentence', () => {
  const names = (text: string) =>
    checkFacts(heardTokens(heard(text)), { isValidNumber })
      .filter((fact) => fact.kind === 'name')
      .map((fact) => fact.value);
  it('is no caller: "I\'ve got your dog here." names nobody, "Siobhan O\'Brien here." names her', () => {
    expect(names(`Hi, you don't know me. I've got your dog here. ${CALL}`)).toEqual([]);
    expect(names(`We found your wallet. I'm at the front desk here. ${CALL}`)).toEqual([]);
    expect(names(`Hi. Siobhan O'Brien here. ${CALL}`)).toEqual(['Siobhan']);
  });
});

describe('a business named after a person', () => {
  it('is held to a name\'s bar: "Metty and Associates" at 0.8 is doubtful, "Mehta and Associates" at 0.97 sure', () => {
    expect(businesses('Hey, it is Rahul from Mehta and Associates.')).toEqual(['Mehta and Associates: sure']);
    expect(businesses('Hey, it is Rahul from Metty and Associates.', { Metty: 0.8 })).toEqual([
      'Metty and Associates: doubtful',
    ]);
    expect(businesses('This is Hale and Sons Roofing calling.', { Hale: 0.8 })).toEqual([
      'Hale and Sons Roofing: sure',
    ]);
  });

  it('misheard after a name heard as three words, is not stated in the first text', () => {
    const { first } = message(
      heard(
        "Hey, it's a hill met from Metty and Associates. I'm missing a couple of your tax forms for the return. Questions, call 312-555-0172.",
        { hill: 0.5, met: 0.6, Metty: 0.8 },
      ),
    );
    expect(first).not.toContain('Metty and Associates');
  });
});
