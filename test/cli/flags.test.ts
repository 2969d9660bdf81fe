/**
 * The CLI as a newcomer meets it: `--version`, help on every command (on
 * standard output, exit 0), and the user's own game as an ES module with
 * `--game` for `replay`, `demo` and `paths`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { usage } from '../../src/cli/commands.js';
import { commandNames, loadCommands, run } from '../../src/cli/main.js';
import { keepingIo } from '../support/cli.js';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'dist', 'cli', 'main.js');
const exec = promisify(execFile);
const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };

/** Runs the built bin; resolves with its exit code and streams. */
async function plystack(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec('node', [bin, ...args], { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('plystack --version', () => {
  it('prints the version of the package, with --version or -v, and exit 0', async () => {
    for (const flag of ['--version', '-v']) {
      const { io, out, err } = keepingIo();
      expect(await run([flag], io)).toBe(0);
      expect(out).toEqual([version]);
      expect(err).toEqual([]);
    }
    const { io, err } = keepingIo();
    expect(await run(['--version', 'extra'], io)).toBe(2);
    expect(err.join('\n')).toMatch(/^--version: takes no arguments, not "extra"/);
  });
});

// Each command's module loads only when the command runs or its help is printed (main.ts); here, all of them.
const commands = await loadCommands();

describe('plystack help', () => {
  it('lists each command under the name its module gives it, in the order help prints them', () => {
    expect(commands.map((c) => c.name)).toEqual(commandNames);
  });

  it('with no arguments, --help, -h or help: the general help on standard output, exit 0', async () => {
    for (const argv of [[], ['--help'], ['-h'], ['help']]) {
      const { io, out, err } = keepingIo();
      expect(await run(argv, io)).toBe(0);
      expect(err).toEqual([]);
      const text = out.join('\n');
      expect(text).toMatch(/^plystack: a game's turn structure as XState statecharts/);
      expect(text).toContain('--version, -v: print the version of plystack');
      for (const command of commands) expect(text).toContain(usage(command));
    }
  });

  it('every command answers --help and -h with its usage on standard output, exit 0, even beside arguments it would refuse', async () => {
    for (const command of commands) {
      for (const argv of [
        [command.name, '--help'],
        [command.name, '-h'],
        [command.name, '--no-such-flag', '--help'],
        ['help', command.name],
      ]) {
        const { io, out, err } = keepingIo();
        expect(await run(argv, io), argv.join(' ')).toBe(0);
        expect(err, argv.join(' ')).toEqual([]);
        expect(out.join('\n')).toBe(usage(command));
        expect(out.join('\n')).toMatch(
          new RegExp(`^plystack ${command.name} [^\\n]*\\n[^\\n]*\\n[\\s\\S]*  --help, -h: print this help$`),
        );
      }
    }
    // After --, --help is an argument like any other: replay looks for a file of that name.
    const { io, err } = keepingIo();
    expect(await run(['replay', '--', '--help'], io)).toBe(2);
    expect(err.join('\n')).toMatch(/^FILE: cannot read "--help"/);
  });

  it('help for a command that does not exist is exit 2 naming it', async () => {
    const { io, out, err } = keepingIo();
    expect(await run(['help', 'chess'], io)).toBe(2);
    expect(out).toEqual([]);
    expect(err.join('\n')).toMatch(/^help: no command "chess"; commands: replay, demo/);
  });

  it('the bin prints help and the version on standard output with exit 0, and nothing on standard error', async () => {
    // Three processes of the bin, started at once: none reads what another writes.
    const [bare, pathsHelp, versionFlag] = await Promise.all([
      plystack(),
      plystack('paths', '--help'),
      plystack('--version'),
    ]);
    expect(bare).toMatchObject({ code: 0, stderr: '' });
    expect(bare.stdout).toMatch(/^plystack: a game's turn structure/);
    expect(pathsHelp).toMatchObject({
      code: 0,
      stderr: '',
      stdout: `${usage(commands.find((c) => c.name === 'paths')!)}\n`,
    });
    expect(versionFlag).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });
});

describe('--game MODULE: your own game, for replay, demo and paths', () => {
  let dir: string;
  const file = (name: string) => join(dir, name);
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'plystack-game-'));
    const plystackUrl = pathToFileURL(join(root, 'dist', 'index.js')).href;
    // A two-seat game: each seat flips a coin on its turn; the first to two heads ends the game.
    await writeFile(
      file('coin.mjs'),
      `import { defineGame } from '${plystackUrl}';
export default defineGame({
  id: 'coin',
  seats: { min: 2, max: 2 },
  setup: ({ seats }) => ({ heads: Object.fromEntries(seats.map((seat) => [seat, 0])) }),
  moves: { flip: { play: ({ game, seat }) => ({ game: { heads: { ...game.heads, [seat]: game.heads[seat] + 1 } } }) } },
  seatView: ({ game, seat }) => ({ heads: game.heads[seat] }),
  endIf: ({ game }) => Object.values(game.heads).some((heads) => heads >= 2),
});
`,
    );
    await writeFile(
      file('two.mjs'),
      `export { default as coin } from './coin.mjs';\nexport { mundane } from '${pathToFileURL(join(root, 'dist', 'games', 'mundane', 'mundane.js')).href}';\n`,
    );
    await writeFile(file('none.mjs'), 'export const answer = 42;\n');
    await writeFile(file('lookalike.mjs'), "export default { id: 'coin', seats: { min: 2, max: 2 }, moves: {} };\n");
    await writeFile(file('throws.mjs'), "throw new Error('broken on import');\n");
    // A long coin game (the first to 1,000 heads), whose bot hint scores an unfinished playout 1.5 (out of 0 to 1).
    await writeFile(
      file('overrated.mjs'),
      `import { extendGame } from '${plystackUrl}';\nimport coin from './coin.mjs';\nexport default extendGame(coin, { id: 'overrated', endIf: ({ game }) => Object.values(game.heads).some((heads) => heads >= 1000), bots: { evaluate: () => 1.5 } });\n`,
    );
    // The coin game with each seat's heads hidden from the others, and no bots.determinize.
    await writeFile(
      file('secretive.mjs'),
      `import { extendGame } from '${plystackUrl}';\nimport coin from './coin.mjs';\nexport default extendGame(coin, { id: 'secretive', hiddenSeatView: () => ({}) });\n`,
    );
  });

  it('demo with a bot hint out of its range says it, naming the hint, with exit 1 and no stack trace', async () => {
    const demo = keepingIo();
    const args = ['demo', '--game', file('overrated.mjs'), '--bots', 'mcts', '--iterations', '3'];
    expect(await run(args, demo.io)).toBe(1);
    expect(demo.err.join('\n')).toBe(
      "bots.evaluate: BAD_HINT: overrated's bots.evaluate gave 1.5 for seat:ann: a value from 0 to 1",
    );
    expect(demo.out).toEqual([]);
  });

  it('demo with an MCTS bot at a game that hides information and gives no bots.determinize says so in one line, exit 1', async () => {
    const demo = keepingIo();
    const args = ['demo', '--game', file('secretive.mjs'), '--bots', 'mcts', '--iterations', '3'];
    expect(await run(args, demo.io)).toBe(1);
    expect(demo.err.join('\n')).toMatch(
      /^bots\.determinize: MISSING_HINT: secretive hides information from its seats \(hiddenSeatView or secret move fields\) and gives no bots\.determinize: .*omniscient: true/,
    );
    expect(demo.err).toHaveLength(1);
    expect(demo.out).toEqual([]);
    // Random bots search nothing: they play it.
    expect(await run(['demo', '--game', file('secretive.mjs'), '--bots', 'random'], keepingIo().io)).toBe(0);
  });

  it('demo plays it and writes its log; replay replays that log with the same --game, and without it names the game it lacks', async () => {
    const demo = keepingIo();
    expect(
      await run(['demo', '--game', file('coin.mjs'), '--log', file('coin.json')], demo.io),
      demo.err.join('\n'),
    ).toBe(0);
    expect(demo.out[0]).toMatch(/^coin v1 · table:demo-1 · seed 1 · \d+ plies/);
    expect(demo.out[0]).toMatch(/over after turn \d+ · winners: seat:\w+/);
    const log = JSON.parse(await readFile(file('coin.json'), 'utf8'));
    expect(log.game).toBe('coin');

    const again = keepingIo();
    expect(await run(['replay', file('coin.json'), '--game', file('coin.mjs')], again.io), again.err.join('\n')).toBe(
      0,
    );
    // The demo's report and the replay's are the same table.
    expect(again.out.join('\n')).toBe(demo.out[0]);

    const json = keepingIo();
    expect(await run(['replay', file('coin.json'), '--json', '--game', `${file('two.mjs')}#coin`], json.io)).toBe(0);
    expect(JSON.parse(json.out.join('\n'))).toMatchObject({
      ok: true,
      applied: log.moves.length,
      state: { status: 'over' },
    });

    const builtIns = keepingIo();
    expect(await run(['replay', file('coin.json')], builtIns.io)).toBe(2);
    expect(builtIns.err.join('\n')).toMatch(/^game: UNKNOWN_GAME: .*no game "coin"; known: mundane, sandbox/);
    const otherGame = keepingIo();
    expect(await run(['replay', file('coin.json'), '--game', `${file('two.mjs')}#mundane`], otherGame.io)).toBe(2);
    expect(otherGame.err.join('\n')).toMatch(/^game: UNKNOWN_GAME: .*no game "coin"; known: mundane$/);
  });

  it('paths --game writes its tests into folders it creates, importing plystack by name and the game by a relative path', async () => {
    const out = file(join('new', 'folder', 'coin.test.ts'));
    const { io, out: printed, err } = keepingIo();
    expect(await run(['paths', '--game', file('coin.mjs'), '--out', out], io), err.join('\n')).toBe(0);
    expect(printed.join('\n')).toMatch(/coverage coin: states \d+\/\d+/);
    const text = await readFile(out, 'utf8');
    expect(text).toContain(
      "import { createTable, IllegalMove, InvalidTable, type AnyGame, type Move } from 'plystack';",
    );
    expect(text).not.toContain('plystack/games');
    expect(text).toContain("import gameExport from '../../coin.mjs';");
    expect(text).not.toContain('file://');
    expect(text).toContain(`plystack paths --game ${file('coin.mjs')} --seats 2`);
    // No plystack is installed in a temporary folder: the command says so, and how to fix it.
    expect(err.join('\n')).toMatch(
      /^note: the file imports plystack by name, and plystack is not installed where .* can import it: npm install --save-dev plystack there/,
    );
  });

  it.each([
    [['demo', '--game', './no/such/game.mjs'], /^--game: cannot import "\.\/no\/such\/game\.mjs": /],
    [
      ['demo', '--game', 'none.mjs'],
      /^--game: "none\.mjs" exports no game made with defineGame \(as its default export or a named one\)$/,
    ],
    [
      ['replay', 'coin.json', '--game', 'lookalike.mjs'],
      /^--game: "lookalike\.mjs" exports no game made with defineGame/,
    ],
    [['paths', '--game', 'two.mjs'], /^--game: "two\.mjs" exports 2 games \(coin, mundane\): name one, two\.mjs#coin$/],
    [['paths', '--game', 'coin.mjs#nope'], /^--game: "coin\.mjs" has no export named "nope"$/],
    [
      ['paths', '--game', 'none.mjs#answer'],
      /^--game: "none\.mjs" exports "answer", but it is not a game made with defineGame$/,
    ],
    [['demo', '--game', 'throws.mjs'], /^--game: cannot import "throws\.mjs": broken on import$/],
    [['demo', 'mundane', '--game', 'coin.mjs'], /^GAME: give the game once: "mundane" or --game "coin\.mjs"$/],
    [['paths', 'mundane', '--game', 'coin.mjs'], /^GAME: give the game once: "mundane" or --game "coin\.mjs"$/],
  ])('%j is exit 2 naming the problem', async (argv, message) => {
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const { io, out, err } = keepingIo();
      expect(await run(argv, io)).toBe(2);
      expect(out).toEqual([]);
      expect(err.join('\n')).toMatch(message);
    } finally {
      process.chdir(cwd);
    }
  });
});
