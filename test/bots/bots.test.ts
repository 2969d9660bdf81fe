import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Bot, botMoves, chooseSoon, mctsBot, randomBot } from '../../src/bots/index.js';
import { builtInGames, mundane } from '../../src/games/index.js';
import { type AnyGame, createTable, defineGame, type Table } from '../../src/index.js';
import { SEAT_NAMES } from '../property/arbitraries.js';

/** A table of `game` for its fewest seats, with the options its demo uses for a short game. */
function shortTable(game: AnyGame): Table {
  const options = game.demoOptions({ turns: 2 });
  return createTable(game, {
    table: `table:${game.id}`,
    seats: SEAT_NAMES.slice(0, Math.max(2, game.seats.min)),
    seed: 3,
    options: options as never,
  });
}

/** Lets `bot` choose every move until the game is over (or nothing is left to play); the number of moves played. */
function playOut(table: Table, bot: Bot, limit = 2_000): number {
  let moves = 0;
  while (table.state.status !== 'over' && moves < limit) {
    const move = bot.choose(table);
    if (move === null) break;
    table.play(move as never);
    moves++;
  }
  return moves;
}

/** Nim: take one or two stones each turn (a turn cannot be passed); whoever takes the last stone wins. */
const nim = defineGame({
  id: 'nim',
  seats: { min: 2, max: 2 },
  options: z.object({ stones: z.number().int().min(1).max(30).default(4) }).strict(),
  structure: { phases: [{ name: 'main', turns: { strategy: 'PerRound', movesPerTurn: 1, minMovesPerTurn: 1 } }] },
  setup: ({ options }) => ({ stones: options.stones, last: null as string | null }),
  moves: {
    take: {
      payload: z.object({ n: z.union([z.literal(1), z.literal(2)]) }).strict(),
      check: ({ game, payload }) =>
        payload.n > game.stones ? { reason: 'TOO_MANY', message: `only ${game.stones} left` } : null,
      candidates: ({ game }) => [{ n: 1 as const }, { n: 2 as const }].filter((c) => c.n <= game.stones),
      play: ({ game, seat, payload }) => ({ game: { stones: game.stones - payload.n, last: seat } }),
    },
  },
  endIf: ({ game }) => game.stones === 0,
  winners: ({ game }) => (game.last === null ? [] : [game.last]),
});

