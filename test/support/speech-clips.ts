/**
 * Spoken test clips: flite (or an English espeak-ng voice) reads voicemail-like sentences, ffmpeg turns them
 * into every format the service accepts. Clips are made once per factory (one temporary folder per test file or benchmark run) and reused.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProgram } from '../../lambdas/adapters/offline/subprocess';

export type SpeechSentence = {
  readonly id: string;
  /** What flite is asked to say. */
  readonly text: string;
  /** Words Moonshine gets right in every format at 16 and 8 kHz (measured), for assertions that must not flake. */
  readonly keyWords: readonly string[];
};

/** Voicemail-like sentences: names, times, numbers, requests. References are `normalizeWords(text)`. */
export const SPEECH_CORPUS: readonly SpeechSentence[] = [
  {
    id: 'callback',
    // A full US number: flite's rms voice says "five five five" so that Moonshine hears four fives.
    text: 'Hi this is John. Please call me back at four one five, two six seven, one two three four, after three p m tomorrow.',
    keyWords: ['call', 'back', 'five', 'three', 'four', 'tomorrow'],
  },
  {
    id: 'dentist',
    text: 'Hello, this is the dentist office calling to confirm your appointment on Monday at ten thirty in the morning.',
    keyWords: ['appointment', 'monday', 'morning'],
  },
  {
    id: 'delivery',
    text: 'Your package will be delivered on Friday. Please leave the side door open if you are not at home.',
    keyWords: ['package', 'friday', 'door', 'home'],
  },
  {
    id: 'meeting',
    text: 'Hey it is Sarah. The meeting moved to four o clock on Thursday, so let me know if that still works for you.',
    keyWords: ['meeting', 'thursday', 'know', 'works'],
  },
];

/** A voicemail in another language, for espeak-ng (`voice` is its voice name, e.g. `cmn` for Mandarin). */
export type ForeignSentence = { readonly id: string; readonly voice: string; readonly text: string };

/**
 * Voicemail-like sentences in the languages the issue-17 testers used, two per language, spoken by espeak-ng:
 * what the offline engine (English only) must answer honestly instead of inventing English.
 */
