/**
 * The package as an application meets it: packed, installed into a fresh
 * project with npm, then used the way the docs say. docs/writing-a-game.md
 * type-checks there in strict mode (a misspelt move type or payload field
 * must not compile) and prints what its `// → text` comments say; every entry
 * point imports, by `import` and by `require`; a web page built on it keeps
 * within its budget; and the `plystack` command answers `--version` and
 * serves the inspector page over HTTP.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUDGET_GZIP_BYTES,
  buildPage,
  FORBIDDEN_PACKAGES,
  inChromium,
  nodeBuiltIns,
  packageOf,
} from './browserPage.js';
import { installPacked, type PackedProject, root, run } from './packed.js';

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
/**
 * The TypeScript before the native compiler (5.9, which applications not yet on 7 use), installed in the application's
 * project beside plystack; the snippets are compiled with the 7 this repository builds with first.
 */
const OLDER_TYPESCRIPT = 'typescript@5.9.3';
/** What docs/embedding.md's React components need beside plystack, at the versions this repository's page uses. */
const REACT = [
  'react@19.3.1',
  'react-dom@19.3.1',
  '@xstate/react@6.1.0',
  '@types/react@19.3.0',
  '@types/react-dom@19.3.0',
];
const ENTRIES = [
  'plystack',
  'plystack/games',
  'plystack/testing',
  'plystack/inspect',
  'plystack/server',
  'plystack/client',
  'plystack/bots',
];

/** A guide's `ts` blocks, in order, as one program; and the lines it must print. */
async function guideProgram(name = 'writing-a-game.md'): Promise<{ code: string; expected: string[] }> {
  const guide = await readFile(join(root, 'docs', name), 'utf8');
  const blocks = [...guide.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string);
  const code = blocks.join('\n');
  const expected = [...code.matchAll(/\/\/ → (.*)$/gm)].map((match) => (match[1] as string).trim());
  return { code, expected };
}

/**
 * A strict tsconfig for some files of the project, as an application would have it, checking every library's
 * declarations too (skipLibCheck off: plystack's own must compile there) and optional properties read exactly
 * (exactOptionalPropertyTypes), with Node's types as a server application
 * has them (Fastify's declarations need them).
 */
function tsconfig(files: readonly string[]) {
  return {
    compilerOptions: {
      strict: true,
      target: 'es2022',
      module: 'nodenext',
      moduleResolution: 'nodenext',
      lib: ['es2022', 'dom'],
      jsx: 'react-jsx',
      types: ['node'],
      typeRoots: [join(root, 'node_modules', '@types')],
      skipLibCheck: false,
      outDir: 'out',
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
    },
    files,
  };
}

/** A program importing every entry point with its types, as an application's TypeScript would. */
const TYPED_ENTRIES = `import { createTable, type Table } from 'plystack';
import { mundane } from 'plystack/games';
import { createTableTestModel } from 'plystack/testing';
import { inspectTable } from 'plystack/inspect';
import { startServer } from 'plystack/server';
import { connect, type PlystackClient } from 'plystack/client';
import { type Bot, randomBot } from 'plystack/bots';
const table: Table<typeof mundane> = createTable(mundane, { table: 'table:t', seats: ['seat:ann', 'seat:bob'] });
const bot: Bot = randomBot({ seed: 1 });
export const used = [table, createTableTestModel, inspectTable, startServer, connect, bot] as const;
export type Client = PlystackClient;
// A client typed by the game: its moves are the game's, and what it reads is the game's view.
export async function typedClient(client: PlystackClient<typeof mundane>): Promise<number> {
  await client.play('table:t', { type: 'engine.pass', seat: 'seat:ann' });
  // @ts-expect-error a misspelt move type of the game does not compile
  await client.play('table:t', { type: 'PlayCrad', seat: 'seat:ann', payload: { card: 'Toaster' } });
  const reading = await client.get('table:t');
  const hand = reading.state.seats['seat:ann']?.hand;
  return Array.isArray(hand) ? hand.length : typeof hand === 'number' ? hand : 0;
}
export const typed: PlystackClient<typeof mundane> = connect<typeof mundane>('http://127.0.0.1:1');
// Another seat, as ann saw it at the opening: what mundane's hiddenSeatView returns, its hand a count.
export function bobsCount(past: Table<typeof mundane>): number {
  const bob = past.at(0).viewFor('seat:ann').state.seats['seat:bob'];
  // @ts-expect-error mundane's seats have no life: a field no view of the game has does not compile
  void bob?.life;
  return bob === undefined || Array.isArray(bob.hand) ? 0 : bob.hand;
}
`;

