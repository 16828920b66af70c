/**
 * The local summarizer, used when no OpenAI key is set: it picks the transcript's most useful sentences
 * (who called, what they want, when and where to call back) rather than writing new ones. It must cope with
 * lowercase text with no punctuation and numbers spelled out ("five five five one two three four", as
 * pocketsphinx wrote), as well as with cased, punctuated text with digits ("Call me at 555-2189 at 3:30.", as
 * Moonshine and OpenAI write). Deterministic: the same transcript always gives the same summary.
 *
 * The stages, one module each: the words with their phone numbers written out (`numbers.ts`), sentences
 * (`sentences.ts`, with the capitals of names put back first, `names.ts`), times as digits (`times.ts`),
 * sentence scoring and picking (`scoring.ts`), and here the summary and its details put together. With the
 * engine's confidence in each word (issue 24), a sentence whose words were mostly doubtful is not chosen.
 *
 * Who called is given apart from the summary (`caller`): the pipeline names them only once the fact checks
 * have passed the name (core/facts/stated-summary.ts).
 */

import { type CallerCandidate, callerText, SUMMARY_MAX_CHARS, type VoiceSummary } from '#core/facts/summary';
import { truncateAtWord } from '#core/texts/sms-text';
import { heardTokens } from '#core/transcripts/heard-transcript';
import { type HeardWord, isDoubtful } from '#core/transcripts/heard-words';
import { isPleasantry, NEGATED_REQUEST, REQUEST, WEAK_REQUEST } from './cues';
import { findCaller, findIntroduction, restoreCapitals } from './names';
import { NUMBER_WORDS, PHONE, withPhoneNumbersWritten } from './numbers';
import { chatBeforePoint, hasContent, pickSentences, scoreSentence, withoutIdleClauses } from './scoring';
import { chunkedSentences, punctuatedSentences } from './sentences';
import { digitizeTimes, findCallbackTime } from './times';
import { capitalize, isFiller } from './words';

/** The summary and, apart from it, who the caller said they are. */
export type ExtractiveSummary = VoiceSummary & { readonly caller: CallerCandidate | null };

/** A sentence more than this share of whose words the engine doubted is not chosen for the summary. */
export const MOSTLY_DOUBTFUL = 0.5;

/**
 * What the sentences may take (issue 32): the first text's two segments less its heading, a callback or
 * "Number unclear" line and the link leave about this much; a caller the checks then name takes a sentence
 * with the fewest facts out (core/texts/sms-text.ts, shortenKeepingFacts), one they withhold leaves no room
 * unused.
 */
export const FIRST_TEXT_ROOM = 200;

/** What an empty transcript is summarized as. */
export const NO_SPEECH_SUMMARY = 'No speech detected.';

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
  const caller = findCaller(text);
  if (caller !== null) points.push(`Caller: ${caller}`);
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

/** The introduction's sentence without the introduction: "Hi, this is Maria, the nurse, your son..." -> "Your son...". */
function afterIntroduction(sentence: string, end: number): string {
  const rest = sentence
    .split(/\s+/)
    .slice(end)
    .join(' ')
    .replace(/^[\s,.;:!?-]+/, '')
    .replace(/^(?:and|so|but)\b[\s,]*/i, '');
  // What is left of the introduction ("Walsh, the school nurse at Lincoln Elementary.", "Charge nurse on Five
  // West.") is who, not what: a few words whose only content is a number said as a word (a ward, a floor).
  const words = rest.split(/\s+/).length;
  const who = words <= 5 && !/\d/.test(rest) && !hasContent(rest.replace(NUMBER_WORDS, ''));
  return words < 4 || !hasContent(rest) || who ? '' : capitalize(rest);
}

