/**
 * Urgent calls the fourteenth held-out set let through, read once the fifteenth was written (issue 32, eighth
 * session): guests whose lockbox code does not work in the rain, and a title company warning that someone sent
 * fake wiring instructions before today's closing. The set's words, other phrasings, and calm calls that share
 * their words.
 */
import { describe, expect, it } from 'vitest';
import { rules } from '../support/urgency-heard';

describe('urgent kinds the fourteenth held-out set let through', () => {
  it.each([
    "Hi, um, this is Thomas, we're the guests at your place on Birch Lane. The lockbox code you sent isn't working, we've tried it like ten times. It's pouring and the kids are in the car. Can you call me back?",
    'The door code for the building does not work and I am standing outside with the groceries.',
    'The gate code is not working, we cannot get the truck in.',
  ])('someone who cannot get in: "%s"', (text) => {
    expect(rules(text)).toMatchObject({ level: 'urgent', reason: 'someone is locked out' });
  });

  it.each([
    "Hi, it's Renee at Harbor Title, about your closing today at two. Someone's been emailing buyers fake wiring instructions, so don't send a wire until we talk.",
    'Please do not wire any money until you have called me to confirm the account.',
  ])('money about to go to a fraudster: "%s"', (text) => {
    expect(rules(text)).toMatchObject({ level: 'urgent', reason: 'money is at risk' });
  });

  it.each([
    'Your new door code is 4512, it works starting Friday.',
    'The lockbox code is 2231 and the key is inside, enjoy your stay.',
    'Please send the wire for the down payment by Thursday, the instructions are in your email.',
  ])('leaves calm calls with the same words normal: "%s"', (text) => {
    expect(rules(text).level).toBe('normal');
  });
});

describe('a request for today the caller softens at once (the fourteenth set, ninth session)', () => {
  it.each([
    "Mom's been texting the group chat about Thursday. Can you bring the folding chairs and the big cooler? I'm not gonna have room in my car. Call me back tonight if you can't.",
    'Hey, it is Lou, text me today when you get a chance about the weekend.',
  ])('is no deadline: "%s"', (text) => {
    expect(rules(text).level).toBe('normal');
  });

  it.each([
    ['Call me back tonight, the landlord needs an answer.', 'asks for a call back tonight'],
    ['Please call me back before five today if you can.', 'asks for a call back before 5 today'],
    ['Call me back as soon as you can.', 'asks for a call back right away'],
  ])('a plain or timed one still is: "%s"', (text, reason) => {
    expect(rules(text)).toMatchObject({ level: 'urgent', reason });
  });
});

describe('a medicine to take or stop at a time today (the fourteenth set, ninth session)', () => {
  it.each([
    'Hi Alicia, this is Mary Sol, one of the nurses at Bayview Fertility. Good news, your scan this morning looked great, and Dr. Lindvest wants you to do your trigger shot tonight at 9:30pm. Exactly 9:30, not earlier, not later.',
    'Dr. Linq this once used to do your trigger shot tonight at 9:30pm, exactly 9:30pm, not early or not late.',
    "Your potassium came back quite high. So don't take tonight's dose, and call us in the morning.",
    'The doctor wants you to stop the blood thinner today, before the procedure.',
    'Please stop taking the lisinopril as of today until you hear from us.',
  ])('is urgent: "%s"', (text) => {
    expect(rules(text)).toMatchObject({ level: 'urgent', reason: 'a medicine to take or stop today' });
  });

  it.each([
    'Hi, this is Walgreens, your prescription is ready, you can pick it up tonight until nine.',
    'Just a reminder to take your vitamins with dinner.',
    'The doctor wants you to take it with food, twice a day, starting Monday.',
  ])('is not: "%s"', (text) => {
    expect(rules(text).reason).not.toBe('a medicine to take or stop today');
  });
});
