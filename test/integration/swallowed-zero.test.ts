/**
 * A callback number's swallowed "oh" put back by the real model (issue 32, eighth session): the decoder is asked
 * where the zero goes, by reading each placement against the audio, and the placement it finds likeliest is
 * taken when it is sure enough. Clips made by flite and ffmpeg (test/support/speech-clips.ts). The greedy
 * decoding of a clip may or may not swallow the "oh" on a given machine, so the swallow is also made by hand:
 * the zero taken out of what the decoder wrote, and put back by asking it.
 */
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { FfmpegAudioTools } from '../../lambdas/adapters/offline/ffmpeg-audio-tools';
import { type DecodedTokens, decodeGreedy } from '../../lambdas/adapters/offline/moonshine-decoder';
import { MoonshineTranscriber } from '../../lambdas/adapters/offline/moonshine-transcriber';
import { pcmSamples, toFloat32 } from '../../lambdas/adapters/offline/speech-audio';
import { SWALLOWED_ZERO_SURE, withSwallowedZero } from '../../lambdas/adapters/offline/swallowed-zero';
import { SpeechClips } from '../support/speech-clips';

const clips = new SpeechClips();
afterAll(() => clips.dispose());

const transcriber = new MoonshineTranscriber();

async function heard(text: string) {
  const clip = await clips.clip({
    sentence: {
      id: `swallowed-${createHash('sha256').update(text).digest('hex').slice(0, 12)}`,
      text,
      keyWords: [],
    },
    voice: 'awb',
    format: 'wav',
  });
  const samples = pcmSamples(
    await new FfmpegAudioTools().decodePcm16kMono(clip.bytes, { timeoutMs: 30_000 }),
  );
  const audio = toFloat32(samples, { start: 0, end: samples.length });
  const sessions = await transcriber.sessions();
  const greedy = await decodeGreedy(sessions, transcriber.model, audio, {
    forbidEndFirst: false,
    bias: null,
  });
  const textOf = (decoded: DecodedTokens) =>
    decoded.tokens
      .map((token) => sessions.tokenizer.vocabById[token] ?? '')
      .join('')
      .replaceAll('▁', ' ');
  const zero = sessions.tokenizer.vocabById.indexOf('0');
  return { sessions, audio, greedy, textOf, zero };
}

/** The decoded tokens with the zero of the number's last group taken out, as the decoder swallows it. */
function swallowed(
  decoded: DecodedTokens,
  textOf: (d: DecodedTokens) => string,
  zero: number,
  group: string,
) {
  const groupAt = textOf(decoded).indexOf(group);
  let offset = 0;
  for (const [index, token] of decoded.tokens.entries()) {
    const piece = textOf({ tokens: [token], logProbs: [0] });
    if (offset >= groupAt && token === zero) {
      return {
        tokens: decoded.tokens.filter((_, at) => at !== index),
        logProbs: decoded.logProbs.filter((_, at) => at !== index),
      };
    }
    offset += piece.length;
  }
  return decoded;
}

describe('a swallowed "oh" in a callback number (issue 32)', () => {
  it('goes back where the caller said it, at the start of the line or inside it, as the decoder hears the audio', async () => {
    for (const [said, number, group] of [
      ['oh one thirty-eight', '616-427-0138', '0138'],
      ['one three oh eight', '616-427-1308', '1308'],
    ] as const) {
      const { sessions, audio, greedy, textOf, zero } = await heard(
        `I just need a yes or no by noon on Friday. I'm at six one six, four two seven, ${said}. Thanks, talk soon.`,
      );
      const written = textOf(greedy);
      // What the decoder wrote: the whole number, or the number without its "oh".
      expect(
        written.includes(number) || written.includes(number.replace(group, group.replace('0', ''))),
      ).toBe(true);
      const short = written.includes(number) ? swallowed(greedy, textOf, zero, group) : greedy;
      expect(textOf(short)).not.toContain(number);

      const repaired = await withSwallowedZero(sessions, transcriber.model, audio, short);

      expect(textOf(repaired)).toContain(number);
      expect(repaired.tokens).toHaveLength(short.tokens.length + 1);
      // The zero carries the placement's share: the number is never surer than the decoder was of the place.
      expect(Math.min(...repaired.logProbs)).toBeLessThanOrEqual(0);
      expect(
        Math.exp(Math.min(...repaired.logProbs.filter((_, at) => repaired.tokens[at] === zero))),
      ).toBeGreaterThanOrEqual(SWALLOWED_ZERO_SURE - 1e-9);
    }
  });

  it('leaves a whole number, and a number it cannot place surely, as the decoder wrote them', async () => {
    const { sessions, audio, greedy, textOf } = await heard(
      "I'm at six one six, four two seven, oh one thirty-eight. Thanks, talk soon.",
    );
    if (textOf(greedy).includes('616-427-0138')) {
      expect(await withSwallowedZero(sessions, transcriber.model, audio, greedy)).toBe(greedy);
    }
    // A nine-digit number with no zero said anywhere: no placement of a zero fits the audio well.
    const nine = await heard("I'm at six one six, four two seven, one three eight. Thanks, talk soon.");
    const kept = await withSwallowedZero(nine.sessions, transcriber.model, nine.audio, nine.greedy);
    expect(nine.textOf(kept)).not.toMatch(/616-427-\d{4}/);
  });
});
