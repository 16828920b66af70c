/**
 * What a voicemail of the facts benchmark holds (its ground truth: who called, the number to call back,
 * amounts and card or account digits, days and times) and how it is recorded (voice, 16 kHz or an 8 kHz
 * AMR-NB phone recording, with or without noise). The voicemails themselves: fact-voicemails.ts.
 */
import type { Voice } from './speech-clips';

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

/** A day or time the caller gave; every part given must be in the text for it to count as right. */
export type TimeFact = {
  readonly day?: Weekday;
  /** 1-12 (a.m. or p.m. is not checked); noon is 12. */
  readonly hour?: number;
  readonly minute?: number;
  /** The day of the month ("the twenty third"). */
  readonly date?: number;
  readonly relative?: 'today' | 'tonight' | 'tomorrow';
};

/** Digits that are not an amount: a card's or account's last four, a phone extension. */
export type DigitsFact = { readonly digits: string; readonly cue: 'card' | 'account' | 'extension' };

/** How the callback number is said. */
export type NumberSaid =
  | 'digit by digit'
  | 'oh for zero'
  | 'eight hundred'
  | 'five hundred'
  | 'twice, the same'
  | 'twice, differently'
  | 'with an extension'
  | 'my direct line is'
  | 'none';

/** How the caller gives their name: introduced ("this is", "it's", "my name is"), not ("Chloe here"), or not at all. */
export type NameSaid = 'this is' | "it's" | 'my name is' | 'not introduced' | 'none';

export type FactVoicemail = {
  readonly id: string;
  readonly script: string;
  /** The caller's name as the text must show it; null when they gave none. */
  readonly name: string | null;
  /** Other spellings of the same name, said the same way ("Sophia" for Sofia): right too. */
  readonly nameSpelledAlso?: readonly string[];
  readonly nameSaid: NameSaid;
  /** The callback number's 10 digits; null when none is said. */
  readonly number: string | null;
  readonly numberSaid: readonly NumberSaid[];
  /** Whole dollars. */
  readonly amounts: readonly number[];
  readonly digits: readonly DigitsFact[];
  readonly times: readonly TimeFact[];
};

/** The fields a voicemail may leave out: no amounts, digits or times; no name or number ("none"). */
export type FactVoicemailInput = Omit<
  FactVoicemail,
  'amounts' | 'digits' | 'times' | 'nameSaid' | 'numberSaid'
> &
  Partial<Pick<FactVoicemail, 'amounts' | 'digits' | 'times' | 'nameSaid' | 'numberSaid'>>;

/** A voicemail with what it leaves out filled in. */
export function factVoicemail(input: FactVoicemailInput): FactVoicemail {
  return {
    amounts: [],
    digits: [],
    times: [],
    nameSaid: 'none',
    numberSaid: ['none'],
    ...input,
  };
}

/** How a voicemail is recorded: who reads it, 16 kHz WAV or an 8 kHz AMR-NB phone recording, noise or none. */
export type Rendering = {
  readonly voice: Voice;
  readonly band: 'wav-16k' | 'amr-nb-8k';
  /** Pink noise this many dB below the speech, or null for none. */
  readonly noiseSnrDb: number | null;
};

/** Five flite voices and two espeak-ng English ones (kal is flite's 8 kHz voice: its "16 kHz" WAV is 8 kHz). */
export const FACT_VOICES: readonly Voice[] = [
  'slt',
  'rms',
  'awb',
  'kal16',
  'kal',
  'espeak:en-us',
  'espeak:en-gb',
];
const CONDITIONS: readonly Omit<Rendering, 'voice'>[] = [
  { band: 'wav-16k', noiseSnrDb: null },
  { band: 'amr-nb-8k', noiseSnrDb: null },
  { band: 'wav-16k', noiseSnrDb: 10 },
  { band: 'amr-nb-8k', noiseSnrDb: 10 },
];

/** The n-th voicemail's rendering: voices and conditions taken in turn (7 and 4: every pairing comes up). */
export function renderingOf(index: number): Rendering {
  return { voice: FACT_VOICES[index % FACT_VOICES.length]!, ...CONDITIONS[index % CONDITIONS.length]! };
}

/** "slt, AMR-NB 8 kHz, noise 10 dB" */
export function renderingLabel(rendering: Rendering): string {
  const band = rendering.band === 'wav-16k' ? '16 kHz' : 'AMR-NB 8 kHz';
  const noise = rendering.noiseSnrDb === null ? 'clean' : `noise ${rendering.noiseSnrDb} dB`;
  return `${rendering.voice.replace('espeak:', 'espeak ')}, ${band}, ${noise}`;
}
