/**
 * `plystack demo --bots`: the seats played by the bots of plystack/bots (the
 * random bot, the MCTS bot, or one per seat), seeded like the random demo, so
 * the same seed plays the same game; the log it writes replays to the same end.
 * The bots, like the random demo, play every move by the rule of `botMoves`.
 */

import { describe, expect, it } from 'vitest';
import { playDemo } from '../../src/bots/autoplay.js';
import type { Io } from '../../src/cli/io.js';
import { run } from '../../src/cli/main.js';
import { builtInGames } from '../../src/games/index.js';

import { expectPlayedByBotRule } from '../support/botRule.js';

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

describe('plystack demo --bots', () => {
  it('plays mundane with an MCTS bot and a random bot to its end, the same game for the same seed, and its log replays to that end', async () => {
    const args = ['demo', 'mundane', '--seed', '5', '--turns', '3', '--bots', 'mcts,random', '--iterations', '10'];
    const first = memoryIo();
    expect(await run([...args, '--log', 'bots.json'], first.io), first.err.join('\n')).toBe(0);
    expect(first.out[0]).toMatch(/over after turn 3/);
    expect(first.out[1]).toBe('bots: seat:ann mcts (10 playouts a move), seat:bob random');
    const second = memoryIo();
    expect(await run(args, second.io)).toBe(0);
    expect(second.out[0]).toBe(first.out[0]);

    const replayed = memoryIo({ 'bots.json': first.files['bots.json'] as string });
    expect(await run(['replay', 'bots.json', '--json'], replayed.io)).toBe(0);
    const doc = JSON.parse(replayed.out.join('\n'));
    expect(doc.state.status).toBe('over');
    expect(doc.applied).toBe(JSON.parse(first.files['bots.json'] as string).moves.length);
  });

  it('gives every seat the one bot named, and a different seed plays another game', async () => {
    const one = memoryIo();
    expect(
      await run(['demo', 'mundane', '--seats', '3', '--seed', '2', '--turns', '3', '--bots', 'random'], one.io),
    ).toBe(0);
    expect(one.out[1]).toBe('bots: seat:ann random, seat:bob random, seat:cat random');
    const other = memoryIo();
    expect(
      await run(['demo', 'mundane', '--seats', '3', '--seed', '3', '--turns', '3', '--bots', 'random'], other.io),
    ).toBe(0);
    expect(other.out[0]).not.toBe(one.out[0]);
  });

  it.each(Object.keys(builtInGames))('plays %s to its end with MCTS bots in every seat, nobody leaving', async (id) => {
    const played = memoryIo();
    expect(
      await run(['demo', id, '--turns', '2', '--bots', 'mcts', '--iterations', '8', '--log', 'game.json'], played.io),
      played.err.join('\n'),
    ).toBe(0);
    const log = JSON.parse(played.files['game.json'] as string);
    expect(log.moves.length).toBeGreaterThan(0);
    // Every move one a bot considers: no seat left, set an auto-pass stop or took a move back while it had others.
    expectPlayedByBotRule(log);
    const replayed = memoryIo({ 'game.json': played.files['game.json'] as string });
    expect(await run(['replay', 'game.json', '--json'], replayed.io)).toBe(0);
    expect(JSON.parse(replayed.out.join('\n')).state.status).toBe('over');
  });

  it.each(Object.keys(builtInGames))(
    'the random demo plays %s to its end by the same rule as the bots, for each of three seeds',
    (id) => {
      const game = builtInGames[id]!;
      for (let seed = 1; seed <= 3; seed++) {
        const table = playDemo(game, { seed, options: game.demoOptions({ turns: 6 }), maxMoves: 2_000 });
        expect(table.state.status, `seed ${seed}`).toBe('over');
        expectPlayedByBotRule(table.log);
        table.stop();
      }
    },
  );

  it.each([
    [['--bots', 'chess'], /^--bots: no bot "chess"; bots: random, mcts$/],
    [['--bots', 'random,mcts,random'], /^--bots: 3 bots for 2 seats: give one, or one per seat$/],
    [['--iterations', '5'], /^--iterations: for the MCTS bot, with --bots mcts$/],
    [['--bots', 'mcts', '--iterations', '0'], /^--iterations: a whole number of playouts, at least 1$/],
  ])('refuses %j with exit 2 and says why', async (flags, message) => {
    const refused = memoryIo();
    expect(await run(['demo', 'mundane', ...flags], refused.io)).toBe(2);
    expect(refused.err.join('\n')).toMatch(message);
    expect(refused.out).toEqual([]);
  });
});
