/**
 * Every relative link in README.md and docs/*.md leads somewhere inside the
 * repository: the file (or folder) exists, and an #anchor names a heading of
 * the page it points into, as GitHub makes anchors of headings.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text outside fenced code blocks and inline code spans: links inside code are examples, not links. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  const outsideFences = markdown.replace(/^```[\s\S]*?^```/gm, '');
  for (const [, heading] of outsideFences.matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const text = (heading as string).replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** Each relative link of a page that does not resolve, with the reason. */
export function brokenLinks(page: string, markdown: string, read: (path: string) => string | null): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(markdown).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const link = target as string;
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:: not a file of this repository
    const [path = '', anchor] = link.split('#');
    const file = path === '' ? join(root, page) : resolve(root, dirname(page), decodeURIComponent(path));
    const inside = relative(root, file);
    if (inside.startsWith('..') || resolve(root, inside) !== file) {
      broken.push(`${link}: outside the repository`);
      continue;
    }
    const text = path === '' ? markdown : read(file);
    if (text === null) {
      broken.push(`${link}: no such file`);
      continue;
    }
    if (anchor !== undefined && anchor !== '') {
      if (!file.endsWith('.md')) broken.push(`${link}: an anchor into a file that is not Markdown`);
      else if (!anchors(text).has(decodeURIComponent(anchor))) broken.push(`${link}: no heading makes #${anchor}`);
    }
  }
  return broken;
}

function readFromDisk(file: string): string | null {
  if (!existsSync(file)) return null;
  return statSync(file).isDirectory() ? '' : readFileSync(file, 'utf8');
}

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
      '[a heading](api.md#no-such-heading), [out](../../shared/notes.md), [web](https://example.org/x.md).',
      '`[in code](nowhere.md)`',
    ].join('\n');
    expect(brokenLinks(page, text, readFromDisk)).toEqual([
      'missing.md: no such file',
      'api.md#no-such-heading: no heading makes #no-such-heading',
      '../../shared/notes.md: outside the repository',
    ]);
    expect([...anchors('# Turn rules, game phases and the `sandbox`\n## Time travel\n## Time travel')]).toEqual([
      'turn-rules-game-phases-and-the-sandbox',
      'time-travel',
      'time-travel-1',
    ]);
  });
});
