/**
 * The language of the fixed texts a sender gets (answers to their commands, notices about their messages):
 * their LANG choice when the catalogue has it, else the language of the message the text is about, else
 * English (core/texts/catalogue.ts).
 */
import type { SenderPreferences } from '#core/senders/sender-preferences';
import { type TextLanguage, textLanguage } from '#core/texts/catalogue';
import type { SenderPreferencesRepository } from '../ports/sender-preferences';

/** Reading a sender's choices by text. */
export type PreferencesReader = Pick<SenderPreferencesRepository, 'get'>;

/** What a sender chose by text (null: nothing), and the language of their fixed texts. */
export type SenderChoicesRead = {
  readonly preferences: SenderPreferences | null;
  readonly language: TextLanguage;
};

/** A sender's choices and the language of their fixed texts, read once (`spoken`: the message's language). */
export async function readSenderChoices(
  preferences: PreferencesReader,
  phone: string,
  spoken?: string | null,
): Promise<SenderChoicesRead> {
  const chosen = await preferences.get(phone);
  return { preferences: chosen, language: textLanguage(chosen?.language, spoken) };
}

/** The language of a sender's fixed texts (`spoken`: the language of the message the text is about). */
export async function senderLanguage(
  preferences: PreferencesReader,
  phone: string,
  spoken?: string | null,
): Promise<TextLanguage> {
  return (await readSenderChoices(preferences, phone, spoken)).language;
}