export const FOREIGN_CORPUS: readonly ForeignSentence[] = [
  {
    id: 'es-dentist',
    voice: 'es',
    text: 'Hola, le llamamos de la clínica dental para confirmar su cita del lunes a las diez y media de la mañana.',
  },
  {
    id: 'es-callback',
    voice: 'es',
    text: 'Hola, soy María. Por favor llámame cuando puedas, estaré en casa toda la tarde.',
  },
  {
    id: 'fr-dentist',
    voice: 'fr-fr',
    text: 'Bonjour, ici le cabinet dentaire, nous confirmons votre rendez-vous lundi à dix heures et demie.',
  },
  {
    id: 'fr-callback',
    voice: 'fr-fr',
    text: "Salut, c'est Pierre. Rappelle-moi quand tu peux, je suis à la maison ce soir.",
  },
  {
    id: 'de-dentist',
    voice: 'de',
    text: 'Guten Tag, hier ist die Zahnarztpraxis. Wir bestätigen Ihren Termin am Montag um halb elf.',
  },
  {
    id: 'de-callback',
    voice: 'de',
    text: 'Hallo, hier ist Thomas. Bitte ruf mich zurück, ich bin heute Abend zu Hause.',
  },
  {
    id: 'pt-dentist',
    voice: 'pt-br',
    text: 'Olá, aqui é da clínica odontológica, confirmando sua consulta na segunda-feira às dez e meia.',
  },
  {
    id: 'pt-callback',
    voice: 'pt-br',
    text: 'Oi, aqui é a Ana. Me liga quando puder, vou estar em casa a tarde toda.',
  },
  {
    id: 'it-dentist',
    voice: 'it',
    text: 'Buongiorno, la chiamiamo dallo studio dentistico per confermare il suo appuntamento di lunedì alle dieci e mezza.',
  },
  { id: 'it-callback', voice: 'it', text: 'Ciao, sono Marco. Richiamami quando puoi, stasera sono a casa.' },
  {
    id: 'ru-dentist',
    voice: 'ru',
    text: 'Здравствуйте, это стоматологическая клиника. Подтверждаем вашу запись на понедельник в половине одиннадцатого.',
  },
  {
    id: 'ru-callback',
    voice: 'ru',
    text: 'Привет, это Иван. Перезвони мне, пожалуйста, я буду дома весь вечер.',
  },
  { id: 'zh-dentist', voice: 'cmn', text: '你好，这里是牙科诊所，我们确认您星期一上午十点半的预约。' },
  { id: 'zh-callback', voice: 'cmn', text: '喂，我是小王。你有空的时候给我回个电话，我今天晚上在家。' },
  {
    id: 'vi-dentist',
    voice: 'vi',
    text: 'Xin chào, đây là phòng khám nha khoa, chúng tôi xác nhận lịch hẹn của bạn vào thứ hai lúc mười giờ rưỡi.',
  },
  {
    id: 'vi-callback',
    voice: 'vi',
    text: 'Chào anh, em là Lan. Khi nào rảnh anh gọi lại cho em nhé, tối nay em ở nhà.',
  },
  {
    id: 'ko-dentist',
    voice: 'ko',
    text: '안녕하세요, 치과입니다. 월요일 오전 열 시 반 예약을 확인해 드립니다.',
  },
  {
    id: 'ko-callback',
    voice: 'ko',
    text: '안녕, 나 민수야. 시간 될 때 전화 좀 해 줘, 오늘 저녁에는 집에 있어.',
  },
  {
    id: 'hi-dentist',
    voice: 'hi',
    text: 'नमस्ते, यह दांतों का क्लिनिक है। हम सोमवार सुबह साढ़े दस बजे की आपकी मुलाकात की पुष्टि करते हैं।',
  },
  {
    id: 'hi-callback',
    voice: 'hi',
    text: 'नमस्ते, मैं राहुल बोल रहा हूँ। जब समय मिले मुझे वापस फोन करना, मैं आज शाम घर पर हूँ।',
  },
  {
    id: 'ar-dentist',
    voice: 'ar',
    text: 'مرحبا، معك عيادة الأسنان، نؤكد موعدك يوم الاثنين الساعة العاشرة والنصف صباحا.',
  },
  {
    id: 'ar-callback',
    voice: 'ar',
    text: 'مرحبا، أنا أحمد. اتصل بي عندما تستطيع، سأكون في البيت هذا المساء.',
  },
];

/** Every container/codec pair the service accepts, as phones and apps send them. */
export const CLIP_FORMATS = ['wav', 'mp3', 'm4a', 'aac', 'flac', 'ogg', 'webm', '3gp', 'caf'] as const;
export type ClipFormat = (typeof CLIP_FORMATS)[number];

/**
 * ffmpeg output arguments per format. AMR is missing on purpose: Debian's ffmpeg has AMR decoders (amrnb,
 * amrwb) but no AMR encoder (libopencore-amrnb is not enabled), so AMR clips cannot be made here; see
 * `amrSilenceFile` for the one AMR file we can build by hand.
 */
const FORMAT_ARGS: Record<ClipFormat, readonly string[]> = {
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
  mp3: ['-c:a', 'libmp3lame', '-b:a', '48k', '-f', 'mp3'],
  // ffmpeg writes the moov atom at the end by default, as many phones do: the hard case for readers.
  m4a: ['-c:a', 'aac', '-b:a', '48k', '-f', 'ipod'],
  aac: ['-c:a', 'aac', '-b:a', '48k', '-f', 'adts'],
  flac: ['-c:a', 'flac', '-f', 'flac'],
  ogg: ['-c:a', 'libopus', '-b:a', '24k', '-f', 'ogg'],
  webm: ['-c:a', 'libopus', '-b:a', '24k', '-f', 'webm'],
  '3gp': ['-c:a', 'aac', '-b:a', '32k', '-f', '3gp'],
  // iMessage audio messages are Opus in CAF; ffmpeg 5.1 cannot put AAC in CAF.
  caf: ['-c:a', 'libopus', '-b:a', '24k', '-f', 'caf'],
};

export const CONTENT_TYPES: Record<ClipFormat, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
  '3gp': 'audio/3gpp',
  caf: 'audio/x-caf',
};

