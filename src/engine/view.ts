/**
 * What a table shows the outside: its public state and its log, in the shapes
 * of docs/contract.md. Internal bookkeeping (the round opener, the stack counter,
 * the log's chunks) stays out.
 */

import type { JsonValue, Move } from '../core/move.js';
import type { Seed } from '../core/random.js';
import { type AnyGame, gameMove } from '../definition/game.js';
import type { Ply, TableState } from '../definition/records.js';
import { phasePlan } from '../definition/structure.js';
import { toArray } from '../log/plyLog.js';
import { structureRevision } from '../progression/rules.js';
import { eligibleSeats, roundOrder, scheduledSeat } from '../progression/turns.js';
import { seatingOf, type TableContext } from './context.js';
import { seatsToAct } from './legalMoves.js';
import { seatingView } from './rules.js';

/** Who looks at a table: a seat id, or null for a spectator. */
export type Viewer = string | null;

/**
 * Throws a RangeError unless `viewer` is one of the table's seats or null (a spectator).
 *
 * @example
 * checkViewer(ctx, 'seat:zed') // RangeError: seat:zed is not at table:1: …
 */
export function checkViewer(ctx: TableContext, viewer: Viewer): void {
  if (viewer !== null && !ctx.opening.seats.includes(viewer))
    throw new RangeError(
      `${String(viewer).slice(0, 140)} is not at ${ctx.opening.table}: a viewer is one of its seats, or null for a spectator`,
    );
}

/** The table as one viewer may see it: its state and its plies. */
export interface TableViewFor<V> {
  readonly state: TableState<V>;
  readonly plies: Ply[];
}

/** The truth of a table: replaying it rebuilds the same state (docs/contract.md, "The log"). */
export interface TableLog {
  readonly game: string;
  readonly version: string;
  readonly table: string;
  readonly seats: string[];
  readonly seed: Seed;
  readonly options: { [key: string]: JsonValue };
  /** plystack's addition: the revision of the turn rules the table was opened with (a replay is refused against others). */
  readonly rulesRevision: number;
  readonly moves: Move[];
}

/**
 * The state of a table as `viewer` may see it: each seat as the game shows it
 * to that viewer (its own seat in full, the others through the game's
 * `hiddenSeatView`). Without a viewer, the omniscient state.
 *
 * @example
 * stateView(mundane, ctx).seats['seat:bob'].hand            // bob's cards
 * stateView(mundane, ctx, 'seat:ann').seats['seat:bob'].hand // how many bob holds
 */
export function stateView(game: AnyGame, ctx: TableContext, viewer?: Viewer): TableState {
  const seats: TableState['seats'] = {};
  const { options } = ctx.opening;
  if (ctx.opening.problem === null) {
    for (const seat of ctx.opening.seats) {
      const own = game.seatView({ game: ctx.game, seat, options });
      seats[seat] =
        viewer === undefined || viewer === seat
          ? own
          : game.hiddenSeatView({ game: ctx.game, seat, viewer, options, view: own });
    }
  }
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
    game: ctx.opening.problem === null ? game.publicView({ game: ctx.game, options }) : {},
    gamePhase: ctx.gamePhase,
    out: [...ctx.progression.out],
    obligation: ctx.progression.obligation === null ? null : { ...ctx.progression.obligation },
    window:
      ctx.progression.window === undefined
        ? null
        : { name: ctx.progression.window.name, waiting: [...ctx.progression.window.waiting] },
    ...turnFields(ctx),
  };
}

/** The turn as the state publishes it: the strategy, the round's order, the next scheduled seat, the turn's moves and the outcome. */
function turnFields(
  ctx: TableContext,
): Pick<TableState, 'strategy' | 'order' | 'nextSeat' | 'movesThisTurn' | 'outcome'> {
  const over = ctx.status === 'over';
  const playing = !over && ctx.opening.problem === null;
  const seating = seatingOf(ctx);
  // Under the game's order, the next seat is known once a move or the order has named it (as the turn ends), and the
  // round's order shows the seats that have acted in it, then the others in table order.
  const byGame = ctx.opening.problem === null && phasePlan(ctx.opening.structure, ctx.gamePhase).order !== undefined;
  const undecided = byGame && ctx.progression.chosen === undefined;
  const order = byGame
    ? [
        ...ctx.progression.acted,
        ...eligibleSeats(ctx.opening.seats, ctx.progression).filter((s) => !ctx.progression.acted.includes(s)),
      ]
    : ctx.opening.problem === null
      ? roundOrder(ctx.progression, seating)
      : [];
  return {
    strategy: ctx.progression.rules.strategy,
    order,
    nextSeat: playing && !undecided ? scheduledSeat(ctx.progression, seating) : null,
    movesThisTurn: ctx.progression.movesThisTurn,
    outcome: over && ctx.opening.problem === null ? { winners: [...ctx.winners], draw: ctx.draw === true } : null,
  };
}

/**
 * The state as `viewer` (a seat id, or null for a spectator) may see it; a RangeError for a viewer not at the table.
 *
 * @example
 * stateFor(mundane, ctx, 'seat:ann').seats['seat:bob'].hand // how many bob holds
 */
export function stateFor(game: AnyGame, ctx: TableContext, viewer: Viewer): TableState {
  checkViewer(ctx, viewer);
  return stateView(game, ctx, viewer);
}

/**
 * The table as `viewer` may see it, its state and every ply, as a copy the caller may keep; a RangeError for a viewer
 * not at the table. What `table.viewFor` gives, and a past point's or a simulation's `viewFor`.
 *
 * @example
 * viewFor(skirmish, ctx, 'seat:b').plies[0].move.payload // {} while seat:a's orders are secret
 */
export function viewFor(game: AnyGame, ctx: TableContext, viewer: Viewer): TableViewFor<TableState['seats'][string]> {
  const state = stateFor(game, ctx, viewer);
  return structuredClone({ state, plies: toArray(ctx.plies).map((ply, i) => plyView(game, ctx, ply, i, viewer)) });
}

/**
 * A ply as `viewer` may see it: the payload fields its move declares secret
 * are left out unless the viewer made the move or the game has revealed them.
 *
 * @example
 * plyView(skirmish, ctx, ply, 0, 'seat:b').move.payload // {} while seat:a's orders are secret
 */
export function plyView(game: AnyGame, ctx: TableContext, ply: Ply, index: number, viewer: Viewer): Ply {
  const secret = gameMove(game, ply.move.type)?.secret ?? [];
  const payload = ply.move.payload;
  if (secret.length === 0 || typeof payload !== 'object' || payload === null || Array.isArray(payload)) return ply;
  if (viewer !== null && viewer === ply.actor) return ply;
  const shown = game.revealed({
    game: ctx.game,
    options: ctx.opening.options,
    seating: seatingView(ctx),
    ply: { actor: ply.actor, type: ply.move.type, turn: ply.turn, round: ply.round, phase: ply.phase, index },
  });
  if (shown) return ply;
  const kept: { [key: string]: JsonValue } = {};
  for (const [key, value] of Object.entries(payload)) if (!secret.includes(key)) kept[key] = value;
  return { ...ply, move: { ...ply.move, payload: kept } };
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
    rulesRevision: structureRevision(ctx.opening.structure),
    // A pass the engine made under an auto-pass stop is not a move: replaying the stop makes it again.
    moves: toArray(ctx.plies).flatMap((ply) => (ply.automatic ? [] : [ply.move])),
  };
}
