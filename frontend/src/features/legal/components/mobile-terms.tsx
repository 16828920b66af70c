import { CARDS_KEYWORD } from '@core/commands/cards';
import {
  DELETE_CODE_MINUTES,
  DELETE_CODE_TEXTS_PER_DAY,
  DELETE_KEYWORDS,
  DELETE_LAST_CODE_DIGITS,
} from '@core/commands/delete';
import { FORWARD_KEYWORD } from '@core/commands/forward';
import { FULL_KEYWORDS } from '@core/commands/full';
import { HELP_KEYWORDS } from '@core/commands/help';
import { LANG_KEYWORD } from '@core/commands/lang';
import { MODE_KEYWORD } from '@core/commands/mode';
import { SPELL_KEYWORD } from '@core/commands/spell';
import { OPT_IN_KEYWORDS } from '@core/commands/start';
import { OPT_OUT_KEYWORDS } from '@core/commands/stop';
import { TZ_KEYWORD } from '@core/commands/tz';
import { UPLOAD_KEYWORDS } from '@core/commands/upload';
import { JOIN_CODE_MINUTES, JOIN_CODES_PER_PHONE, JOIN_KEYWORD } from '@core/senders/consent';
import { SENDER_PREFERENCES_RETENTION_DAYS } from '@core/senders/sender-preferences';
import { MAX_TRANSCRIPT_MESSAGES } from '@core/texts/service-texts';
import { MAX_VOCABULARY_WORDS as SPELL_MAX_WORDS } from '@core/transcripts/vocabulary';
import { AppLink } from '@/components/ui/app-link';
import { ContactEmail } from '@/components/ui/contact-email';
import type { RuntimeConfig } from '@/config/runtime-config';
import { formatList } from '@/lib/format-list';
import { messageLinkSentence, UPLOAD_LINK_SENTENCE } from '@/lib/retention';
import { ForwardingTerms } from './forwarding-terms';
import { LegalDocument, LegalSection, legalLinkClass, legalListClass } from './legal-document';

const TERMS_EFFECTIVE_DATE = 'October 15, 2025';

