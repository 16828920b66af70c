/**
 * The summary as the sender gets it: only facts the checks passed (core/facts/fact-checks.ts) are stated (issue 24).
 * A summarizer (a model, or the extractive one picking sentences) proposes who called, a callback number and
 * time, and a text; here each is held against what the engine heard:
 *
 * - the caller is named only when their introduction passed the checks (or the name is a SPELL word), a
 *   surname only when each of its words was said and heard well, and their role or company only when EVERY
 *   word of it was (issue 31: core/facts/heard-phrases.ts); what was not stated is taken out of the text too;
 * - no web address or e-mail, written or said, is stated anywhere ("[link left out]": core/facts/link-text.ts);
 * - the callback number is stated only when it is a number the caller said and that reading passed; one said
 *   but doubtful is not stated, and where it was said is kept ("Number unclear, listen at 0:42");
 * - the callback time only when every time, day and date in it passed;
 * - in the text, key points and requested action, a number, amount, digits, time, day or date that did not
 *   pass is replaced by "[unclear]", and one the caller never said by "[number not in the message]" (a
 *   voicemail can be made to plant one).
 */

import { fixedTexts, TEXT_LANGUAGES } from '#core/texts/catalogue';
import { shortenKeepingFacts } from '#core/texts/sms-text';
import {
  type HeardToken,
  type HeardTranscript,
  heardTokens,
  transcriptTokens,
} from '#core/transcripts/heard-transcript';
import { isDoubtful, UNCLEAR_MARK } from '#core/transcripts/heard-words';
import { bareWord } from '#core/transcripts/spoken-numbers';
import { isBusinessShape } from './business-mentions';
import { isRoleWord, isTitle } from './caller-words';
import {
  type CheckedFact,
  checkFacts,
  type FactCheckOptions,
  LOW_CONFIDENCE,
  NAME_SURE_AT_LEAST,
  nationalDigits,
} from './fact-checks';
import { findMentions, type Mention } from './fact-mentions';
import { bestHeard, everyWordHeard, plainPhrase } from './heard-phrases';
import { hasLinkText, LINK_MARK, linkSpans } from './link-text';
import {
  type CallerCandidate,
  callerText,
  type StatedFacts,
  type StoredSummary,
  SUMMARY_MAX_CHARS,
  type VoiceSummary,
  withCaller,
} from './summary';
import { UNVERIFIED_NUMBER } from './summary-check';

/** How a doubtful fact is marked where it is shown as heard (core/texts/voice-reply.ts marks the transcript alike). */
const DOUBT_MARK = '(?)';

/** What the checks are held against: the transcript's words and its facts as core/facts/fact-checks.ts judged them. */
type HeardFacts = {
  readonly tokens: readonly HeardToken[];
  readonly facts: readonly CheckedFact[];
  /** The sender's SPELL words: a caller's name among them is stated. */
  readonly vocabulary?: readonly string[];
  /**
   * Whether the summary's facts can be looked for in the transcript's words: both in English. The finders
   * read English ("Friday", "at ten", "this is"); a Spanish transcript, or a summary translated from one,
   * holds its days and names in other words, so there a fact not found is not taken for one never said (a
   * number in digits is found in any language, and a phone number never said is still taken out).
   */
  readonly sameWords: boolean;
};

const sameFact = (fact: Mention, mention: Mention) =>
  fact.kind === mention.kind &&
  (fact.kind === 'phone'
    ? nationalDigits(fact.value) === nationalDigits(mention.value)
    : fact.value.toLowerCase() === mention.value.toLowerCase());

/** A word is heard well when the engine was sure enough of it, or said nothing (no confidence to go on). */
const heardWell = (token: HeardToken, least?: number) =>
  token.confidence === null ||
  (least === undefined
    ? !isDoubtful({ text: token.text, confidence: token.confidence, at: null })
    : token.confidence >= least);

/** Whether the words of a phrase that the transcript has were heard well (a phrase it lacks is not judged here). */
function phraseHeardWell(phrase: string, tokens: readonly HeardToken[], least?: number): boolean {
  return transcriptTokens(phrase).every((word) => {
    const bare = bareWord(word);
    const same = tokens.filter((token) => bareWord(token.text) === bare);
    return same.length === 0 || same.some((token) => heardWell(token, least));
  });
}

