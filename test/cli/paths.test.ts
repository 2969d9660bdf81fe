/**
 * `plystack paths`: the generated vitest file runs green against the built
 * package, fails when one expected value is wrong, and the command refuses
 * bad usage with exit 2 naming the field.
 */

import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Io } from '../../src/cli/io.js';
import { run } from '../../src/cli/main.js';
import { mundane } from '../../src/games/index.js';
import { createTable } from '../../src/index.js';
import { keepingIo, writtenTestsArgs } from '../support/cli.js';
import { unreachableByDesign } from '../support/tableModel.js';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'dist', 'cli', 'main.js');
// vitest's config only includes test/**; a file under test-output/test/ is found with --dir test-output.
const outDir = join(root, 'test-output', 'test');
const exec = promisify(execFile);

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal's colour codes, which begin with ESC
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** Runs vitest on some files in a child process (node on vitest's bin, not npx); resolves with the exit code and the output. */
async function vitest(...files: string[]): Promise<{ code: number; output: string }> {
  const args = writtenTestsArgs(root, files);
  try {
    const { stdout, stderr } = await exec(process.execPath, args, {
      cwd: root,
      env: { ...process.env, CI: '1', FORCE_COLOR: '0' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, output: plain(stdout + stderr) };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: plain(e.stdout + e.stderr) };
  }
}

/** An Io that keeps what the CLI prints, and serves files from a map. */
function memoryIo(files: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    out: (text) => void out.push(text),
    err: (text) => void err.push(text),
    readStdin: async () => '',
    readFile: async (path) => {
      if (!(path in files)) throw new Error(`ENOENT: no such file ${path}`);
      return files[path] as string;
    },
    writeFile: async (path, text) => {
      files[path] = text;
    },
  };
  return { io, out, err, files };
}

const COVERAGE_LINE =
  /^coverage (\S+): states (\d+)\/(\d+) \(\d+%\), transitions (\d+)\/(\d+) \(\d+%\), paths (\d+)(, generated in \d+ ms)?$/;

describe('plystack paths mundane --out FILE', () => {
  it('writes a vitest file that runs green, and that fails when one expected value is changed', async () => {
    await mkdir(outDir, { recursive: true });
    const file = join('test-output', 'test', 'paths.generated.test.ts');
    const mutated = join('test-output', 'test', 'paths.mutated.test.ts');
    await rm(join(root, mutated), { force: true });
    // A small model, so that the child vitest below plays few paths: one card in each opening hand, and no further than
    // turn 1 (--max-turns). In this process: what the bin's own process does is tested below and in flags.test.ts.
    const options = join('test-output', 'test', 'paths.options.json');
    await writeFile(join(root, options), JSON.stringify({ openingHand: 1 }));
    const { io, out: printed, err } = keepingIo();
    const argv = ['paths', 'mundane', '--options', options, '--max-turns', '1', '--out', file];
    expect(process.cwd()).toBe(root);
    expect(await run(argv, io), err.join('\n')).toBe(0);
    expect(err).toEqual([]);

    // The coverage: one line per region, then the whole machine with the generation time, then what was not reached.
    const lines = printed.join('\n').trim().split('\n');
    const reports = lines.filter((line) => COVERAGE_LINE.test(line));
    expect(reports.map((line) => COVERAGE_LINE.exec(line)![1])).toEqual(['turn', 'priority', 'stack', 'mundane']);
    expect(reports[3]).toMatch(/, generated in \d+ ms$/);
    const [, , states, statesTotal, transitions, transitionsTotal, paths] = COVERAGE_LINE.exec(reports[3]!)!.map(
      String,
    );
    // Without the option `turns` mundane never ends, so the end of the game is out of reach; that and everything else not
    // reached is listed by name, with the reason, which names the bounds.
    const unreached = lines.filter((line) => line.startsWith('  unreached: '));
    expect(unreached).toHaveLength(
      Number(statesTotal) - Number(states) + Number(transitionsTotal) - Number(transitions),
    );
    expect(unreached).toContain(
      '  unreached: state table.over: no path reached it within the bounds (turns up to 1, a stack up to 2 deep): the game may never allow it, or not that soon; if it is unreachable by design, declare it in `unreachable` with the reason',
    );
    expect(
      unreached.some((line) =>
        /^ {2}unreached: transition \S+ on xstate\.done\.state\.\S+ #0 \[and\(.*gameEndsWithTurn\)\] → table\.over: /.test(
          line,
        ),
      ),
    ).toBe(true);
    expect(
      unreached.some((line) =>
        /^ {2}unreached: transition \S+ on engine\.leave #0 .*: mundane refuses engine\.leave: /.test(line),
      ),
    ).toBe(true);
    expect(lines[lines.length - 1]).toMatch(
      new RegExp(
        `^wrote ${file.replace(/\./g, '\\.')}: ${Number(paths)} tests \\(${Number(paths) - 1} paths, 1 refused opening\\)`,
      ),
    );

    const text = await readFile(join(root, file), 'utf8');
    expect(text).toContain("from 'plystack'");
    expect(text).toContain(`plystack paths mundane --seats 2 --options ${options} --max-turns 1 --out ${file}`);
    const tests = text.match(/^ {2}it\(/gm)?.length ?? 0;
    expect(tests).toBe(Number(paths));
    expect(text).toMatch(/it\('path \d+: [^']*seat:ann passes → [^']*⇒ /);
    expect(text).toMatch(/seat:\w+ casts \w+/);
    expect(text).toMatch(/seat:bob passes \(refused: NO_PRIORITY\)/);

    // One expected value edited in the text: the passes after the first step of a path that opens with seat:ann passing.
    // The engine is right, so the file must now fail there, and only there.
    const firstStep = /(\n {6}\[\{ type: 'engine\.pass', seat: 'seat:ann' \}, \{ [^\n]*?passes: )1(, )/;
    expect(text).toMatch(firstStep);
    const edited = text.replace(firstStep, '$12$2');
    const at = text.search(firstStep);
    const pathStart = text.lastIndexOf("\n  it('path ", at);
    const editedPath = /^\n {2}it\('(path \d+): /.exec(text.slice(pathStart))?.[1];
    const stepsBefore = text.slice(pathStart, at + 1).split('\n      [').length - 1;
    const editedStep = stepsBefore + 1;
    await writeFile(join(root, mutated), edited);
    // The own-test-file example of docs/testing.md runs beside them, as a newcomer would paste it.
    const guide = await readFile(join(root, 'docs', 'testing.md'), 'utf8');
    const example = /## In your own test file\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(guide)?.[1];
    expect(example).toBeDefined();
    const readmeFile = join('test-output', 'test', 'readme-paths.test.ts');
    await writeFile(join(root, readmeFile), example!);
    // One vitest run for the three files: the generated one and the guide's pass, the edited one fails, once.
    const { code, output } = await vitest(file, readmeFile, mutated);
    expect(code, output.slice(-3000)).toBe(1);
    expect(output).toMatch(new RegExp(`✓ test-output/test/paths\\.generated\\.test\\.ts \\(${tests} tests\\)`));
    expect(output).toMatch(/✓ test-output\/test\/readme-paths\.test\.ts \(\d+ tests\)/);
    expect(output).toMatch(/coverage mundane: states (\d+)\/\1 \(100%\)/);
    expect(output).toMatch(
      new RegExp(`❯ test-output/test/paths\\.mutated\\.test\\.ts \\(${tests} tests \\| 1 failed\\)`),
    );
    expect(output).toMatch(/Test Files\s+1 failed \| 2 passed \(3\)/);
    expect(editedPath).toBeDefined();
    expect(output).toMatch(
      new RegExp(
        `FAIL +test-output/test/paths\\.mutated\\.test\\.ts [^\\n]*${editedPath}: [^\\n]*\\n[^\\n]*step ${editedStep}: \\{"type":"engine\\.pass","seat":"seat:ann"\\}`,
      ),
    );
    expect(output).toMatch(/- {3}"passes": 2,\n\+ {3}"passes": 1,/);
    await rm(join(root, mutated), { force: true });
    await rm(join(root, options), { force: true });
    // It runs the generated suite (each path rechecked along its states) twice in a child vitest: minutes on a busy machine.
  }, 180_000);
});

describe('plystack paths: options, modules, usage', () => {
  it('with options that end the game and what mundane cannot reach declared, every reachable state and transition is covered', async () => {
    const machine = createTable(mundane, {
      table: 'table:x',
      seats: ['seat:a', 'seat:b', 'seat:c'],
      options: { turns: 2 },
    }).actor.logic;
    const declared = unreachableByDesign(machine);
    const { io, out, err, files } = memoryIo({
      // One card in each opening hand: the same states and transitions as more cards, in fewer paths.
      'opts.json': JSON.stringify({ turns: 2, openingHand: 1 }),
      'unreachable.json': JSON.stringify(declared),
    });
    expect(
      await run(
        [
          'paths',
          'mundane',
          '--seats',
          '3',
          '--options',
          'opts.json',
          '--unreachable',
          'unreachable.json',
          '--out',
          'paths.test.ts',
        ],
        io,
      ),
    ).toBe(0);
    expect(err).toEqual([]);
    const lines = out.join('\n').split('\n');
    for (const line of lines.filter((l) => l.startsWith('coverage ')))
      expect(line).toMatch(/states (\d+)\/\1 \(100%\), transitions (\d+)\/\2 \(100%\)/);
    expect(lines.filter((line) => line.startsWith('  unreached: '))).toEqual(
      Object.entries(declared).map(([name, reason]) => `  unreached: ${name}: ${reason}`),
    );
    const text = files['paths.test.ts'] as string;
    expect(text).toContain(
      "const input = { table: 'table:paths', seats: ['seat:ann', 'seat:bob', 'seat:cat'], seed: 1, options: { turns: 2, openingHand: 1 } };",
    );
    expect(text).toMatch(/over after turn 2/);
    expect(text).toContain(
      'plystack paths mundane --seats 3 --options opts.json --unreachable unreachable.json --out paths.test.ts',
    );
  });

  // The game is any: sandbox's paths, a dozen, are written in a blink where even the smallest mundane takes seconds.
  it('without --out, prints the file on stdout and the coverage on stderr', async () => {
    const { io, out, err } = memoryIo();
    expect(await run(['paths', 'sandbox'], io)).toBe(0);
    expect(out.join('\n')).toMatch(/^\/\*\*\n \* Paths through the turn structure of sandbox/);
    expect(err.join('\n')).toMatch(/^coverage turn: /);
  });

  it('reads a game from an ES module, and the file imports it from there', async () => {
    await mkdir(outDir, { recursive: true });
    const { io, out, err, files } = memoryIo();
    const out1 = join(outDir, 'module.paths.test.ts');
    expect(
      await run(['paths', join(root, 'dist', 'games', 'sandbox', 'sandbox.js'), '--out', out1], io),
      err.join('\n'),
    ).toBe(0);
    expect(out.join('\n')).toMatch(/coverage sandbox: states (\d+)\/\1 \(100%\)/);
    expect(files[out1]).toContain("import { sandbox as gameExport } from '../../dist/games/sandbox/sandbox.js';");
    const { io: io2, err: err2 } = memoryIo();
    expect(await run(['paths', join(root, 'dist', 'games', 'registry.js')], io2)).toBe(2);
    expect(err2.join('\n')).toMatch(/^GAME: .*exports no game/);
  });

  it.each([
    [['paths'], /^GAME: give one game/],
    [['paths', 'chess'], /^GAME: no game "chess"; built in: mundane/],
    [['paths', 'mundane', 'extra'], /^GAME: give one game/],
    [['paths', 'mundane', '--seats', 'two'], /^--seats: a whole number/],
    [['paths', 'mundane', '--seats', '1'], /^--seats: mundane seats 2 to 8/],
    [['paths', 'mundane', '--max-turns', '0'], /^--max-turns: /],
    [['paths', 'mundane', '--limit', 'lots'], /^--limit: a whole number of states/],
    [['paths', 'mundane', '--limit', '20'], /^the traversal took 20 states .*plystack paths --limit N/],
    [['paths', 'mundane', '--options', 'missing.json'], /^--options: cannot read missing\.json/],
    [['paths', 'mundane', '--options', 'bad.json'], /^--options: bad\.json is not JSON/],
    [['paths', 'mundane', '--options', 'wrong.json'], /^options\.openingHand: INVALID_OPTIONS: /],
    [['paths', 'mundane', '--fast'], /Unknown option '--fast'/],
    [['paths', './nowhere/game.js'], /^GAME: cannot import "\.\/nowhere\/game\.js"/],
    // sandbox: a game whose paths take no time to find before the write fails.
    [['paths', 'sandbox', '--out', 'read-only/paths.test.ts'], /^--out: cannot write read-only\/paths\.test\.ts/],
    [['paths', 'mundane', '--unreachable', 'bad.json'], /^--unreachable: cannot read bad\.json as JSON/],
    [
      ['paths', 'mundane', '--unreachable', 'list.json'],
      /^--unreachable: list\.json is not an object of names and reasons/,
    ],
  ])('%j exits 2 naming the field', async (argv, message) => {
    const { io, out, err } = memoryIo({
      'bad.json': '{ nope',
      'wrong.json': '{"openingHand":-1}',
      'list.json': '["state table.over"]',
    });
    const write = io.writeFile;
    io.writeFile = async (path, text) =>
      path.startsWith('read-only/') ? Promise.reject(new Error('EACCES: permission denied')) : write(path, text);
    expect(await run(argv, io)).toBe(2);
    expect(out).toEqual([]);
    expect(err.join('\n')).toMatch(message);
  });
});

describe('plystack paths --out a file outside any project', () => {
  it('creates the folders, imports plystack by name and says to install it there; once it is, vitest runs the file green', async () => {
    const { mkdtemp, symlink } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(join(tmpdir(), 'plystack-paths-'));
    const out = join(dir, 'test', 'generated', 'x.test.ts');
    // The built bin, and a game whose file is quick to write and to run: what is tested is where the file goes and
    // how it finds plystack (mundane's file runs green in the repository above).
    const { stderr } = await exec('node', [bin, 'paths', 'sandbox', '--out', out], { cwd: root });
    expect(stderr).toMatch(
      /^note: the file imports plystack by name, and plystack is not installed where .*x\.test\.ts" can import it: npm install --save-dev plystack there/m,
    );
    const text = await readFile(out, 'utf8');
    expect(text).toContain("from 'plystack';");
    expect(text).not.toContain(root);
    // What npm install does for the file: plystack under the project's node_modules (here, this very package).
    await mkdir(join(dir, 'node_modules'));
    await symlink(root, join(dir, 'node_modules', 'plystack'), 'dir');
    const { stdout } = await exec(
      process.execPath,
      [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', out, '--root', dir],
      {
        cwd: dir,
      },
    );
    expect(plain(stdout)).toMatch(/Tests\s+\d+ passed/);
    await rm(dir, { recursive: true, force: true });
  }, 120_000);
});