describe('bots', () => {
  it.each(Object.values(builtInGames).map((game) => ({ id: game.id, game })))(
    'a random bot plays $id to its end in under 1,000 moves, nobody leaving, for every one of ten seeds',
    ({ game }) => {
      for (let seed = 1; seed <= 10; seed++) {
        const table = shortTable(game);
        const moves = playOut(table, randomBot({ seed }), 1_000);
        expect(moves).toBeGreaterThan(0);
        expect(table.state.status, `seed ${seed}`).toBe('over');
        expect(table.log.moves.filter((move) => move.type === 'engine.leave')).toEqual([]);
        table.stop();
      }
    },
  );

  it.each(Object.values(builtInGames).map((game) => ({ id: game.id, game })))(
    'an MCTS bot of 8 playouts a move plays $id to its end in under 1,000 moves, nobody leaving',
    ({ game }) => {
      const table = shortTable(game);
      playOut(table, mctsBot({ seed: 5, iterations: 8, depth: 40 }), 1_000);
      expect(table.state.status).toBe('over');
      expect(table.log.moves.filter((move) => move.type === 'engine.leave')).toEqual([]);
    },
  );

  it('the same seed plays the same game, move for move', () => {
    const first = shortTable(mundane);
    const second = shortTable(mundane);
    playOut(first, randomBot({ seed: 9 }));
    playOut(second, randomBot({ seed: 9 }));
    expect(second.log).toEqual(first.log);
    const other = shortTable(mundane);
    playOut(other, randomBot({ seed: 10 }));
    expect(other.log.moves).not.toEqual(first.log.moves);
  });

  it('with four stones left, MCTS takes one (leaving three, a lost position for the other seat); the table is untouched', () => {
    const table = createTable(nim, {
      table: 'table:nim',
      seats: ['seat:ann', 'seat:bob'],
      seed: 1,
      options: { stones: 4 },
    });
    const move = mctsBot({ seed: 2, iterations: 300 }).choose(table, 'seat:ann');
    expect(move).toEqual({ type: 'take', seat: 'seat:ann', payload: { n: 1 } });
    expect(table.log.moves).toEqual([]);
  });

  it('with two stones left, MCTS takes both and wins; so does the same bot built again from the same seed', () => {
    const table = createTable(nim, {
      table: 'table:nim',
      seats: ['seat:ann', 'seat:bob'],
      seed: 1,
      options: { stones: 2 },
    });
    const choices = [1, 2].map(() => mctsBot({ seed: 4, iterations: 100 }).choose(table, 'seat:ann'));
    expect(choices).toEqual([
      { type: 'take', seat: 'seat:ann', payload: { n: 2 } },
      { type: 'take', seat: 'seat:ann', payload: { n: 2 } },
    ]);
  });

  it('a seat with nothing to play gets null', () => {
    const table = createTable(nim, {
      table: 'table:nim',
      seats: ['seat:ann', 'seat:bob'],
      seed: 1,
      options: { stones: 1 },
    });
    table.play({ type: 'take', seat: 'seat:ann', payload: { n: 1 } });
    expect(randomBot({ seed: 1 }).choose(table)).toBeNull();
    expect(mctsBot({ seed: 1 }).choose(table)).toBeNull();
  });

  it('an MCTS search run a playout at a time chooses what choose chooses, one step per playout', () => {
    const table = shortTable(mundane);
    for (let i = 0; i < 6; i++) {
      const seat = table.toAct()[0]!;
      const steps = mctsBot({ seed: `m${i}`, iterations: 12, depth: 30 }).steps!(table, seat);
      let taken = 0;
      let step = steps.next();
      for (; step.done !== true; step = steps.next()) taken++;
      const chosen = mctsBot({ seed: `m${i}`, iterations: 12, depth: 30 }).choose(table, seat);
      expect(step.value).toEqual(chosen);
      // A seat with a single move to consider (a pass, beside auto-pass stops and undo) gets it without a search.
      expect(taken).toBe(botMoves(table, seat).length > 1 ? 12 : 0);
      table.play(chosen as never);
    }
  });

  it('chooseSoon lets what waits on the event loop run during a search, and chooses the same move', async () => {
    const table = createTable(nim, {
      table: 'table:nim',
      seats: ['seat:ann', 'seat:bob'],
      seed: 1,
      options: { stones: 4 },
    });
    const ran: string[] = [];
    setImmediate(() => ran.push('waiting work'));
    const soon = chooseSoon(mctsBot({ seed: 2, iterations: 300 }), table, 'seat:ann', { sliceMs: 0 }).then((move) => {
      ran.push('search done');
      return move;
    });
    // The search has begun, and its first slice ended before anything else ran.
    expect(ran).toEqual([]);
    expect(await soon).toEqual(mctsBot({ seed: 2, iterations: 300 }).choose(table, 'seat:ann'));
    expect(ran).toEqual(['waiting work', 'search done']);
    // A bot without steps (one of your own) is asked once; the random bot has nothing to wait for.
    const own: Bot = {
      name: 'takes one',
      choose: (position, seat) => position.legalMoves(seat!).allowed.find((move) => move.type === 'take') ?? null,
    };
    expect(await chooseSoon(own, table, 'seat:ann')).toEqual({ type: 'take', seat: 'seat:ann', payload: { n: 1 } });
    expect(await chooseSoon(randomBot({ seed: 3 }), table, 'seat:ann')).toEqual(
      randomBot({ seed: 3 }).choose(table, 'seat:ann'),
    );
  });
});
