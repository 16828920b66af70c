/**
 * The warnings a transcription records on a message, in English (the card shows them as recorded), and how
 * the reply recognizes them to text them in the sender's language (core/texts/service-texts.ts). Tiny and without the
 * catalogues on purpose: the Transcribe function's bundle imports it and is close to its 1 MB budget.
 */

/** The warning a doubtful English transcript is sent with; the reply shows it as "[possibly unreliable]". */
export const POSSIBLY_UNRELIABLE = 'possibly unreliable';

/** The warning for audio below telephone quality, e.g. `lowQualityWarning(4)` for 4 kHz audio. */
export function lowQualityWarning(khz: number | string): string {
  return `The audio is low quality (${khz} kHz): the transcript may be unreliable.`;
}

/** The kHz in a warning `lowQualityWarning` wrote (`'4'`), or null for any other warning. */
export function lowQualityKhz(warning: string): string | null {
  return (
    /^The audio is low quality \(([\d.]+) kHz\): the transcript may be unreliable\.$/.exec(warning)?.[1] ??
    null
  );
}