/** flite voices (see `flite -lv`); kal is 8 kHz, the rest 16 kHz. */
export type FliteVoice = 'kal' | 'kal16' | 'awb' | 'rms' | 'slt';
/** An espeak-ng voice (see `espeak-ng --voices=en`), e.g. `espeak:en-us`: a formant voice, less human than flite's. */
export type EspeakVoice = `espeak:${string}`;
/** Who reads a sentence: a flite voice, or an espeak-ng one. */
export type Voice = FliteVoice | EspeakVoice;
/** Recognized best by pocketsphinx's en-us model of the flite voices (lowest WER in bench/transcription.ts). */
export const DEFAULT_VOICE: FliteVoice = 'rms';

export type ClipRequest = {
  readonly sentence: SpeechSentence;
  readonly format: ClipFormat;
  readonly voice?: Voice;
  /** Resample before encoding, e.g. 8000 for phone-quality audio. Default: the voice's own rate. */
  readonly sampleRateHz?: number;
  /** Mix in background noise (pink, a fixed seed) this many dB below the speech's level. Default: none. */
  readonly noiseSnrDb?: number;
};

export type Clip = { readonly bytes: Buffer; readonly contentType: string; readonly fileName: string };

const TIMEOUT_MS = 30_000;

/** Makes clips into one temporary folder, each at most once; `dispose` removes the folder. */
export class SpeechClips {
  private dir: Promise<string> | null = null;
  private readonly made = new Map<string, Promise<Clip>>();

  clip(request: ClipRequest): Promise<Clip> {
    const voice = request.voice ?? DEFAULT_VOICE;
    const noise = request.noiseSnrDb === undefined ? '' : `-snr${request.noiseSnrDb}`;
    const key = `${request.sentence.id}-${voice}-${request.sampleRateHz ?? 'native'}${noise}.${request.format}`;
    let clip = this.made.get(key);
    if (!clip) {
      clip = this.make(request, voice, key);
      this.made.set(key, clip);
    }
    return clip;
  }

