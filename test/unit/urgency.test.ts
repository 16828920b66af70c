/**
 * Urgency from the transcript (issue 25): urgent when the caller asks for something by a time today or now,
 * or tells of an emergency; likely spam for robocalls and scams, including those that fake urgency; normal
 * otherwise. Transcripts are written as the offline engine writes them, each word heard surely unless named
 * doubtful. The model's answer is checked by the same rules.
 */
import { describe, expect, it } from 'vitest';
import { checkedUrgency, cleanReason } from '#core/urgency/urgency';
import { heard, rules } from '../support/urgency-heard';

describe('urgent: what the caller asks for and by when, or an emergency', () => {
  it.each([
    [
      "Hi, it's Lisa. My son is sick, please call me before five today at four one five, five five five, zero one three two.",
      'a child is sick or hurt',
    ],
    [
      'Hello, this is Maria, the school nurse at Lincoln Elementary. Jacob has a fever and needs to be picked up.',
      'a child is sick or hurt',
    ],
    [
      "Hey, it's Tom. Dad is at the hospital, they took him in an ambulance this morning. Call me.",
      'someone is in the hospital',
    ],
    [
      "It's Karen, your neighbor. There's water leaking through your ceiling into my kitchen. Call me.",
      'a water leak',
    ],
    [
      'Hi, this is Dan. I locked myself out, I am locked out of the house, can you bring the spare key?',
      'someone is locked out',
    ],
    [
      "Hello, it's Angela at Doctor Kim's office. Please call me back before five today at three one two, five five five, oh one seven eight.",
      'asks for a call back before 5 today',
    ],
    [
      'Hi, this is Sam from the garage. Please call us back as soon as possible about your car.',
      'asks for a call back right away',
    ],
    ['Hey, this is Jo. The permit form is due today, so sign it when you get this.', 'a deadline today'],
    [
      'This is Officer Reyes with the city police. Your car was hit in the lot. Please call me.',
      'the police are involved',
    ],
    ["Hi, it's Ben. It's urgent, call me.", 'the caller says it is urgent'],
    [
      'Hi, this is Dana at Little Oaks. Can you come pick him up before three?',
      'asks you to come before 3 today',
    ],
    [
      "Hi, it's Siobhan. Please call me back before noon. It's about the field trip next week.",
      'asks for a call back before noon today',
    ],
  ])('%s -> urgent (%s)', (text, reason) => {
    expect(rules(text)).toEqual({ level: 'urgent', reason, source: 'rules' });
  });

  it('names the time asked for, as the clock writes it: "before 5:30 pm today", "before 4 today"', () => {
    expect(rules('Hi, this is Ann. Please call me back before five thirty p.m. today.').reason).toBe(
      'asks for a call back before 5:30 pm today',
    );
    expect(rules('Hi, this is Ann. Please call me back before 4:00 today.').reason).toBe(
      'asks for a call back before 4 today',
    );
  });
});

describe('normal: a routine message, or a deadline on another day', () => {
  it.each([
    "Hi, this is Jenna from Lakeside Dental. I'm calling to confirm your cleaning on Friday at nine. If you need to reschedule, please call us.",
    "Hey, it's Dad. Your mom and I are driving up on Saturday. Call me back when you get a minute.",
    "Hi, it's Priya with Harbor Insurance. Your payment went through. If you have questions, call me before five today.",
    'Hi, this is Steve from Acme Plumbing. I can come by on Wednesday. Give me a call before five tomorrow.',
    "Hi, it's Mom. Nothing urgent, no rush, just call me back sometime this week.",
    'Hello, this is Rebecca from Mercy Hospital calling to remind you of your appointment on Monday at ten.',
    "Hi, it's Nora. Just wanted to say congratulations on the new job! Talk soon.",
  ])('%s -> normal', (text) => {
    expect(rules(text)).toEqual({ level: 'normal', reason: '', source: 'rules' });
  });
});

