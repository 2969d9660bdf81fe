/**
 * What each entry point loads, read from the built files as Node would load
 * them: the static and dynamic imports of the entry and of every module it
 * reaches. `plystack` must reach no other entry point's code, no Node
 * built-in and no package but XState, zod and pure-rand.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = join(import.meta.dirname, '..', '..', 'dist');

/** The modules of dist an entry reaches, and the packages and built-ins they import (by package name). */
function reach(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [join(dist, entry)];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    const code = readFileSync(file, 'utf8');
    // Statements at the start of a line (tsc writes them so), and dynamic imports; not text that only mentions one.
    const statements =
      /^(?:import|export)\b[^;'"]*?from\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;
    const specifiers = [...code.matchAll(statements)].map((match) => (match[1] ?? match[2] ?? match[3]) as string);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) pending.push(resolve(dirname(file), specifier));
      else
        packages.add(
          specifier.startsWith('node:')
            ? 'node:'
            : specifier
                .split('/')
                .slice(0, specifier.startsWith('@') ? 2 : 1)
                .join('/'),
        );
    }
  }
  return { files: [...files].map((file) => relative(dist, file)).sort(), packages: [...packages].sort() };
}

const HEAVY = [
  '@statelyai/inspect',
  'ws',
  'superjson',
  'fastify',
  '@fastify/websocket',
  '@fastify/rate-limit',
  'pg',
  '@electric-sql/pglite',
];

describe('entry points', () => {
  it('plystack loads XState, zod and pure-rand, and no module of another entry point', () => {
    const { files, packages } = reach('index.js');
    expect(packages).toEqual(['pure-rand', 'xstate', 'zod']);
    expect(files.filter((file) => /^(testing|server|client|cli|inspect|bots)\//.test(file))).toEqual([]);
    // The walk did follow the imports: the table and the engine are there, and the games \`openFromLog\` finds by
    // default (a bundler drops them from a page that never replays a log of them).
    expect(files).toEqual(
      expect.arrayContaining([
        'table/table.js',
        'engine/legalMoves.js',
        'games/registry.js',
        'games/mundane/mundane.js',
      ]),
    );
  });

  it('plystack/testing adds xstate/graph and nothing heavy', () => {
    const { packages } = reach('testing/index.js');
    expect(packages).toEqual(['pure-rand', 'xstate', 'zod']);
    expect(packages.filter((name) => HEAVY.includes(name))).toEqual([]);
  });

  it("plystack/inspect loads @statelyai/inspect's transport, and no server", () => {
    const { packages } = reach('inspect/index.js');
    expect(packages).toContain('@statelyai/inspect');
    expect(packages.filter((name) => HEAVY.includes(name) && name !== '@statelyai/inspect')).toEqual([]);
  });

  it('plystack/bots loads what plystack loads and nothing heavy; plystack does not load the bots', () => {
    const { packages, files } = reach('bots/index.js');
    // Its searches run on the fast path (a sample of what a seat may know is a simulation), as plystack's tables do.
    expect(packages.filter((name) => !reach('index.js').packages.includes(name))).toEqual([]);
    expect(packages.filter((name) => HEAVY.includes(name))).toEqual([]);
    expect(files).toContain('bots/bots.js');
    expect(reach('index.js').files.filter((file) => file.startsWith('bots/'))).toEqual([]);
  });

  it('plystack/client loads only ws, and that only where the platform has no WebSocket', () => {
    const { packages, files } = reach('client/index.js');
    expect(packages).toEqual(['ws']);
    expect(files.filter((file) => file.startsWith('server/'))).toEqual([]);
    expect(readFileSync(join(dist, 'client', 'client.js'), 'utf8')).toMatch(/await import\(['"]ws['"]\)/);
  });

  it('plystack/server loads the server, its stores and the client', () => {
    const { packages, files } = reach('server/index.js');
    expect(packages).toEqual(expect.arrayContaining(['fastify', 'pg', '@electric-sql/pglite', 'node:']));
    expect(files).toContain('client/client.js');
  });
});
