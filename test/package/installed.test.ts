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
import { BUDGET_GZIP_BYTES, buildPage, FORBIDDEN_PACKAGES, nodeBuiltIns, packageOf } from './browserPage.js';
import { installPacked, type PackedProject, root, run } from './packed.js';

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
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

/** A strict tsconfig for one file of the project, as an application would have it. */
function tsconfig(file: string) {
  return {
    compilerOptions: {
      strict: true,
      target: 'es2022',
      module: 'nodenext',
      moduleResolution: 'nodenext',
      lib: ['es2022', 'dom'],
      types: [],
      skipLibCheck: true,
      outDir: 'out',
      noUncheckedIndexedAccess: true,
    },
    files: [file],
  };
}

/** `tsc -p` on a tsconfig of the project: its error lines, none when it compiles. */
async function compile(project: string, config: string, emit = true): Promise<string[]> {
  const result = await run('node', [tsc, '-p', join(project, config), ...(emit ? [] : ['--noEmit'])]).catch(
    (error: { stdout: string }) => error,
  );
  return ((result as { stdout?: string }).stdout ?? '').split('\n').filter((line) => /error TS/.test(line));
}

let project: PackedProject;

beforeAll(async () => {
  project = await installPacked('installed');
}, 240_000);

afterAll(async () => {
  await project?.remove();
});

describe('the guide, against the installed package', () => {
  it('type-checks in strict mode and prints what the guide says, line by line', async () => {
    const { code, expected } = await guideProgram();
    expect(expected.length).toBeGreaterThan(10);
    await writeFile(join(project.dir, 'guide.ts'), code);
    await writeFile(join(project.dir, 'tsconfig.guide.json'), JSON.stringify(tsconfig('guide.ts')));
    expect(await compile(project.dir, 'tsconfig.guide.json')).toEqual([]);
    const { stdout } = await run('node', [join(project.dir, 'out', 'guide.js')], { cwd: project.dir });
    expect(stdout.trim().split('\n')).toEqual(expected);
  }, 120_000);

  it('a misspelt move type and a misspelt payload field are compile errors, not run-time surprises', async () => {
    const { code } = await guideProgram();
    // Without the guide's @ts-expect-error markers, exactly those two lines fail to compile.
    await writeFile(join(project.dir, 'guide-unmarked.ts'), code.replace(/^\/\/ @ts-expect-error.*\n/gm, ''));
    await writeFile(join(project.dir, 'tsconfig.unmarked.json'), JSON.stringify(tsconfig('guide-unmarked.ts')));
    const errors = await compile(project.dir, 'tsconfig.unmarked.json', false);
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/"blot"/);
    expect(errors[1]).toMatch(/traget/);
  }, 120_000);
});

describe('docs/verifying.md, against the installed package', () => {
  it('type-checks in strict mode, finds the planted bug, and prints what the guide says', async () => {
    const { code, expected } = await guideProgram('verifying.md');
    expect(expected).toContain('false a counter has something to counter 1');
    await writeFile(join(project.dir, 'verifying.ts'), code);
    await writeFile(join(project.dir, 'tsconfig.verifying.json'), JSON.stringify(tsconfig('verifying.ts')));
    expect(await compile(project.dir, 'tsconfig.verifying.json')).toEqual([]);
    const { stdout } = await run('node', [join(project.dir, 'out', 'verifying.js')], { cwd: project.dir });
    expect(stdout.trim().split('\n')).toEqual(expected);
  }, 120_000);
});

describe('the installed package', () => {
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

    const typed = `import { createTable, type Table } from 'plystack';
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
`;
    await writeFile(join(project.dir, 'entries.ts'), typed);
    await writeFile(join(project.dir, 'tsconfig.entries.json'), JSON.stringify(tsconfig('entries.ts')));
    expect(await compile(project.dir, 'tsconfig.entries.json', false)).toEqual([]);
  }, 60_000);

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
