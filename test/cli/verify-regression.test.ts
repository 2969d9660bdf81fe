/**
 * `plystack verify … --out DIR --tests`: the regression test written for each violation type-checks, fails against
 * the game with the planted bug, and passes once the rule is mended; `replay --check` finds the same check in the
 * log and says when it no longer fails.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Io } from '../../src/cli/io.js';
import { processIo, run } from '../../src/cli/main.js';
import { writtenTestsArgs } from '../support/cli.js';

const root = join(import.meta.dirname, '..', '..');
const exec = promisify(execFile);
const fixtures = relative(process.cwd(), join(import.meta.dirname, '..', 'fixtures', 'verify'));
const tally = join(fixtures, 'tally.mjs');
const tallyChecks = join(fixtures, 'tally-checks.mjs');
// vitest's config only includes test/**; a file under test-output/test/ is found with --dir test-output.
const outDir = join('test-output', 'test', 'verify-regression');

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal's colour codes, which begin with ESC
const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

async function cli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const { redraw: _, ...files } = processIo;
  const io: Io = { ...files, out: (text) => void out.push(text), err: (text) => void err.push(text) };
  const code = await run(argv, io);
  return { code, out: out.join('\n'), err };
}

/** Runs a command in the repository; resolves with its exit code and output. */
async function command(file: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await exec(file, args, {
      cwd: root,
      env: { ...process.env, CI: '1', FORCE_COLOR: '0' },
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, output: plain(stdout + stderr) };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: plain(e.stdout + e.stderr) };
  }
}

describe('plystack replay LOG --check', () => {
  it('finds the check verify found, says whether the log still breaks it, and knows a mended rule', async () => {
    const out = join(outDir, 'logs');
    await rm(join(root, out), { recursive: true, force: true });
    expect((await cli(['verify', tally, '--checks', tallyChecks, '--out', out])).code).toBe(1);
    const log = join(out, 'tally-at-most-5.json');

    const broken = await cli(['replay', log, '--check', '--game', tally]);
    expect(broken.err).toEqual([]);
    expect(broken.code).toBe(1);
    expect(broken.out.split('\n')).toEqual([
      'recheck tally: 3 of 3 moves played, 6 checks',
      '  checks: dead-end, legal-moves, refusal-changes-nothing, moves-keep-the-past, game-code-throws, tally-at-most-5',
      '',
      '1 broken:',
      '  tally-at-most-5 (invariant) at 3 (after move 3): the tally is 6',
      '',
      "the log's violation, tally-at-most-5, still fails",
    ]);

    // Against the mended rule the log's last move is refused, and the property holds as far as it goes.
    const mended = await cli(['replay', log, '--check', '--game', `${tally}#mended`, '--json']);
    expect(mended.code).toBe(1);
    expect(JSON.parse(mended.out)).toMatchObject({
      ok: false,
      applied: 2,
      problems: [{ check: 'replay', kind: 'built-in', at: 2, message: expect.stringMatching(/^move 2 is refused: /) }],
      violation: { check: 'tally-at-most-5', at: 3 },
      reproduced: false,
    });

    // A property of --checks: the log of its violation needs the module to be checked again.
    const below = join(out, 'tally-below-4.json');
    const without = await cli(['replay', below, '--check', '--game', tally]);
    expect(without.code).toBe(2);
    expect(without.err).toEqual([
      `--checks: the log's violation is of "tally below 4", which is neither built in nor a check of tally: give the module that states it with --checks MODULE`,
    ]);
    const withChecks = await cli(['replay', below, '--check', '--game', tally, '--checks', tallyChecks]);
    expect(withChecks.code).toBe(1);
    expect(withChecks.out).toContain('  tally below 4 (invariant) at 2 (after move 2): the tally reached 4');

    // A clean log: every property holds, exit 0.
    const clean = await cli(['replay', 'examples/mundane-rules.json', '--check']);
    expect(clean.code).toBe(0);
    expect(clean.out.split('\n').at(-1)).toBe('every property holds at every state and step along the log');
  });

  it('refuses what does not go with it, in one line with exit 2', async () => {
    for (const [argv, message] of [
      [['replay', 'examples/mundane-rules.json', '--checks', tallyChecks], '--checks: only with --check'],
      [
        ['replay', 'examples/mundane-rules.json', '--check', '--upto', '3'],
        '--check: checks the whole log as the table saw it; leave out --upto',
      ],
      [['replay', 'examples/mundane-rules.json', '--check', '--checks', tally], /^--checks: ".*" exports neither/],
      [['replay', 'examples/mundane-rules.json', '--check', '--game', tally], /^game: UNKNOWN_GAME: /],
      [['replay', tally, '--check'], /^log: not JSON: /],
    ] as const) {
      const { code, out, err } = await cli([...argv]);
      expect(code, argv.join(' ')).toBe(2);
      expect(out).toBe('');
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(message);
      expect(err[0]).not.toContain('\n');
    }
  });
});

