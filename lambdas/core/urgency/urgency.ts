/**
 * How pressing a voice message is (issue 25), read from its transcript by rules: `urgent` when the caller
 * asks for something by a time today or now, or tells of an emergency (a sick child, a hospital, the police,
 * a leak, locked out); `likely_spam` for the patterns of robocalls and scams (press-1 menus, warranties,
 * prizes, tax or Social Security threats, payment by gift card, wire or crypto, no caller name); else
 * `normal`. The same rules check what the summary model says (`checkedUrgency`).
 *
 * Two mistakes cost most, and the rules are written against them:
 * - a scam marked urgent: scams fake urgency ("call back immediately or a warrant will be issued"), so a
 *   scam or sales pattern heard well wins over urgency; spam that rests on less (robocall wording, words
 *   heard with doubt, no caller name) gives way to an emergency (a hospital often says "this is an important
 *   message");
 * - an urgent message marked normal: one cue is enough, and a model's `normal` never undoes the rules'
 *   `urgent`.
 * An urgent cue counts only when the words it rests on were heard well (not under DOUBTFUL_BELOW): a doubtful
 * word alone makes nothing urgent. A spam cue heard with doubt counts half, so it needs another sign (another
 * cue, or no caller name): on noisy phone audio a scam's key words are often the doubted ones.
 */
import { findMentions } from '#core/facts/fact-mentions';
import type { HeardTranscript } from '#core/transcripts/heard-transcript';
import {
  CONDITIONAL,
  type Cue,
  type CueKind,
  DEADLINE_NOW,
  DEADLINE_OR,
  DEADLINE_TIME,
  DUE_TODAY,
  LOST_AT,
  MISSED_BY,
  NOT,
  REQUEST,
  SPAM_CUES,
  TODAY_AFTER,
  URGENT_CUES,
} from './urgency-cues';
import { heardWell, type Reading, reading, sentenceEnd, sentenceMatches, wordsFrom } from './urgency-reading';
import { heardReason } from './urgency-reasons';
import type { Urgency, UrgencyLevel } from './urgency-schema';

export { cleanReason } from './urgency-reasons';
export { SALES_REASONS, SCAM_REASONS, spamKind } from './urgency-spam-reasons';

/** A cue found in the transcript, heard well. */
type Found = {
  readonly kind: CueKind | 'deadline';
  readonly reason: string;
  /** Whether the words it rests on were heard well (an urgent cue is found only then). */
  readonly sure: boolean;
};

/** The spans a match rests on: its capturing groups that matched, else the whole match. */
function keySpans(match: RegExpExecArray): [number, number][] {
  const groups = (match.indices ?? []).slice(1).filter((span) => span !== undefined);
  return groups.length > 0 ? groups : [match.indices?.[0] ?? [match.index, match.index + match[0].length]];
}

/** Every match of `pattern` (a global regex with indices) whose key words were heard well. */
function wellHeardMatches(read: Reading, pattern: RegExp): RegExpExecArray[] {
  return [...read.text.matchAll(pattern)].filter((match) =>
    keySpans(match).every(([from, to]) => heardWell(read, from, to)),
  );
}

/** The cues found heard well, and with `doubtedToo` those found only in words heard with doubt. */
function cuesFound(read: Reading, cues: readonly Cue[], doubtedToo = false): Found[] {
  return cues.flatMap((cue): Found[] => {
    const { kind, reason } = cue;
    if (wellHeardMatches(read, cue.pattern).length > 0) return [{ kind, reason, sure: true }];
    const said = doubtedToo && [...read.text.matchAll(cue.pattern)].length > 0;
    return said ? [{ kind, reason, sure: false }] : [];
  });
}

