/**
 * The local summarizer, used when no OpenAI key is set: it picks the transcript's most useful sentences
 * (who called, what they want, when and where to call back) rather than writing new ones. It must cope with
 * lowercase text with no punctuation and numbers spelled out ("five five five one two three four", as
 * pocketsphinx wrote), as well as with cased, punctuated text with digits ("Call me at 555-2189 at 3:30.", as
 * Moonshine and OpenAI write). Deterministic: the same transcript always gives
 * the same summary.
 */
import { formatCallbackNumber } from './reply';
import { truncateAtWord } from './sms-text';
import { bareWord, type DigitRun, digitRuns, TEENS, TENS, UNITS } from './spoken-numbers';
import { SUMMARY_MAX_CHARS, type VoiceSummary } from './summary';

/** What an empty transcript is summarized as. */
export const NO_SPEECH_SUMMARY = 'No speech detected.';

/** Hesitations recognizers write out; they carry no meaning. */
const FILLERS = new Set(['um', 'uh', 'uhm', 'umm', 'erm', 'er', 'ah', 'hmm', 'mm', 'mhm']);

/** Words that usually start a new thought in speech; an unpunctuated transcript is cut before them. */
const STARTERS = new Set([
  'hi',
  'hello',
  'hey',
  'this',
  'i',
  "i'm",
  'im',
  "i'll",
  "i've",
  "i'd",
  'please',
  'so',
  'anyway',
  'also',
  'thanks',
  'thank',
  'can',
  'could',
  'would',
  'my',
  'we',
  'just',
  'bye',
  'okay',
  'ok',
  'well',
  'but',
  'let',
  'give',
]);

/** Chunks of an unpunctuated transcript: at least this many words before a starter word may cut it... */
const MIN_CHUNK_WORDS = 6;
/** ...and never more than this many. */
const MAX_CHUNK_WORDS = 18;

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const CLOCK_WORDS = [
  ...Object.keys(UNITS).filter((word) => !['zero', 'oh', 'o'].includes(word)),
  'ten',
  'eleven',
  'twelve',
];
const CLOCK_WORD_DIGITS: Readonly<Record<string, string>> = { ...UNITS, ...TEENS };

/** A digit run that reads as a phone number: 7 digits, 10, or 11 starting with 1 (8-15 for other countries). */
function isPhoneRun(run: DigitRun): boolean {
  const length = run.digits.length;
  return (
    length === 7 ||
    length === 10 ||
    (length === 11 && run.digits.startsWith('1')) ||
    (length >= 8 && length <= 15)
  );
}

function phoneRank(run: DigitRun): number {
  const length = run.digits.length;
  return length === 10 || (length === 11 && run.digits.startsWith('1')) ? 0 : length === 7 ? 1 : 2;
}

/** The callback number as stored: "(415) 555-0132" for a US number, else the digits as said. */
function callbackNumberValue(digits: string): string {
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? formatCallbackNumber(national) : digits;
}

type Prepared = { readonly tokens: string[]; readonly phone: string | null };

/** Drops hesitations and replaces spoken or written phone numbers by their written form. */
function prepareTokens(transcript: string): Prepared {
  const raw = transcript.split(/\s+/).filter((token) => token !== '' && !FILLERS.has(bareWord(token)));
  const runs = digitRuns(raw).filter(isPhoneRun);
  const best = [...runs].sort((a, b) => phoneRank(a) - phoneRank(b) || a.start - b.start)[0];
  const tokens: string[] = [];
  let index = 0;
  for (const run of runs) {
    tokens.push(...raw.slice(index, run.start));
    const trailing = /[.!?,;:]+$/.exec(raw[run.end - 1] ?? '')?.[0] ?? '';
    // In the summary text: (415) 555-0132, 555-1234, or the digits.
    tokens.push(`${formatCallbackNumber(run.digits)}${trailing}`);
    index = run.end;
  }
  tokens.push(...raw.slice(index));
  return { tokens, phone: best === undefined ? null : callbackNumberValue(best.digits) };
}

