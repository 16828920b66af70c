/**
 * The TwiML the voice webhook answers a forwarded call with (issue 33): pure text, built here so every case
 * (not our number, not taking messages, the greeting and the recording) is one function a test can read.
 */
import type { TextLanguage } from '#core/texts/catalogue';
import { NOT_IN_SERVICE, spokenWords } from './call-texts';

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

/** Text and attribute values as XML allows them (a greeting is the operator's words: escaped). */
export function xmlEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const say = (text: string, words: { readonly sayLanguage: string; readonly sayVoice: string }) =>
  `<Say voice="${xmlEscape(words.sayVoice)}" language="${xmlEscape(words.sayLanguage)}">${xmlEscape(text)}</Say>`;

const response = (...verbs: string[]) => `${HEAD}<Response>${verbs.join('')}</Response>`;

/** Hangs up (the <Record action>'s answer, and a call we will not take). */
export const hangupTwiml = (): string => response('<Hangup/>');

/** A call to a number that is not one of ours. */
export const notInServiceTwiml = (): string => response(say(NOT_IN_SERVICE, spokenWords('en')), '<Hangup/>');

/** A subscriber who is not taking messages (opted out, number being released, past today's calls). */
export const notTakingTwiml = (language: TextLanguage): string => {
  const words = spokenWords(language);
  return response(say(words.notTaking, words), '<Hangup/>');
};

export type RecordCall = {
  readonly language: TextLanguage;
  /** The operator's greeting (Settings), or null for the built-in one in `language`. */
  readonly greeting: string | null;
  /** The test call: "Forwarding works." first. */
  readonly testCall: boolean;
  readonly maxSeconds: number;
  readonly silenceSeconds: number;
  /** The <Record action> (POST /api/voice/recorded) and status callback (POST /api/voice/recording). */
  readonly actionUrl: string;
  readonly recordingStatusUrl: string;
};

/** The greeting, a beep, the recording (to its longest and its silence), then hang up. */
export function recordTwiml(call: RecordCall): string {
  const words = spokenWords(call.language);
  const record =
    `<Record maxLength="${Math.max(1, Math.floor(call.maxSeconds))}" timeout="${Math.floor(call.silenceSeconds)}"` +
    ` playBeep="true" trim="trim-silence" action="${xmlEscape(call.actionUrl)}" method="POST"` +
    ` recordingStatusCallback="${xmlEscape(call.recordingStatusUrl)}" recordingStatusCallbackMethod="POST"` +
    ` recordingStatusCallbackEvent="completed"/>`;
  return response(
    ...(call.testCall ? [say(words.forwardingWorks, words)] : []),
    say(call.greeting?.trim() || words.greeting, words),
    record,
    '<Hangup/>',
  );
}