/** The SMS program's terms, as US carriers expect them: program, frequency, rates, keywords, liability, contact. */
export function MobileTerms({
  serviceName,
  contactEmail,
  retention = null,
}: {
  readonly serviceName: string;
  readonly contactEmail: string | null;
  /** The deployment's retention, for how long a message's link works. @default unknown */
  readonly retention?: RuntimeConfig['retention'] | null;
}) {
  const contact = <ContactEmail email={contactEmail} className={legalLinkClass} />;
  return (
    <LegalDocument
      title="Mobile Terms of Use"
      effectiveDate={TERMS_EFFECTIVE_DATE}
      intro={
        <p>These terms apply to the {serviceName} text message program. By using it, you agree to them.</p>
      }
    >
      <LegalSection id="program" title="The program">
        <p>
          <strong>Program name:</strong> {serviceName}.
        </p>
        <p>
          <strong>What it does:</strong> you forward a voice message or audio file to our number by text
          message; we text you back a summary of it and, depending on how the service is set up, its full
          transcript. We also answer HELP, STOP, {formatList(DELETE_KEYWORDS)}, {LANG_KEYWORD}, {MODE_KEYWORD}
          , {CARDS_KEYWORD}, {SPELL_KEYWORD}, {TZ_KEYWORD}, {formatList(FULL_KEYWORDS)},{' '}
          {formatList(UPLOAD_KEYWORDS)} and {FORWARD_KEYWORD}. We send no marketing.
        </p>
        <p>
          <strong>Links in our texts:</strong> {messageLinkSentence(retention)} {UPLOAD_LINK_SENTENCE} Links
          always point to this site, never to a link shortener. Keep the link to yourself, as you would the
          text itself. The files attached to a picture message (with {CARDS_KEYWORD} ON, below) come from this
          site too, and stop working when the message's link does or when the message is deleted.
        </p>
      </LegalSection>

      <LegalSection id="join" title="How you join">
        <p>
          You join by texting us first: we never text a number that someone typed into a form. When you sign
          up on this site and ask for texts, the page shows a code, for example{' '}
          <strong>{JOIN_KEYWORD} 4821</strong>. Text it to our number from the phone you gave, within{' '}
          {JOIN_CODE_MINUTES / 60 === 1 ? 'an hour' : `${JOIN_CODE_MINUTES} minutes`}, and we answer once to
          confirm. That text is your consent: we keep what it said, when it came and its message ID with your
          sign-up. A code works once, only from the phone its sign-up named, and a few wrong codes from one
          phone stop its codes working; at most {JOIN_CODES_PER_PHONE} sign-ups can wait for one phone. A code
          that expired or was stopped is replaced by signing up again.
        </p>
      </LegalSection>

      <LegalSection id="frequency" title="Message frequency and cost">
        <p>
          Message frequency varies: you get a reply to each voice message you forward (one text for the
          summary, and more for a long transcript), one reply to each HELP, START, {JOIN_KEYWORD},{' '}
          {LANG_KEYWORD}, {MODE_KEYWORD}, {CARDS_KEYWORD}, {SPELL_KEYWORD} or {TZ_KEYWORD}, a code and then a
          confirmation for {formatList(DELETE_KEYWORDS)}, and the transcript texts you ask for with{' '}
          {formatList(FULL_KEYWORDS)}. Any other text gets a short how-to, at most once a day.
        </p>
        <p>
          To keep the program fair and its costs in check, we transcribe a limited number of voice messages
          from one number each day, send a limited number of texts to one number each hour and each day, and
          answer {formatList(FULL_KEYWORDS)} and {formatList(UPLOAD_KEYWORDS)} a few times a day. Past the
          daily voice messages we tell you once by text; {formatList(FULL_KEYWORDS)} and{' '}
          {formatList(UPLOAD_KEYWORDS)} tell you when you can ask again.
        </p>
        <p>
          <strong>Message and data rates may apply.</strong> Your carrier's usual rates apply to the messages
          you send and receive; we charge nothing. With {CARDS_KEYWORD} ON the first text of a reply can come
          as a picture message (MMS), which your plan may charge more for than a text.
        </p>
      </LegalSection>

      <LegalSection id="stop" title="How to stop">
        <p>
          Text <strong>{formatList(OPT_OUT_KEYWORDS)}</strong> to our number at any time, with or without
          anything attached. Asking in your own words works too, for example "please stop texting me" or
          "unsubscribe me". You will receive one text confirming that you are unsubscribed, and no further
          texts. To join again, text <strong>{formatList(OPT_IN_KEYWORDS)}</strong>.
        </p>
      </LegalSection>

      <LegalSection id="language" title="The language of your replies">
        <p>
          Summaries are written in the language of each voice message. To have them written in one language
          instead, text <strong>{LANG_KEYWORD}</strong> and its two-letter code, for example{' '}
          <strong>{LANG_KEYWORD} es</strong> for Spanish or <strong>{LANG_KEYWORD} en</strong> for English; a
          message in another language is then translated. Text <strong>{LANG_KEYWORD}</strong> alone to see
          your choice and <strong>{LANG_KEYWORD} AUTO</strong> to go back to each message's own language. Our
          own texts (headings, notices, HELP) are in English or Spanish: in your choice, else in the message's
          language, else in English. Without the optional cloud transcription we understand English only. We
          keep your choice for {SENDER_PREFERENCES_RETENTION_DAYS} days after you last change it.
        </p>
      </LegalSection>

      <LegalSection id="commands" title="Your choices by text">
        <p>
          Text <strong>{formatList(FULL_KEYWORDS)}</strong> to get the full transcript of your latest voice
          message, in numbered texts (at most {MAX_TRANSCRIPT_MESSAGES}); each counts like any other text from
          us. Text <strong>{MODE_KEYWORD} FULL</strong> to get the transcript with every reply,{' '}
          <strong>{MODE_KEYWORD} SUMMARY</strong> for the summary only, or <strong>{MODE_KEYWORD}</strong>{' '}
          alone to see which you get; without a choice, the service's own setting applies. Text{' '}
          <strong>{SPELL_KEYWORD}</strong> and names or terms (at most {SPELL_MAX_WORDS} words), for example{' '}
          <strong>{SPELL_KEYWORD} Siobhan Kowalczyk</strong>, to have them spelled right in your messages;{' '}
          <strong>{SPELL_KEYWORD}</strong> alone lists them and <strong>{SPELL_KEYWORD} CLEAR</strong> empties
          the list. A message's page can add its caller to your contacts and a time they set to your calendar;
          text <strong>{CARDS_KEYWORD} ON</strong> to get them as files attached to the first text of a reply
          (a picture message, MMS: message and data rates may apply), ready to save;{' '}
          <strong>{CARDS_KEYWORD} OFF</strong> stops them (they are off until you ask) and{' '}
          <strong>{CARDS_KEYWORD}</strong> alone says which you get. Text <strong>{TZ_KEYWORD}</strong> and a
          time zone, for example <strong>{TZ_KEYWORD} CENTRAL</strong> or{' '}
          <strong>{TZ_KEYWORD} America/Chicago</strong>, to have those times in yours,{' '}
          <strong>{TZ_KEYWORD}</strong> alone to see which is used, and <strong>{TZ_KEYWORD} AUTO</strong> to
          go back to your number's area code (without either, the service's own setting applies). We keep
          these choices with your {LANG_KEYWORD} choice, for {SENDER_PREFERENCES_RETENTION_DAYS} days after
          you last change them. A command is the whole text: a sentence that merely contains one of these
          words is an ordinary text, and STOP always stops.
        </p>
      </LegalSection>

      <ForwardingTerms />

      <LegalSection id="delete" title="How to delete your messages">
        <p>
          Text <strong>{formatList(DELETE_KEYWORDS)}</strong> to our number to erase every voice message you
          have sent us, with its audio, transcript and summary, and your {LANG_KEYWORD}, {MODE_KEYWORD},{' '}
          {CARDS_KEYWORD}, {SPELL_KEYWORD} and {TZ_KEYWORD} choices. We text back a code: reply{' '}
          <strong>{formatList(DELETE_KEYWORDS)}</strong> and that code (for example{' '}
          {formatList(DELETE_KEYWORDS)} 482193) within {DELETE_CODE_MINUTES} minutes, and we erase them at
          once and confirm by text how many were deleted. Without the code nothing is deleted, so nobody can
          erase your messages by pretending to text from your number. Every code goes to your phone only: once
          we have texted your number its {DELETE_CODE_TEXTS_PER_DAY} codes of the day (even if someone else
          asked for them), we send no more that day, and the last one, {DELETE_LAST_CODE_DIGITS} digits long,
          works until midnight UTC however often anyone guesses at it, so asking for codes in your name cannot
          stop you erasing. Your opt-out, if you sent STOP, is kept so that we keep honouring it; while it
          stands we cannot text you a code, so text START first, or email {contact}.
        </p>
      </LegalSection>

      <LegalSection id="help" title="How to get help">
        <p>
          Text <strong>{formatList(HELP_KEYWORDS)}</strong> to our number for help, or email {contact}.
        </p>
      </LegalSection>

      <LegalSection id="carriers" title="Carriers">
        <p>Carriers are not liable for delayed or undelivered messages.</p>
      </LegalSection>

      <LegalSection id="use" title="Using the program">
        <ul className={legalListClass}>
          <li>
            You must be 13 or older, and the account holder of the phone you use or have their permission.
          </li>
          <li>Forward only recordings you have the right to share.</li>
          <li>
            Summaries and transcripts are made automatically and can contain mistakes: check the original
            recording before relying on anything important in them.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="privacy" title="Privacy">
        <p>
          How we handle your number, your voice messages and your consent is explained in our{' '}
          <AppLink to="privacy" className={legalLinkClass}>
            Privacy Policy
          </AppLink>
          . Mobile information and SMS opt-in consent are never shared with third parties for marketing.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Changes and contact">
        <p>
          We may update these terms; the date at the top says when they last changed. Questions: {contact}.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
