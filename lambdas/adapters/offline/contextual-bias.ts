/**
 * Contextual biasing of Moonshine's greedy decoder toward a sender's words: a prefix tree of the words' token
 * sequences (as the tokenizer writes them mid-sentence, "▁Ok" "onk" "wo"), and at each step a bonus added to
 * the logits of the tokens that continue a match in progress (and, if weighted, of those that would start
 * one). The decoder still chooses: a bonus only tips a close call, so a word comes out when the audio allows.
 * See docs/local-transcription.md ("A sender's words").
 */

/** What the biasing needs from the tokenizer: a word's token ids as the decoder would write it mid-sentence. */
export type WordEncoder = (word: string) => readonly number[];

/** Added to a logit (so to its log-probability) in nats. */
export type BiasWeights = { readonly start: number; readonly continuation: number };
/**
 * Tuned on bench/spell.ts's clips (names recalled by biasing alone / WER of sentences without names):
 * start 0, continuation 4: 9 of 64 / 2.6%; 0.5 and 6: 12 / 2.6%; 1 and 4: 11 / 2.9%; 1.5 and 4: 11 / 2.9%.
 * A start bonus of 1 or more changes sentences that hold none of the words; half a nat does not.
 */
export const DEFAULT_BIAS_WEIGHTS: BiasWeights = { start: 0.5, continuation: 6 };

type Node = { readonly children: Map<number, Node> };

/** Where the decoder is in the prefix tree: the nodes of the matches in progress. */
export type BiasState = readonly Node[];

export class VocabularyBias {
  private readonly root: Node = { children: new Map() };

  private constructor(private readonly weights: BiasWeights) {}

  /** The prefix tree of the words' token sequences, or null when there is no word to bias toward. */
  static of(words: readonly string[], encode: WordEncoder, weights = DEFAULT_BIAS_WEIGHTS) {
    const bias = new VocabularyBias(weights);
    for (const word of words) {
      const tokens = encode(word);
      if (tokens.length < 1) continue;
      let node = bias.root;
      for (const token of tokens) {
        let child = node.children.get(token);
        if (!child) {
          child = { children: new Map() };
          node.children.set(token, child);
        }
        node = child;
      }
    }
    return bias.root.children.size === 0 ? null : bias;
  }

  readonly initial: BiasState = [];

  /** The bonus `token` gets in `state` (0 when it neither starts nor continues a word). */
  bonus(state: BiasState, token: number): number {
    if (state.some((node) => node.children.has(token))) return this.weights.continuation;
    return this.root.children.has(token) ? this.weights.start : 0;
  }

  /** The tokens that get a bonus in `state`: those continuing a match in progress, and those starting a word. */
  favoured(state: BiasState): number[] {
    const tokens = new Set(this.root.children.keys());
    for (const node of state) for (const token of node.children.keys()) tokens.add(token);
    return [...tokens];
  }

  /** The token with the largest biased logit, never `skip` (the logits themselves are left as they are). */
  choose(logits: Float32Array, state: BiasState, skip: number): number {
    let best = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let index = 0; index < logits.length; index++) {
      const value = logits[index]!;
      if (value > bestValue && index !== skip) {
        bestValue = value;
        best = index;
      }
    }
    const consider = (token: number, bonus: number) => {
      if (token === skip || token >= logits.length) return;
      const value = logits[token]! + bonus;
      if (value > bestValue) {
        bestValue = value;
        best = token;
      }
    };
    for (const node of state) {
      for (const token of node.children.keys()) consider(token, this.weights.continuation);
    }
    for (const token of this.root.children.keys()) consider(token, this.weights.start);
    return best;
  }

  /** The matches in progress after `token`: those it continues, and a new one when it starts a word. */
  advance(state: BiasState, token: number): BiasState {
    const next: Node[] = [];
    for (const node of state) {
      const child = node.children.get(token);
      if (child && child.children.size > 0) next.push(child);
    }
    const started = this.root.children.get(token);
    if (started && started.children.size > 0) next.push(started);
    return next;
  }
}

/**
 * Everyday words, for the phonetic correction's guard: the lower-case words the tokenizer's vocabulary holds
 * whole (a piece "▁word"). A 32,000-piece SentencePiece vocabulary keeps whole the words frequent in its
 * training text ("wife", "dinner", "front"), and splits rare ones and most names ("Kowalczyk", "chick").
 */
export function everydayWords(pieces: readonly string[]): (word: string) => boolean {
  const whole = new Set(pieces.filter((piece) => /^▁\p{Ll}+$/u.test(piece)).map((piece) => piece.slice(1)));
  return (word) => whole.has(word);
}
