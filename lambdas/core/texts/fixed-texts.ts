/**
 * The shape of the catalogue of fixed texts a sender can get: one object per language (catalogue-english.ts,
 * catalogue-spanish.ts) so a text missing in one language is a type error. Each function returns candidates from the
 * longest to the shortest when a text carries something of variable length (a service name, an email); the
 * composer (core/texts/service-texts.ts) sends the first that fits its budget.
 */

import type { ZoneSource } from '#core/cards/time-zones';
import type { HelpListedCommand } from '#core/commands/texted-commands';
import type { ReplyMode } from '#core/messages/message';

/** Why a voice message could not be turned into a summary, as the sender is told. */
export type FailureReason =
  | 'unsupported-media'
  | 'too-large'
  | 'too-long'
  | 'no-speech'
  | 'not-english'
  | 'unclear'
  | 'download-failed'
  | 'internal';

/** HELP's sentences in one language; HELP_TEXT decides which of them fit. */
export type HelpPieces = {
  /** What the service does, at length ("forward a voice message ... and get a text back with a summary."). */
  readonly longDescription: string;
  /** What the service does, in a few words ("voice message summaries."). */
  readonly description: string;
  /** The sentence that lists the commands ("Text FULL for the transcript, ..."). */
  readonly commands: (listed: readonly string[]) => string;
  /** Where to get support ("Support: help@example.com."). */
  readonly support: (email: string) => string;
  /** How often messages come ("Msg frequency varies."). */
  readonly frequency: string;
  /** The rates, STOP and HELP, which every HELP ends with. */
  readonly closing: string;
};

/** A command as HELP lists it: the words to text, and what it does when there is room. */
export type HelpCommand = {
  readonly words: string;
  readonly does?: string;
  /**
   * Kept with its words when HELP has room for no other explanation: LANG's, which tells a reader of the other
   * language how to get texts they can read ("LANG en para inglés").
   */
  readonly alwaysExplained?: boolean;
};

