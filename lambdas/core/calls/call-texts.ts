/**
 * What a forwarded call says (issue 33): the words a caller hears, in the subscriber's language (English or
 * Spanish, as the fixed texts), and the two texts a call can send its subscriber. Texts are GSM-7 and start
 * with the service's name, like every text the service sends.
 */
import type { TextLanguage } from '#core/texts/catalogue';
import { callerLabel } from './caller-id';

type SpokenWords = {
  /** <Say language>: a language Twilio's voices speak. */
  readonly sayLanguage: string;
  /**
   * <Say voice>: named, as a voice and language that do not go together make <Say> fail; Amazon Polly's
   * standard voices for US English and Mexican Spanish.
   */
  readonly sayVoice: string;
  /** The built-in greeting, when Settings names none. */
  readonly greeting: string;
  /** The test call's first words (the first call to a number not yet confirmed). */
  readonly forwardingWorks: string;
  /** A subscriber who opted out, whose number is being released, or past today's calls or minutes. */
  readonly notTaking: string;
};

const SPOKEN: Readonly<Record<TextLanguage, SpokenWords>> = {
  en: {
    sayLanguage: 'en-US',
    sayVoice: 'Polly.Joanna',
    greeting: 'The person you called cannot answer. Please leave a message after the beep.',
    forwardingWorks: 'Forwarding works.',
    notTaking: 'This number is not taking messages right now. Goodbye.',
  },
  es: {
    sayLanguage: 'es-MX',
    sayVoice: 'Polly.Mia',
    greeting: 'La persona a la que llama no puede contestar. Deje su mensaje después del tono.',
    forwardingWorks: 'El desvío de llamadas funciona.',
    notTaking: 'Este número no recibe mensajes ahora. Adiós.',
  },
};

/** The words a caller hears, in `language`. */
export const spokenWords = (language: TextLanguage): SpokenWords => SPOKEN[language];

/** What a call to a number that is none of ours hears (nobody's language is known: English). */
export const NOT_IN_SERVICE = 'The number you have called is not in service. Goodbye.';

/** The one text after the test call: forwarding works. */
export function forwardingWorksText(serviceName: string, language: TextLanguage): string {
  return language === 'es'
    ? `${serviceName}: El desvio funciona: las llamadas que no conteste le llegaran como textos con un resumen del mensaje.`
    : `${serviceName}: Forwarding works: calls you miss now come back as texts with a summary of the message.`;
}

/** "Voice Summary: Missed call from (312) 555-0147, no message." (`caller` null: "a private number"). */
export function missedCallText(serviceName: string, caller: string | null, language: TextLanguage): string {
  return language === 'es'
    ? `${serviceName}: Llamada perdida de ${callerLabel(caller, 'un numero privado')}, sin mensaje.`
    : `${serviceName}: Missed call from ${callerLabel(caller)}, no message.`;
}
