/** US dollars as an operator reads an estimate: cents from a dollar up, tenths of a cent below it. */
export function formatUsd(dollars: number): string {
  const digits = dollars !== 0 && Math.abs(dollars) < 1 ? 4 : 2;
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}
