/**
 * A moment in a message's recording, as a link to its page carries it (issue 24): `/m/<code>#t=42` opens the
 * page ready to play from 0:42. A fragment, so the moment stays in the browser and never reaches the server
 * (nor its logs); browsers do not autoplay, so the page offers "Listen from 0:42" instead of playing.
 */

/** Longest moment a link may name: six hours, past any recording the service accepts. */
const MAX_MOMENT_SECONDS = 6 * 3600;

/** The fragment that opens a message's page at `seconds` into the recording: `#t=42` (whole seconds). */
export function momentFragment(seconds: number): string {
  return `#t=${Math.max(0, Math.floor(seconds))}`;
}

/**
 * The moment a page's fragment names, in seconds, or null when it names none: `#t=42` (what the service
 * writes), and, as a person may type it, `#t=42.5`, `#t=0:42` or `#t=1:02:03`. Anything else is ignored.
 */
export function momentFromFragment(hash: string): number | null {
  const parts = /^#?t=([\d:.]+)$/.exec(hash)?.[1]?.split(':');
  if (!parts || parts.length > 3) return null;
  // "42" or "42.5" alone; after a colon, minutes and seconds are two digits under 60 ("0:42", "1:02:03").
  const valid = parts.every((part, index) =>
    index === 0
      ? /^\d{1,5}(\.\d{1,3})?$/.test(part) && (parts.length === 1 || /^\d+$/.test(part))
      : /^[0-5]?\d(\.\d{1,3})?$/.test(part) && (index === parts.length - 1 || /^\d+$/.test(part)),
  );
  if (!valid) return null;
  const total = parts.reduce((sum, part) => sum * 60 + Number(part), 0);
  return total <= MAX_MOMENT_SECONDS ? total : null;
}

/** A moment as a person reads it: "0:42", "12:05", "1:02:03". */
export function momentLabel(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
