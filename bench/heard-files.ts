/**
 * The message page's files as the "heard" benchmark scores them (issue 32): the contact card (vCard) and the
 * calendar event (iCalendar) read back from the files the page offers, and held against the voicemail's truth
 * (test/support/heard-truth.ts): the card's number and the name or business it names; the event's day, hour,
 * minute and zone, against the time to keep as the author wrote it, from when the message arrived. Pure.
 */
import type { HeardVoicemail, Weekday } from '../test/support/heard-truth';

/** A file the page offers, or why it offers none. */
export type PageFile = {
  readonly offered: boolean;
  /** The file's text when offered. */
  readonly body: string | null;
  /** What the page says when it offers none. */
  readonly reason: string | null;
};

/** The event as the page announces it beside its file: its start and the zone it writes it in. */
export type PageEvent = PageFile & {
  readonly startsAt: string | null;
  readonly timeZone: string | null;
  readonly title: string | null;
};

/**
 * Right, offered but wrong, not offered (with the page's reason), or an event offered for a voicemail whose
 * author wrote no time to keep (a "call back today" reminder): shown, neither right nor wrong.
 */
export type FileVerdict = 'right' | 'wrong' | 'none' | 'unasked';
export type FileScore = { readonly verdict: FileVerdict; readonly detail: string };

/** The content lines of a vCard or iCalendar, unfolded: name (with its parameters) and value. */
export function contentLines(body: string): { name: string; value: string }[] {
  return body
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter((line) => line.includes(':'))
    .map((line) => {
      const at = line.indexOf(':');
      return { name: line.slice(0, at).toUpperCase(), value: line.slice(at + 1) };
    });
}

const field = (lines: ReturnType<typeof contentLines>, name: string) =>
  lines.find((line) => line.name === name || line.name.startsWith(`${name};`))?.value ?? null;

const unescaped = (value: string) => value.replace(/\\([,;\\])/g, '$1').replace(/\\n/gi, ' ');

/** What a contact card names: the person (null for a card of kind org), the organization, the number's digits. */
export function readContact(body: string): { person: string | null; org: string | null; tel: string | null } {
  const lines = contentLines(body);
  const kindOrg = field(lines, 'KIND')?.toLowerCase() === 'org';
  const fn = field(lines, 'FN');
  const org = field(lines, 'ORG');
  const tel = field(lines, 'TEL');
  return {
    person: kindOrg || fn === null ? null : unescaped(fn),
    org: org === null ? (kindOrg && fn !== null ? unescaped(fn) : null) : unescaped(org).replace(/;+$/, ''),
    tel: tel === null ? null : tel.replace(/\D/g, ''),
  };
}

/** Words that say nothing of which business it is. */
const NOT_DISTINCT = new Set(['the', 'a', 'an', 'at', 'of', 'and', '&', 'for', 'on', 'in']);

/** Words a text writes short for what the caller said: "Dr." for Doctor, "St." for Saint. */
const ABBREVIATED: Readonly<Record<string, string>> = { dr: 'doctor', st: 'saint' };