/**
 * Where the given name is in a name as a summarizer wrote it: after its titles ("Dr. Patel", "Professor
 * Hiroshi Tanaka", "Coach Rivera": core/facts/caller-words.ts); a name that is all titles ("Nana") is its own.
 */
function givenAt(words: readonly string[]): number {
  const at = words.findIndex((word) => !isTitle(word));
  return at < 0 ? 0 : at;
}

/** The caller as the summary may name them: each part only once it passed the checks. */
function statedCaller(caller: CallerCandidate, heard: HeardFacts): CallerCandidate {
  // Stated in plain words only: no control, bidirectional or separator character, no slash or colon.
  const words = transcriptTokens(plainPhrase(caller.name ?? ''));
  const given = bareWord(words[givenAt(words)] ?? '');
  const spelled = (heard.vocabulary ?? []).find((word) => word.toLowerCase() === given);
  const introduced = heard.facts.some(
    (fact) => fact.kind === 'name' && fact.sure && fact.value.toLowerCase() === given,
  );
  const said = heard.tokens.some((token) => bareWord(token.text) === given);
  // In another language than English the introduction cannot be read: the name must be said and heard well.
  const saidWell =
    !heard.sameWords &&
    heard.tokens.some((token) => bareWord(token.text) === given && heardWell(token, NAME_SURE_AT_LEAST));
  let name: string | null = null;
  // A role is never the caller's name ("Pharmacist", "Nurse"): it is what they are (core/facts/caller-words.ts).
  if (given !== '' && !isRoleWord(given) && (introduced || saidWell || (spelled !== undefined && said))) {
    // A surname heard badly, or never said, is dropped, the first name kept: "Rebecca", not "Rebecca Colling"
    // nor "Rebecca https://evil.example/pay" (issue 31: every word of it must be in the transcript).
    const first = givenAt(words);
    const rest = words.slice(first + 1);
    const restHeard = rest.every((word) => everyWordHeard(word, heard.tokens, NAME_SURE_AT_LEAST));
    name = (restHeard ? words : words.slice(0, first + 1)).join(' ');
  }
  // A role or a business is stated whole or not at all: each of its words heard well ("Chase Bank" where
  // only "Chase" was said is not stated; nor is any web address).
  const kept = (phrase: string | null, least?: number) => {
    const plain = plainPhrase(phrase ?? '');
    return plain !== '' && everyWordHeard(plain, heard.tokens, least) ? plain : null;
  };
  // A business that does not read as one ("Lakeside Gentle") is held to the name's bar (issue 32).
  const organization = caller.organization ?? '';
  const least = isBusinessShape(organization) ? undefined : NAME_SURE_AT_LEAST;
  return { name, role: kept(caller.role), organization: kept(caller.organization, least) };
}

/**
 * The first name the caller gave, marked doubtful ("Rebecca(?)", "Dr. Patel(?)"), when the checks did not pass
 * it but it was said: the first text leads with it as the whole message's transcript shows it (issue 32), so
 * a summary does not lose who called; the dashboard's caller and the contact card never carry it. Null when
 * the name was stated, or never said.
 */
function doubtedName(caller: CallerCandidate, stated: CallerCandidate, heard: HeardFacts): string | null {
  if (stated.name || !heard.sameWords) return null;
  const words = transcriptTokens(plainPhrase(caller.name ?? ''));
  const first = givenAt(words);
  const given = bareWord(words[first] ?? '');
  if (given === '' || isRoleWord(given) || !heard.tokens.some((token) => bareWord(token.text) === given)) {
    return null;
  }
  return `${words
    .slice(0, first + 1)
    .join(' ')
    .replace(/[.,;:!?]+$/, '')}${DOUBT_MARK}`;
}

/**
 * The room an urgent first text has less for its summary: its longest prefix ("URGENTE: "). A doubted
 * business that fits only without it would push the caller's own words out of an urgent text.
 */
const URGENT_ROOM = Math.max(...TEXT_LANGUAGES.map((language) => fixedTexts(language).urgentPrefix.length));

