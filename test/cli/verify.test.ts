/**
 * `plystack verify`: a clean game exits 0 with its summary, a game with a planted bug exits 1 and writes a log that
 * `replay` plays, bad usage is one line and exit 2, `--json` is the documented report, a bound names the option that
 * raises it, and progress goes to standard error only. In this process, but for the one test of the process itself.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Io } from '../../src/cli/io.js';
import { processIo, run } from '../../src/cli/main.js';
import { fileNames, fileSafe } from '../../src/cli/verifyCommand.js';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'dist', 'cli', 'main.js');
const fixtures = relative(process.cwd(), join(import.meta.dirname, '..', 'fixtures', 'verify'));
const tally = join(fixtures, 'tally.mjs');
const tallyChecks = join(fixtures, 'tally-checks.mjs');

/** Runs the CLI in this process with real files, keeping what it prints; `redraw` stands for a terminal. */
async function cli(argv: string[], terminal?: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  // processIo redraws when the runner's standard error is a terminal: these tests say which they stand for.
  const { redraw: _, ...files } = processIo;
  const io: Io = {
    ...files,
    out: (text) => void out.push(text),
    err: (text) => void err.push(text),
    ...(terminal === undefined ? {} : { redraw: (text: string) => void terminal.push(text) }),
  };
  const code = await run(argv, io);
  return { code, out: out.join('\n'), err };
}

let dir: string;
beforeAll(async () => {
  // Inside the repository, so that the logs' paths stay short and relative, as a person would type them.
  await mkdir(join(root, 'test-output'), { recursive: true });
  dir = relative(process.cwd(), await mkdtemp(join(root, 'test-output', 'verify-')));
});
afterAll(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe('plystack verify: the summary', () => {
  it('a clean game explored to the end exits 0: every opening exhausted, every check holds', async () => {
    // As on a terminal: a loaded machine can take past the 3 s after which a progress line would go to `err` instead.
    const { code, out, err } = await cli(['verify', `${tally}#mended`, '--seats', '2,3'], []);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^verify tally: 8 checks over 2 openings in \d+\.\d s$/);
    expect(lines[1]).toBe(
      '  checks: dead-end, can-end, legal-moves, refusal-changes-nothing, moves-keep-the-past, game-code-throws, fast-path, tally-at-most-5',
    );
    expect(lines[3]).toMatch(
      /^opening +result +states +distinct +depth +transitions +states\/s +bytes\/state +counters$/,
    );
    expect(lines[5]).toMatch(/^2 seats · seed 1 +exhausted +[\d,]+ +[\d,]+ +7 +[\d,]+ +[\d,]+ +[\d,]+ +dropped$/);
    expect(lines[6]).toMatch(/^3 seats · seed 1 +exhausted +[\d,]+ +[\d,]+ +9 +[\d,]+ +[\d,]+ +[\d,]+ +dropped$/);
    expect(lines.at(-1)).toBe('every check holds in every reachable state');
  });

  it('a built-in game stopped by a bound exits 0, and names the option that raises the bound', async () => {
    const { code, out, err } = await cli(['verify', 'mundane', '--depth', '2']);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out).toMatch(/^verify mundane: 12 checks over 1 opening in /);
    expect(out).toMatch(/\n2 seats · seed 1 +stopped by depth: raise --depth D +[\d,]+ +[\d,]+ +2 +/);
    expect(out.split('\n').at(-1)).toBe(
      'no check failed, but no opening was explored to the end: stopped by depth: raise --depth D',
    );
    const states = await cli(['verify', 'mundane', '--states', '20', '--json']);
    expect(states.code).toBe(0);
    expect(JSON.parse(states.out).runs[0].stoppedBy).toEqual({
      bound: 'states',
      raise: expect.stringContaining('--states N'),
    });
  });

  it('a planted bug exits 1; --out writes each counterexample as a log that replay plays to the broken state', async () => {
    const out = join(dir, 'logs');
    const result = await cli(['verify', '--game', tally, '--checks', tallyChecks, '--out', out]);
    expect(result.err).toEqual([]);
    expect(result.code).toBe(1);
    const lines = result.out.split('\n');
    expect(lines[0]).toMatch(/^verify tally: 10 checks over 1 opening in /);
    expect(lines[1]).toMatch(/, tally-at-most-5, tally below 4, a move adds at most 2$/);
    const from = lines.indexOf('2 violations:');
    expect(lines.slice(from + 1, from + 5)).toEqual([
      '  tally below 4 (invariant): the tally reached 4',
      `    2 seats · seed 1 · 2 moves · shows at 2 (after move 2) · log ${join(out, 'tally-below-4.json')}`,
      '  tally-at-most-5 (invariant): the tally is 6',
      `    2 seats · seed 1 · 3 moves · shows at 3 (after move 3) · log ${join(out, 'tally-at-most-5.json')}`,
    ]);
    expect(lines.at(-1)).toBe(
      `replay a log: plystack replay ${join(out, 'tally-below-4.json')} --game ${tally}; check it again: plystack replay ${join(out, 'tally-below-4.json')} --check --game ${tally} --checks ${tallyChecks}`,
    );
    expect((await readdir(out)).sort()).toEqual(['tally-at-most-5.json', 'tally-below-4.json']);

    const log = JSON.parse(await readFile(join(out, 'tally-at-most-5.json'), 'utf8'));
    expect(log).toMatchObject({
      game: 'tally',
      seats: ['seat:ann', 'seat:bob'],
      seed: 1,
      moves: [
        { type: 'two', seat: 'seat:ann' },
        { type: 'two', seat: 'seat:ann' },
        { type: 'two', seat: 'seat:ann' },
      ],
      violation: { check: 'tally-at-most-5', message: 'the tally is 6', at: 3 },
    });
    const replayed = await cli(['replay', join(out, 'tally-at-most-5.json'), '--game', tally, '--json']);
    expect(replayed.code).toBe(0);
    const doc = JSON.parse(replayed.out);
    expect(doc.applied).toBe(3);
    expect(doc.state.seats['seat:ann']).toEqual({ tally: 6 });
  });

  it('several openings of the same check get files of their own; names are made file-safe', async () => {
    const out = join(dir, 'sweep');
    const { code, out: text } = await cli(['verify', tally, '--seats', '2,3', '--seed', '1,x', '--out', out]);
    expect(code).toBe(1);
    expect((await readdir(out)).sort()).toEqual([
      'tally-at-most-5-2.json',
      'tally-at-most-5-3.json',
      'tally-at-most-5-4.json',
      'tally-at-most-5.json',
    ]);
    expect(text).toContain('3 seats · seed "x" · 3 moves');
    expect(fileSafe('life never below 0')).toBe('life-never-below-0');
    expect(fileSafe('../../etc/passwd')).toBe('etc-passwd');
    expect(fileSafe('..')).toBe('check');
    expect(fileSafe('x'.repeat(300))).toHaveLength(80);
    expect(fileNames(['Dead-End', 'dead-end', 'a b', 'a/b'])).toEqual(['Dead-End', 'dead-end-2', 'a-b', 'a-b-2']);
  });

  it("what a game's check says is printed with its control characters escaped", async () => {
    const { code, out: text } = await cli(['verify', tally, '--checks', join(fixtures, 'control-checks.mjs')]);
    expect(code).toBe(1);
    expect(text).toContain('  bell\\u0007 (invariant): line\\nbreak \\u001b[2J');
    // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not be printed
    expect(text).not.toMatch(/[\x00-\x09\x0b-\x1f]/);
  });
});

