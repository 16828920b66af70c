/**
 * Every question and answer, once: the landing page's accordion and the FAQ page both render this list. Facts
 * the service enforces (formats, size, keywords, reply length) come from the same constants the API uses.
 */

import { ACCEPTED_FORMATS_TEXT, MAX_AUDIO_BYTES } from '@core/audio/audio-format';
import { CARDS_KEYWORD } from '@core/commands/cards';
import { DELETE_CODE_MINUTES, DELETE_KEYWORDS } from '@core/commands/delete';
import { FULL_KEYWORDS } from '@core/commands/full';
import { HELP_KEYWORDS } from '@core/commands/help';
import { LANG_KEYWORD } from '@core/commands/lang';
import { MODE_KEYWORD } from '@core/commands/mode';
import { SPELL_KEYWORD } from '@core/commands/spell';
import { OPT_IN_KEYWORDS } from '@core/commands/start';
import { OPT_OUT_KEYWORDS } from '@core/commands/stop';
import { TZ_KEYWORD } from '@core/commands/tz';
import { JOIN_CODE_MINUTES, JOIN_KEYWORD } from '@core/senders/consent';
import { MAX_TRANSCRIPT_MESSAGES } from '@core/texts/service-texts';
import { MAX_VOCABULARY_WORDS as SPELL_MAX_WORDS } from '@core/transcripts/vocabulary';
import type { ReactNode } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { ContactEmail } from '@/components/ui/contact-email';
import type { RuntimeConfig } from '@/config/runtime-config';
import { formatList } from '@/lib/format-list';
import {
  audioRetentionSentence,
  messageLinkSentence,
  transcriptRetentionSentence,
  UPLOAD_LINK_SENTENCE,
} from '@/lib/retention';
import { forwardingFaqItems } from './forwarding-faq';

export type FaqItem = { readonly id: string; readonly question: string; readonly answer: ReactNode };

export type FaqContext = {
  readonly serviceName: string;
  readonly contactEmail: string | null;
  readonly retention: RuntimeConfig['retention'] | null;
};

const MAX_MB = Math.round(MAX_AUDIO_BYTES / (1024 * 1024));

const linkClass = 'font-medium text-accent underline';

