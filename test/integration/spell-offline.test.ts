/**
 * Names spelled right offline (issue 18), with the real speech engine: flite says a sentence with a hard name,
 * Moonshine transcribes it without the sender's words and with them (decoder biasing and phonetic correction,
 * as shipped). The model is loaded once for the file.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MoonshineTranscriber } from '../../lambdas/adapters/offline/moonshine-transcriber';
import { NAME_SENTENCES, SENDER_VOCABULARY } from '../support/name-sentences';
import { normalizeWords, SPEECH_CORPUS, SpeechClips } from '../support/speech-clips';

const clips = new SpeechClips();
const transcriber = new MoonshineTranscriber();
afterAll(() => clips.dispose());

const sentence = (id: string) => NAME_SENTENCES.find((candidate) => candidate.id === id)!;
const words = (text: string) => normalizeWords(text);

describe('a name Moonshine cannot spell, with and without the sender’s words', () => {
  it('writes "Dr. Okonkwo" only for a sender who gave the name', async () => {
    const clip = await clips.clip({ sentence: sentence('names-doctor'), format: 'wav', voice: 'rms' });

    const without = await transcriber.transcribe(clip);
    const withWords = await transcriber.transcribe(clip, { vocabulary: SENDER_VOCABULARY });
    const otherSender = await transcriber.transcribe(clip, { vocabulary: ['Siobhan', 'Grafana'] });

    expect(words(without.text)).not.toContain('okonkwo');
    expect(withWords.text).toContain('Okonkwo');
    expect(words(otherSender.text)).not.toContain('okonkwo');
    // The rest of the sentence is heard as before.
    for (const word of ['calling', 'about', 'your', 'test', 'results'])
      expect(words(withWords.text)).toContain(word);
  });

  // Moonshine tiny heard "Shao Bong Kao Chick" and wrote both names right with the list; base (the default)
  // hears "Shaib on Kowalczyk"-like text: its "Sh" is not Siobhan's first sound to Double Metaphone, so only the
  // surname is recovered (docs/benchmarks.md, names spelled right).
  it('writes "Kowalczyk" only for a sender who gave it, leaving the rest of the sentence as heard', async () => {
    const clip = await clips.clip({ sentence: sentence('names-billing'), format: 'wav', voice: 'awb' });

    const without = await transcriber.transcribe(clip);
    const withWords = await transcriber.transcribe(clip, { vocabulary: ['Siobhan', 'Kowalczyk'] });

    expect(without.text).not.toContain('Kowalczyk');
    expect(withWords.text).toContain('Kowalczyk');
    expect(words(withWords.text)).toEqual(
      expect.arrayContaining(['billing', 'office', 'please', 'call', 'me', 'back']),
    );
  });

  it('gets "Kowalczyk" from the decoder itself when biased toward its tokens (no correction after)', async () => {
    const clip = await clips.clip({ sentence: sentence('names-billing'), format: 'wav', voice: 'awb' });
    const biasOnly = new MoonshineTranscriber({ vocabulary: { phonetic: false } });

    const biased = await biasOnly.transcribe(clip, { vocabulary: ['Siobhan', 'Kowalczyk'] });

    expect(biased.text).toContain('Kowalczyk');
    expect(biased.warnings).toEqual([]);
  });

  it('leaves an ordinary voicemail as it was when the sender has a list', async () => {
    const clip = await clips.clip({ sentence: SPEECH_CORPUS[1]!, format: 'wav' });

    const without = await transcriber.transcribe(clip);
    const withWords = await transcriber.transcribe(clip, { vocabulary: SENDER_VOCABULARY });

    expect(withWords.text).toBe(without.text);
  });
});
