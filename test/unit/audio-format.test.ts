import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_FORMATS_TEXT,
  detectAudioFormat,
  isAudioMime,
  MAX_AUDIO_BYTES,
  mimeToExtension,
} from '#core/audio/audio-format';

/** Bytes from a mix of text and numbers, padded with zeros to `length` (headers are followed by data). */
function bytes(parts: Array<string | number[]>, length = 64): Uint8Array {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part === 'string') for (const char of part) out.push(char.charCodeAt(0));
    else out.push(...part);
  }
  while (out.length < length) out.push(0);
  return Uint8Array.from(out);
}

/** An ISO base media file: a box size, "ftyp", the major brand, a minor version, compatible brands. */
const isoMedia = (brand: string, compatible = 'isom') =>
  bytes([[0, 0, 0, 0x20], 'ftyp', brand, [0, 0, 0, 0], compatible]);

const SAMPLES = {
  'an MP3 with an ID3 tag': bytes(['ID3', [4, 0, 0, 0, 0, 0, 0x0a], 'TIT2 title', [0xff, 0xfb, 0x90, 0x64]]),
  'an MP3 without a tag (MPEG-1 layer III frame)': bytes([[0xff, 0xfb, 0x90, 0x64]]),
  'an MPEG-2 layer III frame': bytes([[0xff, 0xf3, 0x64, 0xc4]]),
  'a WAV file': bytes(['RIFF', [0x24, 0x08, 0, 0], 'WAVEfmt ']),
  'an iPhone voice memo (M4A)': isoMedia('M4A '),
  'an MP4 with the mp42 brand': isoMedia('mp42'),
  'an MP4 with the isom brand': isoMedia('isom'),
  'an Android voice note (3GP)': isoMedia('3gp4', '3gp4'),
  'a 3GPP2 file': isoMedia('3g2a', '3g2a'),
  'raw AAC (ADTS, MPEG-4)': bytes([[0xff, 0xf1, 0x50, 0x80]]),
  'raw AAC (ADTS, MPEG-2)': bytes([[0xff, 0xf9, 0x50, 0x80]]),
  'a FLAC file': bytes(['fLaC', [0, 0, 0, 0x22]]),
  'an Ogg Opus file': bytes([
    'OggS',
    [0, 2],
    [0, 0, 0, 0, 0, 0, 0, 0],
    [1, 0, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
    [1, 19],
    'OpusHead',
  ]),
  'an Ogg Vorbis file': bytes([
    'OggS',
    [0, 2],
    [0, 0, 0, 0, 0, 0, 0, 0],
    [1, 0, 0, 0],
    [0, 0, 0, 0],
    [0, 0, 0, 0],
    [1, 30],
    [1],
    'vorbis',
  ]),
  'an AMR voice note': bytes(['#!AMR\n', [0x3c]]),
  'a wideband AMR voice note': bytes(['#!AMR-WB\n', [0x04]]),
  'a WebM recording': bytes([
    [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84],
    'webm',
  ]),
  'a Matroska audio file': bytes([[0x1a, 0x45, 0xdf, 0xa3, 0xa3, 0x42, 0x82, 0x88], 'matroska']),
  'a Core Audio (CAF) file from an iPhone': bytes(['caff', [0, 1, 0, 0]]),
};

describe('recognizing audio from its bytes', () => {
  it.each([
    ['an MP3 with an ID3 tag', 'mp3', 'audio/mpeg', 'mp3', true],
    ['an MP3 without a tag (MPEG-1 layer III frame)', 'mp3', 'audio/mpeg', 'mp3', true],
    ['an MPEG-2 layer III frame', 'mp3', 'audio/mpeg', 'mp3', true],
    ['a WAV file', 'wav', 'audio/wav', 'wav', true],
    ['an iPhone voice memo (M4A)', 'm4a', 'audio/mp4', 'm4a', true],
    ['an MP4 with the mp42 brand', 'm4a', 'audio/mp4', 'm4a', true],
    ['an MP4 with the isom brand', 'm4a', 'audio/mp4', 'm4a', true],
    ['an Android voice note (3GP)', '3gp', 'audio/3gpp', '3gp', false],
    ['a 3GPP2 file', '3gp', 'audio/3gpp', '3gp', false],
    ['raw AAC (ADTS, MPEG-4)', 'aac', 'audio/aac', 'aac', false],
    ['raw AAC (ADTS, MPEG-2)', 'aac', 'audio/aac', 'aac', false],
    ['a FLAC file', 'flac', 'audio/flac', 'flac', true],
    ['an Ogg Opus file', 'ogg', 'audio/ogg', 'ogg', true],
    ['an Ogg Vorbis file', 'ogg', 'audio/ogg', 'ogg', true],
    ['an AMR voice note', 'amr', 'audio/amr', 'amr', false],
    ['a wideband AMR voice note', 'amr', 'audio/amr-wb', 'awb', false],
    ['a WebM recording', 'webm', 'audio/webm', 'webm', true],
    ['a Matroska audio file', 'webm', 'audio/x-matroska', 'mka', false],
    ['a Core Audio (CAF) file from an iPhone', 'caf', 'audio/x-caf', 'caf', false],
  ] as const)(
    'recognizes %s as %s (%s, .%s, OpenAI accepts: %s)',
    (sample, id, mime, extension, openaiAccepts) => {
      expect(detectAudioFormat(SAMPLES[sample])).toEqual({ id, mime, extension, openaiAccepts });
    },
  );

  it('looks past an ID3 tag to find raw AAC behind it', () => {
    const tagged = bytes(['ID3', [4, 0, 0, 0, 0, 0, 4], 'abcd', [0xff, 0xf1, 0x50, 0x80]]);
    expect(detectAudioFormat(tagged)?.id).toBe('aac');
  });

  it('looks past an ID3 tag to find FLAC behind it', () => {
    const tagged = bytes(['ID3', [3, 0, 0, 0, 0, 0, 2], 'ab', 'fLaC']);
    expect(detectAudioFormat(tagged)?.id).toBe('flac');
  });

  it('finds the MP3 frame after the zero padding some encoders leave behind the tag', () => {
    const padded = bytes([
      'ID3',
      [4, 0, 0, 0, 0, 0, 2],
      'ab',
      [0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x64],
    ]);
    expect(detectAudioFormat(padded)?.id).toBe('mp3');
  });

  it('takes nothing for audio on the strength of an ID3 tag alone: the first frame decides', () => {
    const png: Array<string | number[]> = [[0x89], 'PNG\r\n', [0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'];
    expect(detectAudioFormat(bytes(['ID3', [4, 0, 0, 0, 0, 0, 2], 'ab', ...png]))).toBeNull();
    expect(detectAudioFormat(bytes(['ID3', [4, 0, 0, 0, 0, 0x7f, 0x7f]], 20))).toBeNull();
    expect(detectAudioFormat(bytes(['ID3', [4, 0, 0, 0, 0, 0, 2], 'ab'], 64))).toBeNull();
  });

  it('only OpenAI-accepted formats go to OpenAI unconverted', () => {
    const accepted = Object.values(SAMPLES)
      .map((sample) => detectAudioFormat(sample))
      .filter((format) => format?.openaiAccepts)
      .map((format) => format?.extension);
    expect(new Set(accepted)).toEqual(new Set(['mp3', 'wav', 'm4a', 'flac', 'ogg', 'webm']));
  });
});

describe('refusing what is not audio', () => {
  const png = bytes([[0x89], 'PNG\r\n', [0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR']);

  it.each([
    ['a PNG picture', png],
    ['a JPEG picture', bytes([[0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'])],
    ['a PDF', bytes(['%PDF-1.7\n'])],
    ['plain text', new TextEncoder().encode('Hi, please call me back at 3pm.')],
    ['an empty buffer', new Uint8Array(0)],
    ['a 3-byte buffer', Uint8Array.from([0xff, 0xfb, 0x90])],
    ['the letters ID3 alone', bytes(['ID3'], 3)],
    ['a RIFF file that is not WAVE (AVI)', bytes(['RIFF', [0, 0, 0, 0], 'AVI LIST'])],
    ['an HEIC photo (ftyp heic)', isoMedia('heic', 'mif1')],
    ['an AVIF picture (ftyp avif)', isoMedia('avif', 'mif1')],
    ['an MPEG frame with a forbidden bitrate', bytes([[0xff, 0xfb, 0xf0, 0x64]])],
    ['an MPEG frame with a reserved sample rate', bytes([[0xff, 0xfb, 0x9c, 0x64]])],
    ['an MPEG frame with a reserved version', bytes([[0xff, 0xeb, 0x90, 0x64]])],
    ['a zip archive', bytes(['PK', [3, 4]])],
  ])('does not take %s for audio', (_what, sample) => {
    expect(detectAudioFormat(sample)).toBeNull();
  });

  it('ignores names: a PNG uploaded as message.m4a is still not audio', () => {
    const upload = { name: 'message.m4a', bytes: png };
    expect(detectAudioFormat(upload.bytes)).toBeNull();
  });
});

describe('limits and wording', () => {
  it('caps audio at OpenAI\u2019s 25 MB', () => {
    expect(MAX_AUDIO_BYTES).toBe(26_214_400);
  });

  it('names every format a phone sends in the error text', () => {
    for (const name of ['MP3', 'WAV', 'M4A', 'AAC', 'FLAC', 'OGG', 'Opus', 'AMR', '3GP', 'WebM', 'CAF']) {
      expect(ACCEPTED_FORMATS_TEXT).toContain(name);
    }
  });
});

describe('content types declared by the SMS provider', () => {
  it.each([
    ['audio/amr', 'amr'],
    ['audio/3gpp', '3gp'],
    ['video/3gpp', '3gp'],
    ['audio/aac', 'aac'],
    ['audio/mp4', 'm4a'],
    ['audio/x-m4a', 'm4a'],
    ['audio/mpeg', 'mp3'],
    ['audio/mp3', 'mp3'],
    ['audio/ogg', 'ogg'],
    ['audio/ogg; codecs=opus', 'ogg'],
    ['Audio/OGG', 'ogg'],
    ['audio/opus', 'ogg'],
    ['audio/x-caf', 'caf'],
    ['audio/webm', 'webm'],
    ['audio/wav', 'wav'],
    ['audio/x-wav', 'wav'],
    ['audio/flac', 'flac'],
    ['audio/x-flac', 'flac'],
  ])('maps %s to .%s', (mime, extension) => {
    expect(mimeToExtension(mime)).toBe(extension);
  });

  it.each(['image/png', 'application/pdf', 'text/plain', '', null, undefined])(
    'has no audio extension for %j',
    (mime) => {
      expect(mimeToExtension(mime)).toBeNull();
    },
  );

  it.each([
    'audio/amr',
    'audio/x-something-new',
    'video/3gpp',
    'video/mp4',
    'application/ogg',
    'AUDIO/MPEG; x=1',
  ])('accepts %s as a possible voice message', (mime) => {
    expect(isAudioMime(mime)).toBe(true);
  });

  it.each(['image/png', 'image/jpeg', 'text/vcard', 'application/pdf', 'video/quicktime', 'audio', '', null])(
    'does not accept %j as a voice message',
    (mime) => {
      expect(isAudioMime(mime)).toBe(false);
    },
  );
});