/** docs/embedding.md's React components: its `tsx` block. */
async function embeddingComponents(): Promise<string> {
  const guide = await readFile(join(root, 'docs', 'embedding.md'), 'utf8');
  return /```tsx\n([\s\S]*?)```/.exec(guide)?.[1] ?? '';
}

/**
 * The page that renders docs/embedding.md's components with React 19, each inside a Profiler that counts its renders
 * (`window.renders`), so a test can tell which components a move rendered again.
 */
const EMBEDDING_PAGE = `import { Profiler } from 'react';
import { createRoot } from 'react-dom/client';
import { Seat, ToAct } from './game-ui.tsx';

const renders: Record<string, number> = { ToAct: 0, 'seat:ann': 0, 'seat:bob': 0 };
(window as unknown as { renders: Record<string, number> }).renders = renders;
const counted = (id: string) => () => {
  renders[id] = (renders[id] ?? 0) + 1;
};
createRoot(document.getElementById('root') as HTMLElement).render(
  <>
    <Profiler id="ToAct" onRender={counted('ToAct')}>
      <ToAct />
    </Profiler>
    <Profiler id="seat:ann" onRender={counted('seat:ann')}>
      <Seat seat="seat:ann" />
    </Profiler>
    <Profiler id="seat:bob" onRender={counted('seat:bob')}>
      <Seat seat="seat:bob" />
    </Profiler>
  </>,
);
`;

/** The snippets this file type-checks, each a module of its own in the project, by file name. */
async function snippets(): Promise<Record<string, string>> {
  const guide = (await guideProgram()).code;
  return {
    'embedding.ts': (await guideProgram('embedding.md')).code,
    'game-ui.tsx': await embeddingComponents(),
    'guide.ts': guide,
    // Without the guide's @ts-expect-error markers.
    'guide-unmarked.ts': guide.replace(/^\/\/ @ts-expect-error.*\n/gm, ''),
    'verifying.ts': (await guideProgram('verifying.md')).code,
    'entries.ts': TYPED_ENTRIES,
  };
}

/**
 * XState 5's own `setup()` declarations fail where optional properties are read exactly (skipLibCheck off), in any
 * program that imports XState, with or without plystack: those lines, and only those, are left out of a compile's
 * errors.
 */
const XSTATE_OWN =
  /^node_modules\/xstate\/dist\/declarations\/src\/setup\.d\.ts\(\d+,\d+\): error TS2344: Type '(TConfig|ToStateSchema<TConfig>)' does not satisfy the constraint 'StateSchema'\./;

/** The error lines tsc printed, XState's own left out. */
const errorLines = (stdout: string) =>
  stdout.split('\n').filter((line) => /error TS/.test(line) && !XSTATE_OWN.test(line));

let compiled: Promise<string[]> | undefined;

/**
 * The error lines of one snippet, from one `tsc -p` over all of them (one compiler start, not one a snippet), which
 * writes their JavaScript to out/ too: an error of a snippet is its own, and one tsc gives without a file (a broken
 * tsconfig, a missing library) counts against every snippet. None when the snippet compiles.
 */