/** Every fixed text, in one language. `name` is the cleaned service name (core/texts/service-texts.ts), never empty. */
export type FixedTexts = {
  /** Used when the operator set no service name. */
  readonly defaultName: string;
  /** The heading of the first message: "Summary: ", "Acme Voice summary: " (null: no service name). */
  readonly summaryHeading: (name: string | null) => string;
  /** The heading of a first message that carries the whole voicemail instead of a summary of it. */
  readonly wholeMessageHeading: (name: string | null) => string;
  /** Opens the first text of an urgent message (issue 25), before its heading: "URGENT: ". */
  readonly urgentPrefix: string;
  /**
   * The one text a likely-spam message gets instead of a summary (issue 25): what it likely is (`kind`: a scam,
   * a recorded sales call, or spam by the summary model's reading), why (`reason`: the rules' fixed words,
   * which a catalogue may translate, or the model's; null: none to give), and FULL for the transcript.
   */
  readonly likelySpam: (kind: 'scam' | 'sales' | 'other', reason: string | null) => string;
  /** A callback number was said but not heard well enough to state: where it was ("0:42"; null: unknown). */
  readonly numberUnclear: (at: string | null) => string;
  /** Stands in for a summary the engine left empty. */
  readonly noSummary: string;
  /** Heads the callback line: "Call back: (415) 555-0132, after 3 pm". */
  readonly callBack: string;
  /** A forwarded call whose caller ID was withheld (issue 33): "From a private number". */
  readonly fromPrivateNumber: string;
  /** Heads each transcript message: "Transcript: ...", "Transcript (2/3): ...". */
  readonly transcriptLabel: string;
  /** Ends the last transcript message when the cap drops the rest (starts with a space). */
  readonly transcriptCutNote: string;
  /** The transcript message when nothing was recognized. */
  readonly emptyTranscript: string;
  /** Warnings the reply carries in brackets, by the English text the pipeline records. */
  readonly possiblyUnreliable: string;
  readonly lowQuality: (khz: string) => string;
  /** Opens every failure notice; one of `failureDetail` follows. */
  readonly failurePrefix: string;
  readonly failureDetail: Readonly<Record<FailureReason, string>>;
  /**
   * Each command HELP lists: the words a sender texts ("FULL") and, where room allows, a few more saying what
   * it does ("for the transcript"); core/commands sets which, and their order.
   */
  readonly helpCommands: Readonly<Record<HelpListedCommand, HelpCommand>>;
  /** The pieces HELP is made of, in this language (core/texts/service-texts.ts HELP_TEXT orders them). */
  readonly help: HelpPieces;
  readonly usage: (name: string) => readonly string[];
  readonly unsupportedMedia: string;
  readonly optOutConfirmation: string;
  readonly optInConfirmation: string;
  /** "1 voice message", "20 voice messages". */
  readonly voiceMessages: (count: number) => string;
  readonly voiceLimit: (name: string, perDay: number) => readonly string[];
  readonly deleted: (name: string, count: number) => readonly string[];
  /** How this language names a language in a LANG answer: "Spanish (es)". */
  readonly languageLabel: (code: string) => string;
  /** LANG xx: replies will now be written in `label`. */
  readonly langSet: (name: string, label: string) => readonly string[];
  /** LANG: the current choice (null: each message's own language). */
  readonly langCurrent: (name: string, label: string | null) => readonly string[];
  /** LANG AUTO: back to each message's own language. */
  readonly langAuto: (name: string) => readonly string[];
  /** LANG with something that is not a language code we know. */
  readonly langUnknown: (name: string) => readonly string[];
  /** MODE FULL / MODE SUMMARY: this sender's replies from now on carry the transcript, or not. */
  readonly modeSet: (name: string, mode: ReplyMode) => readonly string[];
  /** MODE: the current mode, and whether it is the sender's own choice or the service's default. */
  readonly modeCurrent: (name: string, mode: ReplyMode, own: boolean) => readonly string[];
  /** MODE with something that is neither FULL nor SUMMARY. */
  readonly modeUnknown: (name: string) => readonly string[];
  /** CARDS ON / CARDS OFF: replies bring the contact card and the event as MMS attachments, or no longer. */
  readonly cardsSet: (name: string, on: boolean) => readonly string[];
  /** CARDS: whether they are on (off unless the sender chose them). */
  readonly cardsCurrent: (name: string, on: boolean) => readonly string[];
  /** CARDS with something that is neither ON nor OFF. */
  readonly cardsUnknown: (name: string) => readonly string[];
  /** SPELL words: the list now (`shown`: some or all of it, comma-separated), `count` words in all. */
  readonly spellSaved: (name: string, shown: string, count: number, max: number) => readonly string[];
  /** SPELL: the list (`shown` as above), or (`count` 0) that there is none. */
  readonly spellList: (name: string, shown: string, count: number) => readonly string[];
  /** SPELL CLEAR: the list is empty. */
  readonly spellCleared: (name: string) => readonly string[];
  /** SPELL words that would take the list past `max` words: nothing was saved. */
  readonly spellTooMany: (name: string, max: number, count: number) => readonly string[];
  /** TZ <zone>: the times of this sender's calendar events ("Add to calendar") are now in `zone` (IANA). */
  readonly tzSet: (name: string, zone: string) => readonly string[];
  /** TZ: the zone their events are in, and where it comes from. */
  readonly tzCurrent: (name: string, zone: string, source: ZoneSource) => readonly string[];
  /** TZ AUTO: back to the area code's zone (`source` area-code), or the default when it gives none. */
  readonly tzAuto: (name: string, zone: string, source: ZoneSource) => readonly string[];
  /** TZ with something that is no time zone. */
  readonly tzUnknown: (name: string) => readonly string[];
  /** FULL when this sender has no voice message with a transcript. */
  readonly fullNone: (name: string) => readonly string[];
  /** UPLOAD: the one-hour link to the upload page (`url` is never shortened, so it is in every candidate). */
  readonly uploadLink: (name: string, url: string) => readonly string[];
  /** DELETE: the code to reply with, within `minutes` (the code is in every candidate). */
  readonly deleteCode: (name: string, code: string, minutes: number) => readonly string[];
  /** DELETE: the day's last code, which works until midnight UTC (the code is in every candidate). */
  readonly deleteCodeLast: (name: string, code: string) => readonly string[];
  /** DELETE with a code that is not the one sent (the code still has tries left): nothing was deleted. */
  readonly deleteCodeWrong: (name: string) => readonly string[];
  /** DELETE with a code when none works any more (expired, used, or its tries spent): nothing was deleted. */
  readonly deleteCodeInvalid: (name: string, minutes: number, tries: number) => readonly string[];
  /** JOIN with a code that confirms nothing (wrong, used, expired, or the phone's tries spent): one answer for all. */
  readonly joinNotConfirmed: (name: string) => readonly string[];
  /** The phone's JOIN confirmed its sign-up. */
  readonly smsConsentConfirmed: (name: string) => readonly string[];
  /** How long until a daily count starts again, to end a sentence: "in 5 hours", "in 40 minutes". */
  readonly waitFor: (minutes: number) => string;
  /** FULL past its answers a day (`perDay`): when to ask again (`wait`, from `waitFor`). */
  readonly fullLimit: (name: string, perDay: number, wait: string) => readonly string[];
  /** UPLOAD past its links a day (`perDay`): when to ask again. */
  readonly uploadLimit: (name: string, perDay: number, wait: string) => readonly string[];
};