describe('plystack verify --json', () => {
  it('prints the report as one document: ok, game, checks, runs, violations with their logs and files', async () => {
    const out = join(dir, 'json');
    const { code, out: text, err } = await cli(['verify', tally, '--json', '--out', out]);
    expect(err).toEqual([]);
    expect(code).toBe(1);
    const doc = JSON.parse(text);
    expect(Object.keys(doc).sort()).toEqual(['checks', 'game', 'ok', 'runs', 'violations']);
    expect(doc).toMatchObject({ ok: false, game: 'tally' });
    expect(doc.checks).toContain('tally-at-most-5');
    expect(doc.runs).toHaveLength(1);
    expect(doc.runs[0]).toEqual({
      opening: { seats: ['seat:ann', 'seat:bob'], options: {}, seed: 1 },
      mode: 'exhaust',
      exhausted: true,
      stoppedBy: null,
      states: expect.any(Number),
      distinct: expect.any(Number),
      depth: 7,
      transitions: expect.any(Number),
      seconds: expect.any(Number),
      statesPerSecond: expect.any(Number),
      bytesPerState: expect.any(Number),
      counters: 'dropped',
      countersReason: expect.any(String),
    });
    expect(doc.violations).toHaveLength(1);
    const [v] = doc.violations;
    expect(v).toMatchObject({
      check: 'tally-at-most-5',
      kind: 'invariant',
      message: 'the tally is 6',
      opening: { seats: ['seat:ann', 'seat:bob'], options: {}, seed: 1 },
      at: 3,
      file: join(out, 'tally-at-most-5.json'),
    });
    expect(v.moves).toHaveLength(3);
    expect(v.log.violation).toEqual({ check: 'tally-at-most-5', message: 'the tally is 6', at: 3 });
    expect(JSON.parse(await readFile(v.file, 'utf8'))).toEqual(v.log);
  });
});