async function compile(file: string): Promise<string[]> {
  compiled ??= (async () => {
    const files = await snippets();
    for (const [name, code] of Object.entries(files)) await writeFile(join(project.dir, name), code);
    await writeFile(join(project.dir, 'tsconfig.snippets.json'), JSON.stringify(tsconfig(Object.keys(files))));
    const result = await run('node', [tsc, '-p', 'tsconfig.snippets.json'], { cwd: project.dir }).catch(
      (error: { stdout: string }) => error,
    );
    return errorLines((result as { stdout?: string }).stdout ?? '');
  })();
  const errors = await compiled;
  const names = Object.keys(await snippets());
  return errors.filter((line) => line.startsWith(`${file}(`) || !names.some((name) => line.startsWith(`${name}(`)));
}

let project: PackedProject;

beforeAll(async () => {
  project = await installPacked('installed', [OLDER_TYPESCRIPT, ...REACT]);
}, 240_000);

afterAll(async () => {
  await project?.remove();
});

describe('the guide, against the installed package', () => {
  it('type-checks in strict mode and prints what the guide says, line by line', async () => {
    const { expected } = await guideProgram();
    expect(expected.length).toBeGreaterThan(10);
    expect(await compile('guide.ts')).toEqual([]);
    const { stdout } = await run('node', [join(project.dir, 'out', 'guide.js')], { cwd: project.dir });
    expect(stdout.trim().split('\n')).toEqual(expected);
  }, 120_000);

  it('a misspelt move type and a misspelt payload field are compile errors, not run-time surprises', async () => {
    // Without the guide's @ts-expect-error markers, exactly those two lines fail to compile.
    const errors = await compile('guide-unmarked.ts');
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/"blot"/);
    expect(errors[1]).toMatch(/traget/);
  }, 120_000);
});

describe('docs/verifying.md, against the installed package', () => {
  it('type-checks in strict mode, finds the planted bug, and prints what the guide says', async () => {
    const { expected } = await guideProgram('verifying.md');
    expect(expected).toContain('false a counter has something to counter 1');
    expect(await compile('verifying.ts')).toEqual([]);
    const { stdout } = await run('node', [join(project.dir, 'out', 'verifying.js')], { cwd: project.dir });
    expect(stdout.trim().split('\n')).toEqual(expected);
  }, 120_000);
});

describe('docs/embedding.md, against the installed package', () => {
  it('type-checks in strict mode, components included, and its plain subscription prints what the guide says', async () => {
    const { expected } = await guideProgram('embedding.md');
    expect(expected).toEqual(['seat:bob']);
    expect(await embeddingComponents()).toMatch(/export function Seat/);
    expect(await compile('embedding.ts')).toEqual([]);
    expect(await compile('game-ui.tsx')).toEqual([]);
    const { stdout } = await run('node', [join(project.dir, 'out', 'embedding.js')], { cwd: project.dir });
    expect(stdout.trim().split('\n')).toEqual(expected);
  }, 120_000);

  it('its React components, built with Vite and rendered by React 19 in Chromium, render again only when their slice changes', async () => {
    const built = await buildPage(
      project.dir,
      { 'main.tsx': EMBEDDING_PAGE, 'game-ui.tsx': await embeddingComponents() },
      'embedding',
      // A production build reports to a Profiler only with React DOM's profiling build.
      { 'react-dom/client': 'react-dom/profiling' },
    );
    await inChromium(built.dir, async (tab, errors) => {
      const toAct = tab.getByTestId('to-act');
      const ann = tab.getByTestId('seat:ann');
      await expect.poll(() => toAct.textContent()).toBe('to act: seat:ann');
      const renders = () =>
        tab.evaluate(() => ({ ...(globalThis as unknown as { renders: Record<string, number> }).renders }));
      const before = await renders();
      // Ann casts an instant: her hand and the stack change, and she keeps priority.
      const cast = ann.getByRole('button', { name: /^cast / });
      const card = ((await cast.first().textContent()) as string).slice('cast '.length);
      await cast.first().click();
      await expect.poll(() => ann.locator('p').nth(1).textContent()).toBe(`stack: ${card}`);
      const afterCast = await renders();
      expect(afterCast['seat:ann']).toBeGreaterThan(before['seat:ann'] as number);
      expect(afterCast.ToAct).toBe(before.ToAct);
      // She passes: bob holds priority now, and ToAct says so.
      await ann.getByRole('button', { name: 'engine.pass' }).click();
      await expect.poll(() => toAct.textContent()).toBe('to act: seat:bob');
      expect((await renders()).ToAct).toBe((afterCast.ToAct as number) + 1);
      // Bob sees his own hand by name, and the stack.
      await expect.poll(() => tab.getByTestId('seat:bob').locator('p').nth(1).textContent()).toBe(`stack: ${card}`);
      expect(errors).toEqual([]);
    });
  }, 120_000);
});