describe('plystack verify --out DIR --tests', () => {
  it('writes a regression test per violation that type-checks, fails today and passes once the rule is mended', async () => {
    // The game as a project builds it: the module, and the declarations tsc writes beside it.
    const built = join(outDir, 'dist');
    const out = join(outDir, 'tests');
    await rm(join(root, outDir), { recursive: true, force: true });
    await mkdir(join(root, built), { recursive: true });
    await copyFile(join(root, tally), join(root, built, 'tally.mjs'));
    await copyFile(join(root, tallyChecks), join(root, built, 'tally-checks.mjs'));
    await writeFile(
      join(root, built, 'tally.d.mts'),
      "import type { AnyGame } from 'plystack';\ndeclare const tally: AnyGame;\nexport default tally;\nexport declare const mended: AnyGame;\n",
    );
    await writeFile(
      join(root, built, 'tally-checks.d.mts'),
      "import type { Invariant, MoveProperty } from 'plystack';\nexport declare const invariants: { readonly [name: string]: Invariant };\nexport declare const moveProperties: { readonly [name: string]: MoveProperty };\n",
    );
    const { code, out: summary } = await cli([
      'verify',
      join(built, 'tally.mjs'),
      '--checks',
      join(built, 'tally-checks.mjs'),
      '--out',
      out,
      '--tests',
    ]);
    expect(code).toBe(1);
    expect(summary).toContain(`    test ${join(out, 'tally-at-most-5.test.ts')}`);
    expect((await readdir(join(root, out))).sort()).toEqual([
      'tally-at-most-5.json',
      'tally-at-most-5.test.ts',
      'tally-below-4.json',
      'tally-below-4.test.ts',
    ]);
    const text = await readFile(join(root, out, 'tally-at-most-5.test.ts'), 'utf8');
    expect(text).toContain("import { recheck } from 'plystack/testing';");
    expect(text).toContain("import gameExport from '../dist/tally.mjs';");
    expect(text).toContain("import { invariants, moveProperties } from '../dist/tally-checks.mjs';");

    // The mended game, by editing the one import a person would change nothing of: the game's export.
    const mended = join(out, 'mended.test.ts');
    await writeFile(
      join(root, mended),
      text.replace("import gameExport from '", "import { mended as gameExport } from '"),
    );
    await writeFile(
      join(root, out, 'tsconfig.json'),
      JSON.stringify({
        extends: '../../../../tsconfig.json',
        compilerOptions: { noEmit: true },
        include: ['*.test.ts'],
      }),
    );
    // The type-check and the run at once: neither writes what the other reads.
    const [typecheck, tests] = await Promise.all([
      command(process.execPath, [
        join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
        '-p',
        join(out, 'tsconfig.json'),
      ]),
      command(process.execPath, writtenTestsArgs(root, [out])),
    ]);
    expect(typecheck.output).toBe('');
    expect(typecheck.code).toBe(0);
    expect(tests.code, tests.output.slice(-3000)).toBe(1);
    expect(tests.output).toMatch(/✓ test-output\/test\/verify-regression\/tests\/mended\.test\.ts \(1 test\)/);
    expect(tests.output).toMatch(
      /❯ test-output\/test\/verify-regression\/tests\/tally-at-most-5\.test\.ts \(1 test \| 1 failed\)/,
    );
    expect(tests.output).toMatch(
      /❯ test-output\/test\/verify-regression\/tests\/tally-below-4\.test\.ts \(1 test \| 1 failed\)/,
    );
    expect(tests.output).toContain('"message": "the tally is 6"');
    expect(tests.output).toMatch(/Test Files\s+2 failed \| 1 passed \(3\)/);
  });
});
