/**
 * The one catalogue of fixed texts: English and Spanish. A text is written in the sender's LANG when that is
 * one of these, else in the voice message's language when that is one of these, else in English (a summary
 * in French comes with English headings around it).
 */
import { ENGLISH } from './catalogue-english';
import { SPANISH } from './catalogue-spanish';
import type { FixedTexts } from './fixed-texts';

/** The languages the fixed texts are written in. */
export const TEXT_LANGUAGES = ['en', 'es'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

const CATALOGUE: Readonly<Record<TextLanguage, FixedTexts>> = { en: ENGLISH, es: SPANISH };

function isTextLanguage(code: string | null | undefined): code is TextLanguage {
  return (TEXT_LANGUAGES as readonly (string | null | undefined)[]).includes(code?.toLowerCase());
}

/**
 * The language of the fixed texts for a sender: their LANG choice (when the catalogue has it), else the
 * message's language, else English. A LANG choice the catalogue lacks (fr) means English words around a
 * French summary, so it also wins over a Spanish message.
 */
export function textLanguage(chosen: string | null | undefined, spoken?: string | null): TextLanguage {
  if (chosen) return isTextLanguage(chosen) ? (chosen.toLowerCase() as TextLanguage) : 'en';
  return isTextLanguage(spoken) ? (spoken.toLowerCase() as TextLanguage) : 'en';
}

/** The fixed texts in `language`. */
export function fixedTexts(language: TextLanguage = 'en'): FixedTexts {
  return CATALOGUE[language];
}
