/**
 * Writes benchmark results into docs/benchmarks.md: each benchmark owns one section between markers, so
 * running one benchmark updates its section and keeps the others.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem, type } from 'node:os';
import { join } from 'node:path';

const FILE = join(import.meta.dirname, '..', 'docs', 'benchmarks.md');
const HEADER = `# Benchmarks

Measured with \`npm run bench\` (all) or \`npm run bench -- <name>\`. Each section says when and on what machine it
ran. The machine is shared and noisy: compare the ratios against the baseline measured in the same run, not
absolute numbers across runs.
`;

/** The machine a result was measured on, in one line. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${type()} · ${cpus().length} × ${cpu} · ${Math.round(totalmem() / 2 ** 30)} GiB · Node ${process.versions.node}`;
}

/** Replaces (or adds) the section `name` of docs/benchmarks.md with `markdown`. */
export async function writeSection(name: string, markdown: string): Promise<void> {
  let text: string;
  try {
    text = await readFile(FILE, 'utf8');
  } catch {
    text = HEADER;
  }
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  text =
    from >= 0 && to > from
      ? text.slice(0, from) + block + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  await writeFile(FILE, text);
}

/** Milliseconds with one decimal. */
export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Nearest-rank percentile of unsorted values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
