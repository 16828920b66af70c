/**
 * The texts about a subscriber's forwarding number (issue 33), in English and Spanish: FORWARD's answers
 * (the number and the question of the carrier, a carrier's code with its undo and the test call, and why no
 * number was given) and the "your forwarding may be off" text. Each opens with the service's name and stays
 * within two GSM-7 segments: where the longest wording does not fit, a shorter one is used, the code, its undo
 * and the test call always kept. The codes are core/calls/carrier-codes.ts's (never an unconditional one).
 */
import { fixedTexts, type TextLanguage } from '#core/texts/catalogue';
import { formatCallbackNumber } from '#core/texts/phone-format';
import { segmentCount, toPlainLetters, truncateAtWord } from '#core/texts/sms-text';
import { cleanServiceName } from '#core/texts/voice-reply';
import { CARRIER_NAMES, forwardingCode } from './carrier-codes';
import type { Carrier } from './forwarding-number';

/** Every text here fits in two segments. */
export const FORWARDING_TEXT_MAX_SEGMENTS = 2;

/** Days without a call after which the "forwarding may be off" text is sent (core of the daily job). */
export const IDLE_DAYS = 14;

/** Why FORWARD gave no number. */
export type NoNumberReason = 'not-set-up' | 'unavailable' | 'daily-cap' | 'us-only';

/** The first candidate within two segments, GSM-7 (Spanish accents outside GSM-7 written plain). */
function fitting(candidates: readonly string[]): string {
  const plain = candidates.map(toPlainLetters);
  for (const candidate of plain)
    if (segmentCount(candidate) <= FORWARDING_TEXT_MAX_SEGMENTS) return candidate;
  return truncateAtWord(plain.at(-1) ?? '', 2 * 153);
}

function named(serviceName: string, language: TextLanguage): string {
  return cleanServiceName(serviceName) ?? fixedTexts(language).defaultName;
}

const number = (e164: string) => formatCallbackNumber(e164);

/** FORWARD's answer with the number: what it is, and which carrier (a one-word reply). */
export function forwardingNumberText(
  serviceName: string,
  forwardingNumber: string,
  language: TextLanguage = 'en',
): string {
  const name = named(serviceName, language);
  const shown = number(forwardingNumber);
  return language === 'es'
    ? fitting([
        `${name}: su número de desvío es ${shown}. ¿Con qué compañía está su teléfono? Responda ATT, VERIZON o TMOBILE (T-Mobile y otras GSM) y le mandamos el código que desvía ahí las llamadas que no contesta.`,
        `${name}: su número de desvío es ${shown}. Responda ATT, VERIZON o TMOBILE (otras GSM) para el código de desvío.`,
      ])
    : fitting([
        `${name}: your forwarding number is ${shown}. Which carrier is your phone on? Reply ATT, VERIZON or TMOBILE (T-Mobile and other GSM) for the code that sends the calls you do not answer to it.`,
        `${name}: your forwarding number is ${shown}. Reply ATT, VERIZON or TMOBILE (other GSM) for the forwarding code.`,
      ]);
}

/** A carrier's code for the number, how to undo it, the test call, and (where they fit) the known limits. */
export function carrierCodeText(
  serviceName: string,
  carrier: Carrier,
  forwardingNumber: string,
  language: TextLanguage = 'en',
): string {
  const name = named(serviceName, language);
  const { on, off } = forwardingCode(carrier, forwardingNumber);
  const carrierName = CARRIER_NAMES[carrier];
  if (language === 'es') {
    const head = `${name}: en ${carrierName} marque ${on} y pulse Llamar: lo que no conteste llega aquí. Quitarlo: ${off}.`;
    const test = 'Ahora llame a su teléfono desde otro y déjelo sonar; le avisaremos si funciona.';
    return fitting([
      `${head} ${test} El código varía según el plan; prepago y roaming pueden negarlo. iPhone: apague Buzón de voz en vivo.`,
      `${head} ${test} iPhone: apague Buzón de voz en vivo.`,
      `${head} ${test}`,
    ]);
  }
  const head = `${name}: on ${carrierName} dial ${on} and press Call; unanswered calls then come here. Undo: ${off}.`;
  const test = 'Now call your phone from another one and let it ring; we will text Forwarding works.';
  return fitting([
    `${head} ${test} Codes vary by plan; prepaid and roaming may refuse. iPhone: turn off Settings > Phone > Live Voicemail.`,
    `${head} ${test} iPhone: turn off Live Voicemail.`,
    `${head} ${test}`,
  ]);
}

/** Why FORWARD gave no number, and what to do. */
export function noForwardingNumberText(
  serviceName: string,
  reason: NoNumberReason,
  language: TextLanguage = 'en',
): string {
  const name = named(serviceName, language);
  const es: Record<NoNumberReason, string> = {
    'not-set-up': 'el buzón de voz por desvío de llamadas aún no está activo en este servicio.',
    unavailable: 'no pudimos conseguirle un número de desvío ahora. Escriba FORWARD de nuevo más tarde.',
    'daily-cap': 'hoy no podemos dar más números de desvío. Escriba FORWARD de nuevo mañana.',
    'us-only': 'los números de desvío son solo para teléfonos de EE. UU.',
  };
  const en: Record<NoNumberReason, string> = {
    'not-set-up': 'voicemail by call forwarding is not set up on this service yet.',
    unavailable: 'we could not get you a forwarding number just now. Please text FORWARD again later.',
    'daily-cap': 'no more forwarding numbers can be given out today. Please text FORWARD again tomorrow.',
    'us-only': 'forwarding numbers are for US phone numbers only.',
  };
  return fitting([`${name}: ${(language === 'es' ? es : en)[reason]}`]);
}

/**
 * "Your forwarding may be off": no call for IDLE_DAYS, the code again (their carrier's, or all three short
 * when they never named one) and the test call.
 */
export function forwardingIdleText(
  serviceName: string,
  forwardingNumber: string,
  carrier: Carrier | null,
  language: TextLanguage = 'en',
): string {
  const name = named(serviceName, language);
  const shown = number(forwardingNumber);
  const codes =
    carrier === null
      ? (['att', 'verizon', 'gsm'] as const)
          .map((each) => `${CARRIER_NAMES[each]} ${forwardingCode(each, forwardingNumber).on}`)
          .join(', ')
      : forwardingCode(carrier, forwardingNumber).on;
  if (language === 'es') {
    return fitting([
      `${name}: su número de desvío ${shown} no recibió llamadas en ${IDLE_DAYS} días; puede que el desvío esté apagado (teléfono, SIM o plan nuevo). Marque ${codes} otra vez y pruebe con una llamada. Responda FORWARD para ayuda.`,
      `${name}: ${shown} sin llamadas en ${IDLE_DAYS} días; el desvío puede estar apagado. Marque ${codes} y pruebe con una llamada.`,
    ]);
  }
  return fitting([
    `${name}: your forwarding number ${shown} has had no calls in ${IDLE_DAYS} days, so your forwarding may be off (a new phone, SIM or plan resets it). Dial ${codes} again, then test with a call. Reply FORWARD for help.`,
    `${name}: no calls to ${shown} in ${IDLE_DAYS} days; your forwarding may be off. Dial ${codes} again, then test with a call.`,
  ]);
}
