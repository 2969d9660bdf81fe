/**
 * A copy of a game whose callbacks note when they read the turn or round
 * number: a verification run leaves those counters out of its fingerprints
 * only while the game never reads them (a game that ends after N turns does).
 * The copy plays exactly as the game does.
 */

import type { AnyGame } from '../definition/game.js';
import type { SeatingView } from '../definition/records.js';

/** What the copy has seen the game read. */
export interface CounterReads {
  /** The first callback that read `seating.turn` or `seating.round`, or null. */
  read: string | null;
}

/**
 * The game, with every callback that reads the seating handed one that notes a read of `turn` or `round`.
 *
 * @example
 * const reads = { read: null }; createTable(watchCounters(mundane, reads), input)
 */
export function watchCounters(game: AnyGame, reads: CounterReads): AnyGame {
  const watched = (where: string, seating: SeatingView): SeatingView => new WatchedSeating(seating, reads, where);
  // biome-ignore lint/suspicious/noExplicitAny: a callback of any context shape; only its seating is replaced
  const wrap = <F extends (ctx: any) => any>(where: string, fn: F): F =>
    ((ctx: { seating?: SeatingView }) =>
      fn(
        ctx !== null && typeof ctx === 'object' && ctx.seating !== undefined
          ? { ...ctx, seating: watched(where, ctx.seating) }
          : ctx,
      )) as F;
  const record = <T>(of: { readonly [name: string]: T }, each: (name: string, value: T) => T) =>
    Object.freeze(Object.fromEntries(Object.entries(of).map(([name, value]) => [name, each(name, value)])));
  const copy: Record<string | symbol, unknown> = {
    ...game,
    moves: record(game.moves, (type, move) =>
      Object.freeze({
        ...move,
        check: wrap(`moves.${type}.check`, move.check),
        play: wrap(`moves.${type}.play`, move.play),
        candidates: wrap(`moves.${type}.candidates`, move.candidates),
      }),
    ),
    routines: record(game.routines, (name, routine) => wrap(`routines.${name}`, routine)),
    conditions: record(game.conditions, (name, condition) => wrap(`conditions.${name}`, condition)),
    orders: record(game.orders, (name, order) =>
      Object.freeze({
        ...(order.first === undefined ? {} : { first: wrap(`orders.${name}.first`, order.first) }),
        next: wrap(`orders.${name}.next`, order.next),
      }),
    ),
    mayEndTurn: wrap('mayEndTurn', game.mayEndTurn),
    mayTransition: wrap('mayTransition', game.mayTransition),
    resolve: wrap('resolve', game.resolve),
    endIf: wrap('endIf', game.endIf),
    winners: wrap('winners', game.winners),
  };
  // The game's brand (a symbol defineGame sets) comes along, so tables open the copy as the game it is.
  for (const symbol of Object.getOwnPropertySymbols(game))
    Object.defineProperty(copy, symbol, Object.getOwnPropertyDescriptor(game, symbol) as PropertyDescriptor);
  return Object.freeze(copy) as unknown as AnyGame;
}

/**
 * A seating whose turn and round note that they were read. A class, not a copy with accessors defined on it: a
 * callback is asked thousands of times a second, and objects of one shape stay fast.
 */
class WatchedSeating implements SeatingView {
  readonly seats: SeatingView['seats'];
  readonly out: SeatingView['out'];
  readonly activeSeat: SeatingView['activeSeat'];
  readonly movesThisTurn: number;
  readonly gamePhase: string;
  readonly phase: string;
  readonly window: string | null;
  readonly #turn: number;
  readonly #round: number;
  readonly #reads: CounterReads;
  readonly #where: string;

  constructor(seating: SeatingView, reads: CounterReads, where: string) {
    this.seats = seating.seats;
    this.out = seating.out;
    this.activeSeat = seating.activeSeat;
    this.movesThisTurn = seating.movesThisTurn;
    this.gamePhase = seating.gamePhase;
    this.phase = seating.phase;
    this.window = seating.window ?? null;
    this.#turn = seating.turn;
    this.#round = seating.round;
    this.#reads = reads;
    this.#where = where;
  }

  get turn(): number {
    this.#reads.read ??= `${this.#where} read seating.turn`;
    return this.#turn;
  }

  get round(): number {
    this.#reads.read ??= `${this.#where} read seating.round`;
    return this.#round;
  }
}
