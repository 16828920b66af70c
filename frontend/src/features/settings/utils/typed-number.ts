/**
 * A whole number typed in a settings field: the number, or the text as typed so the API's schema names the
 * problem at the field (typed as a number for the update's type; the schema checks it either way).
 */
export function typedNumber(text: string): number {
  const trimmed = text.trim();
  return (/^\d+$/.test(trimmed) ? Number(trimmed) : trimmed) as number;
}
