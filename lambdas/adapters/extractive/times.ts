/**
 * Times in a transcript: spoken clock times written as digits ("three pm" -> "3 pm"), the pattern the scoring
 * uses to tell a sentence with a time in it, and when the caller asks to be called back.
 */
import { TEENS, UNITS } from '#core/transcripts/spoken-numbers';
import { CALLBACK, NEGATED_REQUEST } from './cues';
import { capitalize } from './words';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const CLOCK_WORDS = [
  ...Object.keys(UNITS).filter((word) => !['zero', 'oh', 'o'].includes(word)),
  'ten',
  'eleven',
  'twelve',
];
const CLOCK_WORD_DIGITS: Readonly<Record<string, string>> = { ...UNITS, ...TEENS };

const CLOCK_WORD = `(?:${CLOCK_WORDS.join('|')})`;
/** am, pm, a.m., p.m., o'clock; a plain "pm." leaves the full stop to the sentence. */
const MERIDIEM = String.raw`(?:a\.m\.|p\.m\.|am|pm|o'clock)(?![\p{L}])`;

/** "three pm" -> "3 pm", "ten thirty am" -> "10:30 am": times read better as digits. */
export function digitizeTimes(sentence: string): string {
  const pattern = new RegExp(
    String.raw`\b(${CLOCK_WORD})(?:\s+(fifteen|thirty|forty[\s-]five))?\s+(${MERIDIEM})`,
    'giu',
  );
  return sentence.replace(pattern, (_match, hour: string, minutes: string | undefined, meridiem: string) => {
    const minuteDigits =
      minutes === undefined
        ? ''
        : `:${minutes.startsWith('forty') ? '45' : minutes === 'fifteen' ? '15' : '30'}`;
    return `${CLOCK_WORD_DIGITS[hour.toLowerCase()] ?? hour}${minuteDigits} ${meridiem}`;
  });
}

/** A sentence that says when: a clock time, a part of the day, a weekday. */
export const TIME = new RegExp(
  String.raw`\b(\d{1,2}(:\d{2})?\s*${MERIDIEM}|${CLOCK_WORD}\s+o'clock|noon|midnight|today|tonight|tomorrow|morning|afternoon|evening|weekend|next week|this week|${WEEKDAYS.join('|')})`,
  'iu',
);

/** "at five" is no time when more digits follow it: "at five, five, five" starts a phone number. */
const NO_DIGIT_AFTER = String.raw`(?![\s,.-]*(?:\d|(?:${[...Object.keys(UNITS), 'ten', 'eleven', 'twelve'].join('|')})\b))`;
/** A clock time written out ("9:00 a.m.", "4 pm", "10:30"): an offered time is worth more than a weekday. */
export const CLOCK_TIME = new RegExp(String.raw`\b\d{1,2}(?::\d{2})?\s*${MERIDIEM}|\b\d{1,2}:\d{2}\b`, 'iu');

const CLOCK_PHRASE = new RegExp(
  String.raw`\b(?:(?:at|around|by|after|before|about|from|until)\s+)?(?:\d{1,2}(?::\d{2})?\s*${MERIDIEM}|\d{1,2}:\d{2}|${CLOCK_WORD}\s+o'clock|noon|midnight)|\b(?:at|around|by|after|before|until)\s+(?:\d{1,2}(?![\d:-])|${CLOCK_WORD}\b)${NO_DIGIT_AFTER}`,
  'iu',
);
const DAY_PHRASE = new RegExp(
  String.raw`\b(?:(?:before|by|until|after|on)\s+)?(?:later today|today|tonight|tomorrow(?:\s+(?:morning|afternoon|evening|night))?|this (?:morning|afternoon|evening|weekend)|in the (?:morning|afternoon|evening)|next week|(?:on\s+)?(?:${WEEKDAYS.join('|')})(?:\s+(?:morning|afternoon|evening))?)\b`,
  'iu',
);

/** "after five" -> "after 5"; other phrases as said. */
function tidyTime(phrase: string): string {
  return phrase.replace(new RegExp(String.raw`\b${CLOCK_WORD}\b`, 'giu'), (word) => {
    return CLOCK_WORD_DIGITS[word.toLowerCase()] ?? word;
  });
}

/** When to call back: a clock time and a day from the first sentence about calling that has either. */
export function findCallbackTime(sentences: readonly string[]): string | null {
  for (const whole of sentences) {
    const asking = CALLBACK.exec(whole);
    if (asking === null || NEGATED_REQUEST.test(whole)) continue;
    // From the clause that asks: "...we went over on Monday, call me" gives no callback day.
    const clauseStart = Math.max(...[',', ';', '.'].map((mark) => whole.lastIndexOf(mark, asking.index)));
    const sentence = whole.slice(clauseStart + 1);
    const clock = CLOCK_PHRASE.exec(sentence);
    const day = DAY_PHRASE.exec(sentence);
    const found = [clock, day].filter((match): match is RegExpExecArray => match !== null);
    if (found.length === 0) continue;
    found.sort((a, b) => a.index - b.index);
    return tidyTime(found.map((match) => match[0].trim()).join(' '))
      .toLowerCase()
      .replace(/\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/g, capitalize);
  }
  return null;
}
