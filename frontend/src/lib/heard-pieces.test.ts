import type { HeardWord } from '@core/transcripts/heard-words';
import { describe, expect, it } from 'vitest';
import { firstCharacters, heardPieces, listenFrom } from './heard-pieces';

const word = (text: string, confidence = 0.95, at: number | null = 0): HeardWord => ({
  text,
  confidence,
  at,
});

describe("a transcript's pieces", () => {
  it('picks out each doubtful word where it stands, its punctuation left plain', () => {
    expect(heardPieces('Hi, "Jenna," here.', [word('Hi,'), word('"Jenna,"', 0.2, 4), word('here.')])).toEqual(
      [
        { kind: 'plain', text: 'Hi, ' },
        { kind: 'doubtful', before: '"', text: 'Jenna', after: ',"', at: 4, index: 1 },
        { kind: 'plain', text: ' here.' },
      ],
    );
  });

  it('shades a word that is only punctuation whole', () => {
    expect(heardPieces('so — yes', [word('so'), word('—', 0.1), word('yes')])?.[1]).toMatchObject({
      kind: 'doubtful',
      text: '—',
    });
  });

  it('is null when the words are not the transcript (a word missing, changed or left over)', () => {
    const words = [word('Hi,'), word('Jenna.', 0.2)];
    expect(heardPieces('Hi, Jenna.', words)).not.toBeNull();
    expect(heardPieces('Hi, there Jenna.', words)).toBeNull();
    expect(heardPieces('Hi, Jena.', words)).toBeNull();
    expect(heardPieces('Hi, Jenna. Bye.', words)).toBeNull();
  });

  it('cuts to a length, a shaded word cut through shown plainly', () => {
    const pieces = heardPieces('ab Jenna cd', [word('ab'), word('Jenna', 0.2), word('cd')]) ?? [];
    expect(firstCharacters(pieces, 8)).toEqual(pieces.slice(0, 2));
    expect(firstCharacters(pieces, 5)).toEqual([pieces[0], { kind: 'plain', text: 'Je' }]);
  });

  it('plays from two seconds before the piece a word came from, never before the start', () => {
    expect(listenFrom(12)).toBe(10);
    expect(listenFrom(1)).toBe(0);
  });
});
