/**
 * Every section of docs/benchmarks.md names the commit it measured and the command that runs it again
 * (bench/report.ts): a benchmark's section gets that line under its heading when it is written, and a section
 * that carries its own (a run scored again from its kept texts) keeps the commit that made the texts.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { provenanceLine, withProvenance } from '../../bench/report';

const BENCHMARKS = readFileSync(new URL('../../docs/benchmarks.md', import.meta.url), 'utf8');

describe("a benchmark section's provenance", () => {
  it('goes under the heading, before the machine line', () => {
    const section = withProvenance(
      '## Live (issue 9)\n\n2026-11-24 · Linux\n\n| a |',
      'npm run bench -- live',
      () => 'abc1234',
    );
    expect(section).toBe(
      '## Live (issue 9)\n\nMeasured at commit abc1234 · re-run: `npm run bench -- live`\n\n2026-11-24 · Linux\n\n| a |',
    );
  });

  it('is kept as the section wrote it', () => {
    const own = `## Facts\n\n${provenanceLine('e6317cb (lambdas/ as of 25e98a6)', 'npm run bench -- facts')}\n\nfigures`;
    expect(withProvenance(own, 'npm run bench -- facts', () => 'not this one')).toBe(own);
  });

  it('is in every section of docs/benchmarks.md, first under its heading', () => {
    const sections = BENCHMARKS.split(/^## /m).slice(1);
    expect(sections.length).toBeGreaterThan(15);
    for (const section of sections) {
      const [heading, blank, line] = section.split('\n');
      expect(blank, heading).toBe('');
      expect(line, heading).toMatch(/^(Measured|Written) at commit [0-9a-f]{7}\b.* · re-run: `[^`]+`/);
    }
  });
});
