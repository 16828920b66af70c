/**
 * The fixed texts in Spanish. Worded so every letter is in GSM-7 (which has é ñ ü ¿ ¡ but not á í ó ú): a
 * word that needs one of those is replaced by another that does not ("teléfono", not "número"; "Texto", not
 * "Transcripción"), so nothing is misspelled and a text costs no more than in English.
 */
import { ACCEPTED_FORMATS_TEXT } from '#core/audio/audio-format';
import { friendlyZoneName, type ZoneSource } from '#core/cards/time-zones';
import { SALES_REASONS, SCAM_REASONS } from '#core/urgency/urgency-spam-reasons';
import type { FixedTexts } from './fixed-texts';
import { languageLabel } from './languages';

const RATES_AND_KEYWORDS =
  'Pueden aplicarse tarifas de mensajes y datos. Responda STOP para darse de baja, HELP para ayuda.';

/** "CENTRAL (America/Chicago)": the friendly name a sender texts, or the IANA name alone. */
function spanishZone(zone: string): string {
  const friendly = friendlyZoneName(zone);
  return friendly === null ? zone : `${friendly} (${zone})`;
}

/** Where the zone TZ shows comes from, to end its sentence. */
const ZONE_SOURCE: Readonly<Record<ZoneSource, string>> = {
  own: ' (su preferencia)',
  'area-code': ', la de su prefijo',
  default: ', la del servicio',
};

const voiceMessages = (count: number) => `${count} mensaje${count === 1 ? '' : 's'} de voz`;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const times = (count: number) => (count === 1 ? 'una vez' : `${count} veces`);

/** Why a message is likely spam, by the rules' reasons (core/urgency/urgency-cues.ts). */
const SPAM_REASONS: Readonly<Record<string, string>> = {
  [SCAM_REASONS.giftCard]: 'pide el pago con tarjetas de regalo',
  [SCAM_REASONS.wire]: 'pide el pago por transferencia',
  [SCAM_REASONS.crypto]: 'pide el pago en criptomonedas',
  [SCAM_REASONS.arrest]: 'amenaza con un arresto',
  [SCAM_REASONS.tax]: 'una amenaza sobre impuestos',
  [SCAM_REASONS.socialSecurity]: 'una amenaza sobre el Seguro Social',
  [SCAM_REASONS.prize]: 'dice que usted ha ganado un premio',
  [SCAM_REASONS.techSupport]: 'una falsa alerta de su computadora',
  [SCAM_REASONS.account]: 'una falsa alerta de su cuenta',
  [SCAM_REASONS.secrecy]: 'le pide guardar el secreto',
  [SCAM_REASONS.appPayment]: 'pide el pago por una app de pagos',
  [SCAM_REASONS.shutOff]: 'amenaza con cortar un servicio ya',
  [SCAM_REASONS.personalNumber]: 'le pide confirmar un dato personal',
  [SCAM_REASONS.toll]: 'le pide pagar un peaje por teléfono',
  [SCAM_REASONS.registration]: 'amenaza con suspender el registro de su auto',
  [SCAM_REASONS.job]: 'una oferta de empleo no solicitada',
  [SALES_REASONS.pressMenu]: 'le pide pulsar 1',
  [SALES_REASONS.warranty]: 'una oferta de cobertura para su auto',
  [SALES_REASONS.pitch]: 'una oferta de préstamo, tasa o plan',
  [SALES_REASONS.notice]: 'un aviso grabado sin nombre de quien llama',
  [SALES_REASONS.homeOffer]: 'una oferta para comprar su casa',
  [SALES_REASONS.listing]: 'una oferta sobre la ficha de su negocio',
};

/** The languages a Spanish text names (its own and English); others by their English name. */
const SPANISH_NAMES: Readonly<Record<string, string>> = { es: 'español', en: 'inglés' };