/** "five" -> "5", "5 p m" -> "5 pm", "noon" -> "noon": the time as the reason writes it. */
function writtenTime(time: string): string {
  const HOURS = 'one two three four five six seven eight nine ten eleven twelve'.split(' ');
  return time
    .replace(/^(\d{1,2})\.(\d{2})$/, '$1:$2')
    .replace(/ o'clock\b/, '')
    .replace(/\b[a-z]+\b/g, (word) => (HOURS.includes(word) ? String(HOURS.indexOf(word) + 1) : word))
    .replace(/\b([ap])\.? ?m\b/g, '$1m')
    .replace(/:00\b/, '')
    .replace(/ (thirty|fifteen|forty five)\b/, (_, minutes: string) =>
      minutes === 'thirty' ? ':30' : minutes === 'fifteen' ? ':15' : ':45',
    );
}

/**
 * The words of the first match of `pattern` in `window` (the reading's text from character `offset` on)
 * whose first group was heard well, or null.
 */
function firstHeardWell(read: Reading, window: string, offset: number, pattern: RegExp): string | null {
  const match = [...window.matchAll(pattern)].find((found) => {
    const [start, end] = found.indices![1]!;
    return heardWell(read, offset + start, offset + end);
  });
  return match?.[1] ?? null;
}

/** "Anytime", "whenever": a time offered as a window that suits the listener ("come get her anytime before 6"). */
const ANYTIME = /\b(?:anytime|any time|whenever)\b/;
/** How far after a request "anytime" still qualifies its time (characters: "her anytime before 6"). */
const ANYTIME_REACH = 40;

/**
 * A request for today softened at once by the caller (issue 32, the fourteenth set): "call me back tonight if
 * you can", "text me today when you get a chance". A named time ("before five today") is still a deadline.
 */
const SOFTENER =
  /^(?:\S+ ){0,2}?(?:if you can|if you get a chance|when you get a chance|if you have (?:a )?(?:minute|second|sec|chance)|if possible|no rush|no hurry)\b/;
const softened = (window: string, now: string) =>
  SOFTENER.test(window.slice(window.indexOf(now) + now.length).trimStart());

/**
 * A request with a deadline today or now: "call me back before five today", "please call as soon as you can",
 * and a deadline the listener must meet ("the form is due today"). A request that is only a condition ("if
 * you have questions, call us by five") is none; a time alone counts when no other day is named near it.
 */
function deadlineFound(read: Reading): Found | null {
  for (const request of wellHeardMatches(read, REQUEST)) {
    const after = request.index + request[0].length;
    // The deadline may come after a number said word by word: up to 24 words further, in the request's
    // sentence or the next (an engine ends one after the digits), never in a later one ("call us back at
    // 303-55-4161. Your Civic's ready... We're here till half past five today" asks nothing by today).
    const next = Math.min(read.text.length, sentenceEnd(read, after) + 1);
    const window = wordsFrom(read, after, sentenceEnd(read, next), 25);
    if (sentenceMatches(read, request.index, CONDITIONAL)) continue;
    // "You can come get her anytime before six today": a window that suits the listener, not a deadline.
    if (ANYTIME.test(window.slice(0, ANYTIME_REACH))) continue;
    const now = firstHeardWell(read, window, after, DEADLINE_NOW);
    const time = firstHeardWell(read, window, after, DEADLINE_TIME);
    // Another day named after the request, in its sentence (or its next 12 words when the engine wrote none).
    const otherDay = OTHER_DAY.test(
      wordsFrom(read, after, Math.max(after, sentenceEnd(read, request.index)), 13),
    );
    const asks = /\b(?:call|callback|ring|reach|text|get back|talk|phone|shout)\b/.test(request[0])
      ? 'asks for a call back'
      : /\b(?:come|pick|bring)\b/.test(request[0])
        ? 'asks you to come'
        : 'asks for an answer';
    if (time && (now === 'today' || now === 'tonight' || !otherDay)) {
      const when = now === 'today' || now === 'tonight' ? now : 'today';
      return { kind: 'deadline', reason: `${asks} before ${writtenTime(time)} ${when}`, sure: true };
    }
    if (now && !softened(window, now)) {
      const when = /^(?:today|tonight|this )/.test(now) ? now : 'right away';
      return { kind: 'deadline', reason: `${asks} ${when}`, sure: true };
    }
  }
  for (const missed of wellHeardMatches(read, MISSED_BY)) {
    const after = missed.index + missed[0].length;
    if (!OTHER_DAY.test(wordsFrom(read, after, Math.max(after, sentenceEnd(read, missed.index)), 13)))
      return { kind: 'deadline', reason: `a deadline before ${writtenTime(missed[1]!)} today`, sure: true };
  }
  for (const before of wellHeardMatches(read, DEADLINE_OR)) {
    const after = before.index + before[0].length;
    const today = todaySaid(read, before);
    if (
      today ||
      !OTHER_DAY.test(wordsFrom(read, after, Math.max(after, sentenceEnd(read, before.index)), 13))
    )
      return {
        kind: 'deadline',
        reason: `a deadline before ${writtenTime(before[1]!)} ${today?.word ?? 'today'}`,
        sure: true,
      };
  }
  const lost = wellHeardMatches(read, LOST_AT)[0];
  if (lost) {
    const time = todaySaid(read, lost)?.time;
    return {
      kind: 'deadline',
      reason: `a deadline ${time ? `before ${writtenTime(time)} ` : ''}today`,
      sure: true,
    };
  }
  return wellHeardMatches(read, DUE_TODAY).length > 0
    ? { kind: 'deadline', reason: 'a deadline today', sure: true }
    : null;
}

/**
 * Today's word in a deadline's match, when heard well, and the time said before it when that was heard well
 * too ("at 5 p m today"); null when no today word was heard well (a doubted "to-night" names no day).
 */
function todaySaid(read: Reading, match: RegExpExecArray): { word: string; time: string | null } | null {
  const found = TODAY_AFTER.exec(match[0]);
  const [wordFrom, wordTo] = found?.indices?.[2] ?? [0, 0];
  if (!found || !heardWell(read, match.index + wordFrom, match.index + wordTo)) return null;
  const [timeFrom, timeTo] = found.indices?.[1] ?? [0, 0];
  const timeHeard = found[1] !== undefined && heardWell(read, match.index + timeFrom, match.index + timeTo);
  return { word: found[2]!, time: timeHeard ? found[1]! : null };
}

/** A day that is not today, or any day: a time near it is no deadline today. */
const OTHER_DAY =
  /\b(?:tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday|next week|weekdays?|any ?day|every ?day|any ?time)\b/;

/** Whether the caller said who they are ("this is Maria", "it's Dad", "Jake from Acme Plumbing here"). */
function callerNamed(read: Reading): boolean {
  return findMentions(read.tokens.map((token) => token.text)).some((mention) => mention.kind === 'name');
}

/** Everything the rules found in a transcript: the urgent cues and the spam cues heard well. */
export type UrgencyEvidence = {
  readonly urgent: readonly Found[];
  readonly spam: readonly Found[];
  /**
   * Spam by the rules' count (2 or more is spam): a scam or sales cue 2 (1 heard with doubt), a robocall's
   * wording 1 (0 heard with doubt), no caller name 1 once there is any other sign.
   */
  readonly spamScore: number;
  readonly callerNamed: boolean;
};

export function urgencyEvidence(heard: HeardTranscript): UrgencyEvidence {
  const read = reading(heard);
  const deadline = deadlineFound(read);
  const urgent = [...cuesFound(read, URGENT_CUES), ...(deadline ? [deadline] : [])];
  const spam = cuesFound(read, SPAM_CUES, true).filter((cue) => cue.sure || cue.kind !== 'robocall');
  const named = callerNamed(read);
  const weight = (cue: Found) => (cue.kind === 'robocall' ? 1 : 2) - (cue.sure ? 0 : 1);
  const score = spam.reduce((sum, cue) => sum + weight(cue), 0) + (spam.length > 0 && !named ? 1 : 0);
  return { urgent, spam, spamScore: score, callerNamed: named };
}

/** Why it is spam: the first cue heard well by kind (scam, sales, robocall), else the first heard with doubt. */
const spamReason = (evidence: UrgencyEvidence) =>
  (
    firstOf(
      evidence.spam.filter((cue) => cue.sure),
      ['scam', 'sales', 'robocall'],
    ) ?? firstOf(evidence.spam, ['scam', 'sales', 'robocall'])
  )?.reason;

/** The first of `found` by the order of `kinds`, each kind in the order its cues are listed. */
const firstOf = (found: readonly Found[], kinds: readonly Found['kind'][]) =>
  kinds.map((kind) => found.find((cue) => cue.kind === kind)).find((cue) => cue !== undefined);

/** What the rules decide from their evidence. */
function ruled(evidence: UrgencyEvidence): { level: UrgencyLevel; reason: string } {
  const emergency = evidence.urgent.some((cue) => cue.kind === 'emergency' || cue.kind === 'situation');
  const solid = evidence.spam.some((cue) => cue.sure && cue.kind !== 'robocall');
  if (evidence.spamScore >= 2 && (solid || !emergency))
    return { level: 'likely_spam', reason: spamReason(evidence)! };
  const urgent = firstOf(evidence.urgent, ['emergency', 'deadline', 'situation', 'says-urgent']);
  if (urgent) return { level: 'urgent', reason: urgent.reason };
  return { level: 'normal', reason: '' };
}

/** The urgency of a transcript by the rules alone (offline, and where the model gave none). */
export function urgencyOf(heard: HeardTranscript): Urgency {
  return { ...ruled(urgencyEvidence(heard)), source: 'rules' };
}

/** What the summary model proposed: its level and its reason, as it wrote them. */
export type ProposedUrgency = { readonly level: UrgencyLevel; readonly reason: string };

/**
 * The model's urgency checked by the rules (`english`: the transcript is English, which the rules read; in
 * another language the model's level stands). In English:
 * - the rules' `likely_spam` wins (scams fake urgency, and a model can be talked into "urgent");
 * - the rules' `urgent` wins over the model's `normal` or `likely_spam` (the costly mistake is an urgent
 *   message marked normal, or hidden in a one-line text);
 * - the model's `urgent` stands only when the transcript holds some sign of it (a cue, a deadline, a word
 *   like "urgent", "today" or "as soon as"), else `normal`;
 * - the model's `likely_spam` stands only when the rules saw a sign of spam (a robocall's wording, or a scam
 *   or sales cue below their own count), else `normal`.
 * `source` is `model` when the model's level is the one kept, `rules` when the rules overruled it. The
 * reason is the rules' when they found one (fixed words the texts can translate), else the model's if it is
 * a few plain words, every one of them heard well in the transcript (core/urgency/urgency-reasons.ts).
 */
export function checkedUrgency(
  heard: HeardTranscript,
  proposed: ProposedUrgency | null,
  english = true,
): Urgency {
  const evidence = urgencyEvidence(heard);
  const rules = ruled(evidence);
  if (proposed === null) return { ...rules, source: 'rules' };
  const modelReason = heardReason(proposed.reason, heard);
  if (!english) {
    return { level: proposed.level, reason: modelReason ?? '', source: 'model' };
  }
  if (rules.level === proposed.level) {
    return { level: rules.level, reason: rules.reason || (modelReason ?? ''), source: 'model' };
  }
  if (rules.level !== 'normal') return { ...rules, source: 'rules' };
  const read = reading(heard);
  const supported =
    proposed.level === 'urgent'
      ? evidence.urgent.length > 0 ||
        wellHeardMatches(read, HINTS_OF_URGENCY).some(
          (hint) => !sentenceMatches(read, hint.index, CONDITIONAL),
        )
      : evidence.spam.length > 0 ||
        (!evidence.callerNamed && wellHeardMatches(read, HINTS_OF_SPAM).length > 0);
  if (!supported) return { ...rules, source: 'rules' };
  const fallback = proposed.level === 'urgent' ? 'the caller asks for quick action' : 'reads like a robocall';
  const reason =
    proposed.level === 'likely_spam'
      ? (spamReason(evidence) ?? modelReason ?? fallback)
      : (modelReason ?? fallback);
  return { level: proposed.level, reason, source: 'model' };
}

/**
 * Words that support a model's "urgent" though the rules alone would not call it so; not negated ("nothing
 * urgent", "no hurry") nor in a sentence that is only a condition ("if you have questions... today").
 */
const HINTS_OF_URGENCY = new RegExp(
  String.raw`${NOT}\b(urgent|important|today|tonight|right now|as soon as|asap|quickly|hurry|immediately|right away|emergency|hospital|sick|worried|serious|deadline|expires?)\b`,
  'dg',
);

/** Words that support a model's "likely spam" in a message whose caller gave no name. */
const HINTS_OF_SPAM =
  /\b(offer|notice|account|benefits?|eligible|qualify|approved|warranty|insurance|loan|credit|debt|refund|verify|representative|agent|customer service|specialist|department)\b/dg;
