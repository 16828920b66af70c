/**
 * What issue 32's seventh held-out set showed the urgency rules did not know, in phrasings written for these
 * tests, not the set's: nobody can reach someone (a neighbour who gets no answer at the door), someone not
 * themselves or to be seen by a doctor today, a lost pet found. And what they took for urgent that was not:
 * a past emergency-room visit in an insurance claim. With the real sentence encoder, a notice about a later
 * day (a jury date in January) is no deadline within hours.
 */
import { describe, expect, it } from 'vitest';
import { SentenceEncoder } from '../../lambdas/adapters/offline/sentence-encoder';
import { withSecondOpinion } from '../../lambdas/use-cases/pipeline/urgency-opinion';
import { heard, rules } from '../support/urgency-heard';

describe('nobody can reach someone', () => {
  it.each([
    "Hi, this is Ruth from next door. Nobody has seen your dad since Friday and his car hasn't moved.",
    "It's Anna from the building. Your aunt isn't answering her door and the lights have been on all night.",
    "This is Len, I live below your mother. She didn't answer when I knocked this morning, and that's not like her.",
  ])('%s -> urgent', (text) => {
    expect(rules(text)).toEqual({ level: 'urgent', reason: 'no one can reach someone', source: 'rules' });
  });

  it('not hearing from the listener is no worry about someone', () => {
    expect(rules("Hey, it's Sam, haven't heard from you in a while. Call me sometime.").level).toBe('normal');
    expect(rules('The office is not answering the phone today, so I will try again Monday.').level).toBe(
      'normal',
    );
  });
});

describe('someone not themselves, or a doctor who wants to see them today', () => {
  it.each([
    "This is Coach Lee. Jamal took an elbow to the face at practice, he says he's fine but he's not really himself.",
    'Your mom had a bad night. She is not acting like herself, and we would like to have her looked at.',
    'This is Dr. Price at Valley Vet. Her liver numbers went up again and I want to see her back this afternoon.',
  ])('%s -> urgent', (text) => {
    expect(rules(text)).toEqual({
      level: 'urgent',
      reason: 'someone should be seen by a doctor',
      source: 'rules',
    });
  });

  it('a friend who would like to see you is no doctor', () => {
    expect(rules("Hi, it's Maya, I'd love to see you today if you're free for lunch.").level).toBe('normal');
  });
});

describe('a lost pet found', () => {
  it.each([
    'Hi, I think I found your cat, she was under my porch on Elm Street. Call me.',
    'Hello, there is a gray dog in our yard and this number is on her collar.',
  ])('%s -> urgent', (text) => {
    expect(rules(text)).toEqual({ level: 'urgent', reason: 'someone found your pet', source: 'rules' });
  });
});

describe('a past emergency is no emergency now', () => {
  it('an insurance claim for an emergency room visit in October stays normal', () => {
    const text =
      'Hello, this is Blue Pine Health about the claim for your emergency room visit last month. Please send the itemized bill by the 20th.';
    expect(rules(text).level).toBe('normal');
  });

  it('someone in the emergency room now is still urgent', () => {
    expect(rules('Your brother is in the emergency room at County General. Please come.').level).toBe(
      'urgent',
    );
  });
});

describe('the second opinion on a notice about a later day', () => {
  const encoder = new SentenceEncoder();

  it('a court office confirming a date in January is not raised to urgent', async () => {
    const text =
      'This is the jury office of the county superior court. Your request to postpone has been granted. Please report Monday, January 11th at 8:15 a.m. on the second floor.';
    const urgency = await withSecondOpinion(encoder, heard(text), rules(text), () => {});
    expect(urgency.level).toBe('normal');
  });

  it('a court deadline with today in it can still be raised', async () => {
    const text =
      'This is the clerk at the county court. The judge needs the signed form filed before the court closes today.';
    const urgency = await withSecondOpinion(encoder, heard(text), rules(text), () => {});
    expect(urgency.level).toBe('urgent');
  });
});

describe("an automated alert about cold storage's temperature", () => {
  it('is urgent however the reading is said', () => {
    const text =
      'This is an automated alert from CoolCheck for Main Street Deli. The reach-in freezer has reported 18 degrees for over an hour. Please check it.';
    expect(rules(text)).toEqual({ level: 'urgent', reason: 'an alarm or alert went off', source: 'rules' });
  });

  it('a misheard "freezer" does not hide "46 degrees and rising" said after it', () => {
    const text =
      'This is an automated alert from ColdCheck for Rise Bakery. Sensor 2, back Freezer. It is reading 46 degrees and rising.';
    expect(rules(text, ['Freezer.'])).toEqual({
      level: 'urgent',
      reason: 'an alarm or alert went off',
      source: 'rules',
    });
  });

  it('a weather alert about the temperature is no alarm on your equipment', () => {
    expect(rules('Weather alert for the county: temperatures near 20 degrees tonight.').level).toBe('normal');
  });
});

describe('work that waits on the listener today, or slips', () => {
  it('is urgent when saying no today sets it back', () => {
    const text =
      "It's Dana from Brightline Roofing. The deck boards under the vent are soft. If you okay it we can fix it today, otherwise it pushes us back two weeks.";
    expect(rules(text)).toEqual({ level: 'urgent', reason: 'a decision is needed today', source: 'rules' });
  });

  it('a delay with no day to act on is not', () => {
    expect(rules('The tile is backordered, so that pushes us back a week. No rush on your end.').level).toBe(
      'normal',
    );
  });
});
