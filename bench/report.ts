/**
 * Writes benchmark results into docs/benchmarks.md: each benchmark owns one section between markers, so
 * running one benchmark updates its section and keeps the others. Every section says, under its heading, the
 * commit it measured and the command that runs it again.
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem, type } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const FILE = join(ROOT, 'docs', 'benchmarks.md');
const HEADER = `# Benchmarks

Measured with \`npm run bench\` (all) or \`npm run bench -- <name>\`. Each section says when and on what machine it
ran, the commit it measured and the command that runs it again. The machine is shared and noisy: compare the
ratios against the baseline measured in the same run, not absolute numbers across runs.

"Measured at commit" is the commit the run measured (a benchmark writes it with its section; "lambdas/ as of"
is the last commit that changed the service's code). Sections measured before the benchmarks named their
commit say "Written at commit": the commit that recorded the figures, since the run itself named none.
`;

/** How a section's first line starts: "Measured at commit" from a run, "Written at commit" for older figures. */
const PROVENANCE = /^(Measured|Written) at commit /m;

/** The commit measured (and the last one that changed lambdas/), and whether the measured code had uncommitted changes. */
export function measuredCommit(): string {
  const run = (args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  const dirty = run(['status', '--porcelain', '--', 'lambdas', 'bench', 'test/support']) !== '';
  const product = run(['log', '-1', '--format=%h', '--', 'lambdas']);
  return `${run(['rev-parse', '--short', 'HEAD'])} (lambdas/ as of ${product})${dirty ? ' with uncommitted changes' : ''}`;
}

/** The line under a section's heading: the commit it measured and the command that runs it again. */
export function provenanceLine(commit: string, command: string): string {
  return `Measured at commit ${commit} · re-run: \`${command}\``;
}

/**
 * The section with its provenance line under the heading (by default this checkout's commit), unless the
 * section carries its own: a run scored again from its kept texts names the commit that made them.
 */
export function withProvenance(markdown: string, command: string, commit = measuredCommit): string {
  if (PROVENANCE.test(markdown)) return markdown;
  const line = provenanceLine(commit(), command);
  const [heading = '', ...rest] = markdown.split('\n');
  return heading.startsWith('#') ? [heading, '', line, ...rest].join('\n') : `${line}\n\n${markdown}`;
}

/** The machine a result was measured on, in one line. */
export function machineLine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · ${type()} · ${cpus().length} × ${cpu} · ${Math.round(totalmem() / 2 ** 30)} GiB · Node ${process.versions.node}`;
}

/**
 * Replaces (or adds) the section `name` of docs/benchmarks.md with `markdown`, which `command` runs again
 * (by default the benchmark of that name).
 */
export async function writeSection(
  name: string,
  markdown: string,
  command = `npm run bench -- ${name}`,
): Promise<void> {
  let text: string;
  try {
    text = await readFile(FILE, 'utf8');
  } catch {
    text = HEADER;
  }
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${withProvenance(markdown.trim(), command)}\n${end}`;
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
