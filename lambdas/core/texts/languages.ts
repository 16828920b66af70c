/**
 * The languages the service knows by code: the ones OpenAI's speech models transcribe (Whisper's own table,
 * openai/whisper tokenizer.py, name -> code). whisper-1's verbose_json names the language in English
 * ("english") while messages store an ISO 639-1 code; LANG accepts the two-letter codes of this table.
 */
// biome-ignore format: a table reads better packed
const WHISPER_LANGUAGE_CODES: Readonly<Record<string, string>> = {
  english: 'en', chinese: 'zh', german: 'de', spanish: 'es', russian: 'ru', korean: 'ko', french: 'fr',
  japanese: 'ja', portuguese: 'pt', turkish: 'tr', polish: 'pl', catalan: 'ca', dutch: 'nl', arabic: 'ar',
  swedish: 'sv', italian: 'it', indonesian: 'id', hindi: 'hi', finnish: 'fi', vietnamese: 'vi', hebrew: 'he',
  ukrainian: 'uk', greek: 'el', malay: 'ms', czech: 'cs', romanian: 'ro', danish: 'da', hungarian: 'hu',
  tamil: 'ta', norwegian: 'no', thai: 'th', urdu: 'ur', croatian: 'hr', bulgarian: 'bg', lithuanian: 'lt',
  latin: 'la', maori: 'mi', malayalam: 'ml', welsh: 'cy', slovak: 'sk', telugu: 'te', persian: 'fa',
  latvian: 'lv', bengali: 'bn', serbian: 'sr', azerbaijani: 'az', slovenian: 'sl', kannada: 'kn',
  estonian: 'et', macedonian: 'mk', breton: 'br', basque: 'eu', icelandic: 'is', armenian: 'hy', nepali: 'ne',
  mongolian: 'mn', bosnian: 'bs', kazakh: 'kk', albanian: 'sq', swahili: 'sw', galician: 'gl', marathi: 'mr',
  punjabi: 'pa', sinhala: 'si', khmer: 'km', shona: 'sn', yoruba: 'yo', somali: 'so', afrikaans: 'af',
  occitan: 'oc', georgian: 'ka', belarusian: 'be', tajik: 'tg', sindhi: 'sd', gujarati: 'gu', amharic: 'am',
  yiddish: 'yi', lao: 'lo', uzbek: 'uz', faroese: 'fo', 'haitian creole': 'ht', pashto: 'ps', turkmen: 'tk',
  nynorsk: 'nn', maltese: 'mt', sanskrit: 'sa', luxembourgish: 'lb', myanmar: 'my', tibetan: 'bo',
  tagalog: 'tl', malagasy: 'mg', assamese: 'as', tatar: 'tt', hawaiian: 'haw', lingala: 'ln', hausa: 'ha',
  bashkir: 'ba', javanese: 'jv', sundanese: 'su', cantonese: 'yue',
};

/** The ISO-639 code for what whisper reports ("english" or already "en"), or null when unknown. */
export function whisperLanguageCode(reported: string | null | undefined): string | null {
  if (!reported) return null;
  const value = reported.trim().toLowerCase();
  if (/^[a-z]{2,3}$/.test(value)) return value;
  return WHISPER_LANGUAGE_CODES[value] ?? null;
}

/** The two-letter (ISO 639-1) codes a sender may choose with LANG: every language the speech models know. */
const LANGUAGE_CODES: readonly string[] = [
  ...new Set(Object.values(WHISPER_LANGUAGE_CODES).filter((code) => /^[a-z]{2}$/.test(code))),
].sort();

const KNOWN_CODES = new Set(LANGUAGE_CODES);

/** Whether `code` (any case) is a language a sender may choose; the lowercase code, or null. */
export function supportedLanguage(code: string | null | undefined): string | null {
  const value = code?.trim().toLowerCase() ?? '';
  return KNOWN_CODES.has(value) ? value : null;
}

const ENGLISH_NAMES = new Map(
  Object.entries(WHISPER_LANGUAGE_CODES).map(([name, code]) => [
    code,
    name.replace(/\b\w/g, (letter) => letter.toUpperCase()),
  ]),
);

/** "Spanish" for `es` (from Whisper's table, so the server and every browser agree), the code when unknown. */
export function languageName(code: string): string {
  return ENGLISH_NAMES.get(code.toLowerCase()) ?? code;
}

/** "Spanish (es)": how the dashboard and the LANG answers name a language. */
export function languageLabel(code: string): string {
  const name = languageName(code);
  return name === code ? code : `${name} (${code.toLowerCase()})`;
}