/**
 * Below this a word is more likely another word than the one written (Moonshine heard Lakemont College's
 * "Lakemont" at 0.51 and "Hennepin" at 0.44, where "carver" for Harbor came at 0.16 and "portal" for Grove at
 * 0.23): a business with such a word is not shown even doubted.
 */
const GARBLED_BELOW = 0.4;

/** The longest lead a doubted business takes when it alone called; longer, it leads only when it costs nothing. */
const BUSINESS_LEAD_MAX = 48;

/**
 * The business the caller gave, each of its words marked doubtful ("Lakemont(?) College(?)", "Pioneer(?)
 * Electric(?)"), when the checks did not pass it but every word of it was said and none is a garble: the
 * first text leads with it beside the name, as it does a doubted name (issue 32), so that "Beatriz(?)" does
 * not lose "from Lakemont(?) College(?)". Every word is marked, as the texted transcript marks a doubtful
 * business (core/texts/voice-reply.ts): "North Side(?) Physical Therapy" read as doubting "Side" alone and
 * stating "North" for Northside. The dashboard's caller and the contact card never carry it. Null when the
 * business was stated, or not heard as said.
 */
function doubtedBusiness(caller: CallerCandidate, stated: CallerCandidate, heard: HeardFacts): string | null {
  if (stated.organization || !heard.sameWords) return null;
  const organization = plainPhrase(caller.organization ?? '');
  const words = transcriptTokens(organization);
  if (words.length === 0 || hasLinkText(organization)) return null;
  const marked: string[] = [];
  for (const word of words) {
    const sure = bestHeard(word, heard.tokens);
    if (sure === null || sure < GARBLED_BELOW) return null;
    const joins = /^(?:and|of|the|&)$/i.test(word);
    marked.push(joins ? word : `${word.replace(/[.,;:!?]+$/, '')}${DOUBT_MARK}`);
  }
  return marked.join(' ');
}

/** How withCaller leads the text with who called ("Mike from Reliable Plumbing: "), or ''. */
function callerLead(who: CallerCandidate | null): string {
  const text = who === null ? null : callerText(who);
  return text === null ? '' : `${text}: `;
}

/** The callback number if it passed, or where a number was said but not heard well enough to state. */
function statedNumber(
  number: string | null,
  facts: readonly CheckedFact[],
): { readonly number: string | null; readonly unclear: StatedFacts['number_unclear'] } {
  const phones = facts.filter((fact) => fact.kind === 'phone');
  const digits = number?.replace(/\D/g, '') ?? '';
  const readings = phones.filter(
    (fact) => digits !== '' && nationalDigits(fact.value) === nationalDigits(digits),
  );
  if (readings.some((fact) => fact.sure)) return { number, unclear: null };
  // Said but doubtful; or not said as the summarizer wrote it while the caller did say a number.
  const doubtful = readings[0] ?? (digits === '' ? phones.find((fact) => !fact.sure) : phones[0]);
  return { number: null, unclear: doubtful === undefined ? null : { at: doubtful.at } };
}

/** The callback time if every time, day and date in it passed (and its other words were heard well). */
function statedTime(time: string | null, heard: HeardFacts): string | null {
  if (time === null || time.trim() === '' || hasLinkText(time)) return null;
  const mentions = findMentions(transcriptTokens(time)).filter((mention) =>
    ['time', 'day', 'date'].includes(mention.kind),
  );
  if (mentions.length > 0) {
    const passed = mentions.every((mention) => {
      const said = heard.facts.filter((fact) => sameFact(fact, mention));
      return said.some((fact) => fact.sure) || (said.length === 0 && !heard.sameWords);
    });
    return passed ? time : null;
  }
  return phraseHeardWell(time, heard.tokens) ? time : null;
}

/** What the caller's parts left unstated, to be taken out of the summary's text too (a model repeats them). */
type Unstated = {
  /** Words of the name not stated (the whole name, or a surname dropped). */
  readonly names: readonly string[];
  /** A role or business not stated, as the summarizer wrote it ("Chase Bank"). */
  readonly phrases: readonly string[];
};

