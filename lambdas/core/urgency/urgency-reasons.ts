/**
 * What is done with an urgency reason (issue 31). The rules' reasons are fixed words of ours
 * (core/urgency/urgency-cues.ts); a model's is free text, and a voicemail can steer it ("verify at chase dot
 * com"). So:
 * - a model's reason is kept (for the message page, the dashboard and the export) only when it is a few plain
 *   words, with no number, markup, web address or e-mail, and EVERY word of it was heard well in the
 *   transcript (core/facts/heard-phrases.ts); else the pipeline gives fixed words for its level;
 * - the sender's text never carries free text: it names a reason only from a small closed set, the rules'
 *   own spam reasons (`textedReason`, core/urgency/texted-reasons.ts), which the catalogues translate.
 */
import { everyWordHeard } from '#core/facts/heard-phrases';
import { HIDDEN_CHARACTERS, hasLinkText } from '#core/facts/link-text';
import { type HeardTranscript, heardTokens } from '#core/transcripts/heard-transcript';
import { URGENCY_REASON_MAX } from './urgency-schema';

/** Number words: "call nine one one", "five hundred dollars". */
const SPOKEN_NUMBER =
  /\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million)\b/i;

/** A reason as a model wrote it, kept when it is a few plain words: no digits, links or markup; else null. */
export function cleanReason(reason: string): string | null {
  if (HIDDEN_CHARACTERS.test(reason.replace(/[\t\n\r ]/g, ' '))) return null;
  const text = reason
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!]+$/, '');
  // No digit and no number in words: a model's reason reaches the sender's text, and no number there is checked.
  if (text === '' || /\d|https?:|www\.|\.[a-z]{2,}\b|[<>{}[\]@#$%^*=|\\~`]/i.test(text)) return null;
  if (SPOKEN_NUMBER.test(text) || hasLinkText(text)) return null;
  if (text.split(' ').length > 10 || text.length > URGENCY_REASON_MAX) return null;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** A model's reason as the message may keep it: clean, and every word of it heard well; else null. */
export function heardReason(reason: string, heard: HeardTranscript): string | null {
  const clean = cleanReason(reason);
  return clean !== null && everyWordHeard(clean, heardTokens(heard)) ? clean : null;
}