describe('likely spam: robocalls and scams, including those that fake urgency', () => {
  it.each([
    [
      'This is the IRS. There is a lawsuit filed against you for back taxes. Call us back immediately before five today or a warrant will be issued for your arrest.',
      'a tax threat',
    ],
    [
      'This is an important message from the Social Security Administration. Your social security number has been suspended due to fraudulent activity. Call immediately.',
      'a Social Security threat',
    ],
    [
      "Grandma, it's me, I'm in jail and need bail money right now. Please pay with Google Play cards today and don't tell Mom.",
      'asks for payment by gift card',
    ],
    [
      "We've been trying to reach you concerning your car's extended warranty. Press one to speak with a specialist now.",
      'an extended warranty offer',
    ],
    [
      "Congratulations! You've won a free cruise to the Bahamas. Call now, this offer expires today.",
      'says you won a prize',
    ],
    [
      'Your Amazon account shows a suspicious purchase of an iPhone for nine hundred ninety nine dollars. Press one to speak with a representative.',
      'a fake account alert',
    ],
    [
      'This is your electric company. Your power will be disconnected in thirty minutes unless you pay the balance in Bitcoin. This is urgent.',
      'asks for payment in cryptocurrency',
    ],
    [
      'Final notice. This call is regarding your credit card debt. You qualify for a lower interest rate. Press one now.',
      'an offer of a loan, rate or plan',
    ],
    [
      'Your computer has been infected with a virus. Call Microsoft support immediately at the number on your screen.',
      'a fake computer alert',
    ],
  ])('%s -> likely spam (%s)', (text, reason) => {
    expect(rules(text)).toEqual({ level: 'likely_spam', reason, source: 'rules' });
  });

  it('robocall wording with no caller name is spam, but not over an emergency (hospitals say "important message")', () => {
    expect(rules('This is your final notice. Please call us back today to avoid interruption.').level).toBe(
      'likely_spam',
    );
    expect(
      rules(
        'This is an important message for the family of John Miller. He is at the hospital. Please call right away.',
      ),
    ).toEqual({ level: 'urgent', reason: 'someone is in the hospital', source: 'rules' });
  });

  it('a caller who gives their name and one robocall phrase is not spam', () => {
    expect(
      rules("Hi, it's Dana from the library, this is your final notice about the overdue book.").level,
    ).toBe('normal');
  });
});

describe('urgent without a deadline word: a warning, someone to fetch, a fraud alert, an outage (after the held-out set)', () => {
  it.each([
    [
      'Hi, this is Omar at Greenway Market. The baby formula you bought on Sunday is under a safety recall. Please stop using the formula and bring it back.',
      'a safety warning about something you have',
    ],
    [
      "Hello, it's Beth at Sunny Days. Leo has a high temperature and he can't stay with the other kids, please come pick him up.",
      'someone needs picking up',
    ],
    [
      'This is the fraud department at First Federal. We saw unusual activity on your debit card. Call the number on the back of your card.',
      'a possible fraud on your account',
    ],
    [
      "Hey, it's Raj. The network is down at the store and the registers are offline, call me.",
      'something is down at work',
    ],
    [
      'Hi, this is Dr. Ames at the clinic. We need your decision about the procedure in the next hour. Please call.',
      'asks for an answer right away',
    ],
    [
      'This is United Airlines. Your 6 pm flight was cancelled. Please confirm the new seat by eight tonight or it will be released.',
      'asks for an answer before 8 tonight',
    ],
  ])('%s -> urgent (%s)', (text, reason) => {
    expect(rules(text)).toEqual({ level: 'urgent', reason, source: 'rules' });
  });

  it.each([
    "Hi, it's Jen from the pharmacy. Your refill is ready, and we can't take returns on it after Friday.",
    'Hi, this is Sam at Bright Dental. Please confirm your appointment on Tuesday at ten.',
    "Hey, it's Mom. Don't take the car today, the tire looked low. Call me when you can this week.",
    'This is IT. The email server will be down for maintenance next Saturday night.',
    // "you won't" is no prize (the apostrophe once ended the word "won").
    "Hi, it's Gail at the tailor. Your suit is ready, but if you won't be here by Monday we can hold it.",
  ])('%s -> normal', (text) => {
    expect(rules(text)).toEqual({ level: 'normal', reason: '', source: 'rules' });
  });

  it.each([
    [
      'This is the gas company. Your gas will be shut off within the hour unless you pay the balance now.',
      'threatens to cut off a service now',
    ],
    [
      'This is your bank. To unlock your account, send a payment through Venmo to our agent today.',
      'asks for payment by a payment app',
    ],
  ])('%s -> likely spam (%s)', (text, reason) => {
    expect(rules(text)).toEqual({ level: 'likely_spam', reason, source: 'rules' });
  });
});

describe('doubtful words', () => {
  it('do not alone make a message urgent', () => {
    const text = "Hi, it's Tom. Dad is at the hospital. Call me.";
    expect(rules(text).level).toBe('urgent');
    expect(rules(text, ['hospital.'])).toEqual({ level: 'normal', reason: '', source: 'rules' });
    expect(rules('Hi, this is Ann. Please call me back today.', ['today.']).level).toBe('normal');
  });

  it('count for less toward spam: a doubted cue needs another sign, and gives way to an emergency', () => {
    const pitch = "Hi, this is Rick from Lakeside Auto, about your car's extended warranty. Call me.";
    expect(rules(pitch).level).toBe('likely_spam');
    expect(rules(pitch, ['extended', 'warranty.'])).toEqual({ level: 'normal', reason: '', source: 'rules' });
    // No caller name: the doubted cue and the missing name together (a scam's key words are often doubted).
    const unnamed = "This is about your car's extended warranty. Press one now.";
    expect(rules(unnamed, ['extended', 'warranty.', 'Press', 'one'])).toEqual({
      level: 'likely_spam',
      reason: 'an extended warranty offer',
      source: 'rules',
    });
    expect(
      rules('Your son fell at the pool and he is at the hospital. Press one to reach the nurse.', [
        'Press',
        'one',
      ]),
    ).toEqual({ level: 'urgent', reason: 'a child is sick or hurt', source: 'rules' });
  });

  it('leave a doubtful time out of the reason', () => {
    expect(rules('Hi, this is Ann. Please call me back before five today.', ['five']).reason).toBe(
      'asks for a call back today',
    );
  });
});

