/**
 * The code's layers, held to what the README says: every module of `src`
 * imports only from its own layer or those below it (type-only imports and
 * re-exports included), and no modules import each other in a circle. A
 * failure names the import that runs up, or the modules of the circle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** Each folder's layer, from the bottom (the README's "Working on plystack" lists the same). */
const LAYERS: { readonly [folder: string]: number } = {
  core: 1,
  order: 1,
  stack: 1,
  log: 1,
  progression: 2,
  definition: 3,
  engine: 4,
  games: 4,
  machines: 5,
  export: 5,
  client: 5,
  fast: 6,
  table: 7,
  bots: 8,
  verify: 9,
  inspect: 9,
  server: 10,
  testing: 10,
  'index.ts': 10,
  cli: 11,
};

/** Every TypeScript module under `src`, by its path from `src`. */
function modules(folder = SRC): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return modules(path);
    return entry.name.endsWith('.ts') ? [relative(SRC, path)] : [];
  });
}

/** The modules of `src` that `file` imports or re-exports from (static, type-only and literal dynamic imports). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s+'([^']+)'/gms),
    ...text.matchAll(/\bimport\('([^']+)'\)/g),
  ].map((match) => match[1] as string);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => relative(SRC, resolve(join(SRC, dirname(file)), specifier)).replace(/\.js$/, '.ts'));
}

function layerOf(file: string): number {
  const layer = LAYERS[file.split('/')[0] as string];
  if (layer === undefined)
    throw new Error(`${file} is in a folder the layers do not name: add it to LAYERS and the README`);
  return layer;
}

/** The circles of a graph: its strongly connected components of more than one module (Tarjan's algorithm). */
function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
        onStack.delete(top);
        component.push(top);
        if (top === node) break;
      }
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the layers of src', () => {
  const graph = new Map(modules().map((file) => [file, importsOf(file)]));

  it('reads every module and its imports (the engine imports the definition of a game, the table the fast path)', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('engine/context.ts')).toContain('definition/game.ts');
    expect(graph.get('table/table.ts')).toContain('fast/simulation.ts');
  });

  it('no module imports from a layer above its own', () => {
    const upward = [...graph].flatMap(([file, imports]) =>
      imports.filter((target) => layerOf(target) > layerOf(file)).map((target) => `${file} → ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('no modules import each other in a circle, type-only imports included', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('a circle and an upward import are found when they are there', () => {
    // The checks themselves, on a small graph with both faults planted.
    const planted = new Map([
      ['machines/a.ts', ['machines/b.ts']],
      ['machines/b.ts', ['machines/a.ts', 'core/move.ts']],
      ['core/move.ts', ['table/table.ts']],
    ]);
    expect(circles(planted)).toEqual([['machines/a.ts', 'machines/b.ts']]);
    expect(layerOf('table/table.ts')).toBeGreaterThan(layerOf('core/move.ts'));
  });
});

/** The entry points of package.json, as the files of `src` they are built from. */
const ENTRY_FILES = [
  'index.ts',
  'games/index.ts',
  'testing/index.ts',
  'inspect/index.ts',
  'bots/index.ts',
  'client/index.ts',
];
const PAGE = resolve(SRC, '../visualizer/src');

/**
 * The files of `src` a page module imports (static, type-only and literal dynamic imports), by their path from `src`:
 * `plystack` and `plystack/NAME` stand for the entry point the page's build takes them from (`index.ts`,
 * `NAME/index.ts`), a relative path for the file it names.
 */
function pageImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/\bfrom\s+'([^']+)'/g), ...text.matchAll(/\bimport\('([^']+)'\)/g)]
    .map((match) => match[1] as string)
    .map((specifier) => specifier.replace(/^plystack(?=\/|$)/, SRC))
    .filter((specifier) => specifier.startsWith('.') || specifier.startsWith(SRC))
    .map((specifier) =>
      specifier === SRC
        ? join(SRC, 'index.ts')
        : specifier.startsWith(SRC)
          ? join(specifier, 'index.ts')
          : resolve(dirname(file), specifier),
    )
    .filter((target) => !relative(SRC, target).startsWith('..'))
    .map((target) => relative(SRC, target).replace(/\.js$/, '.ts'));
}

/** Every module of the inspector page, with the files of `src` it imports. */
function pageModules(folder = PAGE): [string, string[]][] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return pageModules(path);
    return /\.tsx?$/.test(entry.name) ? [[relative(PAGE, path), pageImportsOf(path)] as [string, string[]]] : [];
  });
}

describe('the inspector page', () => {
  it('imports plystack only through its public entry points, as an application would', () => {
    const page = pageModules();
    expect(page.length).toBeGreaterThan(20);
    // The page does use plystack: the table API and the inspector's helpers at least.
    const used = new Set(page.flatMap(([, imports]) => imports));
    expect(used).toContain('index.ts');
    expect(used).toContain('inspect/index.ts');
    const deep = page.flatMap(([file, imports]) =>
      imports.filter((target) => !ENTRY_FILES.includes(target)).map((target) => `${file} → src/${target}`),
    );
    expect(deep).toEqual([]);
  });
});
