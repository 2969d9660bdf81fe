/**
 * docs/api.md names every export of the package: a name added to src/index.ts
 * without a line in the reference fails here.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import * as plystack from '../src/index.js';

const root = join(import.meta.dirname, '..');

/** Every name src/index.ts exports, values and types. */
async function exportedNames(): Promise<string[]> {
  const index = await readFile(join(root, 'src', 'index.ts'), 'utf8');
  const names: string[] = [];
  for (const clause of index.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    for (const part of (clause[1] as string).split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop();
      if (name) names.push(name);
    }
  }
  return names;
}

it('docs/api.md lists every name the package exports', async () => {
  const reference = await readFile(join(root, 'docs', 'api.md'), 'utf8');
  const names = await exportedNames();
  // The parse finds the runtime exports too: it reads the same file the package is built from.
  for (const value of Object.keys(plystack)) expect(names).toContain(value);
  const missing = names.filter((name) => !reference.includes(`\`${name}\``));
  expect(missing).toEqual([]);
});
