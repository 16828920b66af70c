/**
 * Cutting every decoder loop of a transcript (core/transcripts/decoder-loops.ts) in time close to linear in
 * its length (issue 31). The rule is unchanged: the loop covering the most units (the first of equals: the
 * shortest n-gram, then the earliest) is cut back to its first occurrence with one `[unclear]` word where the
 * rest was, and the transcript is read again, until no loop is left.
 *
 * Reading the whole transcript again after each cut was quadratic when it held many loops. Here the units
 * stay in a linked list, each stretch of repetition (core/transcripts/repetition-runs.ts) is a candidate in a
 * priority queue, and a cut reads again only the stretches that touch it. Those are either no loop (then a
 * few units long) or a loop covering no more than the one cut (else it would have been cut first), so the
 * units read again are at most a few times those cut out: every unit is cut once, and the whole costs
 * O(n log n) for the queue.
 */
import { type HeardWord, UNCLEAR_MARK } from './heard-words';
import { FEWEST_LOOP_REPEATS, isLoop, MAX_NGRAM, UNIT_CHARACTERS, unitKey } from './repetition-runs';

/** One word of the transcript as cutting changes it: the characters [from, to) of `text` of `heard`. */
type Word = {
  heard: HeardWord;
  readonly text: string;
  from: number;
  to: number;
  prev: Word | null;
  next: Word | null;
};

/** One unit: its key, the word it is in and where in that word's `text` (characters [start, end)). */
type Unit = {
  readonly key: string;
  word: Word;
  readonly start: number;
  readonly end: number;
  /** Ascends along the list: a unit's place among the others, for the first of equal loops. */
  readonly place: number;
  prev: Unit | null;
  next: Unit | null;
  cut: boolean;
  /** The candidate this unit begins, by size of n-gram (index 0 unused); null until it begins one. */
  candidates: (Candidate | null)[] | null;
};

/** A stretch's run: from `first`, an n-gram of `size` units `repeats` times; stale once not in `first`. */
type Candidate = { readonly first: Unit; readonly size: number; readonly repeats: number };

const UNIT_CHARACTER = /[\p{L}\p{N}'’]/u;

/** The unit `steps` units after `unit`, or null past the end. */
function ahead(unit: Unit | null, steps: number): Unit | null {
  let at = unit;
  for (let step = 0; step < steps && at !== null; step++) at = at.next;
  return at;
}

/** Whether candidate `a` is cut before `b`: it covers more units, then the shorter n-gram, then the earlier. */
function before(a: Candidate, b: Candidate): boolean {
  const covers = a.size * a.repeats - b.size * b.repeats;
  if (covers !== 0) return covers > 0;
  return a.size !== b.size ? a.size < b.size : a.first.place < b.first.place;
}

/** A binary heap of candidates, the one cut first on top. */
class Queue {
  private readonly heap: Candidate[] = [];
  push(candidate: Candidate): void {
    const heap = this.heap;
    heap.push(candidate);
    let at = heap.length - 1;
    while (at > 0 && before(candidate, heap[(at - 1) >> 1]!)) {
      heap[at] = heap[(at - 1) >> 1]!;
      at = (at - 1) >> 1;
    }
    heap[at] = candidate;
  }
  pop(): Candidate | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last !== undefined) {
      heap[0] = last;
      let at = 0;
      for (;;) {
        const [left, right] = [2 * at + 1, 2 * at + 2];
        let first = at;
        if (left < heap.length && before(heap[left]!, heap[first]!)) first = left;
        if (right < heap.length && before(heap[right]!, heap[first]!)) first = right;
        if (first === at) break;
        const above = heap[first]!;
        heap[first] = heap[at]!;
        heap[at] = above;
        at = first;
      }
    }
    return top;
  }
}

/** The characters of `text` as units (their key and where they stand). */
const unitsIn = (text: string) =>
  [...text.matchAll(UNIT_CHARACTERS)]
    .map((match) => ({ key: unitKey(match[0]), start: match.index, end: match.index + match[0].length }))
    .filter((unit) => unit.key !== '');

