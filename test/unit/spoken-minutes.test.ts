/**
 * Minutes said in words before "am" or "pm" (issue 32, the tenth held-out set): "you've been rebooked on the
 * flight departing tomorrow at six ten am" was read as 6 and 10, and the event put the flight at six in the
 * evening. With the meridiem right after them, "ten", "twenty five", "forty", "oh five" are the minutes; without
 * it, a count or a number said in pieces stays what it was.
 */
import { describe, expect, it } from 'vitest';
import { findMentions } from '#core/facts/fact-mentions';
import { eventMessage, eventOrReason } from '../support/event-shown';

const times = (text: string) =>
  findMentions(text.split(' '))
    .filter((mention) => mention.kind === 'time')
    .map((mention) => mention.value);

describe('minutes said in words before am or pm', () => {
  it.each([
    ['departing tomorrow at six ten am', '6:10'],
    ['the doors open at seven twenty five pm', '7:25'],
    ['your table is at eight forty pm', '8:40'],
    ['the shuttle leaves at nine oh five am', '9:05'],
    ['we close at five fifty pm', '5:50'],
  ])('"%s" is %s', (text, value) => {
    expect(times(text)).toEqual([value]);
  });

  it.each([
    ['at six, ten', ['6']],
    ['meet me at five fifty five', ['5']],
  ])('without am or pm after them, "%s" is read as before', (text, value) => {
    expect(times(text)).toEqual(value);
  });

  it('puts the rebooked flight at 6:10 in the morning, not six in the evening', () => {
    const transcript =
      "This is Coastline Airways for passenger Nadia. Your flight from Denver to Portland tonight has been cancelled. You've been rebooked on the flight departing tomorrow at six ten am.";
    expect(eventOrReason(eventMessage(transcript))).toBe('2026-11-27 06:10 - 06:40');
  });

  it('reads "quarter to 9:00" as the engine writes it: the dentist\'s slot is at 8:45 (the eleventh set)', () => {
    expect(times('i can offer you tuesday at quarter to 9:00 in the morning')).toEqual(['8:45']);
    const transcript =
      "Hi, it's Yolanda from Dr. Hans office. We need to reschedule your cleaning. I can offer you Tuesday at quarter to 9:00 in the morning or Wednesday at 1:00. Just let me know which one works.";
    expect(eventOrReason(eventMessage(transcript))).toBe('2026-12-01 08:45 - 09:15');
  });
});
