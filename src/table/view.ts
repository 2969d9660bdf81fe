/**
 * What a table shows the outside: its public state and its log, in the shapes
 * of CONTRACT.md. Internal bookkeeping (the round opener, the stack counter,
 * the log's chunks) stays out.
 */
import type { AnyGame } from '../core/game.js';
import type { JsonValue, Move } from '../core/move.js';
import type { Seed } from '../core/random.js';
import type { TableContext } from '../engine/context.js';
import { seatsToAct } from '../engine/legalMoves.js';
import { toArray } from '../log/plyLog.js';
import type { Direction } from '../order/seatOrder.js';
import type { StackItem } from '../stack/stack.js';

/** A table's public state (CONTRACT.md, `state`). */
export interface TableState {
  readonly status: 'playing' | 'over';
  readonly phase: string;
  readonly turn: number;
  readonly round: number;
  readonly activeSeat: string | null;
  readonly prioritySeat: string | null;
  readonly passes: number;
  readonly direction: Direction;
  readonly toAct: string[];
  /** Bottom first, top last. */
  readonly stack: StackItem[];
  readonly winners: string[];
  readonly seats: { [seat: string]: { [key: string]: JsonValue } };
  /** plystack's additions: the game's table-wide public state, the game phase, seats out of the game, and an open supplemental obligation. */
  readonly game: { [key: string]: JsonValue };
  readonly gamePhase: string;
  readonly out: string[];
  readonly obligation: { readonly seat: string; readonly remaining: number } | null;
}

/** The truth of a table: replaying it rebuilds the same state (CONTRACT.md, "The log"). */
export interface TableLog {
  readonly game: string;
  readonly version: string;
  readonly table: string;
  readonly seats: string[];
  readonly seed: Seed;
  readonly options: { [key: string]: JsonValue };
  readonly moves: Move[];
}

/**
 * The public state of a table.
 *
 * @example
 * stateView(mundane, ctx).prioritySeat // 'seat:ann'
 */
export function stateView(game: AnyGame, ctx: TableContext): TableState {
  const seats: TableState['seats'] = {};
  if (ctx.opening.problem === null) for (const seat of ctx.opening.seats) seats[seat] = game.seatView(ctx.game, seat);
  return {
    status: ctx.status,
    phase: ctx.phase,
    turn: ctx.turn.number,
    round: ctx.turn.round,
    activeSeat: ctx.turn.activeSeat,
    prioritySeat: ctx.prioritySeat,
    passes: ctx.passes,
    direction: ctx.progression.circular?.direction ?? ctx.turn.direction,
    toAct: seatsToAct(ctx),
    stack: ctx.stack.map((item) => ({ ...item })),
    winners: [...ctx.winners],
    seats,
    game: ctx.opening.problem === null ? (game.publicView?.(ctx.game) ?? {}) : {},
    gamePhase: ctx.gamePhase,
    out: [...ctx.progression.out],
    obligation: ctx.progression.obligation,
  };
}

/**
 * The log of a table: its opening and every accepted move, in order.
 *
 * @example
 * logView(mundane, ctx).moves.length // the number of plies
 */
export function logView(game: AnyGame, ctx: TableContext): TableLog {
  return {
    game: game.id,
    version: game.version,
    table: ctx.opening.table,
    seats: [...ctx.opening.seats],
    seed: ctx.opening.seed,
    options: ctx.opening.givenOptions as { [key: string]: JsonValue },
    // A pass the engine made under an auto-pass stop is not a move: replaying the stop makes it again.
    moves: toArray(ctx.plies).flatMap((ply) => (ply.automatic ? [] : [ply.move])),
  };
}