const [MARK_UNIT] = unitsIn(UNCLEAR_MARK);

/** The transcript's words and units as linked lists (a sentinel word in front), the units numbered in order. */
function lists(words: readonly HeardWord[]): { head: Word; firstUnit: Unit | null } {
  const head: Word = {
    heard: { text: '', confidence: 0, at: null },
    text: '',
    from: 0,
    to: 0,
    prev: null,
    next: null,
  };
  let lastWord = head;
  let firstUnit: Unit | null = null;
  let lastUnit: Unit | null = null;
  let place = 0;
  for (const heard of words) {
    const word: Word = {
      heard,
      text: heard.text,
      from: 0,
      to: heard.text.length,
      prev: lastWord,
      next: null,
    };
    lastWord.next = word;
    lastWord = word;
    for (const match of heard.text.matchAll(UNIT_CHARACTERS)) {
      const key = unitKey(match[0]);
      if (key === '') continue;
      const [start, end] = [match.index, match.index + match[0].length];
      const unit: Unit = {
        key,
        word,
        start,
        end,
        place: place++,
        prev: lastUnit,
        next: null,
        cut: false,
        candidates: null,
      };
      if (lastUnit === null) firstUnit = unit;
      else lastUnit.next = unit;
      lastUnit = unit;
    }
  }
  return { head, firstUnit };
}

/**
 * Reads again the stretches of n-grams of `size` units from unit `from` on, through unit `through` and the
 * stretch that goes on past it (to the end when `through` is null): each stretch that is a loop becomes its
 * first unit's candidate, and every other unit read loses the one it had.
 */
function readStretches(from: Unit, through: Unit | null, size: number, queue: Queue): void {
  let first: Unit | null = null;
  let length = 0;
  const close = (): void => {
    if (first === null) return;
    const repeats = Math.floor(length / size) + 1;
    // Most stretches repeat too few times to be any loop: no n-gram to gather.
    if (repeats < FEWEST_LOOP_REPEATS) {
      first = null;
      return;
    }
    const ngram: string[] = [];
    for (let unit: Unit | null = first; ngram.length < size && unit !== null; unit = unit.next)
      ngram.push(unit.key);
    if (isLoop(ngram, repeats)) {
      const candidate = { first, size, repeats };
      first.candidates ??= new Array<Candidate | null>(MAX_NGRAM + 1).fill(null);
      first.candidates[size] = candidate;
      queue.push(candidate);
    }
    first = null;
  };
  let passed = false;
  // The unit `size` further on walks along with `unit`.
  let further = ahead(from, size);
  for (let unit: Unit | null = from; unit !== null; unit = unit.next, further = further?.next ?? null) {
    if (unit.candidates !== null) unit.candidates[size] = null;
    if (further?.key === unit.key) {
      if (first === null) {
        first = unit;
        length = 0;
      }
      length++;
    } else {
      close();
      if (passed) return;
    }
    if (unit === through) passed = true;
  }
  close();
}

function unlinkWord(word: Word): void {
  if (word.prev) word.prev.next = word.next;
  if (word.next) word.next.prev = word.prev;
}

function linkWordAfter(word: Word, before: Word): void {
  word.prev = before;
  word.next = before.next;
  if (before.next) before.next.prev = word;
  before.next = word;
}

/** Where what follows a loop inside its last word begins: past the punctuation between (`to`: nothing left). */
function restFrom(word: Word, end: number): number {
  let at = end;
  while (at < word.to) {
    const character = String.fromCodePoint(word.text.codePointAt(at)!);
    if (UNIT_CHARACTER.test(character)) break;
    at += character.length;
  }
  return at;
}

/**
 * Splits `word` around a loop inside it: the units up to `lastKept` stay before, those after `lastCut` go
 * after (from character `rest`, when any is left). The side with fewer units moves to a new word, so a unit
 * moves O(log n) times however a long word is cut.
 */