export function faqItems({ serviceName, contactEmail, retention }: FaqContext): FaqItem[] {
  const contact = <ContactEmail email={contactEmail} className={linkClass} />;
  return [
    {
      id: 'iphone',
      question: 'How do I forward a voice message from an iPhone?',
      answer: (
        <>
          <p>
            Open the recording: a voicemail in the Phone app, a memo in Voice Memos, or an audio file in
            Files. Tap the Share button (the square with an arrow), choose Messages, enter our number and
            send.
          </p>
          <p>
            It goes as a picture and audio message (MMS), so MMS Messaging must be on in Settings, Apps,
            Messages.
          </p>
        </>
      ),
    },
    {
      id: 'android',
      question: 'How do I forward a voice message from an Android phone?',
      answer: (
        <p>
          Open the voicemail or recording in your Phone, Voicemail, Recorder or Files app and tap Share.
          Choose your messaging app (for example Google Messages or Samsung Messages), enter our number and
          send. If your voicemail app has no Share button, save the message first, then share the saved file.
        </p>
      ),
    },
    {
      id: 'whatsapp',
      question: 'Can I forward a WhatsApp voice message?',
      answer: (
        <p>
          Yes. On Android, touch and hold the voice message, tap the Share icon and choose your messaging app.
          On iPhone, touch and hold the voice message, tap Forward, then the Share icon, and choose Messages.
          Send it to our number like any other text.
        </p>
      ),
    },
    {
      id: 'formats',
      question: 'Which audio formats work?',
      answer: (
        <p>
          {ACCEPTED_FORMATS_TEXT}: the formats phones use for voicemails and voice notes, including WhatsApp's
          (OGG/Opus) and Android's (AMR). Anything else gets a short reply telling you it could not be read.
        </p>
      ),
    },
    {
      id: 'limits',
      question: 'How long can a voice message be?',
      answer: (
        <p>
          We accept audio files up to {MAX_MB} MB. Your carrier may limit picture and audio messages to less,
          often about 1 MB, which is a few minutes of a voice memo; your phone tells you if a file is too
          large to send, and then texting UPLOAD gets you a link to send it from the phone instead. A long
          transcript arrives over several texts, {MAX_TRANSCRIPT_MESSAGES} at most; the summary always comes
          first.
        </p>
      ),
    },
    {
      id: 'languages',
      question: 'Which languages do you understand?',
      answer: (
        <>
          <p>
            English works best. Depending on how the service is set up, many other languages are transcribed
            too, and the summary is written in the language of the message. Without that, we understand
            English only, and we tell you so rather than guess.
          </p>
          <p>
            To get every summary in one language, text {LANG_KEYWORD} and its two-letter code: {LANG_KEYWORD}{' '}
            es for Spanish, {LANG_KEYWORD} en for English (a message in another language is translated).{' '}
            {LANG_KEYWORD} alone shows your choice, {LANG_KEYWORD} AUTO goes back to each message's own
            language, and {formatList(DELETE_KEYWORDS)} erases it. Our own texts are in English or Spanish.
          </p>
        </>
      ),
    },
    {
      id: 'reply',
      question: 'What does the reply contain?',
      answer: (
        <p>
          A short summary comes first: who called, what they want, and any callback number or time they
          mention, and a private link to the whole message. The full transcript follows in the next texts,
          unless the service is set to send the summary only; a message short enough to fit in one text comes
          whole instead. A name, number or time is stated only when it was heard clearly: a callback number
          that was not says "Number unclear" and where to listen, and in a transcript anything else we are
          unsure of is marked (?).
        </p>
      ),
    },
    {
      id: 'commands',
      question: 'Can I choose what I get back?',
      answer: (
        <p>
          Yes, by text. {formatList(FULL_KEYWORDS)} sends the full transcript of your latest voice message (at
          most {MAX_TRANSCRIPT_MESSAGES} texts, a few times a day). {MODE_KEYWORD} FULL gets you the
          transcript with every reply, {MODE_KEYWORD} SUMMARY the summary only, and {MODE_KEYWORD} alone says
          which you get. {SPELL_KEYWORD} and names (at most {SPELL_MAX_WORDS} words), for example{' '}
          {SPELL_KEYWORD} Siobhan Kowalczyk, has them spelled right in your messages; {SPELL_KEYWORD} alone
          lists them and {SPELL_KEYWORD} CLEAR empties the list. {CARDS_KEYWORD} ON adds the caller's contact
          card and the appointment or time they named, as files attached to the first text of each reply,
          ready to save in your contacts or calendar; it comes as a picture message (MMS), which your plan may
          charge more for (message and data rates may apply). {CARDS_KEYWORD} OFF stops them (they are off
          until you ask), and {CARDS_KEYWORD} alone says which you get. {formatList(DELETE_KEYWORDS)} erases
          these choices too.
        </p>
      ),
    },
    {
      id: 'link',
      question: 'Who can open the link in my reply?',
      answer: <p>{messageLinkSentence(retention)} Keep it to yourself, as you would the text itself.</p>,
    },
    {
      id: 'cards',
      question: 'Can I save the caller, or the time they gave, in one tap?',
      answer: (
        <p>
          Yes, from the message's page: "Add to contacts" saves the caller's name or company with their
          number, and "Add to calendar" puts the time they set (an appointment, a deadline, when to call back)
          in your calendar with a reminder. Each appears only when what it needs was heard clearly. Times are
          in your number's time zone; text {TZ_KEYWORD} and a zone (for example {TZ_KEYWORD} CENTRAL or{' '}
          {TZ_KEYWORD} America/Chicago) to choose yours, {TZ_KEYWORD} alone to see it, and {TZ_KEYWORD} AUTO
          to go back to your area code's.
        </p>
      ),
    },
    {
      id: 'upload',
      question: 'My recording is too big to text. Can I still send it?',
      answer: <p>{UPLOAD_LINK_SENTENCE}</p>,
    },
    ...forwardingFaqItems(),
    {
      id: 'app',
      question: 'Do I need to install an app?',
      answer: <p>No. It works with the messaging app already on your phone: you forward, we text back.</p>,
    },
    {
      id: 'privacy',
      question: 'What happens to my voice messages?',
      answer: (
        <>
          <p>
            We use your audio only to make your summary and transcript. {audioRetentionSentence(retention)}{' '}
            {transcriptRetentionSentence(retention)} We never sell your information, and we never share your
            phone number or SMS consent with anyone for marketing.
          </p>
          <p>
            To erase your voice messages now, text {formatList(DELETE_KEYWORDS)} to our number: we text back a
            code, and when you reply {formatList(DELETE_KEYWORDS)} and that code within {DELETE_CODE_MINUTES}{' '}
            minutes we delete them with their audio, transcripts and summaries (and your {LANG_KEYWORD},{' '}
            {MODE_KEYWORD}, {SPELL_KEYWORD} and {TZ_KEYWORD} choices), and confirm by text. For anything else
            (such as your sign-up details), email {contact}. Details are in our{' '}
            <AppLink to="privacy" className={linkClass}>
              Privacy Policy
            </AppLink>
            .
          </p>
        </>
      ),
    },
    {
      id: 'cost',
      question: 'How much does it cost?',
      answer: (
        <p>
          {serviceName} is free. Your carrier's usual message and data rates apply to the messages you send us
          and the texts we send back. With call forwarding, a call your phone forwards to us is a call on your
          plan: some carriers count its minutes.
        </p>
      ),
    },
    {
      id: 'join',
      question: 'I asked for texts when I signed up. Why has no text come?',
      answer: (
        <p>
          We never text a number someone typed into a form, so your phone texts us first. After you sign up,
          the page shows a code: text {JOIN_KEYWORD} and that code (for example {JOIN_KEYWORD} 4821) to our
          number from the phone you gave, within{' '}
          {JOIN_CODE_MINUTES / 60 === 1 ? 'an hour' : `${JOIN_CODE_MINUTES} minutes`}, and we answer once to
          confirm. A code works only from the phone its sign-up named, so nobody else can sign your phone up.
          If it has expired, sign up again for a new one.
        </p>
      ),
    },
    {
      id: 'stop',
      question: 'How do I stop the texts?',
      answer: (
        <p>
          Text STOP to our number. We confirm once and then send nothing more.{' '}
          {formatList(OPT_OUT_KEYWORDS.filter((k) => k !== 'STOP'))} work too, and so does asking in your own
          words, such as "please stop texting me". Text {formatList(OPT_IN_KEYWORDS)} to start again, and{' '}
          {formatList(HELP_KEYWORDS)} for help. See the{' '}
          <AppLink to="terms" className={linkClass}>
            Mobile Terms of Use
          </AppLink>
          .
        </p>
      ),
    },
  ];
}
