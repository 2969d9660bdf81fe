/**
 * Playing a table by seeded random legal moves: the demo, and a source of
 * realistic games for tests and benchmarks. A demo seat plays as the random
 * bot of plystack/bots does: the moves `botMoves` gives, weighed by the
 * game's hints.
 */

import { type Seed, seededRandom } from '../core/random.js';
import type { AnyGame } from '../definition/game.js';
import { createTable, type Table } from '../table/table.js';
import { randomLegalMove } from './botMoves.js';

/** Seat ids for demo tables, in table order. */
export const DEMO_SEATS = [
  'seat:ann',
  'seat:bob',
  'seat:cat',
  'seat:dan',
  'seat:eve',
  'seat:fay',
  'seat:gus',
  'seat:hal',
] as const;

/** Options of a demo game. */
export interface DemoOptions {
  readonly seats?: number;
  readonly seed?: Seed;
  readonly options?: unknown;
  /** Stop after this many moves even if the game is not over. */
  readonly maxMoves?: number;
}

/**
 * Opens a table of `game` and plays seeded random legal moves (`randomLegalMove`)
 * until the game is over or `maxMoves` is reached. The same seed plays the same game.
 *
 * @example
 * const table = playDemo(mundane, { seats: 2, seed: 7, options: { turns: 4 } })
 * table.state.status // 'over'
 */
export function playDemo(game: AnyGame, demo: DemoOptions = {}): Table {
  const seed = demo.seed ?? 1;
  const count = Math.min(
    Math.max(demo.seats ?? game.seats.min, game.seats.min),
    Math.min(game.seats.max, DEMO_SEATS.length),
  );
  const table = createTable(game, {
    table: `table:demo-${seed}`,
    seats: DEMO_SEATS.slice(0, count),
    seed,
    options: demo.options ?? {},
  });
  const random = seededRandom(`${seed}:moves`);
  const pick = (n: number) => random.int(0, n - 1);
  const limit = demo.maxMoves ?? 100_000;
  for (let i = 0; i < limit; i++) {
    const move = randomLegalMove(table, pick);
    if (move === undefined) break;
    table.play(move);
  }
  return table;
}
