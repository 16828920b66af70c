/**
 * Days and times read as a person reads them (issue 32, deliverable 4): a weekday said on that weekday is next
 * week's, a 24-hour time in an English voicemail is a mishearing, the engine's "8.15 a.m." and "at 1045" are
 * times, "from Two Brothers Moving" is no time, "students get dropped ... at 5 p.m. today" is a deadline, and a
 * time that was said but not heard well is the reason given when there is no event.
 */
import { describe, expect, it } from 'vitest';
import { checkFacts } from '#core/facts/fact-checks';
import { findMentions } from '#core/facts/fact-mentions';
import { withClockColons } from '#core/transcripts/clock-colons';
import { heardTokens } from '#core/transcripts/heard-transcript';
import { transcriptOf } from '#core/transcripts/heard-words';
import { eventMessage, eventOrReason } from '../support/event-shown';

/** The event of a message with this transcript (`unsure`: doubtful word ranges), or the page's reason. */
const shown = (transcript: string, unsure: [number, number][] = []) =>
  eventOrReason(eventMessage(transcript, { unsure }));

/** The times the finders read in a text ("8:15", "10:45"). */
const times = (text: string) =>
  findMentions(text.split(' '))
    .filter((mention) => mention.kind === 'time')
    .map((mention) => mention.value);

describe('a weekday said on that weekday', () => {
  it('is next week: a person says "today" for today', () => {
    // Left on a Thursday: "Thursday around noon" is a week away, "today around noon" is today.
    expect(shown("I'm gonna drive up Thursday and should be there around noon.")).toBe(
      '2026-12-03 12:00 - 12:30',
    );
    expect(shown("I'm gonna drive up today and should be there around noon.")).toBe(
      '2026-11-26 12:00 - 12:30',
    );
    expect(shown("I'm gonna drive up Friday and should be there around noon.")).toBe(
      '2026-11-27 12:00 - 12:30',
    );
  });
});

describe('a 24-hour time in an English voicemail', () => {
  const pest = 'Pest control will be spraying all units on Wednesday, 15:10 and 2:00.';

  it('is doubted: no event at 15:10, and the page says the time was not heard clearly', () => {
    expect(shown(pest)).toContain('was not heard clearly enough');
    const tokens = heardTokens({ text: pest, words: null });
    const fifteen = checkFacts(tokens, { isValidNumber: () => true }).find((fact) => fact.value === '3:10');
    expect(fifteen?.sure).toBe(false);
  });

  it('stands in a language whose callers say the 24-hour clock', () => {
    const tokens = heardTokens({ text: 'Le rendez-vous est mercredi à 15:10.', words: null });
    const facts = checkFacts(tokens, { isValidNumber: () => true, spoken: 'fr' });
    expect(facts.find((fact) => fact.value === '3:10')?.sure).toBe(true);
  });
});

describe('times the engine wrote its own way', () => {
  it('reads "8.15 a.m." as 8:15, and a dot without a.m. or p.m. as no time', () => {
    expect(shown('Your group is required to report on Tuesday at 8.15 a.m. to the government center.')).toBe(
      '2026-12-01 08:15 - 08:45',
    );
    expect(times('The drive takes about 2.5 hours.')).toEqual([]);
  });

  it('writes "8.15 a.m." as "8:15 a.m." in the transcript every text and the page read', () => {
    const written = (text: string) =>
      transcriptOf(withClockColons(text.split(' ').map((word) => ({ text: word, confidence: 0.9, at: 3 }))));
    expect(written('Report on Tuesday at 8.15 a.m. to the center.')).toBe(
      'Report on Tuesday at 8:15 a.m. to the center.',
    );
    expect(written('Come by at 4.30pm, or at 5.45 p.m.')).toBe('Come by at 4:30pm, or at 5:45 p.m.');
    expect(written('It takes 2.5 hours, version 3.10 is out.')).toBe(
      'It takes 2.5 hours, version 3.10 is out.',
    );
  });

  it('reads "at 1045" as 10:45, but not a street number', () => {
    expect(shown('Reminder about your cleaning on Monday at 1045 at Bright Smile Family Dental.')).toBe(
      '2026-11-30 10:45 - 11:15',
    );
    expect(times('Please drop the forms off at 1045 Oak Street.')).toEqual([]);
  });
});

describe('a number that is part of a name', () => {
  it('is no time: "from Two Brothers Moving" gives no event at two', () => {
    const movers =
      'This is Carl from Two Brothers Moving, returning your call about the move. Again, call 847-555-0119.';
    expect(shown(movers)).toBe('No calendar event: no day and time to keep were said.');
    // "from two to four p.m." is still a window.
    expect(shown('The plumber will come by tomorrow from two to four p.m.')).toBe('2026-11-27 14:00 - 16:00');
  });
});

describe('a time to be moved', () => {
  it('is not the time to keep: the slot offered after it is', () => {
    expect(
      shown(
        "The therapist's out on Monday, so we need to move your 10:15. I can do Tuesday at 10:15, same time. Call us back.",
      ),
    ).toBe('2026-12-01 10:15 - 10:45');
    expect(shown('We need to move your appointment to Tuesday at 3.')).toBe('2026-12-01 15:00 - 15:30');
  });
});

describe('the day a time is said on', () => {
  it('is not a day the place is closed, and "this afternoon" carries to a time said after it', () => {
    const passport =
      'Your passport is ready for pickup. Since you travel tomorrow, please come in this afternoon. Before 3, with your letter, we are closed tomorrow for the holiday.';
    expect(shown(passport)).toBe('2026-11-26 14:30 - 15:00');
  });
});

describe('an ordinal that counts something', () => {
  it('is no date: "every unit on the third floor next Wednesday between 9 and noon" is Wednesday', () => {
    expect(
      shown('Pest control will be treating every unit on the third floor next Wednesday between 9 and noon.'),
    ).toBe('2026-12-02 09:00 - 12:00');
    expect(times('See you on the 3rd at 10.')).toEqual(['10']);
  });
});

describe('a habit', () => {
  it('is "every day" or "every Monday", not every sentence with "every" in it', () => {
    // "letting everybody know" heard "letting every mod know".
    expect(
      shown('Just letting every mod know pest control will be spraying on Monday between 10 and 2.'),
    ).toBe('2026-11-30 10:00 - 14:00');
    expect(shown('We are open every Monday at 10.')).toBe(
      'No calendar event: no day and time to keep were said.',
    );
  });
});

describe('a deadline still to come', () => {
  const bursar = 'Students with a balance get dropped from their classes at 5 p.m. today. Pay online.';

  it('is kept: "get dropped at 5 p.m. today" is not the past', () => {
    expect(shown(bursar)).toBe('2026-11-26 17:00 - 17:30');
  });

  it('says the time was not heard well when it was doubted, never that none was said', () => {
    // "5 p.m." doubted (words 10 and 11): the page says which sentence to listen to.
    expect(shown(bursar, [[10, 12]])).toBe(
      'No calendar event: the day or time in "Students with a balance get dropped from their classes at [unclear] today." was not heard clearly enough; listen to the recording.',
    );
    // Said of the past, with its time doubted: the reason still names the time not heard.
    expect(shown('I called you yesterday at 5 p.m. about the balance.', [[5, 7]])).toContain(
      'was not heard clearly enough',
    );
  });
});
