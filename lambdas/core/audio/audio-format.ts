/**
 * Audio formats told apart by their first bytes, never by a file name or a declared content type: phones
 * and carriers label voice messages loosely (an AMR note sent as audio/3gpp, an M4A as video/mp4), and a
 * renamed picture must not reach the transcriber. `openaiAccepts` says whether the bytes can go to OpenAI
 * as they are; the rest are converted (ffmpeg) first.
 */

/** The audio formats we recognize; Opus and Vorbis are both 'ogg', AMR-NB and AMR-WB both 'amr'. */
export type AudioFormatId = 'mp3' | 'wav' | 'm4a' | 'aac' | 'flac' | 'ogg' | 'amr' | '3gp' | 'webm' | 'caf';

/** A recognized format: its content type and extension for storage, and whether OpenAI takes it as is. */
export type AudioFormat = {
  readonly id: AudioFormatId;
  readonly mime: string;
  readonly extension: string;
  /** OpenAI's transcription endpoint takes flac, mp3, mp4, mpeg, mpga, m4a, ogg, wav and webm. */
  readonly openaiAccepts: boolean;
};

/** OpenAI's transcription endpoint refuses files over 25 MB. */
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;

/**
 * The longest voice message transcribed by default: 10 minutes. Longer ones cost more than a voicemail is
 * worth, and a small file that decodes to hours of silence is a known way to make a service burn CPU.
 */
export const DEFAULT_MAX_DURATION_SECONDS = 600;

/** The formats we take, for error messages and the help text. */
export const ACCEPTED_FORMATS_TEXT = 'MP3, WAV, M4A, AAC, FLAC, OGG/Opus, AMR, 3GP, WebM or CAF';

/** What a file picker offers (HTML `accept`): audio, and the extensions phones give voice notes; the bytes decide. */
export const AUDIO_FILE_ACCEPT =
  'audio/*,.m4a,.amr,.awb,.3gp,.3ga,.caf,.opus,.ogg,.aac,.mp3,.wav,.flac,.webm';

const FORMATS = {
  mp3: { id: 'mp3', mime: 'audio/mpeg', extension: 'mp3', openaiAccepts: true },
  wav: { id: 'wav', mime: 'audio/wav', extension: 'wav', openaiAccepts: true },
  m4a: { id: 'm4a', mime: 'audio/mp4', extension: 'm4a', openaiAccepts: true },
  // ADTS is a raw AAC stream, not in OpenAI's list: it is wrapped or converted first.
  aac: { id: 'aac', mime: 'audio/aac', extension: 'aac', openaiAccepts: false },
  flac: { id: 'flac', mime: 'audio/flac', extension: 'flac', openaiAccepts: true },
  ogg: { id: 'ogg', mime: 'audio/ogg', extension: 'ogg', openaiAccepts: true },
  amr: { id: 'amr', mime: 'audio/amr', extension: 'amr', openaiAccepts: false },
  amrWb: { id: 'amr', mime: 'audio/amr-wb', extension: 'awb', openaiAccepts: false },
  '3gp': { id: '3gp', mime: 'audio/3gpp', extension: '3gp', openaiAccepts: false },
  webm: { id: 'webm', mime: 'audio/webm', extension: 'webm', openaiAccepts: true },
  // Matroska shares WebM's container magic; OpenAI takes only the WebM flavour.
  matroska: { id: 'webm', mime: 'audio/x-matroska', extension: 'mka', openaiAccepts: false },
  caf: { id: 'caf', mime: 'audio/x-caf', extension: 'caf', openaiAccepts: false },
} as const satisfies Record<string, AudioFormat>;

/**
 * ISO base media (ftyp) major brands that hold audio we can transcribe. Images use the same container
 * (HEIC: heic, mif1; AVIF: avif), so unknown brands are not audio.
 */
const MP4_BRANDS = new Set([
  'M4A ',
  'M4B ',
  'M4P ',
  'M4V ',
  'mp41',
  'mp42',
  'mp71',
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'avc1',
  'dash',
  'MSNV',
  'NDAS',
  'f4a ',
  'f4v ',
  'qt  ',
]);

