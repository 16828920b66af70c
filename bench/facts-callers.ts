/**
 * Who called, measured for the facts benchmark (issue 32): the name the engine heard where the caller
 * introduced themselves, how sure it was of it (the least confidence of its words), whether that name is in a
 * well-kept list of people's names (@cspell/dict-people-names, MIT, ~39,000 names) and whether it is the name
 * the caller said; and whether the message page offers a contact card, with the number the caller said.
 * The bands show what a rule on confidence and the list can state without stating a misheard name; they are
 * to be read again whenever the engine changes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { messageCards } from '#core/cards/message-cards';
import { findMentions } from '#core/facts/fact-mentions';
import type { Message } from '#core/messages/message';
import type { Transcription } from '../lambdas/ports/transcriber';
import type { FactVoicemail } from '../test/support/fact-truth';
import { heardWordsOf } from './facts-pipeline';

/** Who called in one run: the name as heard, and the contact card the page offers. */
export type CallerMeasure = {
  /** The introduced name as heard; null when the engine heard no introduction. */
  readonly heardName: {
    readonly text: string;
    /** The least confidence of its words; null without per-word confidence. */
    readonly confidence: number | null;
    readonly listed: boolean;
    /** The caller's own name (or a spelling of it said the same way). */
    readonly right: boolean;
  } | null;
  /** Whether the page offers a contact card, and whether its number is the one the caller said. */
  readonly card: { readonly offered: boolean; readonly rightNumber: boolean };
};

let people: ReadonlySet<string> | null = null;

/** The list's names, lowercase (its file: one name a line, after a few comment lines). */
function peopleNames(): ReadonlySet<string> {
  if (people === null) {
    const manifest = createRequire(import.meta.url).resolve('@cspell/dict-people-names/cspell-ext.json');
    const text = readFileSync(join(dirname(manifest), 'dict', 'people-names.txt'), 'utf8');
    people = new Set(
      text
        .split('\n')
        .filter((line) => line !== '' && !line.startsWith('#'))
        .map((line) => line.trim().toLowerCase()),
    );
  }
  return people;
}

/** Whether the list of people's names has `name` (one word, any case). */
export const isListedName = (name: string): boolean => peopleNames().has(name.toLowerCase());

/** The run's caller, measured against the voicemail's truth. */
export function measureCaller(
  voicemail: FactVoicemail,
  transcription: Transcription | null,
  message: Message,
): CallerMeasure {
  const words = heardWordsOf(transcription);
  const tokens = words?.map((word) => word.text) ?? (transcription?.text ?? '').split(/\s+/);
  const mention = findMentions(tokens).find((found) => found.kind === 'name');
  const spellings = [voicemail.name, ...(voicemail.nameSpelledAlso ?? [])]
    .filter((name): name is string => name !== null)
    .map((name) => name.toLowerCase());
  const heardName =
    mention === undefined
      ? null
      : {
          text: mention.value,
          confidence:
            words === null
              ? null
              : Math.min(...words.slice(mention.start, mention.end).map((word) => word.confidence)),
          listed: isListedName(mention.value),
          right: mention.end - mention.start === 1 && spellings.includes(mention.value.toLowerCase()),
        };
  const contact = messageCards(message, { timeZone: 'America/New_York' }).contact;
  const tel = contact === null ? null : (/tel:\+1(\d{10})/.exec(contact.body)?.[1] ?? null);
  return {
    heardName,
    card: { offered: contact !== null, rightNumber: tel !== null && tel === voicemail.number },
  };
}

/** The confidence bands the names are counted in. */
const BANDS = [
  { label: '0.9 or more', from: 0.9, to: Number.POSITIVE_INFINITY },
  { label: '0.8 to 0.9', from: 0.8, to: 0.9 },
  { label: '0.6 to 0.8', from: 0.6, to: 0.8 },
  { label: 'under 0.6', from: Number.NEGATIVE_INFINITY, to: 0.6 },
] as const;

type Run = {
  readonly engine: string;
  readonly voicemail: FactVoicemail;
  readonly callers?: CallerMeasure;
};

/**
 * Per engine: names heard right and misheard by confidence band and list, the names heard right at all (what
 * any check can state at most), and contact cards offered for voicemails with a caller and a number.
 */
export function callerMeasureLines(engines: readonly string[], measured: readonly Run[]): string {
  return engines
    .map((engine) => {
      const runs = measured.filter((m) => m.engine === engine && m.callers !== undefined);
      if (runs.length === 0) return `- ${engine}: not measured in this run`;
      const named = runs.filter((m) => m.voicemail.name !== null);
      const heard = runs.flatMap((m) => (m.callers?.heardName ? [m.callers.heardName] : []));
      const bands = BANDS.map(({ label, from, to }) => {
        const inBand = heard.filter(
          (h) => h.confidence !== null && h.confidence >= from && h.confidence < to,
        );
        const count = (listed: boolean) => {
          const group = inBand.filter((h) => h.listed === listed);
          return `${group.filter((h) => h.right).length} right / ${group.filter((h) => !h.right).length} misheard`;
        };
        return `${label}: listed ${count(true)}, not listed ${count(false)}`;
      });
      const misheard = heard
        .filter((h) => !h.right && h.confidence !== null && h.confidence >= 0.6)
        .map((h) => `${h.text} ${h.confidence?.toFixed(2)}`);
      const withNumber = runs.filter((m) => m.voicemail.number !== null);
      const offered = withNumber.filter((m) => m.callers?.card.offered);
      const rightNumber = offered.filter((m) => m.callers?.card.rightNumber);
      const spam = runs.filter((m) => m.voicemail.number === null && m.callers?.card.offered).length;
      return [
        `- ${engine}: names heard right at all (the most any check can state) **${heard.filter((h) => h.right).length} of ${named.length}**; introduced names by the least confidence of their words: ${bands.join(' · ')}; misheard at 0.6 or more: ${misheard.join(', ') || 'none'}`,
        `- ${engine}: contact card offered for **${offered.length} of ${withNumber.length}** voicemails with a caller and a number (with the number said: ${rightNumber.length}); for voicemails with no number: ${spam}`,
      ].join('\n');
    })
    .join('\n');
}