describe('plystack verify: bad usage', () => {
  it.each([
    [['verify'], /^GAME: give one game: a built-in game \(mundane, /],
    [['verify', 'chess'], /^GAME: no game "chess"; built in: mundane, /],
    [['verify', 'mundane', '--game', tally], /^GAME: give the game once: "mundane" or --game /],
    [['verify', '--game', join(fixtures, 'nope.mjs')], /^--game: cannot import ".*nope\.mjs": /],
    [['verify', 'mundane', '--seats', '9'], /^--seats: mundane seats 2 to 8 here, not 9$/],
    [
      ['verify', 'mundane', '--seats', '2,three'],
      /^--seats: whole numbers of seats, separated by commas, not "2,three"$/,
    ],
    [['verify', 'mundane', '--depth', '0'], /^--depth: a whole number, at least 1, not "0"$/],
    [['verify', 'mundane', '--states', '1e3'], /^--states: a whole number, at least 1, not "1e3"$/],
    [['verify', 'mundane', '--seconds', 'soon'], /^--seconds: a number of seconds above 0, not "soon"$/],
    [['verify', 'mundane', '--seed', '1,'], /^--seed: seeds separated by commas, not "1,"$/],
    [['verify', 'mundane', '--walks', '5'], /^--walks: only with --swarm$/],
    [['verify', 'mundane', '--swarm', '--walks', '0'], /^--walks: a whole number of walks, at least 1, not "0"$/],
    [['verify', 'mundane', '--tests'], /^--tests: only with --out DIR, where the tests go$/],
    [['verify', 'mundane', '--options', join(fixtures, 'no-such.json')], /^--options: cannot read ".*no-such\.json": /],
    [['verify', 'mundane', '--options', tally], /^--options: ".*tally\.mjs" is not JSON: /],
    [
      ['verify', 'mundane', '--options', join(fixtures, 'bad-options.json')],
      /^--options: options\.turns: INVALID_OPTIONS: /,
    ],
    [
      ['verify', 'mundane', '--checks', tally],
      /^--checks: ".*tally\.mjs" exports neither invariants nor moveProperties \(records of named functions\)$/,
    ],
    [
      ['verify', tally, '--checks', join(fixtures, 'clashing-checks.mjs')],
      /^--checks: ".*clashing-checks\.mjs": "tally-at-most-5" is already a check of tally or of plystack: give the property another name$/,
    ],
    [['verify', 'mundane', '--seed', ''], /^--seed: seeds separated by commas, not ""$/],
  ])('%j: exit 2 and one line naming the argument', async (argv, message) => {
    const { code, out, err } = await cli(argv);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(message);
    expect(err[0]).not.toContain('\n');
  });
});

describe('plystack verify: progress', () => {
  it('on a terminal, a progress line is redrawn in place and cleared before the result', async () => {
    const terminal: string[] = [];
    // Long enough for a few redraws (one each 100 ms) even when a loaded machine slows the run's start.
    const { code, out, err } = await cli(['verify', 'mundane', '--seconds', '1.2'], terminal);
    expect(code).toBe(0);
    expect(err).toEqual([]);
    expect(terminal.length).toBeGreaterThan(1);
    expect(terminal[0]).toMatch(
      /^verify mundane · 2 seats, seed 1 · [\d,]+ distinct states · depth \d+ · \d+\.\d s · 0 violations$/,
    );
    expect(terminal.at(-1)).toBe('');
    expect(out).toMatch(/stopped by seconds: raise --seconds S/);
  });

  it('the process: standard output holds the JSON document alone, progress lines go to standard error', async () => {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [bin, 'verify', 'mundane', '--seconds', '3.5', '--json'],
      { cwd: root },
    );
    const doc = JSON.parse(stdout);
    expect(doc.ok).toBe(true);
    expect(doc.runs[0].stoppedBy).toEqual({ bound: 'seconds', raise: expect.stringContaining('--seconds S') });
    const lines = stderr.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(line).toMatch(
        /^verify mundane · 2 seats, seed 1 · [\d,]+ distinct states · depth \d+ · \d+\.\d s · 0 violations$/,
      );
  });
});
