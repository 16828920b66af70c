/**
 * What the first text of a long voicemail carries (issue 32): why it matters, the ask, the price and the
 * time, not the caller's introduction and courtesies; and, when the caller gave a number the engine did not
 * write as one, "Number unclear, listen at" the moment they gave it, never its pieces as times. The
 * transcripts are what Moonshine base made of the development voicemails of test/support/summary-voicemails.ts
 * (flite and espeak-ng voices, mis-hearings and all), each through the offline summarizer, the fact checks
 * and the reply, as the service runs them.
 */
import { describe, expect, it } from 'vitest';
import { statedSummary } from '#core/facts/stated-summary';
import { composeReply } from '#core/texts/service-texts';
import { shortenKeepingFacts } from '#core/texts/sms-text';
import type { HeardTranscript } from '#core/transcripts/heard-transcript';
import { summarizeExtractively } from '../../lambdas/adapters/extractive/extractive-summarizer';
import { LibPhoneNumberRegions } from '../../lambdas/adapters/phone/libphonenumber-regions';

const regions = new LibPhoneNumberRegions();
const LINK = 'https://d111111abcdef8.cloudfront.net/m/Xk3p9QaZ2mT7vB4nL8wR1c';

/** The first text the sender gets, for a transcript heard in one piece of `seconds` (its words timed at 0). */
function firstText(text: string, seconds = 30): string {
  const words = text.split(' ').map((word) => ({ text: word, confidence: 0.95, at: 0 }));
  const heard: HeardTranscript = { text, words };
  const { caller, ...proposed } = summarizeExtractively(text, words);
  const { summary, facts } = statedSummary(proposed, caller, heard, {
    isValidNumber: (e164) => regions.countryOf(e164) !== null,
    seconds,
  });
  const [first = ''] = composeReply({
    mode: 'full',
    summary,
    transcript: text,
    serviceName: 'Voice Summary',
    link: LINK,
    facts,
  });
  return first;
}

const NURSE =
  'Hi, this is Karen Walsh, the school nurse at Lincoln Elementary. I am calling about your daughter, Emma. She has a fever of 102 and she threw up after lunch, so she needs to be picked up as soon as possible. She is resting in my office, please call the friend off a set 312. 555-0147 or just come by the 4230 today. Thank you.';
const PLUMBER =
  'Hey, this is Mike from Reliable Plumbing, calling back about your water heater. I look at the photos you sent, and the tank is rusted through, so it needs to be replaced. Not repaired. I can come out next Tuesday at 9 in the morning. And the total would be $850 installed, which includes falling the way the old one. Give me a call at 512-555-0163 if that works for you.';
const CAR =
  "Mom, it's Sarah. Don't worry, I'm okay, but my car broke down on the highway near exit well, and I'm waiting for the tow truck. The tow is going to cost him out a hundred, eighty dollars, and they only take cash or cards. Can you call me Mac as soon as you get this? My phone is almost dead, so if I don't enter, I'll be at the gas station on Main Street around four.";
const RENT =
  "Good morning. This is Greg, the property manager at May, full-colored department. I'm sorry to bother you, but the other end payment of $1,450 did not go through because the bank bridge earned it. So if weight of light fee of 75 dollars please pay by noon on Friday if you have any questions you can call the leasing office at 415-555-0181";
const CLINIC =
  "Hello, is it Linda calling from Doctor Patel office at Riverside Clinic? Unfortunately the Doctor will be out on Wednesday, so we need to move your appointment. We have opening conference May 10:30 for Friday 2:15. Please call us back to confirm which time works for you at 2:06. I'm 55, 0194. We are open until I'm to me.";