function split(word: Word, lastKept: Unit, lastCut: Unit, rest: number): { left: Word; right: Word | null } {
  let [before, after] = [lastKept.prev, lastCut.next];
  while (before?.word === word && after?.word === word) [before, after] = [before.prev, after.next];
  const piece = (from: number, to: number): Word => ({ ...word, from, to, prev: null, next: null });
  const moveRight = rest === word.to || after?.word !== word;
  if (moveRight) {
    const right = rest < word.to ? piece(rest, word.to) : null;
    for (let unit = lastCut.next; right !== null && unit?.word === word; unit = unit.next) unit.word = right;
    word.to = lastKept.end;
    if (right) linkWordAfter(right, word);
    return { left: word, right };
  }
  const left = piece(word.from, lastKept.end);
  for (let unit: Unit | null = lastKept; unit?.word === word; unit = unit.prev) unit.word = left;
  word.from = rest;
  linkWordAfter(left, word.prev!);
  return { left, right: word };
}

/** Cuts the candidate's loop back to its first occurrence, one `[unclear]` word where the rest was; its unit. */
function cutOne(candidate: Candidate): Unit {
  const { first, size, repeats } = candidate;
  const lastKept = ahead(first, size - 1)!;
  const firstCut = lastKept.next!;
  const lastCut = ahead(first, size * repeats - 1)!;
  const kept = lastKept.word;
  const after = lastCut.word;
  const rest = restFrom(after, lastCut.end);
  const heard = { text: UNCLEAR_MARK, confidence: 0, at: firstCut.word.heard.at };
  const mark: Word = { heard, text: UNCLEAR_MARK, from: 0, to: UNCLEAR_MARK.length, prev: null, next: null };
  if (kept === after) {
    const { left } = split(kept, lastKept, lastCut, rest);
    linkWordAfter(mark, left);
  } else {
    for (let word = kept.next; word !== null && word !== after; word = word.next) unlinkWord(word);
    kept.to = lastKept.end;
    if (rest < after.to) after.from = rest;
    else unlinkWord(after);
    linkWordAfter(mark, kept);
  }
  for (let unit: Unit | null = firstCut; unit !== lastCut.next; unit = unit!.next) unit!.cut = true;
  const unit: Unit = {
    key: MARK_UNIT!.key,
    start: MARK_UNIT!.start,
    end: MARK_UNIT!.end,
    word: mark,
    place: firstCut.place,
    prev: lastKept,
    next: lastCut.next,
    cut: false,
    candidates: null,
  };
  lastKept.next = unit;
  if (unit.next) unit.next.prev = unit;
  return unit;
}

/** The words with every loop cut back to its first occurrence, one `[unclear]` word where each was. */
export function cutEveryLoop(words: readonly HeardWord[]): { words: HeardWord[]; cuts: number } {
  const { head, firstUnit } = lists(words);
  const queue = new Queue();
  for (let size = 1; size <= MAX_NGRAM && firstUnit !== null; size++)
    readStretches(firstUnit, null, size, queue);
  let cuts = 0;
  for (let candidate = queue.pop(); candidate !== undefined; candidate = queue.pop()) {
    if (candidate.first.cut || candidate.first.candidates?.[candidate.size] !== candidate) continue;
    const mark = cutOne(candidate);
    cuts++;
    for (let size = 1; size <= MAX_NGRAM; size++) {
      // The units whose n-gram `size` further on now reaches across the cut, and their stretch.
      let from = mark;
      for (let step = 0; step < size && from.prev !== null; step++) from = from.prev;
      let further = ahead(from.prev, size);
      while (from.prev !== null && further !== null && from.prev.key === further.key) {
        from = from.prev;
        further = further.prev;
      }
      readStretches(from, mark, size, queue);
    }
  }
  const out: HeardWord[] = [];
  for (let word = head.next; word !== null; word = word.next) {
    const whole = word.from === 0 && word.to === word.text.length;
    out.push(whole ? word.heard : { ...word.heard, text: word.text.slice(word.from, word.to) });
  }
  return { words: out, cuts };
}
