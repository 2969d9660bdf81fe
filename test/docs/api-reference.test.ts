/**
 * docs/api.md names every export of every entry point, in a section of that
 * entry point: a name added to an entry without a line in the reference, or
 * listed under another entry than the one that exports it, fails here.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** Each entry point of package.json, with its source file. */
const ENTRIES = {
  plystack: 'src/index.ts',
  'plystack/games': 'src/games/index.ts',
  'plystack/testing': 'src/testing/index.ts',
  'plystack/inspect': 'src/inspect/index.ts',
  'plystack/server': 'src/server/index.ts',
  'plystack/client': 'src/client/index.ts',
  'plystack/bots': 'src/bots/index.ts',
} as const;
type Entry = keyof typeof ENTRIES;

/** Every name a source file exports, values and types. */
async function exportedNames(source: string): Promise<string[]> {
  const text = await readFile(join(root, source), 'utf8');
  const names: string[] = [];
  for (const clause of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of (clause[1] as string).split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop();
      if (name) names.push(name);
    }
  }
  return names;
}

/** The reference's text per entry point: a `##` section belongs to the entry its heading names, else to `plystack`. */
async function referenceByEntry(): Promise<Record<Entry, string>> {
  const reference = await readFile(join(root, 'docs', 'api.md'), 'utf8');
  const sections = Object.fromEntries(Object.keys(ENTRIES).map((entry) => [entry, ''])) as Record<Entry, string>;
  for (const section of reference.split(/^(?=## )/m).slice(1)) {
    const heading = section.split('\n')[0] as string;
    const named = /`(plystack\/\w+)`/.exec(heading)?.[1] as Entry | undefined;
    sections[named !== undefined && named in ENTRIES ? named : 'plystack'] += section;
  }
  return sections;
}

describe('docs/api.md', () => {
  for (const [entry, source] of Object.entries(ENTRIES) as [Entry, string][]) {
    it(`lists every name ${entry} exports, under ${entry}`, async () => {
      const names = await exportedNames(source);
      // The parse must find the runtime exports too: it reads the same file the entry point is built from.
      const module = (await import(join(root, source))) as Record<string, unknown>;
      for (const value of Object.keys(module)) expect(names).toContain(value);
      const sections = await referenceByEntry();
      const missing = names.filter((name) => !sections[entry].includes(`\`${name}\``));
      expect(missing).toEqual([]);
    });
  }

  it('names no entry point that package.json does not export', async () => {
    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    const exported = Object.keys(manifest.exports)
      .filter((key) => key !== './package.json')
      .map((key) => `plystack${key.slice(1)}`);
    expect(exported.sort()).toEqual(Object.keys(ENTRIES).sort());
  });
});
