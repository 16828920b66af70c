import { DELETE_CODE_MINUTES, DELETE_KEYWORDS } from '@core/commands/delete';
import { LANG_KEYWORD } from '@core/commands/lang';
import { MODE_KEYWORD } from '@core/commands/mode';
import { SPELL_KEYWORD } from '@core/commands/spell';
import { TZ_KEYWORD } from '@core/commands/tz';
import { REFUSED_TEXT_MAX } from '@core/messages/refused-inbound';
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
import { LegalDocument, LegalSection, legalLinkClass, legalListClass } from './legal-document';

/** SPEC section 9. */
const PRIVACY_EFFECTIVE_DATE = 'October 15, 2025';

export type PrivacyPolicyProps = {
  readonly serviceName: string;
  readonly contactEmail: string | null;
  readonly siteUrl: string;
  readonly retention: RuntimeConfig['retention'] | null;
};

/** What we collect, why, who processes it, how long it is kept, and how to have it deleted. */
export function PrivacyPolicy({ serviceName, contactEmail, siteUrl, retention }: PrivacyPolicyProps) {
  const contact = <ContactEmail email={contactEmail} className={legalLinkClass} />;
  return (
    <LegalDocument
      title="Privacy Policy"
      effectiveDate={PRIVACY_EFFECTIVE_DATE}
      intro={
        <p>
          {serviceName} ("we") turns the voice messages you forward to our phone number into a text with a
          summary and a transcript. This policy explains what we collect to do that, why, who helps us, how
          long we keep it and how to have it deleted. It applies to the site at{' '}
          {siteUrl.replace(/^https?:\/\//, '')} and to our text messages.
        </p>
      }
    >
      <LegalSection id="collect" title="What we collect">
        <ul className={legalListClass}>
          <li>
            <strong>Sign-up details:</strong> your name, email address, mobile number if you give one, and
            whether you agreed to receive text messages.
          </li>
          <li>
            <strong>Consent records:</strong> when you signed up, the exact consent wording you were shown,
            and the IP address and browser you used; and, when your phone confirms by texting us the code the
            sign-up page showed, what it texted, when, and the message's ID. We keep these to prove your
            opt-in, as US carriers require.
          </li>
          <li>
            <strong>Phone numbers:</strong> the number you text us from.
          </li>
          <li>
            <strong>Audio:</strong> the voice messages and audio files you forward, with their length and
            format.
          </li>
          <li>
            <strong>Calls to your forwarding number</strong> (if you text FORWARD): your forwarding number and
            the carrier you name, and for each call the caller's number as the phone network gives it (caller
            ID), when it came and how long it was, and the message the caller leaves, recorded as audio.
            Callers hear a greeting before the recording starts.
          </li>
          <li>
            <strong>Transcripts and summaries</strong> we make from your audio, and the texts we send back.
          </li>
          <li>
            <strong>Opt-out records:</strong> numbers that texted STOP, and when.
          </li>
          <li>
            <strong>Notes of other messages:</strong> when you send us a picture, another file or a text that
            is not a command, or text us after STOP, a note that it arrived: what kind it was, the type of
            each file, the first {REFUSED_TEXT_MAX} characters of a text (nothing of what you send after STOP)
            and what we answered. We keep no pictures or files, and delete them at Twilio. A note is kept and
            deleted like a transcript.
          </li>
        </ul>
        <p>
          The site sets no tracking cookies and uses no analytics or advertising tools. It loads nothing from
          other websites.
        </p>
      </LegalSection>

      <LegalSection id="use" title="Why we use it">
        <ul className={legalListClass}>
          <li>To transcribe and summarize the voice messages you forward, and text you the result.</li>
          <li>To answer HELP, honour STOP, and keep the records carriers and the law require.</li>
          <li>To run, secure and fix the service, for example to process a failed message again.</li>
        </ul>
        <p>We do not sell your personal information, and we do not use it for advertising.</p>
      </LegalSection>

      <LegalSection id="share" title="Who receives it">
        <p>Only the companies that run parts of the service for us, and only what each needs:</p>
        <ul className={legalListClass}>
          <li>
            <strong>Speech-to-text and summarization provider:</strong> depending on how the service is set
            up, your audio is transcribed on our own servers, or your audio and its transcript are sent to
            OpenAI, which transcribes and summarizes them for us. OpenAI does not use data sent through its
            API to train its models and may keep it for up to 30 days to detect abuse.
          </li>
          <li>
            <strong>SMS provider:</strong> Twilio receives your phone number, the messages you send us and the
            texts we send back, to deliver them. It also provides forwarding numbers and takes the calls to
            them: it records the caller's message, we fetch the recording from Twilio and delete it there at
            once.
          </li>
          <li>
            <strong>Cloud host:</strong> Amazon Web Services stores the data and runs the service in the
            United States.
          </li>
        </ul>
        <p>
          <strong>
            Mobile information and SMS opt-in consent are not shared with third parties or affiliates for
            marketing or promotional purposes.
          </strong>{' '}
          The categories of recipients above exclude text messaging originator opt-in data and consent: this
          information is not shared with any third parties. We disclose information otherwise only when the
          law requires it.
        </p>
      </LegalSection>

      <LegalSection id="retention" title="How long we keep it">
        <ul className={legalListClass}>
          <li>{audioRetentionSentence(retention)}</li>
          <li>
            Recordings callers leave on your forwarding number are audio like any other: kept, transcribed and
            deleted the same way, with the caller's number kept as part of their message.
          </li>
          <li>{transcriptRetentionSentence(retention)}</li>
          <li>{messageLinkSentence(retention)}</li>
          <li>{UPLOAD_LINK_SENTENCE}</li>
          <li>Sign-up details are kept until you ask us to delete them.</li>
          <li>
            Consent and opt-out records are kept for as long as we run the service, because carriers and the
            law may ask us to prove them.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="security" title="How we protect it">
        <p>
          Data is encrypted in transit and at rest. Only the administrators who run the service can see
          messages, and they must sign in to do so. Provider keys are kept in a secrets vault, never in the
          site.
        </p>
        <p>
          If a breach affects your personal information, we will tell you, and the authorities where the law
          requires it, within 72 hours of learning about it.
        </p>
      </LegalSection>

      <LegalSection id="children" title="Children">
        <p>
          The service is not for children under 13, and we do not knowingly collect information from them. If
          you believe a child under 13 has used it, contact us and we will delete their information.
        </p>
      </LegalSection>

      <LegalSection id="choices" title="Your choices and how to have your data deleted">
        <ul className={legalListClass}>
          <li>
            Text STOP to our number to stop all texts from us (see the{' '}
            <AppLink to="terms" className={legalLinkClass}>
              Mobile Terms of Use
            </AppLink>
            ).
          </li>
          <li>
            Text {formatList(DELETE_KEYWORDS)} to our number to erase the voice messages you sent us, with
            their audio, transcripts and summaries, our notes of your other messages, and the choices you made
            by text: the reply language ({LANG_KEYWORD}), the reply mode ({MODE_KEYWORD}), the words to spell
            right ({SPELL_KEYWORD}) and your time zone ({TZ_KEYWORD}), kept otherwise for a year after you
            last change them, and the messages callers left on your forwarding number with their recordings
            and caller numbers (the number itself is released 7 days later). We text back a code; when you
            reply {formatList(DELETE_KEYWORDS)} and that code within {DELETE_CODE_MINUTES} minutes, we erase
            them at once and confirm by text. The code keeps anyone who pretends to text from your number from
            erasing your messages. To erase one message, open the link in its reply and choose Delete this
            message.
          </li>
          <li>
            Email {contact} to see, correct or delete your information. Deleting it removes your sign-up
            details and the audio, transcripts and summaries of messages sent from your number. We answer
            within 30 days.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="changes" title="Changes to this policy">
        <p>
          When we change this policy we update the date at the top. If a change affects how we use information
          we already have, we will tell you before it takes effect.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Contact">
        <p>Questions about this policy or your information: {contact}.</p>
      </LegalSection>
    </LegalDocument>
  );
}
