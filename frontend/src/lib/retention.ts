import type { RuntimeConfig } from '@/config/runtime-config';

type Retention = RuntimeConfig['retention'];

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** How long audio is kept, as a sentence, from the deployment's configured retention. */
export function audioRetentionSentence(retention: Retention | null): string {
  if (!retention || retention.audioDays === null) {
    return 'Audio is kept until you ask us to delete it, so that a failed message can be processed again.';
  }
  return `Audio is deleted automatically ${days(retention.audioDays)} after it arrives.`;
}

/** How long transcripts and summaries are kept, as a sentence. */
export function transcriptRetentionSentence(retention: Retention | null): string {
  if (!retention || retention.transcriptDays === null) {
    return 'Transcripts and summaries are kept until you ask us to delete them.';
  }
  return `Transcripts and summaries are deleted automatically ${days(retention.transcriptDays)} after the message arrives.`;
}

/**
 * What the link at the end of a reply opens, who can open it and for how long (issue 18): the privacy
 * policy, the terms and the FAQ say it in these same words.
 */
export function messageLinkSentence(retention: Retention | null): string {
  const until =
    !retention || retention.transcriptDays === null
      ? 'until the link expires or the message is deleted'
      : `until the link expires or the message is deleted, at the latest ${days(retention.transcriptDays)} after it arrives`;
  return `The first text of a reply may end with a private link to a page with the whole message: its summary, full transcript and recording. Anyone who has that link can read that message, ${until}; deleting it on that page or erasing your messages with DELETE by text ends the link at once. The link is made of random characters that cannot be guessed, and the page is never shown to search engines.`;
}

/** What the UPLOAD command sends and who can use its link (the privacy policy, the terms and the FAQ say it). */
export const UPLOAD_LINK_SENTENCE =
  'Texting UPLOAD gets you a private link to a page where you can send us one recording from your phone (audio, up to 25 MB) to be summarized like a voice message; the link works once and for one hour, and anyone who has it in that hour can send a recording in your name.';
