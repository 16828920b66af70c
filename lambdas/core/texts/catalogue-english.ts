/** The fixed texts in English: the default, and the words around a summary in any language but Spanish. */
import { ACCEPTED_FORMATS_TEXT } from '#core/audio/audio-format';
import { friendlyZoneName, type ZoneSource } from '#core/cards/time-zones';
import { lowQualityWarning, POSSIBLY_UNRELIABLE } from '#core/transcripts/transcript-warnings';
import type { FixedTexts } from './fixed-texts';
import { languageLabel } from './languages';

/** "Central time (America/Chicago)", or the IANA name alone. */
function englishZone(zone: string): string {
  const friendly = friendlyZoneName(zone);
  return friendly === null ? zone : `${friendly.charAt(0)}${friendly.slice(1).toLowerCase()} time (${zone})`;
}

/** Where the zone TZ shows comes from, to end its sentence. */
const ZONE_SOURCE: Readonly<Record<ZoneSource, string>> = {
  own: ' (your choice)',
  'area-code': ", from your number's area code",
  default: ", the service's default",
};

const RATES_AND_KEYWORDS = 'Msg & data rates may apply. Reply STOP to opt out, HELP for help.';

const voiceMessages = (count: number) => `${count} voice message${count === 1 ? '' : 's'}`;
const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
const times = (count: number) => (count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`);

export const ENGLISH: FixedTexts = {
  defaultName: 'Voice summary',
  // "Voice Summary summary:" says it twice: a name that already ends in "summary" is the heading as it is.
  summaryHeading: (name) =>
    name === null ? 'Summary: ' : /\bsummary$/i.test(name) ? `${name}: ` : `${name} summary: `,
  wholeMessageHeading: (name) => (name === null ? 'Whole message: ' : `${name}, whole message: `),
  urgentPrefix: 'URGENT: ',
  likelySpam: (kind, reason) =>
    `${kind === 'scam' ? 'Likely a scam' : kind === 'sales' ? 'Likely a recorded sales call' : 'Likely spam'}${reason === null ? '' : `: ${reason}`}. Reply FULL for the transcript.`,
  numberUnclear: (at) =>
    at === null ? 'Number unclear: listen to the message' : `Number unclear, listen at ${at}`,
  noSummary: 'No summary available.',
  callBack: 'Call back',
  fromPrivateNumber: 'From a private number',
  transcriptLabel: 'Transcript',
  transcriptCutNote: ' [transcript cut: too long for text messages]',
  emptyTranscript: 'Transcript: (empty - no speech was recognized)',
  // The warnings as the transcription records them: the reply recognizes them to translate them.
  possiblyUnreliable: POSSIBLY_UNRELIABLE,
  lowQuality: lowQualityWarning,
  failurePrefix: 'Sorry, your voice message could not be processed: ',
  failureDetail: {
    'unsupported-media': 'the file is not audio we can read. Try MP3, M4A, WAV or AMR.',
    'too-large': 'the file is over 25 MB. Please send a shorter recording.',
    'too-long': 'it is longer than we transcribe. Please send a shorter recording.',
    'no-speech': 'we could not hear any speech in it.',
    'not-english':
      'it seems to be in another language; without cloud transcription we understand English only.',
    unclear: 'we could not make out the words reliably. Please try again, speaking clearly.',
    'download-failed': 'we could not download it. Please send it again.',
    internal: 'something went wrong on our side. Please try again later.',
  },
  helpCommands: {
    FULL: { words: 'FULL', does: 'for the transcript' },
    MODE: { words: 'MODE FULL or MODE SUMMARY' },
    SPELL: { words: 'SPELL', does: 'and names' },
    LANG: { words: 'LANG es', does: 'for Spanish', alwaysExplained: true },
    UPLOAD: { words: 'UPLOAD' },
    CARDS: { words: 'CARDS ON', does: 'for contact cards' },
    TZ: { words: 'TZ' },
    FORWARD: { words: 'FORWARD' },
    DELETE: { words: 'DELETE', does: 'to erase' },
  },
  help: {
    longDescription:
      'forward a voice message or audio file to this number and get a text back with a summary.',
    description: 'voice message summaries.',
    commands: (listed) => `Text ${listed.join(', ')}.`,
    support: (email) => `Support: ${email}.`,
    frequency: 'Msg frequency varies.',
    closing: RATES_AND_KEYWORDS,
  },
  usage: (name) => [
    `${name}: to get a summary and transcript, forward a voice message or send an audio file to this number. ${RATES_AND_KEYWORDS}`,
  ],
  unsupportedMedia: `Sorry, that attachment is not audio we can read. Send a voice message or audio file: ${ACCEPTED_FORMATS_TEXT}, up to 25 MB. Reply HELP for help.`,
  optOutConfirmation:
    'You are unsubscribed and will get no more messages from this number. Reply START to resubscribe.',
  optInConfirmation: `You are subscribed again: forward a voice message to this number to get a summary and transcript back. Msg frequency varies. ${RATES_AND_KEYWORDS}`,
  voiceMessages,
  voiceLimit: (name, perDay) => [
    `${name}: this number has reached today's limit of ${voiceMessages(perDay)}, so new ones are not transcribed until tomorrow (midnight UTC). Reply HELP for help.`,
    `${name}: this number has reached today's limit of ${voiceMessages(perDay)}. Try again tomorrow.`,
  ],
  deleted: (name, count) => {
    const what =
      count === 0
        ? 'we hold no voice messages from this number.'
        : count === 1
          ? 'we deleted the voice message you sent us, with its audio, transcript and summary.'
          : `we deleted the ${count} voice messages you sent us, with their audio, transcripts and summaries.`;
    return [`${name}: ${what} ${RATES_AND_KEYWORDS}`, `${name}: ${what}`];
  },
  languageLabel,
  // True online and offline (issue 31): only a summarizer that translates (OpenAI) writes in the LANG chosen.
  langSet: (name, label) => [
    `${name}: replies to your voice messages will be written in ${label} when this service summarizes them with OpenAI; without it (offline) a reply stays in the language of the message. Text LANG AUTO to undo.`,
    `${name}: replies will be written in ${label} with OpenAI; offline, in the message's language. LANG AUTO undoes it.`,
  ],
  langCurrent: (name, label) =>
    label === null
      ? [
          `${name}: replies are written in the language of each message. Text LANG and a language code to choose one, e.g. LANG es for Spanish or LANG en for English.`,
        ]
      : [
          `${name}: replies are written in ${label}. Text LANG AUTO for each message's own language, or LANG and another code, e.g. LANG en.`,
        ],
  langAuto: (name) => [
    `${name}: replies will be written in the language of each message again. Text LANG es or LANG en to choose one.`,
  ],
  langUnknown: (name) => [
    `${name}: that is not a language code we know. Text LANG and a two-letter code (LANG es for Spanish, LANG en for English), LANG to see the current choice, or LANG AUTO.`,
  ],
  modeSet: (name, mode) => [
    mode === 'full'
      ? `${name}: your replies will now carry the summary and the full transcript. Text MODE SUMMARY for the summary only.`
      : `${name}: your replies will now carry the summary only. Text FULL for the transcript of your latest message, or MODE FULL to get it every time.`,
  ],
  modeCurrent: (name, mode, own) => [
    `${name}: your replies carry ${mode === 'full' ? 'the summary and the full transcript' : 'the summary only'}${own ? ' (your choice)' : ''}. Text MODE FULL or MODE SUMMARY to change it.`,
  ],
  modeUnknown: (name) => [
    `${name}: text MODE FULL for the summary and the transcript, MODE SUMMARY for the summary only, or MODE to see the current one.`,
  ],
  cardsSet: (name, on) => [
    on
      ? `${name}: your replies will now bring the caller's contact card and any event they name as attachments (MMS). MMS may cost more than a text: Msg & data rates may apply. Text CARDS OFF to stop.`
      : `${name}: your replies will no longer bring contact cards or events as attachments. Text CARDS ON to get them again.`,
  ],
  cardsCurrent: (name, on) => [
    `${name}: contact cards and events as attachments (MMS) are ${on ? 'on' : 'off'}. Text CARDS ON or CARDS OFF to change it. MMS may cost more than a text: Msg & data rates may apply.`,
  ],
  cardsUnknown: (name) => [
    `${name}: text CARDS ON for the caller's contact card and events as attachments (MMS, Msg & data rates may apply), CARDS OFF to stop them, or CARDS to see your choice.`,
  ],
  spellSaved: (name, shown, count, max) => [
    `${name}: we will spell these right in your messages: ${shown} (${count} of ${max} words). SPELL CLEAR empties the list.`,
  ],
  spellList: (name, shown, count) =>
    count === 0
      ? [
          `${name}: your spelling list is empty. Text SPELL and names or terms (e.g. SPELL Siobhan Kowalczyk) to have them spelled right.`,
        ]
      : [
          `${name}: we spell these right in your messages: ${shown} (${count} words). Text SPELL and more words to add, SPELL CLEAR to empty it.`,
        ],
  spellCleared: (name) => [
    `${name}: your spelling list is now empty. Text SPELL and names or terms to start a new one.`,
  ],
  spellTooMany: (name, max, count) => [
    `${name}: nothing saved: the spelling list holds at most ${max} words and this would make ${count}. Text SPELL CLEAR to start again, or fewer words.`,
  ],
  tzSet: (name, zone) => [
    `${name}: times for "Add to calendar" on your messages' pages are now in ${englishZone(zone)}. Text TZ AUTO to go by your number's area code again.`,
  ],
  tzCurrent: (name, zone, source) => [
    `${name}: times for "Add to calendar" are in ${englishZone(zone)}${ZONE_SOURCE[source]}. Text TZ and a zone to change it (TZ EASTERN, TZ PACIFIC, TZ America/Chicago)${source === 'own' ? ' or TZ AUTO' : ''}.`,
  ],
  tzAuto: (name, zone, source) => [
    source === 'area-code'
      ? `${name}: times for "Add to calendar" go by your number's area code again: ${englishZone(zone)}.`
      : `${name}: your number's area code gives no time zone, so times for "Add to calendar" are in ${englishZone(zone)}, the service's default. Text TZ and a zone to choose one.`,
  ],
  tzUnknown: (name) => [
    `${name}: that is not a time zone we know. Text TZ EASTERN, CENTRAL, MOUNTAIN, PACIFIC, ALASKA or HAWAII, a name like TZ America/Chicago, or TZ to see the current one.`,
  ],
  fullNone: (name) => [
    `${name}: there is no transcript to send: we hold no voice message from this number. Forward one to get a summary and transcript.`,
  ],
  uploadLink: (name, url) => [
    `${name}: upload a recording too big to text here, within one hour (once): ${url}`,
    `${name}: upload a recording within one hour: ${url}`,
  ],
  deleteCode: (name, code, minutes) => [
    `${name}: to delete every voice message, transcript and summary we hold from this number, reply DELETE ${code} within ${minutes} minutes. Did not ask? Ignore this text.`,
    `${name}: reply DELETE ${code} within ${minutes} minutes to delete your voice messages.`,
  ],
  deleteCodeLast: (name, code) => [
    `${name}: to delete every voice message, transcript and summary we hold from this number, reply DELETE ${code} by midnight UTC. It is today's last code: we send no other until then. Did not ask? Ignore this text.`,
    `${name}: reply DELETE ${code} by midnight UTC to delete your voice messages.`,
  ],
  deleteCodeWrong: (name) => [
    `${name}: that is not the code we sent, so nothing was deleted. Reply DELETE and the code from our last text.`,
  ],
  deleteCodeInvalid: (name, minutes, tries) => [
    `${name}: that code no longer works (a code lasts ${minutes} minutes and ${tries} tries), so nothing was deleted. Text DELETE for a new one.`,
  ],
  joinNotConfirmed: (name) => [
    `${name}: that code matches no sign-up waiting for this number, so nothing was confirmed. Sign up on our site and text JOIN with the code it shows.`,
  ],
  smsConsentConfirmed: (name) => [
    `${name}: thanks, your sign-up is confirmed. Forward a voice message to this number to get a summary and transcript back. Msg frequency varies. ${RATES_AND_KEYWORDS}`,
  ],
  waitFor: (minutes) =>
    minutes < 60 ? `in ${plural(minutes, 'minute')}` : `in ${plural(Math.ceil(minutes / 60), 'hour')}`,
  fullLimit: (name, perDay, wait) => [
    `${name}: we have sent you the transcript ${times(perDay)} today, the most we send in a day. Text FULL again ${wait}.`,
    `${name}: FULL is answered ${times(perDay)} a day. Text FULL again ${wait}.`,
  ],
  uploadLimit: (name, perDay, wait) => [
    `${name}: we have sent this number ${plural(perDay, 'upload link')} today, the most we send in a day. Text UPLOAD again ${wait}.`,
    `${name}: UPLOAD is answered ${times(perDay)} a day. Text UPLOAD again ${wait}.`,
  ],
};
