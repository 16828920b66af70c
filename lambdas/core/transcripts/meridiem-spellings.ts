/**
 * How sure the engine was of "a.m." or "p.m." after a time's digits, whatever way it wrote them (issue 32).
 * Moonshine hesitates between spellings of the same thing said: for "That's eight p.m." it chose "pm" at 0.30
 * beside "▁p" (of "p.m.") 0.20, "▁pm" 0.11 and "▁PM" 0.08; for "at five p.m. today" "▁p" at 0.24 beside "▁pm"
 * 0.23, "pm" 0.22, "▁PM" 0.05 (docs/decisions/cards.md). Read as the chosen token's alone, those were doubted
 * and the time shown "[unclear]"; the doubt is about the writing, as with "," and "." (core/transcripts/
 * token-words.ts). So the likelihood of a spelling of "a.m." (or "p.m.") right after a digit is that of every
 * spelling of it together. "a.m." against "p.m." is still doubt: they are not added together.
 */

export type Meridiem = 'am' | 'pm';

/** "am", "▁AM", "▁a" (of "a.m."), "pm", "PM", "▁p": the meridiem a vocabulary piece writes, or null. */
export function meridiemOfPiece(piece: string): Meridiem | null {
  const letters = piece.replace(/^▁/, '').replaceAll('.', '').toLowerCase();
  if (letters === 'a' || letters === 'am') return 'am';
  if (letters === 'p' || letters === 'pm') return 'pm';
  return null;
}

/** The ids of the vocabulary's pieces that spell each meridiem. */
export function meridiemSpellings(
  vocabById: readonly string[],
): Readonly<Record<Meridiem, readonly number[]>> {
  const spellings: Record<Meridiem, number[]> = { am: [], pm: [] };
  vocabById.forEach((piece, id) => {
    const meridiem = meridiemOfPiece(piece);
    if (meridiem !== null) spellings[meridiem].push(id);
  });
  return spellings;
}

/** Whether a piece ends in a digit: "8", "▁5", "15". */
export const endsInDigit = (piece: string | undefined) => piece !== undefined && /\d$/.test(piece);

/**
 * The log-probability to read for the chosen token (`chosen`: its own, from the log-softmax `logProbOf`): after
 * a digit, a spelling of "a.m." or "p.m." counts every spelling of it; any other token, its own.
 */
export function spelledLogProb(
  chosen: { readonly piece: string; readonly logProb: number; readonly afterDigit: boolean },
  spellings: Readonly<Record<Meridiem, readonly number[]>>,
  logProbOf: (id: number) => number,
): number {
  const meridiem = chosen.afterDigit ? meridiemOfPiece(chosen.piece) : null;
  if (meridiem === null) return chosen.logProb;
  const together = spellings[meridiem].reduce((sum, id) => sum + Math.exp(logProbOf(id)), 0);
  return Math.max(chosen.logProb, Math.log(Math.min(1, together)));
}
