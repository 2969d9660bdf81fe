/**
 * The link checker of test/docs/readme-links.test.ts: the anchors GitHub makes of a
 * Markdown page's headings, and the relative links of a page that do not
 * resolve inside the repository.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

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

/** A file's text, '' for a folder, null when there is none. */
export function readFromDisk(file: string): string | null {
  if (!existsSync(file)) return null;
  return statSync(file).isDirectory() ? '' : readFileSync(file, 'utf8');
}
