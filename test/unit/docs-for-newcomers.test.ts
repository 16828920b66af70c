/**
 * The docs a newcomer reads first stay readable and whole: the README's first screen says how to set up, run
 * and test and where to start reading, each decisions page stays short enough to read and is on the index, and
 * no link between the README and the docs points at a file or a heading that is not there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const DECISIONS = 'docs/decisions';
const decisionPages = readdirSync(join(ROOT, DECISIONS)).filter((name) => name.endsWith('.md'));
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  ...decisionPages.map((name) => `${DECISIONS}/${name}`),
];

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .replace(/^#+\s*/, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replaceAll(' ', '-');

/** The relative links of a markdown file: `[text](target)` whose target is not a URL. */
const relativeLinks = (text: string) =>
  [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z]+:/.test(target));

describe('the docs a newcomer reads', () => {
  it("give the set-up and test commands and where to start reading on the README's first screen", () => {
    const firstScreen = read('README.md').split('\n').slice(0, 30).join('\n');
    const packages = read('.ci/apt-packages.txt')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'));
    for (const command of ['npm ci', 'npm start', 'npm test', ...packages])
      expect(firstScreen).toContain(command);
    expect(firstScreen).toContain('](docs/architecture.md)');
  });

  it.each(decisionPages)('%s is under 400 lines and on the index', (page) => {
    expect(read(`${DECISIONS}/${page}`).split('\n').length).toBeLessThanOrEqual(400);
    if (page !== 'README.md') expect(read(`${DECISIONS}/README.md`)).toContain(`](${page})`);
  });

  it.each(DOCS)('%s links only to files and headings that exist', (doc) => {
    const dangling = relativeLinks(read(doc)).filter((target) => {
      const [path = '', fragment] = target.split('#');
      const file = path ? relative(ROOT, join(ROOT, dirname(doc), path)) : doc;
      if (!existsSync(join(ROOT, file))) return true;
      if (!fragment || !file.endsWith('.md')) return false;
      return !read(file)
        .split('\n')
        .some((line) => line.startsWith('#') && anchorOf(line) === fragment);
    });
    expect(dangling).toEqual([]);
  });
});