/** A name's words that tell it apart, lower case: "the leasing office" -> leasing, office. */
export function distinctWords(name: string): string[] {
  const words = name.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu) ?? [];
  const kept = words
    .filter((word) => !NOT_DISTINCT.has(word))
    .map((word) => ABBREVIATED[word] ?? word.replace(/['’]s$/, ''));
  return kept.length > 0 ? kept : words;
}

/**
 * Words as the script has them when written apart ("North Side" for Northside, "Bright Side" for Brightside):
 * two words that together are one word said, and apart are not both said, are that word. Where a text puts a
 * space is how it is written, not what was heard.
 */
export function joinedAsSaid(words: readonly string[], said: ReadonlySet<string>): string[] {
  const joined: string[] = [];
  for (let at = 0; at < words.length; at++) {
    const word = words[at]!;
    const next = words[at + 1];
    if (next !== undefined && !(said.has(word) && said.has(next)) && said.has(word + next)) {
      joined.push(word + next);
      at++;
    } else joined.push(word);
  }
  return joined;
}

const TITLES = /^(?:dr|doctor|mr|mrs|ms|miss|prof)\.?$/i;

/** A person's name as a text may show it: every spelling, and each one's first word (titles left out). */
export function nameForms(voicemail: Pick<HeardVoicemail, 'name' | 'nameSpelledAlso'>): string[] {
  if (voicemail.name === null) return [];
  const forms = new Set<string>();
  for (const spelling of [voicemail.name, ...(voicemail.nameSpelledAlso ?? [])]) {
    const words = spelling.split(/\s+/).filter((word) => word !== '' && !TITLES.test(word));
    if (words.length === 0) continue;
    forms.add(words.join(' ').toLowerCase());
    forms.add(words[0]!.toLowerCase());
  }
  return [...forms];
}

/** Whether an organization stated is the caller's business: its words all said, one of them the business's. */
export function sameBusiness(
  stated: string,
  voicemail: Pick<HeardVoicemail, 'business' | 'script'>,
): boolean {
  if (voicemail.business === null) return false;
  const said = new Set(distinctWords(voicemail.script));
  const words = joinedAsSaid(distinctWords(stated), said);
  const business = distinctWords(voicemail.business);
  return words.every((word) => said.has(word)) && words.some((word) => business.includes(word));
}

/** The contact card against who called and the number said (null: no card is due and none was offered). */
export function scoreContact(file: PageFile, voicemail: HeardVoicemail): FileScore | null {
  const due =
    !voicemail.spam && (voicemail.name !== null || voicemail.business !== null) && !!voicemail.number;
  if (!file.offered || file.body === null) {
    return due ? { verdict: 'none', detail: file.reason ?? 'no card and no reason' } : null;
  }
  const card = readContact(file.body);
  const shown = [card.person, card.org && `(${card.org})`, card.tel].filter(Boolean).join(' ');
  if (voicemail.spam) return { verdict: 'wrong', detail: `a card for spam: ${shown}` };
  const problems: string[] = [];
  if (voicemail.number === null) problems.push('no number was said');
  else if (card.tel?.slice(-10) !== voicemail.number) problems.push(`number ${card.tel}`);
  if (card.person !== null) {
    const forms = nameForms(voicemail);
    const person = card.person.split(/\s+/).filter((word) => !TITLES.test(word));
    const fits =
      forms.includes(person.join(' ').toLowerCase()) || forms.includes(person[0]?.toLowerCase() ?? '');
    if (!fits) problems.push(`name ${card.person}`);
  }
  if (card.org !== null && !sameBusiness(card.org, voicemail)) problems.push(`business ${card.org}`);
  return problems.length === 0
    ? { verdict: 'right', detail: shown }
    : { verdict: 'wrong', detail: `${shown}: ${problems.join(', ')}` };
}

const WEEKDAY_INDEX: Readonly<Record<Weekday, number>> = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
};

/** An instant's wall clock in a zone: "2026-11-30 10:00". */
export function wallClock(instant: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * When the time to keep is, as the author wrote it, on the arrival's wall clock in `zone`: today, tomorrow,
 * or the next such weekday after the day it arrived (a week on when it arrived on that weekday).
 */
export function expectedWallClock(
  event: NonNullable<HeardVoicemail['event']>,
  receivedAt: string,
  zone: string,
  times: HeardVoicemail['times'] = [],
) {
  const arrival = wallClock(new Date(receivedAt), zone);
  const [year, month, day] = arrival.slice(0, 10).split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  let ahead =
    event.day === 'today'
      ? 0
      : event.day === 'tomorrow'
        ? 1
        : (WEEKDAY_INDEX[event.day] - weekday + 7) % 7 || 7;
  // "Monday the fourteenth": the author's times give the weekday its date, and the event is on the next
  // Monday that is the 14th, not on the next Monday (the tenth and eleventh sets' labels mean it so).
  const dated = times.find((time) => time.day === event.day && time.date !== undefined)?.date;
  if (dated !== undefined) {
    while (ahead < 400 && new Date(Date.UTC(year, month - 1, day + ahead)).getUTCDate() !== dated) ahead += 7;
  }
  const date = new Date(Date.UTC(year, month - 1, day + ahead)).toISOString().slice(0, 10);
  return `${date} ${String(event.hour24).padStart(2, '0')}:${String(event.minute).padStart(2, '0')}`;
}

/** An iCalendar time: "20261130T160000Z" as an instant, "20261130" (a whole day) as null. */
function icsInstant(value: string | null): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
}

/**
 * The event against the time to keep: offered, in the sender's zone, starting (or, for a deadline or a pickup
 * "before six", ending) at the day, hour and minute said. Null when none is due and none was offered.
 */
export function scoreEvent(
  file: PageEvent,
  voicemail: HeardVoicemail,
  arrival: { readonly receivedAt: string; readonly zone: string },
): FileScore | null {
  const due = !voicemail.spam && voicemail.event !== null;
  if (!file.offered || file.body === null) {
    return due ? { verdict: 'none', detail: file.reason ?? 'no event and no reason' } : null;
  }
  const lines = contentLines(file.body);
  const start = icsInstant(field(lines, 'DTSTART'));
  const end = icsInstant(field(lines, 'DTEND'));
  const offered =
    start === null
      ? `all day ${field(lines, 'DTSTART')}`
      : `${wallClock(start, arrival.zone)}-${end === null ? '?' : wallClock(end, arrival.zone).slice(11)}`;
  const shown = `"${file.title ?? ''}" ${offered} ${file.timeZone ?? ''}`.trim();
  if (voicemail.spam) return { verdict: 'wrong', detail: `an event for spam: ${shown}` };
  if (voicemail.event === null) return { verdict: 'unasked', detail: `no time to keep was said: ${shown}` };
  const expected = expectedWallClock(voicemail.event, arrival.receivedAt, arrival.zone, voicemail.times);
  const problems: string[] = [];
  if (file.timeZone !== null && file.timeZone !== arrival.zone) problems.push(`zone ${file.timeZone}`);
  const at = [start, end].filter((instant) => instant !== null).map((i) => wallClock(i, arrival.zone));
  if (!at.includes(expected)) problems.push(`expected ${expected}`);
  return problems.length === 0
    ? { verdict: 'right', detail: shown }
    : { verdict: 'wrong', detail: `${shown}: ${problems.join(', ')}` };
}