describe('the installed package', () => {
  it('installs on the Node it promises (20.19) without an engine warning: no dependency asks for a newer Node', () => {
    // Fastify's newest light-my-request takes cookie 2, which asks for Node 22; plystack pins the one before it.
    expect(project.warnings.filter((line) => /EBADENGINE|Unsupported engine/i.test(line))).toEqual([]);
  });

  it('ships the built inspector page, the licence and the docs, and no source map', async () => {
    const { stdout } = await run('tar', ['-tzf', project.tarball]);
    const files = stdout
      .trim()
      .split('\n')
      .map((line) => line.replace(/^package\//, ''));
    expect(files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'docs/contract.md',
        'dist/index.js',
        'dist/visualizer/index.html',
      ]),
    );
    expect(files.filter((file) => file.startsWith('dist/visualizer/assets/') && file.endsWith('.js'))).not.toEqual([]);
    expect(files.filter((file) => file.endsWith('.map') || file.startsWith('src/'))).toEqual([]);
    const licence = await readFile(join(project.dir, 'node_modules', 'plystack', 'LICENSE'), 'utf8');
    expect(licence).toMatch(/^MIT License\n\nCopyright \(c\) 2026 the plystack authors\n/);
  });

  it('installs XState and zod once, as peers the application shares', async () => {
    const { stdout } = await run('npm', ['ls', 'xstate', 'zod', '--all', '--parseable'], { cwd: project.dir });
    const copies = stdout
      .trim()
      .split('\n')
      .filter((line) => /node_modules\/(xstate|zod)$/.test(line));
    expect(copies.map((line) => line.slice(project.dir.length))).toEqual(['/node_modules/xstate', '/node_modules/zod']);
  });

  it('imports every entry point, with its types, by import and by require', async () => {
    const script = `const names = {};
for (const entry of ${JSON.stringify(ENTRIES)}) names[entry] = Object.keys(await import(entry)).sort();
console.log(JSON.stringify(names));`;
    await writeFile(join(project.dir, 'entries.mjs'), script);
    const imported = JSON.parse((await run('node', ['entries.mjs'], { cwd: project.dir })).stdout) as Record<
      string,
      string[]
    >;
    expect(imported.plystack).toEqual(expect.arrayContaining(['createTable', 'replay', 'exportPlies']));
    expect(imported.plystack).not.toContain('inspectTable');
    expect(imported.plystack).not.toContain('mundane');
    expect(imported['plystack/games']).toEqual(
      expect.arrayContaining(['mundane', 'ticTacToe', 'findGame', 'builtInGames']),
    );
    expect(imported['plystack/testing']).toEqual(expect.arrayContaining(['createTableTestModel', 'tableTestFile']));
    expect(imported['plystack/inspect']).toEqual([
      'DEFAULT_INSPECT_PORT',
      'DEFAULT_LIMITS',
      'DEMO_SEATS',
      'PAGE_PATH',
      'activeStateIds',
      'allStates',
      'chartFromDefinition',
      'guardText',
      'guessTakenTransitions',
      'inspectTable',
      'inspectionContext',
      'machineDefinition',
      'plyCountOf',
      'takenTransitionId',
      'transitionId',
      'windowed',
      'withMachineDefinitions',
    ]);
    expect(imported['plystack/server']).toEqual(expect.arrayContaining(['startServer', 'connect']));
    expect(imported['plystack/client']).toEqual(['ServerError', 'connect']);
    expect(imported['plystack/bots']).toEqual([
      'HintError',
      'LAST_RESORT_MOVES',
      'botMoves',
      'chooseSoon',
      'mctsBot',
      'randomBot',
      'randomLegalMove',
    ]);

    // CommonJS: Node 20.19 and later load the ES modules from require.
    const cjs = `const { createTable } = require('plystack');
const { mundane } = require('plystack/games');
const { connect } = require('plystack/client');
const table = createTable(mundane, { table: 'table:cjs', seats: ['seat:ann', 'seat:bob'] });
console.log(table.toAct().join(), typeof connect);`;
    await writeFile(join(project.dir, 'entries.cjs'), cjs);
    expect((await run('node', ['entries.cjs'], { cwd: project.dir })).stdout.trim()).toBe('seat:ann function');

    expect(await compile('entries.ts')).toEqual([]);
  }, 60_000);

  it('its declarations compile where the application checks every library (skipLibCheck off) and reads optional properties exactly, with TypeScript 5.9 too', async () => {
    // TypeScript 7 compiled the snippets so (see compile); the TypeScript before it, 5.9, checks the same without emitting.
    await compile('entries.ts');
    const tsc59 = join(project.dir, 'node_modules', 'typescript', 'bin', 'tsc');
    expect((await run('node', [tsc59, '--version'], { cwd: project.dir })).stdout).toMatch(/^Version 5\.9\./);
    const result = await run('node', [tsc59, '-p', 'tsconfig.snippets.json', '--noEmit'], { cwd: project.dir }).catch(
      (error: { stdout: string }) => error,
    );
    const errors = errorLines((result as { stdout?: string }).stdout ?? '');
    // Only the guide's copy without its @ts-expect-error markers fails, and only on the two lines that must.
    expect(errors.filter((line) => !line.startsWith('guide-unmarked.ts('))).toEqual([]);
    expect(errors).toHaveLength(2);
  }, 120_000);

  it('builds a web page with Vite within its budget, with no Node built-in, ws or superjson', async () => {
    const page = await buildPage(project.dir);
    expect(page.modules.some((id) => id.includes('/node_modules/plystack/dist/'))).toBe(true);
    expect(page.gzipBytes).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
    expect(nodeBuiltIns(page.modules)).toEqual([]);
    expect(page.modules.filter((id) => FORBIDDEN_PACKAGES.includes(packageOf(id) ?? ''))).toEqual([]);
  }, 120_000);

  it('npx plystack --version prints the package version', async () => {
    const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
    const { stdout } = await run('npx', ['plystack', '--version'], { cwd: project.dir });
    expect(stdout.trim()).toBe(version);
  }, 60_000);

  it('npx plystack inspect serves the inspector page and its script over HTTP', async () => {
    // Its own process group, so that stopping it stops npx and the command npx started.
    const child = spawn('npx', ['plystack', 'inspect', '--port', '0'], {
      cwd: project.dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no address within 30 s:\n${output}`)), 30_000);
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          const address = /plystack inspector: (http:\/\/\S+)/.exec(output)?.[1];
          if (address !== undefined) {
            clearTimeout(timer);
            resolve(address);
          }
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`exited ${code}:\n${output}`));
        });
      });
      expect(new URL(url).hostname).toMatch(/^(localhost|127\.0\.0\.1)$/);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const html = await page.text();
      const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      const asset = await fetch(new URL(script as string, url));
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
      expect((await asset.text()).length).toBeGreaterThan(10_000);
    } finally {
      if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    }
  }, 60_000);
});
