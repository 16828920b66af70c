/**
 * Voicemails read in parts with known pauses between them (issue 32): each part is spoken on its own and the
 * parts joined with silences of known length, so where each part starts in the recording is known to the
 * millisecond. A part may carry a mark: the word the transcript should have there (a name, a number, a day),
 * found in the transcript by `mark`, whose time ("listen at") is then checked against when it was said.
 * Written for bench/hearing.ts, apart from the facts benchmark's voicemails.
 */

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runProgram } from '../../lambdas/adapters/offline/subprocess';
import { toAmrNb } from './amr-nb';
import { type Clip, normalizeWords, type Voice } from './speech-clips';

const RATE = 16_000;

export type TimedPart = {
  readonly text: string;
  /** Silence after the part, in seconds. */
  readonly pause: number;
  /** Matches the transcript's word (lower case, punctuation kept) that starts this part, when it is marked. */
  readonly mark?: RegExp;
};

export type TimedVoicemail = { readonly id: string; readonly parts: readonly TimedPart[] };

export const TIMED_VOICEMAILS: readonly TimedVoicemail[] = [
  {
    id: 'optician',
    parts: [
      { text: 'Hi, this is Gloria from Bright Eyes Optical.', pause: 0.5 },
      { text: 'Your new glasses came in this morning and they look great.', pause: 0.6 },
      { text: 'We are open until six on weekdays, and on Saturday from nine until one.', pause: 0.7 },
      {
        text: 'Wednesday would be a good day to come by, it is usually quiet.',
        pause: 0.5,
        mark: /^wednesday/,
      },
      { text: 'If you have any questions, the number is', pause: 0.3 },
      { text: 'six one seven, five five five, zero one nine three.', pause: 0.6, mark: /^(\(?617|six)/ },
      { text: 'Thanks, bye.', pause: 0.4 },
    ],
  },
  {
    id: 'contractor',
    parts: [
      { text: "Hey, it's Victor, the contractor you talked to last week about the deck.", pause: 0.6 },
      {
        text: 'I went over the measurements again and I think we can do the whole thing with composite boards.',
        pause: 0.8,
      },
      { text: 'The price would come to', pause: 0.3 },
      { text: 'four thousand two hundred dollars, materials included.', pause: 0.7, mark: /^(\$?4|four)/ },
      { text: 'I could start on', pause: 0.3 },
      { text: 'Thursday the twelfth if that works for you.', pause: 0.6, mark: /^thursday/ },
      { text: 'Call me back at', pause: 0.3 },
      { text: 'nine one nine, five five five, zero one six eight.', pause: 0.5, mark: /^(\(?919|nine)/ },
    ],
  },
  {
    id: 'vet-reminder',
    parts: [
      { text: 'Good afternoon, this message is for the owner of Pepper.', pause: 0.5 },
      { text: 'This is Valley Animal Hospital calling with a reminder.', pause: 0.6 },
      { text: 'Pepper is due for her annual shots and a dental check.', pause: 0.9 },
      { text: 'We have an opening on', pause: 0.3 },
      { text: 'Tuesday at two thirty in the afternoon.', pause: 0.6, mark: /^tuesday/ },
      { text: 'Please call us at', pause: 0.3 },
      { text: 'five zero three, five five five, zero one two seven', pause: 0.4, mark: /^(\(?503|five)/ },
      { text: 'to let us know if that time works. Have a great day.', pause: 0.5 },
    ],
  },
  {
    id: 'landlord',
    parts: [
      { text: 'Hi, this is Marisol, your landlord.', pause: 0.6 },
      {
        text: 'The plumber needs to get into the apartment to fix the leak under the kitchen sink.',
        pause: 0.8,
      },
      {
        text: 'He said the earliest he can do it is Monday morning, between eight and ten.',
        pause: 0.9,
      },
      {
        text: 'If that does not work, let me know and I will try to move it to later in the week.',
        pause: 0.7,
      },
      { text: 'My cell is', pause: 0.3 },
      { text: 'seven one three, five five five, zero one five four.', pause: 0.6, mark: /^(\(?713|seven)/ },
      { text: 'Talk soon.', pause: 0.4 },
    ],
  },
  {
    id: 'school-pickup',
    parts: [
      { text: 'Hello, this is Mister Okafor, the front office at Maple Grove Middle School.', pause: 0.7 },
      {
        text: 'Your son Leo is feeling unwell and is resting in the nurse office.',
        pause: 0.6,
        mark: /^(your|you)/,
      },
      { text: 'He does not have a fever, but he has a bad headache.', pause: 0.8 },
      { text: 'Please come to pick him up before', pause: 0.3 },
      { text: 'one fifteen if you can.', pause: 0.6, mark: /^(1|one)/ },
      { text: 'You can reach the office at', pause: 0.3 },
      { text: 'four zero four, five five five, zero one eight one.', pause: 0.6, mark: /^(\(?404|four)/ },
      { text: 'Thank you.', pause: 0.4 },
    ],
  },
  {
    id: 'bank-card',
    parts: [
      { text: 'This is Dominic from the fraud team at Pinecrest Bank.', pause: 0.6 },
      {
        text: 'We noticed a charge of three hundred eighty nine dollars at an electronics store this morning.',
        pause: 0.9,
      },
      { text: 'If you did not make this purchase, we will need to block your card.', pause: 0.7 },
      { text: 'Please call us back before', pause: 0.3 },
      { text: 'five p m today, at', pause: 0.3, mark: /^(5|five)/ },
      {
        text: 'eight hundred, five five five, zero one three nine.',
        pause: 0.6,
        mark: /^(\(?800|eight|1-800)/,
      },
      { text: 'Again, that is the fraud team at Pinecrest Bank.', pause: 0.5 },
    ],
  },
];

/** What was said: the parts' texts joined. */
export const timedText = (voicemail: TimedVoicemail): string =>
  voicemail.parts.map((part) => part.text).join(' ');

/** 16 kHz WAV; 8 kHz AMR-NB as a phone records it; the same with pink noise 10 dB below the speech. */
export const TIMED_RENDERINGS = ['16k', 'amr', 'amr-noise10'] as const;
export type TimedRendering = (typeof TIMED_RENDERINGS)[number];

/** A voicemail as spoken: its clip and when each part's speech starts, in seconds. */
export type Spoken = { readonly clip: Clip; readonly onsets: readonly number[]; readonly seconds: number };

async function program(name: string, args: readonly string[], stdin?: Buffer): Promise<Buffer> {
  const result = await runProgram(name, args, {
    timeoutMs: 60_000,
    aptPackage: name === 'flite' ? 'flite' : name,
    ...(stdin ? { stdin } : {}),
  });
  if (result.code !== 0) throw new Error(`${name} failed: ${result.stderr}`);
  return result.stdout;
}

/** 16 kHz mono samples of any audio file ffmpeg reads. */
async function samplesOf(file: string): Promise<Int16Array> {
  const raw = await program('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-i',
    file,
    '-ac',
    '1',
    '-ar',
    '16000',
    '-f',
    's16le',
    'pipe:1',
  ]);
  return new Int16Array(
    raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength - (raw.byteLength % 2)),
  );
}

/** Where speech starts: the first 10 ms louder than -40 dBFS. */
function onset(samples: Int16Array): number {
  const frame = RATE / 100;
  for (let at = 0; at + frame <= samples.length; at += frame) {
    let sum = 0;
    for (let i = at; i < at + frame; i++) sum += (samples[i]! / 32_768) ** 2;
    if (10 * Math.log10(sum / frame + 1e-12) > -40) return at;
  }
  return 0;
}

const wavOf = (pcm: Int16Array) =>
  program(
    'ffmpeg',
    [
      '-nostdin',
      '-loglevel',
      'error',
      '-f',
      's16le',
      '-ar',
      '16000',
      '-ac',
      '1',
      '-i',
      'pipe:0',
      '-f',
      'wav',
      'pipe:1',
    ],
    Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength),
  );

function rms(pcm: Int16Array): number {
  let sum = 0;
  for (const value of pcm) sum += value * value;
  return Math.sqrt(sum / Math.max(1, pcm.length)) || 1;
}

/** Pink noise (a fixed seed) `snrDb` below the speech's level, added to it. */
async function withNoise(pcm: Int16Array, snrDb: number): Promise<Int16Array> {
  const seconds = (pcm.length / RATE + 1).toFixed(2);
  const raw = await program('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=color=pink:sample_rate=16000:seed=42:amplitude=0.5:duration=${seconds}`,
    '-f',
    's16le',
    'pipe:1',
  ]);
  const noise = new Int16Array(
    raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength - (raw.byteLength % 2)),
  );
  const gain = rms(pcm) / rms(noise) / 10 ** (snrDb / 20);
  return pcm.map((value, index) =>
    Math.max(-32_768, Math.min(32_767, Math.round(value + (noise[index] ?? 0) * gain))),
  );
}

/** The voicemail spoken by `voice`, rendered as asked (made once, kept in `dir`). */
export async function speakTimed(
  voicemail: TimedVoicemail,
  voice: Voice,
  rendering: TimedRendering,
  dir: string,
): Promise<Spoken> {
  await mkdir(dir, { recursive: true });
  const base = join(dir, `${voicemail.id}-${voice.replace(':', '-')}`);
  const meta = `${base}.json`;
  let onsets: number[];
  let pcm: Int16Array;
  try {
    onsets = JSON.parse(await readFile(meta, 'utf8'));
    pcm = await samplesOf(`${base}.wav`);
  } catch {
    const chunks: Int16Array[] = [];
    onsets = [];
    let length = 0;
    for (const [index, part] of voicemail.parts.entries()) {
      const file = `${base}-${index}.wav`;
      const espeak = voice.startsWith('espeak:') ? voice.slice('espeak:'.length) : null;
      if (espeak) await program('espeak-ng', ['-v', espeak, '-w', file, part.text]);
      else await program('flite', ['-voice', voice, '-t', part.text, '-o', file]);
      const spoken = await samplesOf(file);
      onsets.push((length + onset(spoken)) / RATE);
      const silence = new Int16Array(Math.round(part.pause * RATE));
      chunks.push(spoken, silence);
      length += spoken.length + silence.length;
    }
    pcm = new Int16Array(length);
    let at = 0;
    for (const chunk of chunks) {
      pcm.set(chunk, at);
      at += chunk.length;
    }
    await writeFile(`${base}.wav`, await wavOf(pcm));
    await writeFile(meta, JSON.stringify(onsets));
  }
  const seconds = pcm.length / RATE;
  if (rendering === '16k') {
    return {
      clip: { bytes: await readFile(`${base}.wav`), contentType: 'audio/wav', fileName: 'v.wav' },
      onsets,
      seconds,
    };
  }
  const amrFile = `${base}-${rendering}.amr`;
  let bytes: Buffer;
  try {
    bytes = await readFile(amrFile);
  } catch {
    const source = rendering === 'amr-noise10' ? await withNoise(pcm, 10) : pcm;
    bytes = await toAmrNb(await wavOf(source));
    await writeFile(amrFile, bytes);
  }
  return { clip: { bytes, contentType: 'audio/amr', fileName: 'v.amr' }, onsets, seconds };
}

/**
 * Each marked part's word in the transcript (the match nearest where its share of the text puts it, after
 * the previous mark) and its time as the text shows it (whole seconds) less the moment the part's speech
 * starts; `times` gives each found mark's time and that moment as they are.
 */
export function markErrors(
  voicemail: TimedVoicemail,
  onsets: readonly number[],
  words: readonly { text: string; at: number | null }[],
): { marks: number; errors: number[]; times: [number, number][] } {
  const reference = voicemail.parts.map((part) => normalizeWords(part.text).length);
  const total = reference.reduce((a, b) => a + b, 0);
  const errors: number[] = [];
  const times: [number, number][] = [];
  let marks = 0;
  let cursor = 0;
  let before = 0;
  for (const [index, part] of voicemail.parts.entries()) {
    const expected = Math.round((before / total) * words.length);
    before += reference[index]!;
    if (!part.mark) continue;
    marks++;
    let best = -1;
    // A match far from where the part's share of the text puts it is another word: the mark was misheard.
    const slack = Math.max(5, Math.round(words.length * 0.15));
    for (let i = cursor; i < words.length; i++) {
      if (!part.mark.test(words[i]!.text.toLowerCase()) || Math.abs(i - expected) > slack) continue;
      if (best < 0 || Math.abs(i - expected) < Math.abs(best - expected)) best = i;
    }
    if (best < 0 || words[best]!.at === null) continue;
    // What the sender is shown: "listen at 0:08" and the link's #t=8 are whole seconds, rounded down.
    errors.push(Math.floor(words[best]!.at!) - onsets[index]!);
    times.push([words[best]!.at!, onsets[index]!]);
    cursor = best + 1;
  }
  return { marks, errors, times };
}