const comparable = (word: string) => bareWord(word).replace(/['’]s$/, '');

/**
 * Of the facts of the transcript with a mention's value, those said where the summary took it from (the same
 * word before and after it), when the transcript holds the value more than once, judged both ways, and the
 * doubt there is in how it was written: "till 6 tonight" heard well does not pass the "6:00" of "6:00 to 5:55"
 * (a number heard as times). A value only heard with low confidence there is passed by the same value heard
 * well elsewhere, as a number said twice alike is ("travel tomorrow ... closed tomorrow").
 */
function saidHere(
  said: readonly CheckedFact[],
  heardTokens: readonly HeardToken[],
  tokens: readonly string[],
  mention: Mention,
): readonly CheckedFact[] {
  if (!said.some((fact) => fact.sure) || said.every((fact) => fact.sure)) return said;
  const around = (words: readonly string[], start: number, end: number) =>
    `${comparable(words[start - 1] ?? '')} ${comparable(words[end] ?? '')}`;
  const here = around(tokens, mention.start, mention.end);
  const heardWords = heardTokens.map((token) => token.text);
  const same = said.filter((fact) => around(heardWords, fact.start, fact.end) === here);
  return same.some((fact) => !fact.sure && fact.doubt !== LOW_CONFIDENCE) ? same : said;
}

/** The text with every fact that did not pass replaced, and the caller's parts that were not stated taken out. */
function statedText(text: string, heard: HeardFacts, unstated: Unstated): string {
  const tokens = transcriptTokens(text);
  const replaced = tokens.slice();
  const replace = (start: number, end: number, mark: string) => {
    // What ends the words replaced goes on after the mark, but not the full stop of "p.m.".
    const last = (tokens[end - 1] ?? '').replace(/(?<=\b[ap]\.m)\.$/i, '');
    const trailing = /[.,;:!?]+$/.exec(last)?.[0] ?? '';
    replaced[start] = `${mark}${trailing}`;
    for (let index = start + 1; index < end; index++) replaced[index] = '';
  };
  for (const mention of findMentions(tokens)) {
    const said = saidHere(
      heard.facts.filter((fact) => sameFact(fact, mention)),
      heard.tokens,
      tokens,
      mention,
    );
    if (said.some((fact) => fact.sure)) continue;
    // A name or business the summary repeats is left alone unless the caller gave it and the checks did not
    // pass it (the caller's parts not stated are taken out below).
    if ((mention.kind === 'name' || mention.kind === 'business') && said.length === 0) continue;
    if (said.length === 0 && mention.kind !== 'phone' && !heard.sameWords) continue;
    replace(
      mention.start,
      mention.end,
      mention.kind === 'phone' && said.length === 0 ? UNVERIFIED_NUMBER : UNCLEAR_MARK,
    );
  }
  // No web address or e-mail is stated, whoever said it (issue 31): a scam's whole point is where it sends you.
  for (const [start, end] of linkSpans(tokens)) replace(start, end, LINK_MARK);
  const names = new Set(unstated.names.map((name) => name.toLowerCase()));
  tokens.forEach((token, index) => {
    if (names.has(bareWord(token).replace(/'s$/, ''))) replace(index, index + 1, UNCLEAR_MARK);
  });
  for (const phrase of unstated.phrases) {
    const words = transcriptTokens(plainPhrase(phrase)).map(comparable);
    if (words.length === 0) continue;
    for (let index = 0; index + words.length <= tokens.length; index++) {
      if (words.every((word, at) => comparable(tokens[index + at] ?? '') === word)) {
        replace(index, index + words.length, UNCLEAR_MARK);
      }
    }
  }
  return replaced.filter((token) => token !== '').join(' ');
}

/**
 * The summary the sender gets, and what the texts need beyond it: every fact of `summary` (as a summarizer
 * proposed it; `caller`: who it says called) held against what was `heard`, judged with `options` (which
 * numbers are valid, the sender's SPELL words). `seconds`: the recording's length, to place the words of a
 * transcript that came without times; `spoken` and `written`: the transcript's and the summary's languages.
 */
export function statedSummary(
  summary: VoiceSummary,
  caller: CallerCandidate | null,
  transcript: HeardTranscript,
  options: FactCheckOptions & {
    readonly seconds?: number | null;
    /** The language the caller spoke (ISO 639-1; null: unknown, read as English). */
    readonly spoken?: string | null;
    /** The language the summary is written in (the sender's LANG; null: the spoken one). */
    readonly written?: string | null;
  },
): { readonly summary: StoredSummary; readonly facts: StatedFacts } {
  const tokens = heardTokens(transcript, options.seconds ?? null);
  const spoken = options.spoken ?? 'en';
  const sameWords = spoken === 'en' && (options.written ?? spoken) === spoken;
  const heard: HeardFacts = {
    tokens,
    facts: checkFacts(tokens, options),
    vocabulary: options.vocabulary,
    sameWords,
  };
  const who = caller === null ? null : statedCaller(caller, heard);
  // Who the first text leads with: as stated, or with the first name said but doubted, marked so.
  const doubted = caller === null || who === null ? null : doubtedName(caller, who, heard);
  const doubtedFrom = caller === null || who === null ? null : doubtedBusiness(caller, who, heard);
  const named = who === null ? who : { ...who, name: doubted ?? who.name };
  // What of the caller was not stated is taken out of the text too (a model may repeat it): the name's words
  // (all of them, or a surname dropped), a role or a business ("Chase Bank" where only "Chase" was said).
  const statedWords = new Set(transcriptTokens(who?.name ?? '').map(bareWord));
  const proposedWords = transcriptTokens(plainPhrase(caller?.name ?? ''));
  const unstated: Unstated = {
    names: proposedWords
      .filter((word, index) => index >= givenAt(proposedWords) || !isTitle(word))
      .map(bareWord)
      .filter((word) => word !== '' && !statedWords.has(word)),
    phrases: [caller?.role, caller?.organization].filter(
      (phrase, index): phrase is string =>
        !!phrase?.trim() && (index === 0 ? who?.role : who?.organization) == null,
    ),
  };
  const text = (value: string) => statedText(value, heard, unstated);
  // Who called leads (a doubted name marked); what follows loses its least worth to make room for them.
  const led = (leader: CallerCandidate | null, room = SUMMARY_MAX_CHARS) =>
    shortenKeepingFacts(withCaller(text(summary.summary), leader), room, callerLead(leader));
  // A doubted business joins the lead only when it costs nothing the caller said ("Pay online or at
  // Hamilton Hall" is worth more than "from Lakemont(?) College(?)"), also in an urgent text's smaller room.
  const withFrom = named === null || doubtedFrom === null ? null : { ...named, organization: doubtedFrom };
  const body = (leader: CallerCandidate | null, room: number) => {
    const shortened = led(leader, room);
    const lead = callerLead(leader);
    return shortened.startsWith(lead) ? shortened.slice(lead.length) : shortened;
  };
  const costsNothing = (leader: CallerCandidate) =>
    [SUMMARY_MAX_CHARS, SUMMARY_MAX_CHARS - URGENT_ROOM].every(
      (room) => body(leader, room) === body(named, room),
    );
  // With no person named, the business is who called: it leads doubted, as a doubted name does, when short.
  const onlyBusiness =
    withFrom !== null && !withFrom.name && !withFrom.role && callerLead(withFrom).length <= BUSINESS_LEAD_MAX;
  const shown = led(withFrom !== null && (onlyBusiness || costsNothing(withFrom)) ? withFrom : named);
  const { number, unclear } = statedNumber(summary.callback_number, heard.facts);
  return {
    summary: {
      summary: shown,
      key_points: summary.key_points.map(text),
      callback_number: number,
      callback_time: statedTime(summary.callback_time, heard),
      requested_action: summary.requested_action === null ? null : text(summary.requested_action),
      // Who called, as the first text names them and part by part (the contact card's name and organization).
      caller: who === null ? null : callerText(who),
      caller_parts: who === null || (!who.name && !who.role && !who.organization) ? null : who,
    },
    facts: {
      number_unclear: unclear,
      unsure: heard.facts
        .filter((fact) => !fact.sure)
        .map((fact) => [fact.start, fact.end] as [number, number]),
    },
  };
}