/** "Please call us back at (555) 873-0421 to confirm." -> "Please call us back to confirm.": the callback line shows it. */
function withoutNumber(sentence: string, phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return sentence
    .replace(
      new RegExp(String.raw`,?\s*(?:\b(?:at|on)\s+)?(${PHONE.source}),?`, 'g'),
      (match, number: string) => (number.replace(/\D/g, '') === digits ? ' ' : match),
    )
    .replace(/\s+([.,!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What is left of a sentence that only gave the number ("You can reach me at ..." -> "You can reach me."):
 * the callback line shows the number, or says it was unclear (issue 32).
 */
const ONLY_THE_NUMBER =
  /^(?:(?:and|so|again|or)[\s,]+)?(?:you can |just )?(?:reach|contact) (?:me|us)(?: (?:at|on))?[\s.!,]*$|^(?:my|our|the) (?:direct |cell |office |mobile |phone )?(?:line|number|cell|phone)(?: here)? is[\s.!,]*$/i;

const LEADING_LINK =
  /^(?:and|so|but|also|oh|well|okay|ok|good news|listen|anyway|anyways|look)\b[\s,]+(?=\S)/i;
const TRAILING_THANKS = /[\s,]+(?:thanks|thank you)(?: so much| very much)?(?:[\s,]+bye)?([.!?]?)$/i;

/** "And the total would be $850." -> "The total would be $850."; "...get him started thanks so much" -> "...get him started". */
function tidied(sentence: string): string {
  const trimmed = sentence.replace(TRAILING_THANKS, (_match, end: string) => end || '.');
  const rest = trimmed.replace(LEADING_LINK, '');
  return rest.split(/\s+/).length < 3 ? sentence : capitalize(rest);
}

/**
 * The summary's text: the sentences that say what the caller wants and when, without the introduction and
 * without the callback number (the callback line shows it), chosen among those heard well; and who called,
 * as the introduction says, for the pipeline to check.
 */
function summaryText(
  sentences: readonly string[],
  heardWell: readonly boolean[],
  phone: string | null,
  callbackTime: string | null,
  punctuated: boolean,
): { readonly text: string; readonly caller: CallerCandidate | null } {
  let caller: CallerCandidate | null = null;
  let who: string | null = null;
  const content = sentences.slice();
  // Callers introduce themselves first, or sign off with it ("... This is Courtney, thanks!"); first after a
  // greeting or two and who the message is for ("Hi. I hope this is the right number. This is for Carol's son.
  // This is Gloria.", issue 32's seventh set): the first three sentences of more than two words.
  const opening = sentences.flatMap((sentence, index) => (sentence.split(/\s+/).length > 2 ? [index] : []));
  const firstAfter = opening[2] ?? 2;
  const last = Math.max(firstAfter + 1, sentences.length - 2);
  const introducing = [...sentences.keys()].filter((index) => index <= firstAfter || index >= last);
  for (const index of introducing) {
    const sentence = sentences[index] ?? '';
    const introduction = findIntroduction(sentence);
    if (introduction === null) continue;
    caller = { name: introduction.name, role: introduction.role, organization: introduction.organization };
    who = callerText(introduction);
    content[index] = afterIntroduction(sentence, introduction.end);
    break;
  }
  const chat = chatBeforePoint(content);
  const candidates = content
    .map((sentence, index) => {
      const text = phone === null ? sentence : withoutNumber(sentence, phone);
      return { text: tidied(withoutIdleClauses(text)), gaveNumber: text !== sentence, index };
    })
    .filter(
      ({ text, gaveNumber, index }) =>
        heardWell[index] &&
        !chat[index] &&
        !(gaveNumber && ONLY_THE_NUMBER.test(text)) &&
        text.split(/\s+/).length >= 3,
    );
  const kept = candidates.map(({ text }) => text);
  // A request that only gave the number, or the time to call back, says less once the callback line shows them.
  const shownTime = (text: string) =>
    callbackTime !== null && text.toLowerCase().includes(callbackTime.toLowerCase());
  const scores = candidates.map(
    ({ text, gaveNumber }, index) =>
      scoreSentence(text, index, punctuated, caller !== null) -
      (gaveNumber ? 2 : 0) -
      (shownTime(text) ? 2 : 0),
  );
  const room = FIRST_TEXT_ROOM;
  const picked = kept.length === 0 ? '' : pickSentences(kept, scores, room);
  const fallback = who === null ? sentences.filter((_, index) => heardWell[index]).join(' ') : '';
  return { text: picked === '' ? fallback : picked, caller };
}

/**
 * Summarizes a transcript by picking its most informative sentences heard well (`words`: the engine's
 * confidence in each word, when it gave one), and pulls out the callback number, time and request, and who
 * called.
 */
export function summarizeExtractively(
  transcript: string,
  words: readonly HeardWord[] | null = null,
): ExtractiveSummary {
  const heard = heardTokens({ text: transcript, words });
  const spoken = heard.flatMap((token, index) => (isFiller(token.text) ? [] : [index]));
  const written = withPhoneNumbersWritten(spoken.map((index) => heard[index]?.text ?? ''));
  const { tokens, phone } = written;
  if (tokens.length === 0) {
    return {
      summary: NO_SPEECH_SUMMARY,
      key_points: [],
      callback_number: null,
      callback_time: null,
      requested_action: null,
      caller: null,
    };
  }
  const punctuated = /[.!?]/.test(tokens.filter((token) => !/\d/.test(token)).join(' '));
  const split = punctuated ? punctuatedSentences(tokens) : chunkedSentences(restoreCapitals(tokens));
  const sentences = split.map((sentence) => digitizeTimes(sentence.text));
  const heardWell = split.map((sentence) => {
    const said = sentence.words
      .flatMap((index) => written.origins[index] ?? [])
      .map((index) => spoken[index]);
    const doubtful = said.filter((index) => {
      const token = index === undefined ? undefined : heard[index];
      return token?.confidence != null && isDoubtful({ ...token, confidence: token.confidence });
    });
    return doubtful.length <= said.length * MOSTLY_DOUBTFUL;
  });
  const scores = sentences.map((sentence, index) => scoreSentence(sentence, index, punctuated));
  const callbackTime = findCallbackTime(sentences);
  const { text, caller } = summaryText(sentences, heardWell, phone, callbackTime, punctuated);
  const isRequest = (pattern: RegExp) => (sentence: string) =>
    pattern.test(sentence) && !NEGATED_REQUEST.test(sentence) && !isPleasantry(sentence);
  const request = sentences.find(isRequest(REQUEST)) ?? sentences.find(isRequest(WEAK_REQUEST));
  const requestedAction = request === undefined ? null : truncateAtWord(request, 160);
  const top = sentences[scores.indexOf(Math.max(...scores))];
  const best = top === undefined || isPleasantry(top) ? null : top;
  return {
    summary: truncateAtWord(text, SUMMARY_MAX_CHARS),
    key_points: keyPoints(sentences.join(' '), phone, callbackTime, best),
    callback_number: phone,
    callback_time: callbackTime,
    requested_action: requestedAction,
    caller,
  };
}
