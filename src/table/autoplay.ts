/**
 * Playing a table by seeded random legal moves: the demo, and a source of
 * realistic games for tests and benchmarks.
 */
import type { AnyGame, MoveOf } from '../core/game.js';
import type { Move } from '../core/move.js';
import { type Seed, seededRandom } from '../core/random.js';
import { createTable, type Table } from './table.js';

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

/**
 * A legal move for one of the seats that may act now, chosen by `pick`
 * (an index into the allowed moves); undefined when nobody may act.
 *
 * @example
 * randomLegalMove(table, (n) => 0) // the first allowed move of the first seat to act
 */
export function randomLegalMove<Gm extends AnyGame>(
  table: Table<Gm>,
  pick: (count: number) => number,
): (MoveOf<Gm> & Move) | undefined {
  const seats = table.toAct();
  if (seats.length === 0) return undefined;
  const seat = seats[pick(seats.length)] as string;
  const allowed = stayingMoves(table, seat);
  return allowed.length === 0 ? undefined : allowed[pick(allowed.length)];
}

/**
 * The legal moves of `seat` that keep it at the table: a demo seat plays for
 * itself and stays, so leaving and auto-pass stops are offered only when they
 * are all it has.
 *
 * @example
 * stayingMoves(table, 'seat:ann') // every allowed move of seat:ann but engine.leave and engine.auto-pass
 */
export function stayingMoves<M extends Move>(
  table: { legalMoves(seat: string): { readonly allowed: readonly M[] } },
  seat: string,
): M[] {
  const all = table.legalMoves(seat).allowed;
  const staying = all.filter((move) => move.type !== 'engine.leave' && move.type !== 'engine.auto-pass');
  return staying.length > 0 ? staying : [...all];
}

/** Options of a demo game. */
export interface DemoOptions {
  readonly seats?: number;
  readonly seed?: Seed;
  readonly options?: unknown;
  /** Stop after this many moves even if the game is not over. */
  readonly maxMoves?: number;
}

/**
 * Opens a table of `game` and plays seeded random legal moves until the game
 * is over or `maxMoves` is reached. The same seed plays the same game.
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
