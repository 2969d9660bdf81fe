/**
 * Every relative link in README.md and docs/*.md leads somewhere inside the
 * repository: the file (or folder) exists, and an #anchor names a heading of
 * the page it points into, as GitHub makes anchors of headings.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, brokenLinks, readFromDisk } from '../support/readmeLinks.js';

const root = join(import.meta.dirname, '..', '..');
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('links in the README and docs', () => {
  for (const page of pages) {
    it(`every relative link in ${page} resolves inside the repository`, () => {
      expect(brokenLinks(page, readFileSync(join(root, page), 'utf8'), readFromDisk)).toEqual([]);
    });
  }

  it('the README links to every page of docs/', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const linked = new Set([...readme.matchAll(/\]\((docs\/[^)#]+\.md)/g)].map((match) => match[1]));
    expect(pages.filter((page) => page.startsWith('docs/') && !linked.has(page))).toEqual([]);
  });

  it('the checker itself reports a missing file, a missing heading and a link leaving the repository', () => {
    const page = 'docs/example.md';
    const text = [
      '# A page',
      '## The `plystack` command, again',
      'See [the API](api.md#writing-a-game), [here](#the-plystack-command-again), [a page](missing.md),',
      '[a heading](api.md#no-such-heading), [out](../../elsewhere/notes.md), [web](https://example.org/x.md).',
      '`[in code](nowhere.md)`',
    ].join('\n');
    expect(brokenLinks(page, text, readFromDisk)).toEqual([
      'missing.md: no such file',
      'api.md#no-such-heading: no heading makes #no-such-heading',
      '../../elsewhere/notes.md: outside the repository',
    ]);
    expect([...anchors('# Turn rules, game phases and the `sandbox`\n## Time travel\n## Time travel')]).toEqual([
      'turn-rules-game-phases-and-the-sandbox',
      'time-travel',
      'time-travel-1',
    ]);
  });
});
