/** Shortens `text` to at most `maxChars`, cutting at a word boundary and ending with "…" when it cut. */
export function clampAtWordBoundary(text: string, maxChars: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= maxChars) return trimmed;
  const room = trimmed.slice(0, maxChars - 1);
  const lastSpace = room.search(/\s\S*$/);
  // A single very long word has no boundary to cut at; cut it rather than return nothing.
  const cut = lastSpace > maxChars / 2 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,;:.-]+$/, '')}…`;
}
