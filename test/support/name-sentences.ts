/**
 * Voicemail-like sentences full of names and terms a speech engine spells wrong (issue 18: "Shao Gong Kao
 * chicks" for Siobhan Kowalczyk), and the sender's list of words to spell right (their SPELL list). flite
 * reads them with its letter-to-sound rules, so a name sounds as its letters suggest, not always as its owner
 * says it (Siobhan comes out near "Shao-bong"): the clips test the matching, not Irish pronunciation.
 */
import { normalizeWords, type SpeechSentence, wordErrors } from './speech-clips';

export type NameSentence = SpeechSentence & {
  /** The vocabulary words this sentence says (each counted once per time it is said). */
  readonly names: readonly string[];
};

export const NAME_SENTENCES: readonly NameSentence[] = [
  {
    id: 'names-billing',
    text: 'Hi, this is Siobhan Kowalczyk from the billing office, please call me back tomorrow.',
    names: ['Siobhan', 'Kowalczyk'],
  },
  {
    id: 'names-meeting',
    text: 'Hello, it is Aoife Nguyen, I will be late for the meeting on Friday.',
    names: ['Aoife', 'Nguyen'],
  },
  {
    id: 'names-doctor',
    text: 'This is Doctor Okonkwo calling about your test results, everything looks fine.',
    names: ['Okonkwo'],
  },
  {
    id: 'names-dinner',
    text: 'Hey, Tadhg and Saoirse are coming over for dinner tonight at seven.',
    names: ['Tadhg', 'Saoirse'],
  },
  {
    id: 'names-desk',
    text: 'Wojciech said the delivery for Xochitl is at the front desk.',
    names: ['Wojciech', 'Xochitl'],
  },
  {
    id: 'names-support',
    text: 'Priya Raghunathan from Kubernetes support called about the Grafana dashboard.',
    names: ['Priya', 'Raghunathan', 'Kubernetes', 'Grafana'],
  },
  {
    id: 'names-pharmacy',
    text: 'Mister Nguyen, your Ozempic prescription is ready at the Walgreens on Main Street.',
    names: ['Nguyen', 'Ozempic', 'Walgreens'],
  },
].map((sentence) => ({ ...sentence, keyWords: [] }));

/** The sender's list: every name above, as they would send it with SPELL. */
export const SENDER_VOCABULARY: readonly string[] = [
  ...new Set(NAME_SENTENCES.flatMap((sentence) => sentence.names)),
];

/** How many of the names said were written exactly (ignoring case) in the transcript. */
export function namesHeard(names: readonly string[], transcript: string): number {
  const heard = normalizeWords(transcript);
  return names.filter((name) => heard.includes(name.toLowerCase())).length;
}

/**
 * The word error rate of the words other than the vocabulary: the sentence's names are taken out of the
 * reference and the vocabulary's words out of the transcript, so a name written right costs nothing and a name
 * heard as other words costs those words.
 */
export function otherWordErrors(
  sentence: NameSentence,
  vocabulary: readonly string[],
  transcript: string,
): { readonly words: number; readonly errors: number } {
  const drop = new Set(vocabulary.map((word) => word.toLowerCase()));
  const reference = normalizeWords(sentence.text).filter((word) => !drop.has(word));
  const heard = normalizeWords(transcript).filter((word) => !drop.has(word));
  return wordErrors(reference.join(' '), heard.join(' '));
}