  /** Three seconds of digital silence (ffmpeg's anullsrc) in WAV. */
  async silence(seconds = 3): Promise<Clip> {
    const out = join(await this.folder(), `silence-${seconds}.wav`);
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=16000:cl=mono',
      '-t',
      String(seconds),
      '-c:a',
      'pcm_s16le',
      out,
    ]);
    return { bytes: await readFile(out), contentType: 'audio/wav', fileName: 'silence.wav' };
  }

  /** A steady 440 Hz tone in WAV: sound, but not speech. */
  async tone(seconds = 3): Promise<Clip> {
    const out = join(await this.folder(), `tone-${seconds}.wav`);
    await ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=16000:duration=${seconds}`, out]);
    return { bytes: await readFile(out), contentType: 'audio/wav', fileName: 'tone.wav' };
  }

  /**
   * A long message: the sentences one after another with `gapSeconds` of silence between them, `repeat`
   * times over, in WAV. Returns the clip and what was said.
   */
  async longMessage(options: {
    readonly sentences: readonly SpeechSentence[];
    readonly repeat: number;
    readonly gapSeconds?: number;
    readonly voice?: FliteVoice;
  }): Promise<{ readonly clip: Clip; readonly text: string }> {
    const dir = await this.folder();
    const voice = options.voice ?? DEFAULT_VOICE;
    const gap = join(dir, 'gap.wav');
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=16000:cl=mono',
      '-t',
      String(options.gapSeconds ?? 0.8),
      gap,
    ]);
    const files: string[] = [];
    const said: string[] = [];
    for (let round = 0; round < options.repeat; round++) {
      for (const sentence of options.sentences) {
        const spoken = join(dir, `${sentence.id}-${voice}.wav`);
        await this.speak(sentence.text, voice, spoken);
        files.push(spoken, gap);
        said.push(sentence.text);
      }
    }
    const list = join(dir, `long-${voice}-${files.length}.txt`);
    await writeFile(list, files.map((file) => `file '${file}'`).join('\n'));
    const out = join(dir, `long-${voice}-${files.length}.wav`);
    // flite's voices differ in rate; every part is resampled to 16 kHz mono first.
    await ffmpeg([
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-ar',
      '16000',
      '-ac',
      '1',
      '-c:a',
      'pcm_s16le',
      out,
    ]);
    return {
      clip: { bytes: await readFile(out), contentType: 'audio/wav', fileName: 'long.wav' },
      text: said.join(' '),
    };
  }

  /** A sentence in another language, spoken by espeak-ng, in WAV (resampled to `sampleRateHz` when given). */
  async foreign(sentence: ForeignSentence, sampleRateHz?: number): Promise<Clip> {
    const dir = await this.folder();
    const spoken = join(dir, `${sentence.id}.espeak.wav`);
    const result = await runProgram('espeak-ng', ['-v', sentence.voice, '-w', spoken, sentence.text], {
      timeoutMs: TIMEOUT_MS,
      aptPackage: 'espeak-ng',
    });
    if (result.code !== 0) throw new Error(`espeak-ng failed: ${result.stderr}`);
    const out = join(dir, `${sentence.id}-${sampleRateHz ?? 'native'}.wav`);
    const rate = sampleRateHz ? ['-ar', String(sampleRateHz)] : [];
    await ffmpeg(['-i', spoken, '-ac', '1', ...rate, ...FORMAT_ARGS.wav, out]);
    return { bytes: await readFile(out), contentType: 'audio/wav', fileName: 'clip.wav' };
  }

  async dispose(): Promise<void> {
    if (this.dir) await rm(await this.dir, { recursive: true, force: true });
    this.dir = null;
    this.made.clear();
  }

  private folder(): Promise<string> {
    this.dir ??= mkdtemp(join(tmpdir(), 'voice-summary-clips-'));
    return this.dir;
  }

  private async make(request: ClipRequest, voice: Voice, key: string): Promise<Clip> {
    const dir = await this.folder();
    const spoken = join(dir, `${request.sentence.id}-${voice}.wav`);
    await this.speak(request.sentence.text, voice, spoken);
    const source =
      request.noiseSnrDb === undefined
        ? spoken
        : await this.withNoise(spoken, request.noiseSnrDb, voice, request);
    const out = join(dir, key);
    const rate = request.sampleRateHz ? ['-ar', String(request.sampleRateHz)] : [];
    await ffmpeg(['-i', source, '-ac', '1', ...rate, ...FORMAT_ARGS[request.format], out]);
    return {
      bytes: await readFile(out),
      contentType: CONTENT_TYPES[request.format],
      fileName: `clip.${request.format}`,
    };
  }

  /**
   * The spoken WAV with pink noise mixed in at `snrDb` below the speech's level (RMS over the whole clip,
   * pauses included, so the speech itself stands out a little more than the figure says). The noise has a
   * fixed seed: the same clip every run.
   */
  private async withNoise(spoken: string, snrDb: number, voice: Voice, request: ClipRequest) {
    const dir = await this.folder();
    const out = join(dir, `${request.sentence.id}-${voice}-snr${snrDb}.wav`);
    const speech = join(dir, `${request.sentence.id}-${voice}-snr${snrDb}.speech.raw`);
    const noise = join(dir, `${request.sentence.id}-${voice}-snr${snrDb}.noise.raw`);
    await ffmpeg(['-i', spoken, '-ac', '1', '-ar', '16000', '-f', 's16le', '-c:a', 'pcm_s16le', speech]);
    const speechPcm = await readFile(speech);
    const seconds = speechPcm.byteLength / 2 / 16_000;
    await ffmpeg([
      '-f',
      'lavfi',
      '-i',
      `anoisesrc=color=pink:sample_rate=16000:seed=42:amplitude=0.5:duration=${seconds}`,
      '-f',
      's16le',
      '-c:a',
      'pcm_s16le',
      noise,
    ]);
    const noisePcm = await readFile(noise);
    const gain = rms(speechPcm) / rms(noisePcm) / 10 ** (snrDb / 20);
    const mixed = Buffer.alloc(speechPcm.byteLength);
    for (let offset = 0; offset + 1 < speechPcm.byteLength; offset += 2) {
      const n = offset + 1 < noisePcm.byteLength ? noisePcm.readInt16LE(offset) : 0;
      const value = Math.round(speechPcm.readInt16LE(offset) + n * gain);
      mixed.writeInt16LE(Math.max(-32_768, Math.min(32_767, value)), offset);
    }
    await writeFile(speech, mixed);
    await ffmpeg(['-f', 's16le', '-ar', '16000', '-ac', '1', '-i', speech, '-c:a', 'pcm_s16le', out]);
    return out;
  }

  private readonly spoken = new Map<string, Promise<void>>();

  private speak(text: string, voice: Voice, out: string): Promise<void> {
    let done = this.spoken.get(out);
    if (!done) {
      const espeak = voice.startsWith('espeak:') ? voice.slice('espeak:'.length) : null;
      const [program, args] =
        espeak === null
          ? ['flite', ['-voice', voice, '-t', text, '-o', out]]
          : ['espeak-ng', ['-v', espeak, '-w', out, text]];
      done = runProgram(program, args, { timeoutMs: TIMEOUT_MS, aptPackage: program }).then((r) => {
        if (r.code !== 0) throw new Error(`${program} failed: ${r.stderr}`);
      });
      this.spoken.set(out, done);
    }
    return done;
  }
}

async function ffmpeg(args: readonly string[]): Promise<void> {
  const result = await runProgram(
    'ffmpeg',
    ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args],
    {
      timeoutMs: TIMEOUT_MS,
      aptPackage: 'ffmpeg',
    },
  );
  if (result.code !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
}

/**
 * A valid AMR-NB file of silence: `#!AMR\n`, then one 20 ms frame after another in the 4.75 kbit/s mode
 * (header byte 0x04, 12 bytes of all-zero parameters, which decode to digital silence). It is the only AMR
 * we can make without an AMR encoder, and it proves the decoder path (amr_nb at 8 kHz) end to end.
 * (All-NO_DATA or SID frames, what a phone's DTX sends in pauses, would not do: ffmpeg's amrnb decoder
 * rejects those frames as corrupt.)
 */
export function amrSilenceFile(seconds = 3): Clip {
  const frame = Buffer.concat([Buffer.from([0x04]), Buffer.alloc(12)]);
  const frames = Buffer.concat(Array.from({ length: Math.round(seconds * 50) }, () => frame));
  return {
    bytes: Buffer.concat([Buffer.from('#!AMR\n', 'latin1'), frames]),
    contentType: 'audio/amr',
    fileName: 'clip.amr',
  };
}

function rms(pcm: Buffer): number {
  let sum = 0;
  for (let offset = 0; offset + 1 < pcm.byteLength; offset += 2) sum += pcm.readInt16LE(offset) ** 2;
  return Math.sqrt(sum / Math.max(1, pcm.byteLength / 2)) || 1;
}

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS_WORDS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** 0-99 as words ("thirty two"); longer digit strings digit by digit, as phone numbers are read. */
export function spokenNumber(digits: string): string {
  const n = Number(digits);
  if (digits.length > 2 || (digits.length === 2 && digits.startsWith('0'))) {
    return [...digits].map((d) => NUMBER_WORDS[Number(d)]).join(' ');
  }
  if (n < 20) return NUMBER_WORDS[n]!;
  return `${TENS_WORDS[Math.floor(n / 10)]}${n % 10 ? ` ${NUMBER_WORDS[n % 10]}` : ''}`;
}

/**
 * Words to compare: lower case, digits read out ("555-1234" = "five five five one two three four", "10:30"
 * = "ten thirty"), "o'clock" as "o clock", "p.m." and "p m" as "pm". pocketsphinx spells numbers out and
 * Moonshine writes digits; both are right, so neither counts as an error.
 */
export function normalizeWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/\b([ap])\.\s?m\.?/g, '$1m')
    .replace(/(\d+):00\b/g, '$1')
    .replace(/\d+/g, (digits) => ` ${spokenNumber(digits)} `)
    .replace(/o'clock/g, 'o clock')
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/\b([ap]) m\b/g, '$1m')
    .split(/\s+/)
    .filter(Boolean);
}

/** The reference's words and the word-level Levenshtein distance to the hypothesis (its word errors). */
export function wordErrors(
  reference: string,
  hypothesis: string,
): { readonly words: number; readonly errors: number } {
  const ref = normalizeWords(reference);
  const hyp = normalizeWords(hypothesis);
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j++) {
      const substitution = previous[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution);
    }
    previous = current;
  }
  return { words: ref.length, errors: previous[hyp.length]! };
}

/** Word error rate: word-level Levenshtein distance over the reference's length (0 = perfect). */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const { words, errors } = wordErrors(reference, hypothesis);
  if (words === 0) return errors === 0 ? 0 : 1;
  return errors / words;
}