describe("the summary model's urgency, checked by the rules", () => {
  const scam =
    'This is the IRS. A warrant has been issued for your arrest. Call us back immediately at eight hundred, five five five, oh one nine nine.';
  const sick = "Hi, it's Lisa. My son is sick, please call me before five today.";
  const routine = 'Hi, this is Jenna from Lakeside Dental, confirming your cleaning on Friday at nine.';

  it("the rules' likely spam wins over the model's urgent (scams fake urgency)", () => {
    expect(checkedUrgency(heard(scam), { level: 'urgent', reason: 'arrest warrant' })).toEqual({
      level: 'likely_spam',
      reason: 'a tax threat',
      source: 'rules',
    });
  });

  it("the rules' urgent wins over the model's normal or likely spam (the costly mistake)", () => {
    for (const level of ['normal', 'likely_spam'] as const) {
      expect(checkedUrgency(heard(sick), { level, reason: '' })).toEqual({
        level: 'urgent',
        reason: 'a child is sick or hurt',
        source: 'rules',
      });
    }
  });

  it("the model's urgent stands with a sign of it in the transcript, and falls without one", () => {
    const worried = "Hi, it's Grace. I'm worried about the results, can we talk about them soon?";
    expect(checkedUrgency(heard(worried), { level: 'urgent', reason: 'Worried about the results.' })).toEqual(
      {
        level: 'urgent',
        reason: 'worried about the results',
        source: 'model',
      },
    );
    // "test" was never said (issue 31): the model's words go, the level's fixed words stand in.
    expect(
      checkedUrgency(heard(worried), { level: 'urgent', reason: 'Worried about test results.' }),
    ).toEqual({ level: 'urgent', reason: 'the caller asks for quick action', source: 'model' });
    for (const text of [
      routine,
      "Hi, it's Mom. Nothing urgent, just wanted to hear how your week went. Talk soon.",
      "Hi, it's Priya with Harbor Insurance. If you have questions, call me before five today.",
    ]) {
      expect(checkedUrgency(heard(text), { level: 'urgent', reason: 'call back' })).toEqual({
        level: 'normal',
        reason: '',
        source: 'rules',
      });
    }
  });

  it("the model's likely spam stands only with a sign of spam", () => {
    const pitch = 'Hello, we are calling about your eligible benefits. Call our department back.';
    expect(checkedUrgency(heard(pitch), { level: 'likely_spam', reason: 'eligible benefits' })).toEqual({
      level: 'likely_spam',
      reason: 'eligible benefits',
      source: 'model',
    });
    // "robocall" was never said: fixed words instead of the model's.
    expect(checkedUrgency(heard(pitch), { level: 'likely_spam', reason: 'benefits robocall' })).toEqual({
      level: 'likely_spam',
      reason: 'reads like a robocall',
      source: 'model',
    });
    expect(checkedUrgency(heard(routine), { level: 'likely_spam', reason: 'dentist' }).level).toBe('normal');
  });

  it('agreeing, the rules give the reason and the model is the source', () => {
    expect(checkedUrgency(heard(sick), { level: 'urgent', reason: 'sick child' })).toEqual({
      level: 'urgent',
      reason: 'a child is sick or hurt',
      source: 'model',
    });
  });

  it("in a language the rules do not read, the model's level stands", () => {
    const spanish = 'Hola, soy María. Mi hijo está enfermo, llámame antes de las cinco.';
    expect(checkedUrgency(heard(spanish), { level: 'urgent', reason: 'hijo enfermo' }, false)).toEqual({
      level: 'urgent',
      reason: 'hijo enfermo',
      source: 'model',
    });
  });

  it("keeps a model's reason only as a few plain words: no number, link or markup", () => {
    expect(cleanReason('Call 900-555-0199 now')).toBeNull();
    // A number spaced out or in words would reach the sender's text unchecked.
    expect(cleanReason('call 1-9-0-0-5-5-5-0-1-9-9 now')).toBeNull();
    expect(cleanReason('call nine hundred five five five')).toBeNull();
    expect(cleanReason('visit https://evil.example')).toBeNull();
    expect(cleanReason('see evil.com')).toBeNull();
    expect(cleanReason('a'.repeat(90))).toBeNull();
    expect(cleanReason('  Sick   child at school. ')).toBe('sick child at school');
  });
});