describe('the first text of a long voicemail says why and how much', () => {
  it('carries a school nurse\u2019s fever and pick-up, not what is left of her introduction', () => {
    const first = firstText(NURSE);
    expect(first).toContain('She has a fever of 102');
    expect(first).toContain('needs to be picked up as soon as possible');
    // Her surname, role and school lead as who called, never as a remnant of the introduction ("Karen: Walsh, ...").
    expect(first).toMatch(/^Voice Summary: Karen Walsh, the school nurse at Lincoln Elementary: /);
    expect(first).not.toMatch(/Karen: Walsh|Thank you/);
  });

  it('leads with "Pam Whitaker", not a remnant of "it\u2019s Pam Whitaker, charge nurse on Five West"', () => {
    const first = firstText(
      "Hi Danny, it's Pam Whitaker, charge nurse on Five West. We've got two call outs tonight and we're drowning. Any chance you could pick up the night shift, seven to seven, time and a half? I need to know by four so I can call the agency if not. Call me at 312-555-0147.",
    );
    expect(first).toMatch(/^Voice Summary: Pam Whitaker: We've got two call outs tonight/);
    expect(first).not.toMatch(/Whitaker, |Five West/);
    // "it's Tom Blissin." is still Tom: after "it's", a surname before a full stop is the next word heard into it.
    const tom = "Hey, it's Tom Blissin. The part for your dryer came in, you can pick it up Friday after 3.";
    const words = tom.split(' ').map((word) => ({ text: word, confidence: 0.95, at: 0 }));
    expect(summarizeExtractively(tom, words).caller?.name).toBe('Tom');
  });

  it('carries a plumber\u2019s price and time, and why the heater must go', () => {
    const first = firstText(PLUMBER);
    expect(first).toContain('$850');
    expect(first).toContain('Tuesday at 9');
    expect(first).toContain('needs to be replaced');
    // What followed the price ("which includes falling the way the old one") is left for the transcript.
    expect(first).not.toContain('falling the way');
  });

  it('carries a breakdown and its ask, not the "don\u2019t worry" before it', () => {
    const first = firstText(CAR);
    expect(first).toContain('My car broke down on the highway');
    expect(first).toContain('Can you call me');
    expect(first).not.toContain("Don't worry");
  });

  it('leaves out an apology and keeps the failed payment and its amount', () => {
    const first = firstText(RENT);
    expect(first).toContain('payment of $1,450 did not go through');
    expect(first).not.toContain('sorry to bother you');
  });
});

describe('a number the caller gave and the engine did not write as one', () => {
  it('is "Number unclear", never a time: "at 2:06. I\u2019m 55, 0194."', () => {
    const first = firstText(CLINIC, 22);
    expect(first).toMatch(/\nNumber unclear, listen at 0:\d\d\n/);
    expect(first).not.toContain('2:06');
  });

  it('is "Number unclear" however the engine wrote it, pointing at it, not at the piece\u2019s start', () => {
    // The issue's own: a 15-second piece, the number said about 8 s in.
    const transcript =
      "Hi, this is Dana from Harbor Insurance about the claim for your car. The adjuster can come out on Thursday afternoon to look at it. My direct line is I'm 4' I'm 5'5, 0172. Talk to you soon.";
    const first = firstText(transcript, 15);
    const at = /Number unclear, listen at 0:(\d\d)/.exec(first)?.[1];
    expect(Number(at)).toBeGreaterThanOrEqual(9);
    expect(Number(at)).toBeLessThanOrEqual(13);
    expect(first.split('\n').at(-1)).toBe(`${LINK}#t=${Number(at)}`);
  });

  it('is "Number unclear" when the engine wrote it as four times', () => {
    const first = firstText(
      "Hi, it's Fatima from the County Clerk's Office. Your documents are ready, and you can pick them up any weekday before 4. My direct line is 5:12, 5:55, 0:12, 8:00.",
      12,
    );
    expect(first).toContain('Number unclear, listen at');
    // Short enough to be texted whole: the pieces are marked as what the engine heard, one doubtful number.
    expect(first).toContain('My direct line is 5:12, 5:55, 0:12, 8:00(?).');
  });

  it('takes in the pieces that follow digits heard one by one ("five, five, go on to three")', () => {
    const first = firstText(
      "Hi, this is Nora, the cater for Saturday's party. I'm sorry, but I have to cancel because our kitchen flooded this morning. I can recommend another cater if you call me at six, one, seven, five, five, five, go on to three.",
      12,
    );
    expect(first).toContain('Number unclear, listen at');
    expect(first).not.toContain('go on to three');
  });

  it('is not a range of times, nor a time to call', () => {
    for (const transcript of [
      'Hi, this is Omar from the bike shop. Your bike is ready. Call us between 9:30 and 11:30 tomorrow to pick it up, or come by on Saturday.',
      'Hi, this is Omar from the bike shop. Your bike is ready. Please call me at 3:30 today if you want the new tires too.',
    ]) {
      expect(firstText(transcript)).not.toContain('Number unclear');
    }
  });
});

describe('a summary too long for its room', () => {
  it('loses the sentence worth least, not the last one, and keeps who called', () => {
    const summary =
      'Mike: Calling back about your water heater. The tank is rusted through and it needs to be replaced. The total would be $850 installed, next Tuesday at 9.';
    expect(shortenKeepingFacts(summary, 130, 'Mike: ')).toBe(
      'Mike: The tank is rusted through and it needs to be replaced. The total would be $850 installed, next Tuesday at 9.',
    );
  });
});
