/**
 * A bot reads only what its seat may see: the MCTS bot searches samples of what
 * the seat may not see, drawn by the game's `bots.determinize`, never the table
 * itself. guess shows it choosing otherwise when it cannot see the card that
 * decides the best move; on the built-in games, two tables its seat sees alike
 * get the same choice; a game that hides information without the hint, or a
 * hint that shows the seat another table, is refused with the hint named.
 */

import { describe, expect, it } from 'vitest';
import { seatSampler } from '../../src/bots/determinize.js';
import { HintError, mctsBot, randomBot } from '../../src/bots/index.js';
import { seededRandom } from '../../src/core/random.js';
import type { AnyGame } from '../../src/definition/game.js';
import { simulationAt } from '../../src/fast/simulation.js';
import { circularTable } from '../../src/games/circularTable/circularTable.js';
import { builtInGames, mundane, skirmish } from '../../src/games/index.js';
import { createTable, defineGame, extendGame, replay, type Table } from '../../src/index.js';
import { CARDS, guess } from '../support/guess.js';

const SEATS = ['seat:ann', 'seat:bob'];

const guessTable = (hand: (typeof CARDS)[number]) =>
  createTable(guess, { table: 'table:guess', seats: SEATS, seed: 1, options: { hand } });

describe('the MCTS bot searches only what its seat may see', () => {
  it('seeing bob’s card, ann names it; not seeing it, she folds, whatever he holds; the table is untouched', () => {
    for (const hand of CARDS) {
      const table = guessTable(hand);
      const before = JSON.stringify({ state: table.state, log: table.log });
      const seeing = mctsBot({ seed: 3, iterations: 60, omniscient: true }).choose(table, 'seat:ann');
      expect(seeing).toEqual({ type: 'name', seat: 'seat:ann', payload: { card: hand } });
      const blind = mctsBot({ seed: 3, iterations: 60 }).choose(table, 'seat:ann');
      expect(blind, `bob holds the ${hand}`).toEqual({ type: 'fold', seat: 'seat:ann' });
      // Asked for no seat, it plays for the seat that may act: ann.
      expect(mctsBot({ seed: 3, iterations: 60 }).choose(table)).toEqual(blind);
      expect(JSON.stringify({ state: table.state, log: table.log })).toBe(before);
    }
  });

  it.each([
    { id: 'mundane', game: mundane as AnyGame },
    { id: 'circular-table', game: circularTable as AnyGame },
    { id: 'skirmish', game: skirmish as AnyGame },
  ])('on $id, two tables its seat sees alike (the others’ secrets varied) get the same choice', ({ game }) => {
    const table = createTable(game, {
      table: `table:${game.id}`,
      seats: SEATS,
      seed: 5,
      options: game.demoOptions({ turns: 3 }) as never,
    });
    const random = randomBot({ seed: 2 });
    let compared = 0;
    for (let ply = 0; compared < 3 && table.state.status !== 'over' && ply < 200; ply++) {
      const seat = table.toAct()[0] as string;
      const twin = variedFor(table, seat);
      // Positions where the others' secrets differ, the seat having a choice to make.
      if (JSON.stringify(twin.state) !== JSON.stringify(table.state)) {
        expect(twin.viewFor(seat)).toEqual(table.viewFor(seat));
        const bot = () => mctsBot({ seed: ply, iterations: 12, depth: 20 });
        expect(bot().choose(twin, seat), `ply ${ply}`).toEqual(bot().choose(table, seat));
        compared++;
      }
      table.play(random.choose(table, seat) as never);
    }
    expect(compared).toBe(3);
  });

  it("a game's weight biases the search over samples as it biases the search of the table: of two moves as good, the heavier", () => {
    // Either move ends the game in a draw; bob's number, which ann cannot see, changes nothing.
    const even = defineGame({
      id: 'even',
      seats: { min: 2, max: 2 },
      structure: { phases: [{ name: 'main', turns: { strategy: 'PerRound', movesPerTurn: 1, minMovesPerTurn: 1 } }] },
      setup: ({ random }) => ({ secret: random.int(1, 6), done: false }),
      moves: {
        left: { play: ({ game }) => ({ game: { ...game, done: true } }) },
        right: { play: ({ game }) => ({ game: { ...game, done: true } }) },
      },
      endIf: ({ game }) => game.done,
      seatView: ({ game, seat }): { secret?: number } => (seat === 'seat:bob' ? { secret: game.secret } : {}),
      hiddenSeatView: () => ({}),
      bots: {
        weight: ({ move }) => (move.type === 'right' ? 20 : 1),
        determinize: ({ game, seat, random }) => (seat === 'seat:bob' ? game : { ...game, secret: random.int(1, 6) }),
      },
    });
    const table = createTable(even, { table: 'table:even', seats: SEATS, seed: 1 });
    for (let seed = 1; seed <= 10; seed++) {
      for (const omniscient of [true, false])
        expect(mctsBot({ seed, iterations: 30, omniscient }).choose(table, 'seat:ann'), `seed ${seed}`).toEqual({
          type: 'right',
          seat: 'seat:ann',
        });
    }
  });

  it.each(
    Object.values(builtInGames)
      .filter((game) => game.hidesInformation)
      .map((game) => ({ id: game.id, game })),
  )(
    "$id gives bots.determinize, and its samples show every seat the table it sees, other pieces than the table's",
    ({ game }) => {
      const table = createTable(game, {
        table: `table:${game.id}`,
        seats: ['seat:ann', 'seat:bob', 'seat:cat'].slice(0, Math.max(2, Math.min(3, game.seats.max))),
        seed: 8,
        options: game.demoOptions({ turns: 3 }) as never,
      });
      expect(game.bots.determinize).toBeTypeOf('function');
      const random = seededRandom(4);
      const bot = randomBot({ seed: 6 });
      let differed = 0;
      for (let ply = 0; table.state.status !== 'over' && ply < 60; ply++) {
        for (const seat of table.context.opening.seats) {
          // seatSampler refuses a sample that shows the seat another table; this reads it as the seat would, too.
          const sample = seatSampler(table.simulate(), seat)(random);
          expect(sample.viewFor(seat).state).toEqual(table.viewFor(seat).state);
          if (JSON.stringify(sample.state) !== JSON.stringify(table.state)) differed++;
        }
        table.play(bot.choose(table, table.toAct()[0]) as never);
      }
      expect(differed).toBeGreaterThan(0);
      expect(JSON.stringify(table.state)).toBe(JSON.stringify(replay(table.log, { games: { [game.id]: game } }).state));
    },
  );

  it('a game that hides information and gives no bots.determinize is refused with the hint named, unless the bot may see everything', () => {
    const blindless = extendGame(guess, { id: 'guess-unhinted', bots: {} });
    const table = createTable(blindless, { table: 'table:g', seats: SEATS, seed: 1, options: { hand: 'king' } });
    const choosing = () => mctsBot({ seed: 1, iterations: 20 }).choose(table, 'seat:ann');
    expect(choosing).toThrow(HintError);
    expect(choosing).toThrow(expect.objectContaining({ code: 'MISSING_HINT', hint: 'bots.determinize' }));
    expect(choosing).toThrow(/^guess-unhinted hides information from its seats .* gives no bots\.determinize/);
    expect(mctsBot({ seed: 1, iterations: 60, omniscient: true }).choose(table, 'seat:ann')).toEqual({
      type: 'name',
      seat: 'seat:ann',
      payload: { card: 'king' },
    });
    // The random bot searches nothing: it plays.
    expect(randomBot({ seed: 1 }).choose(table, 'seat:ann')).not.toBeNull();
  });

  it('a bots.determinize that shows the seat another table is refused, naming where', () => {
    const careless = extendGame(circularTable, {
      id: 'circular-careless',
      bots: {
        ...circularTable.bots,
        // Deals bob one card fewer: ann sees how many he holds.
        determinize: ({ game, seat }) => ({
          ...game,
          hands: { ...game.hands, 'seat:bob': seat === 'seat:bob' ? (game.hands['seat:bob'] ?? []) : [] },
        }),
      },
    });
    const table = createTable(careless, { table: 'table:c', seats: SEATS, seed: 4 });
    const choosing = () => mctsBot({ seed: 1, iterations: 5 }).choose(table, 'seat:ann');
    expect(choosing).toThrow(expect.objectContaining({ code: 'BAD_HINT', hint: 'bots.determinize' }));
    expect(choosing).toThrow(
      "circular-careless's bots.determinize drew pieces that show seat:ann another table: state.seats.seat:bob.cards differs",
    );
  });
});

/** The table as a simulation whose pieces differ from it only in what `seat` may not see (the game's `hidden.vary`). */
function variedFor(table: Table, seat: string) {
  const { game } = table;
  const ctx = table.context;
  const random = seededRandom(9);
  let pieces = ctx.game;
  for (const other of [...ctx.opening.seats.filter((s) => s !== seat), null])
    pieces = game.hidden!.vary({ game: pieces, seat: other, options: ctx.opening.options, random });
  return simulationAt(table.simulate(), { ...ctx, game: pieces });
}
