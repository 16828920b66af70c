/**
 * The summary keeps the point, not the pleasantries (issue 32, fourth held-out set): who the message is for,
 * small talk ("hope the weekend was good") and chat before the caller turns to the point ("Listen, ...") do
 * not outrank what went wrong and what to do, in phrasings written for these tests.
 */
import { describe, expect, it } from 'vitest';
import { shortenKeepingFacts } from '#core/texts/sms-text';
import { isCourtesy } from '../../lambdas/adapters/extractive/cues';
import { summarizeExtractively } from '../../lambdas/adapters/extractive/extractive-summarizer';

const summary = (transcript: string) => summarizeExtractively(transcript).summary;

describe('what is not news', () => {
  it.each([
    'Hello, this message is for Maria Lopez.',
    'This call is for Mr. Grant.',
    'Hope the weekend was good.',
    'Hope you and the family are doing well, and I hope the trip was fun.',
    'Hey, hope you guys are all well.',
    "Hey, good afternoon, hope you're doing well.",
    'Hi, good morning. Sorry to bother you.',
  ])('"%s" tells the listener nothing to act on', (sentence) => {
    expect(isCourtesy(sentence)).toBe(true);
  });

  it.each([
    'Hope you are well, please call me back about the invoice.',
    'Hope the 3 boxes arrived okay.',
    'This message is for Maria Lopez, your lab results are in and the doctor wants to see you today.',
    'Good afternoon, this is the pharmacy.',
    'Hi, sorry, the car is ready.',
  ])('"%s" still carries something', (sentence) => {
    expect(isCourtesy(sentence)).toBe(false);
  });
});

describe('the summary opens with the point', () => {
  it('leaves out who the message is for', () => {
    const text = summary(
      'Hello, this message is for Maria Lopez. This is Tom from the Registrar at Hill College. Your enrollment is on hold until the $80 fee is paid. Please call 555-201-3344.',
    );
    expect(text).not.toMatch(/message is for/i);
    expect(text).toMatch(/hold/);
  });

  it('leaves out the chat before "listen", and keeps what went wrong', () => {
    const text = summary(
      "Hi Jen, it's Carl from Bayside Roofing. Hope your week was good. Saw the Mariners won again, crazy game. Listen, the city inspector came out this morning and he failed the flashing on the chimney. I need to know by four today whether to reorder the copper or they charge a restocking fee of three hundred dollars. Call me at 555-301-2299.",
    );
    expect(text).not.toMatch(/Mariners|week was good/);
    expect(text).toMatch(/inspector/);
    expect(text).toMatch(/failed/);
  });

  it('keeps a machine that stopped over a greeting', () => {
    const text = summary(
      "Hey, it's Ana at the cafe. Hope you had a good weekend. The walk-in freezer quit last night and it's at forty degrees. The repair man can come at two if you say yes. Call me.",
    );
    expect(text).toMatch(/freezer quit/);
    expect(text).not.toMatch(/good weekend/);
  });
});

describe('what is left when the text must be shorter', () => {
  it('keeps the news that something failed over a sentence with nothing in it', () => {
    const text =
      'We talked about the game. The inspector failed the chimney flashing. The fee is 300 dollars.';
    const short = shortenKeepingFacts(text, 75);
    expect(short).toMatch(/failed/);
    expect(short).not.toMatch(/game/);
  });

  it('drops what is left of a sentence that only gave the number', () => {
    const text = summary(
      "Hi, it's Ray from Pine Roofing. The inspector failed the flashing on your chimney. You can reach me at 555-301-2299.",
    );
    expect(text).toMatch(/failed/);
    expect(text).not.toMatch(/reach me/);
  });
});