function ascii(bytes: Uint8Array, start: number, length: number): string {
  if (bytes.length < start + length) return '';
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function startsWith(bytes: Uint8Array, text: string, offset = 0): boolean {
  return ascii(bytes, offset, text.length) === text;
}

/** ADTS: a 12-bit sync word, then layer bits 00 (which MPEG audio reserves, so it is never an MP3 frame). */
function isAdts(bytes: Uint8Array, at: number): boolean {
  const [b0, b1] = [bytes[at], bytes[at + 1]];
  return b0 === 0xff && b1 !== undefined && (b1 & 0xf6) === 0xf0;
}

/** An MPEG audio frame header: 11-bit sync, a defined version and layer, a usable bitrate and sample rate. */
function isMpegFrame(bytes: Uint8Array, at: number): boolean {
  const [b0, b1, b2] = [bytes[at], bytes[at + 1], bytes[at + 2]];
  if (b0 !== 0xff || b1 === undefined || b2 === undefined) return false;
  if ((b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0b11;
  return (
    version !== 0b01 && layer !== 0b00 && bitrate !== 0b0000 && bitrate !== 0b1111 && sampleRate !== 0b11
  );
}

/** Zero bytes tolerated between an ID3 tag and the first frame (some encoders reserve space there). */
const MAX_ID3_PADDING = 64 * 1024;

/** The size of an ID3v2 tag: a 10-byte header, a 28-bit "syncsafe" length, and a footer when flagged. */
function id3TagLength(bytes: Uint8Array): number {
  const size = ((bytes[6] ?? 0) << 21) | ((bytes[7] ?? 0) << 14) | ((bytes[8] ?? 0) << 7) | (bytes[9] ?? 0);
  const hasFooter = ((bytes[5] ?? 0) & 0x10) !== 0;
  return 10 + size + (hasFooter ? 10 : 0);
}

function detectAt(bytes: Uint8Array, at: number): AudioFormat | null {
  if (isAdts(bytes, at)) return FORMATS.aac;
  if (isMpegFrame(bytes, at)) return FORMATS.mp3;
  if (startsWith(bytes, 'fLaC', at)) return FORMATS.flac;
  return null;
}

function detectMatroska(bytes: Uint8Array): AudioFormat {
  // The EBML header names the DocType within its first few dozen bytes.
  const header = ascii(bytes, 0, Math.min(bytes.length, 64));
  return header.includes('matroska') ? FORMATS.matroska : FORMATS.webm;
}

function detectIsoMedia(bytes: Uint8Array): AudioFormat | null {
  const brand = ascii(bytes, 8, 4);
  if (brand.startsWith('3gp') || brand.startsWith('3g2') || brand.startsWith('3gg')) return FORMATS['3gp'];
  return MP4_BRANDS.has(brand) ? FORMATS.m4a : null;
}

/** Names the audio format from the bytes' magic numbers; null when they are not audio we know (or too short to tell). */
export function detectAudioFormat(bytes: Uint8Array): AudioFormat | null {
  if (bytes.length < 4) return null;
  if (startsWith(bytes, 'ID3')) {
    if (bytes.length < 10) return null;
    // A tag can precede an MP3, ADTS or FLAC stream: the first real frame decides, so a tag in front of a
    // picture or anything else is not taken for audio. Encoders may pad the tag with zero bytes.
    let at = id3TagLength(bytes);
    const paddingEnd = Math.min(bytes.length, at + MAX_ID3_PADDING);
    while (at < paddingEnd && bytes[at] === 0) at += 1;
    return detectAt(bytes, at);
  }
  if ((startsWith(bytes, 'RIFF') || startsWith(bytes, 'RF64')) && startsWith(bytes, 'WAVE', 8))
    return FORMATS.wav;
  if (startsWith(bytes, 'ftyp', 4)) return detectIsoMedia(bytes);
  if (startsWith(bytes, 'OggS')) return FORMATS.ogg;
  if (startsWith(bytes, '#!AMR-WB\n')) return FORMATS.amrWb;
  if (startsWith(bytes, '#!AMR\n')) return FORMATS.amr;
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return detectMatroska(bytes);
  if (startsWith(bytes, 'caff')) return FORMATS.caf;
  return detectAt(bytes, 0);
}

const EXTENSION_BY_MIME: ReadonlyMap<string, string> = new Map([
  ['audio/mpeg', 'mp3'],
  ['audio/mp3', 'mp3'],
  ['audio/mpeg3', 'mp3'],
  ['audio/x-mpeg-3', 'mp3'],
  ['audio/x-mp3', 'mp3'],
  ['audio/mpga', 'mp3'],
  ['audio/wav', 'wav'],
  ['audio/x-wav', 'wav'],
  ['audio/wave', 'wav'],
  ['audio/vnd.wave', 'wav'],
  ['audio/mp4', 'm4a'],
  ['audio/m4a', 'm4a'],
  ['audio/x-m4a', 'm4a'],
  ['video/mp4', 'mp4'],
  ['audio/aac', 'aac'],
  ['audio/x-aac', 'aac'],
  ['audio/aacp', 'aac'],
  ['audio/flac', 'flac'],
  ['audio/x-flac', 'flac'],
  ['audio/ogg', 'ogg'],
  ['audio/opus', 'ogg'],
  ['application/ogg', 'ogg'],
  ['audio/amr', 'amr'],
  ['audio/amr-wb', 'awb'],
  ['audio/3gpp', '3gp'],
  ['audio/3gpp2', '3g2'],
  ['video/3gpp', '3gp'],
  ['video/3gpp2', '3g2'],
  ['audio/x-caf', 'caf'],
  ['audio/webm', 'webm'],
  ['video/webm', 'webm'],
]);

/** The type and subtype of a content type, lowercased, without parameters ("Audio/OGG; codecs=opus" -> "audio/ogg"). */
function baseMime(mime: string): string {
  return (mime.split(';')[0] ?? '').trim().toLowerCase();
}

/** The file extension for a provider-declared content type ("audio/x-wav" -> "wav"), or null when unknown. */
export function mimeToExtension(mime: string | null | undefined): string | null {
  if (!mime) return null;
  return EXTENSION_BY_MIME.get(baseMime(mime)) ?? null;
}

/**
 * Whether a declared content type may hold a voice message: any audio/* type, plus the video and
 * application types phones use for voice notes (video/3gpp, video/mp4, video/webm, application/ogg).
 */
export function isAudioMime(mime: string | null | undefined): boolean {
  if (!mime) return false;
  const base = baseMime(mime);
  return /^audio\/[a-z0-9.+-]+$/.test(base) || EXTENSION_BY_MIME.has(base);
}
