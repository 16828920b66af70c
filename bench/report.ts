/** Shared by every benchmark: a line describing the machine, and writing one section of docs/benchmarks.md. */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem, type } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCHMARKS_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'benchmarks.md');

const HEADER = `# Benchmarks

Numbers measured by the scripts in \`bench/\` (\`npm run bench\`). Each section is rewritten by its own
benchmark between its markers; edit text outside the markers only.
`;

/** e.g. `2026-11-23 03:40 UTC · Linux · 2 × AMD EPYC 7B13 · 7.8 GiB · Node v24.21.0`. */
export function machineLine(): string {
  const when = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown CPU';
  const gib = (totalmem() / 1024 ** 3).toFixed(1);
  return `${when} · ${type()} · ${cores.length} × ${model} · ${gib} GiB · Node ${process.version}`;
}

/** Milliseconds for a table: `850 ms`, `1.24 s`. */
export function ms(n: number): string {
  return n < 1000 ? `${Math.round(n)} ms` : `${(n / 1000).toFixed(2)} s`;
}

/** Replaces the text between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`, appending the section if new. */
export async function writeSection(name: string, markdown: string, file = BENCHMARKS_FILE): Promise<void> {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  const block = `${open}\n${markdown.trim()}\n${close}`;
  const current = existsSync(file) ? await readFile(file, 'utf8') : HEADER;
  const start = current.indexOf(open);
  const end = current.indexOf(close);
  const next =
    start !== -1 && end > start
      ? `${current.slice(0, start)}${block}${current.slice(end + close.length)}`
      : `${current.trimEnd()}\n\n${block}\n`;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, next);
}
