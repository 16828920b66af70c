/**
 * The second opinion on urgency by meaning (issue 32): it may only raise the rules' normal to urgent, never
 * lower a level, never touch spam or a message with any sign of spam, and gives its kind's fixed words as the
 * reason. With the real Universal Sentence Encoder (lambdas/adapters/offline/sentence-encoder.ts), the rules and
 * the opinion together call every urgent voicemail of the dev list urgent and none of its others; a garble
 * the engine made of an urgent call is not guessed at.
 */
import { describe, expect, it, vi } from 'vitest';
import { urgencyOf } from '#core/urgency/urgency';
import { URGENT_KINDS } from '#core/urgency/urgency-kinds';
import {
  CLEAR_MARGIN,
  NEAR_ENOUGH,
  namesLaterDay,
  nearestKind,
  opinionPieces,
  raisedUrgency,
} from '#core/urgency/urgency-opinion';
import type { Urgency } from '#core/urgency/urgency-schema';
import { SentenceEncoder } from '../../lambdas/adapters/offline/sentence-encoder';
import type { SentenceEmbedder } from '../../lambdas/ports/sentence-embedder';
import { withSecondOpinion } from '../../lambdas/use-cases/pipeline/urgency-opinion';
import { URGENCY_DEV_VOICEMAILS } from '../support/urgency-dev-voicemails';

const normal: Urgency = { level: 'normal', reason: '', source: 'rules' };
const near = { kind: 'pet', urgent: NEAR_ENOUGH + 0.1, calm: NEAR_ENOUGH - 0.1, spam: 0.2 };
const heard = (text: string) => ({ text, words: null });

describe('the opinion only raises normal, with fixed words', () => {
  it('raises a normal message that clearly sounds like an urgent kind, naming the kind', () => {
    expect(raisedUrgency(normal, false, near)).toEqual({
      level: 'urgent',
      reason: URGENT_KINDS.pet!.reason,
      source: 'meaning',
    });
  });

  it('never lowers or replaces an urgent or a likely-spam level', () => {
    const urgent: Urgency = { level: 'urgent', reason: 'a child is sick or hurt', source: 'rules' };
    const spam: Urgency = { level: 'likely_spam', reason: 'a press-1 menu', source: 'rules' };
    const far = { ...near, urgent: 0.1 };
    expect(raisedUrgency(urgent, false, far)).toBe(urgent);
    expect(raisedUrgency(spam, false, near)).toBe(spam);
  });

  it('keeps normal with any sign of spam, when not near enough, or not clearly nearer than calm or spam', () => {
    expect(raisedUrgency(normal, true, near)).toBe(normal);
    expect(raisedUrgency(normal, false, { ...near, urgent: NEAR_ENOUGH - 0.01 })).toBe(normal);
    expect(raisedUrgency(normal, false, { ...near, calm: near.urgent - CLEAR_MARGIN / 2 })).toBe(normal);
    expect(raisedUrgency(normal, false, { ...near, spam: near.urgent })).toBe(normal);
    expect(raisedUrgency(normal, false, null)).toBe(normal);
  });

  it('reads a hostile transcript in a bounded number of short pieces', () => {
    const pieces = opinionPieces(heard('call me back now '.repeat(5000)));
    expect(pieces.length).toBeLessThanOrEqual(40);
    expect(Math.max(...pieces.map((piece) => piece.split(' ').length))).toBeLessThanOrEqual(60);
  });
});

describe('how the opinion reads a garbled transcript (issue 32)', () => {
  it('reads a long run-on sentence by its clauses too, so one clause near a kind is not drowned', () => {
    const text =
      "Hi it's the guy from the blue house by the corner store next to you, the kitchen sink is overflowing onto the floor, you know how it goes.";
    expect(opinionPieces(heard(text))).toContain('the kitchen sink is overflowing onto the floor');
  });

  it('reads a long sentence without commas in overlapping windows of a few words', () => {
    const text = Array.from({ length: 28 }, (_, index) => `w${index}`).join(' ');
    const pieces = opinionPieces(heard(text));
    expect(pieces).toContain('w0 w1 w2 w3 w4 w5 w6 w7 w8 w9');
    expect(pieces).toContain('w5 w6 w7 w8 w9 w10 w11 w12 w13 w14');
  });

  it('does not read a piece naming a later day as a deadline within hours', () => {
    expect(namesLaterDay('the forms need to be signed by Friday')).toBe(true);
    expect(namesLaterDay('not Friday, it has to be signed today')).toBe(false);
    const prototypes = {
      urgent: [
        { kind: 'legal', vector: [1, 0] },
        { kind: 'pet', vector: [0, 1] },
      ],
      calm: [[-1, 0]],
      spam: [[0, -1]],
    };
    const piece = [[0.9, 0.3]];
    expect(nearestKind(piece, prototypes, ['the forms need to be signed today'])?.kind).toBe('legal');
    expect(nearestKind(piece, prototypes, ['the forms need to be signed by Friday'])?.kind).not.toBe('legal');
  });
});

describe('the pipeline asks the opinion only where it may help, and survives its failure', () => {
  it('keeps the rules when the embedder fails, and says so', async () => {
    const failing: SentenceEmbedder = { embed: async () => Promise.reject(new Error('no model')) };
    const warn = vi.fn();
    const text = 'Hey, the dog ate a whole box of raisins and is shaking.';
    expect(await withSecondOpinion(failing, heard(text), normal, warn)).toBe(normal);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no model'));
  });

  it('does not ask it about a message the rules found urgent or spam, or with signs of spam', async () => {
    const embed = vi.fn(async (sentences: readonly string[]) => sentences.map(() => [1]));
    const pitch = heard('This is a special offer for our valued customers. Call us back.');
    await withSecondOpinion({ embed }, pitch, normal);
    await withSecondOpinion({ embed }, heard('x'), {
      level: 'urgent',
      reason: 'an emergency',
      source: 'rules',
    });
    expect(embed).not.toHaveBeenCalled();
  });
});

describe('with the real sentence encoder', { timeout: 180_000 }, () => {
  const encoder = new SentenceEncoder();
  const judged = async (text: string) =>
    (await withSecondOpinion(encoder, heard(text), urgencyOf(heard(text)))).level;

  it('the rules and the opinion call every urgent voicemail of the dev list urgent, and none of the others', async () => {
    const wrong: string[] = [];
    for (const voicemail of URGENCY_DEV_VOICEMAILS) {
      const level = await judged(voicemail.script);
      if ((level === 'urgent') !== (voicemail.label === 'urgent')) wrong.push(`${voicemail.id}: ${level}`);
    }
    expect(wrong).toEqual([]);
  });

  it('reads a kind in a run-on sentence the engine garbled around it, but not a later day as a deadline', async () => {
    const garbled =
      "Yeah hi it's the fellow from across hall in the grey building, there's smoke coming out from under your door, I banged but nobody answered, I wasn't sure who else to try.";
    expect(await judged(garbled)).toBe('urgent');
    expect(
      await judged('Hi, it is Lena from the title office. The loan documents should be signed by Thursday.'),
    ).toBe('normal');
  });

  it('a call the engine garbled past recognition is not guessed urgent', async () => {
    expect(await judged('This could splittest game back. Call me.')).toBe('normal');
  });
});
