/**
 * Phonetic codes and edit distance for matching what an engine heard against a sender's words
 * (core/transcripts/spelling-correction.ts declares the shape; the adapter is a library: adapters/phonetic/).
 */
export type { Phonetics } from '#core/transcripts/spelling-correction';