export const SPANISH: FixedTexts = {
  defaultName: 'Voice summary',
  summaryHeading: (name) => (name === null ? 'Resumen: ' : `${name} - resumen: `),
  wholeMessageHeading: (name) => (name === null ? 'Mensaje completo: ' : `${name} - mensaje completo: `),
  urgentPrefix: 'URGENTE: ',
  likelySpam: (kind, reason) => {
    // The rules' reasons are fixed English words: translated here; a model's (English) is left out.
    const razon = reason === null ? undefined : SPAM_REASONS[reason];
    const what =
      kind === 'scam'
        ? 'Probablemente una estafa'
        : kind === 'sales'
          ? 'Probablemente una venta grabada'
          : 'Probablemente spam';
    return `${what}${razon === undefined ? '' : `: ${razon}`}. Mande FULL para el texto.`;
  },
  numberUnclear: (at) =>
    at === null ? 'Teléfono poco claro: escuche el mensaje' : `Teléfono poco claro, escuche en ${at}`,
  noSummary: 'Sin resumen.',
  callBack: 'Devolver la llamada',
  fromPrivateNumber: 'De un numero privado',
  transcriptLabel: 'Texto',
  transcriptCutNote: ' [texto cortado: demasiado largo para mensajes de texto]',
  emptyTranscript: 'Texto: (en blanco - no se reconocieron palabras)',
  possiblyUnreliable: 'puede no ser fiable',
  lowQuality: (khz) => `El audio es de baja calidad (${khz} kHz): el texto puede no ser fiable.`,
  failurePrefix: 'Lo sentimos, no pudimos procesar su mensaje de voz: ',
  failureDetail: {
    'unsupported-media': 'el archivo no es un audio que podamos leer. Pruebe MP3, M4A, WAV o AMR.',
    'too-large': 'el archivo pasa de 25 MB. Por favor, mande un audio menos largo.',
    'too-long': 'es demasiado largo para nosotros. Por favor, mande un audio menos largo.',
    'no-speech': 'no detectamos ninguna voz en el audio.',
    'not-english': 'parece estar en otro idioma; sin el servicio en la nube solo entendemos inglés.',
    unclear: 'no entendimos bien las palabras. Por favor, intente de nuevo hablando con claridad.',
    'download-failed': 'no pudimos descargarlo. Por favor, vuelva a mandarlo.',
    internal: 'tuvimos un problema. Por favor, intente de nuevo en un rato.',
  },
  helpCommands: {
    FULL: { words: 'FULL', does: 'para el texto' },
    MODE: { words: 'MODE FULL o MODE SUMMARY' },
    SPELL: { words: 'SPELL', does: 'y nombres' },
    LANG: { words: 'LANG en', does: 'para inglés', alwaysExplained: true },
    UPLOAD: { words: 'UPLOAD' },
    CARDS: { words: 'CARDS ON', does: 'para contactos' },
    TZ: { words: 'TZ', does: 'y su zona' },
    FORWARD: { words: 'FORWARD', does: 'para buzón por desvío' },
    DELETE: { words: 'DELETE', does: 'para borrar' },
  },
  help: {
    longDescription: 'mande un mensaje de voz o un audio a este teléfono y le respondemos con un resumen.',
    description: 'resumen de mensajes de voz por SMS.',
    commands: (listed) => `Mande ${listed.join(', ')}.`,
    support: (email) => `Ayuda: ${email}.`,
    frequency: 'Frecuencia de mensajes variable.',
    closing: RATES_AND_KEYWORDS,
  },
  usage: (name) => [
    `${name}: para recibir un resumen y el texto, mande un mensaje de voz o un audio a este teléfono. ${RATES_AND_KEYWORDS}`,
  ],
  unsupportedMedia: `Lo sentimos, ese adjunto no es un audio que podamos leer. Mande un mensaje de voz o un audio: ${ACCEPTED_FORMATS_TEXT}, hasta 25 MB. Responda HELP para ayuda.`,
  optOutConfirmation:
    'Se dio de baja: ya no le mandaremos mensajes desde este teléfono. Responda START para volver a suscribirse.',
  optInConfirmation: `Se ha suscrito de nuevo: mande un mensaje de voz a este teléfono para recibir un resumen y el texto. Frecuencia de mensajes variable. ${RATES_AND_KEYWORDS}`,
  voiceMessages,
  voiceLimit: (name, perDay) => [
    `${name}: hoy ya recibimos ${voiceMessages(perDay)} de este teléfono, el tope diario. Los nuevos no se transcriben hasta mañana (medianoche UTC).`,
    `${name}: hoy ya recibimos ${voiceMessages(perDay)} de este teléfono, el tope diario. Pruebe mañana.`,
  ],
  deleted: (name, count) => {
    const what =
      count === 0
        ? 'no tenemos mensajes de voz de este teléfono.'
        : count === 1
          ? 'borramos su mensaje de voz, con su audio, texto y resumen.'
          : `borramos sus ${count} mensajes de voz, con su audio, texto y resumen.`;
    return [`${name}: ${what} ${RATES_AND_KEYWORDS}`, `${name}: ${what}`];
  },
  languageLabel: (code) => {
    const name = SPANISH_NAMES[code.toLowerCase()];
    return name === undefined ? languageLabel(code) : `${name} (${code.toLowerCase()})`;
  },
  // Cierto con y sin OpenAI (issue 31): el resumidor local no traduce.
  langSet: (name, label) => [
    `${name}: desde ahora le escribimos en ${label}. Las respuestas a sus mensajes de voz van en ${label} cuando el servicio los resume con OpenAI; sin OpenAI van en el idioma del mensaje. Mande LANG AUTO para deshacerlo.`,
    `${name}: le escribimos en ${label}; sus mensajes de voz, en ${label} con OpenAI y sin OpenAI en su idioma. LANG AUTO lo deshace.`,
  ],
  langCurrent: (name, label) =>
    label === null
      ? [
          `${name}: le respondemos en el idioma de cada mensaje. Mande LANG y dos letras para elegir uno, como LANG es o LANG en.`,
        ]
      : [
          `${name}: le respondemos en ${label}. Mande LANG AUTO para usar el idioma de cada mensaje, o LANG y dos letras, como LANG en.`,
        ],
  langAuto: (name) => [
    `${name}: de nuevo le respondemos en el idioma de cada mensaje. Mande LANG es o LANG en para elegir uno.`,
  ],
  langUnknown: (name) => [
    `${name}: no conocemos ese idioma. Mande LANG y dos letras (LANG es para español, LANG en para inglés), LANG para ver el actual, o LANG AUTO.`,
  ],
  modeSet: (name, mode) => [
    mode === 'full'
      ? `${name}: desde ahora sus respuestas traen el resumen y el texto completo. Mande MODE SUMMARY para recibir solo el resumen.`
      : `${name}: desde ahora sus respuestas traen solo el resumen. Mande FULL para el texto de su mensaje de voz reciente, o MODE FULL para recibirlo siempre.`,
  ],
  modeCurrent: (name, mode, own) => [
    `${name}: sus respuestas traen ${mode === 'full' ? 'el resumen y el texto completo' : 'solo el resumen'}${own ? ' (su preferencia)' : ''}. Mande MODE FULL o MODE SUMMARY para cambiarlo.`,
  ],
  modeUnknown: (name) => [
    `${name}: mande MODE FULL para el resumen y el texto, MODE SUMMARY para solo el resumen, o MODE para ver el actual.`,
  ],
  cardsSet: (name, on) => [
    on
      ? `${name}: desde ahora sus respuestas traen la tarjeta de contacto de quien llama y los eventos que mencione como adjuntos (MMS). Un MMS puede tener un costo mayor que un SMS: pueden aplicarse tarifas de mensajes y datos. Mande CARDS OFF para dejarlo.`
      : `${name}: sus respuestas ya no traen tarjetas de contacto ni eventos como adjuntos. Mande CARDS ON para volver a recibirlos.`,
  ],
  cardsCurrent: (name, on) => [
    `${name}: tarjetas de contacto y eventos como adjuntos (MMS): ${on ? 'activados' : 'desactivados'}. Mande CARDS ON o CARDS OFF para cambiarlo. Un MMS puede tener un costo mayor: pueden aplicarse tarifas de mensajes y datos.`,
  ],
  cardsUnknown: (name) => [
    `${name}: mande CARDS ON para recibir la tarjeta de contacto de quien llama y sus eventos como adjuntos (MMS; pueden aplicarse tarifas de mensajes y datos), CARDS OFF para dejarlo, o CARDS para ver su preferencia.`,
  ],
  spellSaved: (name, shown, count, max) => [
    `${name}: escribiremos bien estas palabras en sus mensajes: ${shown} (${count} de ${max}). SPELL CLEAR borra la lista.`,
  ],
  spellList: (name, shown, count) =>
    count === 0
      ? [
          `${name}: no tiene palabras en su lista. Mande SPELL y nombres o términos (como SPELL Siobhan Kowalczyk) para que los escribamos bien.`,
        ]
      : [
          `${name}: escribimos bien estas palabras en sus mensajes: ${shown} (${count}). Mande SPELL y otras para añadirlas, SPELL CLEAR para borrar la lista.`,
        ],
  spellCleared: (name) => [
    `${name}: borramos su lista de palabras. Mande SPELL y nombres o términos para empezar otra.`,
  ],
  spellTooMany: (name, max, count) => [
    `${name}: no guardamos nada: la lista admite hasta ${max} palabras y con estas son ${count}. Mande SPELL CLEAR para empezar de nuevo, o menos palabras.`,
  ],
  tzSet: (name, zone) => [
    `${name}: desde ahora las horas de "Add to calendar" de sus mensajes van en la zona ${spanishZone(zone)}. Mande TZ AUTO para volver a la zona de su prefijo.`,
  ],
  tzCurrent: (name, zone, source) => [
    `${name}: las horas de "Add to calendar" van en la zona ${spanishZone(zone)}${ZONE_SOURCE[source]}. Mande TZ y una zona para cambiarla (TZ EASTERN, TZ PACIFIC, TZ America/Chicago)${source === 'own' ? ' o TZ AUTO' : ''}.`,
  ],
  tzAuto: (name, zone, source) => [
    source === 'area-code'
      ? `${name}: las horas de "Add to calendar" vuelven a ir en la zona de su prefijo: ${spanishZone(zone)}.`
      : `${name}: su prefijo no indica zona, por eso las horas de "Add to calendar" van en la zona ${spanishZone(zone)}, la del servicio. Mande TZ y una zona para elegir una.`,
  ],
  tzUnknown: (name) => [
    `${name}: no conocemos esa zona horaria. Mande TZ EASTERN, CENTRAL, MOUNTAIN, PACIFIC, ALASKA o HAWAII, un nombre como TZ America/Chicago, o TZ para ver la actual.`,
  ],
  fullNone: (name) => [
    `${name}: no hay texto que mandar: no tenemos mensajes de voz de este teléfono. Mande uno para recibir un resumen y el texto.`,
  ],
  uploadLink: (name, url) => [
    `${name}: suba el audio que no cabe en un mensaje, en la siguiente hora (una vez): ${url}`,
    `${name}: suba su audio en la siguiente hora: ${url}`,
  ],
  deleteCode: (name, code, minutes) => [
    `${name}: para borrar sus mensajes de voz, con su audio, texto y resumen, responda DELETE ${code} en los siguientes ${minutes} minutos. ¿No fue usted? Ignore este mensaje.`,
    `${name}: responda DELETE ${code} en ${minutes} minutos para borrar sus mensajes de voz.`,
  ],
  deleteCodeLast: (name, code) => [
    `${name}: para borrar sus mensajes de voz, con su audio, texto y resumen, responda DELETE ${code} antes de la medianoche UTC. No mandamos otra clave hasta entonces. ¿No fue usted? Ignore este mensaje.`,
    `${name}: responda DELETE ${code} antes de la medianoche UTC para borrar sus mensajes de voz.`,
  ],
  deleteCodeWrong: (name) => [
    `${name}: esa clave no es la que le mandamos; no borramos nada. Responda DELETE y la clave correcta.`,
  ],
  deleteCodeInvalid: (name, minutes, tries) => [
    `${name}: esa clave ya no vale (dura ${minutes} minutos y admite ${tries} intentos); no borramos nada. Mande DELETE para recibir otra.`,
  ],
  joinNotConfirmed: (name) => [
    `${name}: esa clave no confirma nada desde este celular. Haga su registro en nuestro sitio web y mande JOIN con la clave que le mostramos.`,
  ],
  smsConsentConfirmed: (name) => [
    `${name}: gracias, su registro queda confirmado. Mande un mensaje de voz a este teléfono para recibir un resumen y el texto. Frecuencia de mensajes variable. ${RATES_AND_KEYWORDS}`,
  ],
  waitFor: (minutes) =>
    minutes < 60
      ? `en ${plural(minutes, 'minuto', 'minutos')}`
      : `en ${plural(Math.ceil(minutes / 60), 'hora', 'horas')}`,
  fullLimit: (name, perDay, wait) => [
    `${name}: hoy ya le mandamos el texto ${times(perDay)}, el tope diario. Mande FULL de nuevo ${wait}.`,
  ],
  uploadLimit: (name, perDay, wait) => [
    `${name}: hoy ya le mandamos ${plural(perDay, 'enlace', 'enlaces')} para subir audio, el tope diario. Mande UPLOAD de nuevo ${wait}.`,
  ],
};
