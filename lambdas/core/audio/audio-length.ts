/**
 * How long a recording is, as the service says it (the card of a message over the limit, the refusal of an
 * upload), and the one rule deciding what is too long to transcribe.
 */

/** "13 min", "12 min 5 s", "45 s": rounded to the second. */
export function formatAudioLength(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** Whether a recording of `seconds` (null: unknown) is longer than the longest transcribed (Settings). */
export function isTooLong(seconds: number | null, maxMinutes: number): seconds is number {
  return seconds !== null && seconds > maxMinutes * 60;
}

/** "13 min long; the longest transcribed is 10 min". */
export function tooLongText(seconds: number, longestSeconds: number): string {
  return `${formatAudioLength(seconds)} long; the longest transcribed is ${formatAudioLength(longestSeconds)}`;
}