const NOT_A_NAME = new Set([
  'a',
  'an',
  'the',
  'calling',
  'just',
  'about',
  'and',
  'i',
  'here',
  'to',
  'with',
  'from',
  'at',
  'your',
  'you',
  'my',
  'me',
  'so',
  'again',
  'regarding',
  'on',
  'in',
  'for',
  'please',
  'give',
  'call',
  'back',
  'returning',
  'following',
  'checking',
  'it',
  'is',
  'was',
  'um',
  'uh',
  'not',
  'going',
  'sorry',
  'trying',
  'really',
  'very',
  'important',
  'urgent',
  'our',
  'gonna',
  'kind',
  'quick',
  'message',
  'reminder',
  'that',
  'who',
]);

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Capitalizes what a lowercase transcript loses: I, weekdays, and the name and company after "this is". */
function restoreCapitals(tokens: string[]): string[] {
  const out = tokens.map((token) => {
    const word = bareWord(token);
    if (/^i('m|'ll|'ve|'d)?$/.test(word) || WEEKDAYS.includes(word)) return capitalize(token);
    return token;
  });
  for (let index = 0; index < out.length; index += 1) {
    const [a, b] = [bareWord(out[index] ?? ''), bareWord(out[index + 1] ?? '')];
    let at = -1;
    if (a === 'this' && b === 'is') at = index + 2;
    if (a === 'name' && b === 'is') at = index + 2;
    if (a === "it's" || a === 'its') at = index + 1;
    if (at < 0) continue;
    // Up to two words of name, then "from|with|at" and up to three words of company.
    let cursor = at;
    while (cursor < at + 2 && cursor < out.length && !NOT_A_NAME.has(bareWord(out[cursor] ?? ''))) {
      out[cursor] = capitalize(out[cursor] ?? '');
      cursor += 1;
    }
    if (cursor > at && ['from', 'with', 'at'].includes(bareWord(out[cursor] ?? ''))) {
      const companyStart = cursor + 1;
      cursor = companyStart;
      while (
        cursor < companyStart + 3 &&
        cursor < out.length &&
        !NOT_A_NAME.has(bareWord(out[cursor] ?? '')) &&
        !/^\(?\d/.test(out[cursor] ?? '')
      ) {
        out[cursor] = capitalize(out[cursor] ?? '');
        cursor += 1;
      }
    }
  }
  return out;
}

/** Sentences of a punctuated transcript: after . ! ? when the next word starts a sentence. */
function punctuatedSentences(tokens: readonly string[]): string[] {
  const sentences: string[] = [];
  let current: string[] = [];
  tokens.forEach((token, index) => {
    current.push(token);
    const next = tokens[index + 1];
    const ends = /[.!?]["')]*$/.test(token) && !/^(mr|mrs|ms|dr|st|jr|sr)\.$/i.test(token);
    const startsNext = next === undefined || /^["'(]?[\p{Lu}\d]/u.test(next);
    if (ends && startsNext) {
      sentences.push(current.join(' '));
      current = [];
    }
  });
  if (current.length > 0) sentences.push(current.join(' '));
  return sentences;
}

/** A conjunction before a starter word opens the new thought ("...arrived | and I left it..."). */
const CONJUNCTIONS = new Set(['and', 'but', 'so', 'because', 'or']);

/** Words that cannot end a thought: "wanted to | let you know" is one. */
const BINDING = new Set([
  'to',
  'the',
  'a',
  'an',
  'of',
  'for',
  'with',
  'that',
  'just',
  'wanted',
  'want',
  'will',
  'would',
  'can',
  'could',
  'should',
  'please',
  'if',
  'at',
  'in',
  'on',
  'my',
  'your',
  'is',
  'are',
  'was',
  'be',
  'this',
]);

/** Sentences of an unpunctuated transcript: cut before a word that starts a thought, or every 18 words. */
function chunkedSentences(tokens: readonly string[]): string[] {
  const sentences: string[] = [];
  let current: string[] = [];
  for (const token of tokens) {
    const previous = bareWord(current.at(-1) ?? '');
    const starts =
      STARTERS.has(bareWord(token)) && current.length >= MIN_CHUNK_WORDS && !BINDING.has(previous);
    if (starts && CONJUNCTIONS.has(previous)) {
      const conjunction = current.pop() ?? '';
      sentences.push(current.join(' '));
      current = [conjunction];
    } else if (current.length > 0 && (starts || current.length >= MAX_CHUNK_WORDS)) {
      sentences.push(current.join(' '));
      current = [];
    }
    current.push(token);
  }
  // A tail of a word or two ("...have a good | one") belongs to the sentence before it.
  if (current.length > 0 && current.length < 3 && sentences.length > 0) {
    sentences.push(`${sentences.pop() ?? ''} ${current.join(' ')}`);
  } else if (current.length > 0) {
    sentences.push(current.join(' '));
  }
  return sentences.map((sentence) => `${capitalize(withoutTrailingPleasantries(sentence))}.`);
}

const TRAILING_PLEASANTRY =
  /\s+(?:thanks|thank you|bye|bye bye|goodbye|have a (?:good|nice|great) (?:day|one|evening|weekend)|talk to you (?:later|soon))$/i;

/** "...call me back thanks bye" -> "...call me back": a spoken sign-off is not part of the request. */
function withoutTrailingPleasantries(sentence: string): string {
  let rest = sentence;
  while (TRAILING_PLEASANTRY.test(rest) && rest.split(/\s+/).length > 3)
    rest = rest.replace(TRAILING_PLEASANTRY, '');
  return rest;
}

const NUMBER_WORD = `(?:${[...Object.keys(UNITS), ...Object.keys(TEENS), ...Object.keys(TENS), 'hundred'].join('|')})`;
const CLOCK_WORD = `(?:${CLOCK_WORDS.join('|')})`;
/** am, pm, a.m., p.m., o'clock; a plain "pm." leaves the full stop to the sentence. */
const MERIDIEM = String.raw`(?:a\.m\.|p\.m\.|am|pm|o'clock)(?![\p{L}])`;

/** "three pm" -> "3 pm", "ten thirty am" -> "10:30 am": times read better as digits. */
function digitizeTimes(sentence: string): string {
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

/** Asking the listener to do something. */
const REQUEST =
  /\b(call me|call us|call back|callback|give (?:me|us) a (?:call|ring)|get back to|text me|reach me|let me know|please|can you|could you|would you)\b/i;
/** Needs and reminders: requests too, but weaker ("I'm calling to remind you" is not a request). */
const WEAK_REQUEST = /\b(need|needs|remind|asap|urgent|as soon as|make sure|don't forget)\b/i;
/** "No need to call back": the opposite of a request. */
const NEGATED_REQUEST =
  /\b(no need|don't need to|do not need to|don't have to|don't call|do not call|no rush)\b/i;
/** Passing on news is worth keeping too. */
const INFORMING =
  /\b(let you know|wanted to tell|just so you know|heads up|reminder|confirm|cancel|moved|arrived|ready)\b/i;
const CALLBACK = /\b(call|calls|ring|reach|text|get back|contact|phone)\b/i;
const TIME = new RegExp(
  String.raw`\b(\d{1,2}(:\d{2})?\s*${MERIDIEM}|${CLOCK_WORD}\s+o'clock|noon|midnight|today|tonight|tomorrow|morning|afternoon|evening|weekend|next week|this week|${WEEKDAYS.join('|')})`,
  'iu',
);
const NUMBER = new RegExp(String.raw`\d|\b${NUMBER_WORD}\b`, 'i');
const PHONE = /\(\d{3}\) \d{3}-\d{4}|\b\d{3}-\d{4}\b|\b\d{8,15}\b/;
const INTRODUCTION = /\b(this is|my name is|calling from|i'm calling|it's \p{Lu})/iu;
const PLEASANTRY =
  /^(hi|hello|hey|hi there|thanks|thank you|thanks bye|thank you bye|bye|bye bye|goodbye|ok|okay|talk to you later|talk soon|have a (good|nice|great) (day|one|evening|weekend))$/i;

/** How much a sentence tells the listener: requests, times, phone numbers, numbers, names. */
function scoreSentence(sentence: string, index: number, punctuated: boolean): number {
  let score = 0;
  if (REQUEST.test(sentence) && !NEGATED_REQUEST.test(sentence)) score += 3;
  else if (WEAK_REQUEST.test(sentence) || CALLBACK.test(sentence)) score += 1;
  if (INFORMING.test(sentence)) score += 2;
  if (sentence.split(/\s+/).length >= 5) score += 1;
  if (TIME.test(sentence)) score += 2;
  if (PHONE.test(sentence)) score += 3;
  else if (NUMBER.test(sentence)) score += 1;
  if (INTRODUCTION.test(sentence)) score += 2;
  if (punctuated) {
    // Capitalized words after the first are likely names of people, places or companies.
    const names = sentence
      .split(/\s+/)
      .slice(1)
      .filter((word) => /^\p{Lu}\p{Ll}/u.test(word) && !WEEKDAYS.includes(bareWord(word)));
    score += Math.min(2, names.length);
  }
  if (index === 0) score += 1;
  return score;
}

function isPleasantry(sentence: string): boolean {
  const words = sentence
    .toLowerCase()
    .replace(/[^\p{L}\s']/gu, ' ')
    .split(/\s+/)
    .filter((word) => word !== '');
  return PLEASANTRY.test(words.join(' '));
}

/** The best sentences in their original order, within the summary's length. */
function pickSentences(sentences: readonly string[], scores: readonly number[]): string {
  const candidates = sentences
    .map((sentence, index) => ({ sentence, index, score: scores[index] ?? 0 }))
    .filter((candidate) => !isPleasantry(candidate.sentence));
  const pool = candidates.some((candidate) => candidate.score > 0)
    ? candidates.filter((candidate) => candidate.score > 0)
    : candidates;
  if (pool.length === 0) return truncateAtWord(sentences.join(' '), SUMMARY_MAX_CHARS);

  const ranked = [...pool].sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen: typeof ranked = [];
  let length = 0;
  for (const candidate of ranked) {
    const added = candidate.sentence.length + (chosen.length > 0 ? 1 : 0);
    if (length + added <= SUMMARY_MAX_CHARS) {
      chosen.push(candidate);
      length += added;
    }
  }
  const best = ranked[0];
  if (chosen.length === 0 && best !== undefined) return truncateAtWord(best.sentence, SUMMARY_MAX_CHARS);
  return chosen
    .sort((a, b) => a.index - b.index)
    .map((candidate) => candidate.sentence)
    .join(' ');
}

const CLOCK_PHRASE = new RegExp(
  String.raw`\b(?:(?:at|around|by|after|before|about|from|until)\s+)?(?:\d{1,2}(?::\d{2})?\s*${MERIDIEM}|\d{1,2}:\d{2}|${CLOCK_WORD}\s+o'clock|noon|midnight)|\b(?:at|around|by|after|before|until)\s+(?:\d{1,2}(?![\d:-])|${CLOCK_WORD}\b)`,
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
function findCallbackTime(sentences: readonly string[]): string | null {
  for (const sentence of sentences) {
    if (!CALLBACK.test(sentence) || NEGATED_REQUEST.test(sentence)) continue;
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

const CALLER =
  /\b(?:[Tt]his is|[Mm]y name is|[Ii]t'?s)\s+((?:\p{Lu}[\p{L}'-]*\s?){1,2})(?:\s*(?:from|with|at)\s+((?:\p{Lu}[\p{L}&'.-]*\s?){1,3}))?/u;
const TOPIC =
  /\b(?:calling|called|call|message|reaching out|getting in touch|it's)\s+(?:you\s+)?(?:about|regarding|concerning|re)\s+([^.!?,;]+)/i;
const TOPIC_END =
  /\s+\b(please|and|so|can|could|would|i|if|because|call|give|let|thanks|thank|but|when|we|just)\b.*$/i;

/** Up to three short phrases: who called, what about, and how to call back. */
function keyPoints(
  text: string,
  phone: string | null,
  time: string | null,
  fallback: string | null,
): string[] {
  const points: string[] = [];
  const caller = CALLER.exec(text);
  if (caller?.[1]) {
    const name = caller[1].trim();
    // A punctuated transcript may run on into the next sentence ("from Acme Dental. Call me"): stop at its
    // full stop, but not at an abbreviation's ("Dr. Patel's office").
    const company = caller[2]
      ?.split(/(?<=\p{L}{3})\.\s/u)[0]
      ?.trim()
      .replace(/[.,]$/, '');
    points.push(`Caller: ${company ? `${name} from ${company}` : name}`);
  }
  const topic = TOPIC.exec(text);
  if (topic?.[1]) {
    const about = topic[1].replace(TOPIC_END, '').split(/\s+/).slice(0, 6).join(' ').trim();
    if (about !== '') points.push(`About: ${about}`);
  }
  if (phone !== null || time !== null) {
    points.push(`Call back: ${[phone, time].filter((part) => part !== null).join(', ')}`);
  }
  if (points.length === 0 && fallback !== null) points.push(truncateAtWord(fallback, 80));
  return points.slice(0, 3);
}

/** Summarizes a transcript by picking its most informative sentences, and pulls out the callback number, time and request. */
export function summarizeExtractively(transcript: string): VoiceSummary {
  const { tokens, phone } = prepareTokens(transcript.trim());
  if (tokens.length === 0) {
    return {
      summary: NO_SPEECH_SUMMARY,
      key_points: [],
      callback_number: null,
      callback_time: null,
      requested_action: null,
    };
  }
  const punctuated = /[.!?]/.test(tokens.filter((token) => !/\d/.test(token)).join(' '));
  const sentences = (
    punctuated ? punctuatedSentences(tokens) : chunkedSentences(restoreCapitals(tokens))
  ).map(digitizeTimes);
  const scores = sentences.map((sentence, index) => scoreSentence(sentence, index, punctuated));
  const summary = pickSentences(sentences, scores);
  const callbackTime = findCallbackTime(sentences);
  const isRequest = (pattern: RegExp) => (sentence: string) =>
    pattern.test(sentence) && !NEGATED_REQUEST.test(sentence) && !isPleasantry(sentence);
  const request = sentences.find(isRequest(REQUEST)) ?? sentences.find(isRequest(WEAK_REQUEST));
  const requestedAction = request === undefined ? null : truncateAtWord(request, 160);
  const top = sentences[scores.indexOf(Math.max(...scores))];
  const best = top === undefined || isPleasantry(top) ? null : top;
  return {
    summary,
    key_points: keyPoints(sentences.join(' '), phone, callbackTime, best),
    callback_number: phone,
    callback_time: callbackTime,
    requested_action: requestedAction,
  };
}
