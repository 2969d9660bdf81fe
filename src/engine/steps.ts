/**
 * The table's bookkeeping as pure functions from a context to the fields that
 * change. The machine's actions are one line each, calling these.
 */
import type { AnyGame } from '../core/game.js';
import type { Move } from '../core/move.js';
import { append } from '../log/plyLog.js';
import { nextSeat } from '../order/seatOrder.js';
import { peek, pop, push, type StackItem } from '../stack/stack.js';
import type { Ply, TableContext } from './context.js';
import { actingSeat } from './rules.js';

type Change = Partial<TableContext>;

/**
 * The ply an accepted move becomes. The actor is the seat that submitted it,
 * read from the state before the move.
 */
export function plyFor(game: AnyGame, ctx: TableContext, move: Move): Ply {
  const definition = game.moves[move.type];
  const notation = definition ? definition.notation(definition.payload.parse(move.payload)) : move.type === 'engine.pass' ? 'pass' : move.type;
  return {
    actor: move.seat ?? null,
    seat: actingSeat(ctx, move),
    move,
    notation,
    round: ctx.turn.round,
    playOrder: ctx.playOrder + 1,
    turn: ctx.turn.number,
    phase: ctx.phase,
  };
}

/** Appends `ply` to the log: O(1), the history shared. */
export function recordPly(ctx: TableContext, ply: Ply): Change {
  return { plies: append(ctx.plies, ply), playOrder: ctx.playOrder + 1 };
}

/** The consecutive-pass counter goes up by one. */
export function countPass(ctx: TableContext): Change {
  return { passes: ctx.passes + 1 };
}

/** Priority moves to the next seat in the turn's direction. */
export function priorityToNextSeat(ctx: TableContext): Change {
  return ctx.prioritySeat === null ? {} : { prioritySeat: nextSeat(ctx.opening.seats, ctx.prioritySeat, ctx.turn.direction) };
}

/** The active seat receives priority and the consecutive-pass counter resets. */
export function priorityToActiveSeat(ctx: TableContext): Change {
  return { prioritySeat: ctx.turn.activeSeat, passes: 0 };
}

/**
 * Plays a game move that passed every check. When it puts an item on the
 * stack, the item takes the table's next stack id, and the active seat
 * receives priority with the pass counter reset.
 */
export function playGameMove(game: AnyGame, ctx: TableContext, move: Move): Change & { pushed?: StackItem } {
  const definition = game.moves[move.type];
  if (definition === undefined || move.seat === undefined) return {};
  const outcome = definition.play(ctx.game, move.seat, definition.payload.parse(move.payload), ctx.opening.options);
  if (outcome.stack === undefined) return { game: outcome.game };
  const item: StackItem = { id: ctx.nextStackId, seat: move.seat, card: outcome.stack.card, type: outcome.stack.type };
  return { game: outcome.game, stack: push(ctx.stack, item), nextStackId: ctx.nextStackId + 1, pushed: item, ...priorityToActiveSeat(ctx) };
}

/** The top item of the stack resolves: it leaves the stack and the game applies it. */
export function resolveTop(game: AnyGame, ctx: TableContext): Change & { resolved?: StackItem } {
  const item = peek(ctx.stack);
  if (item === undefined) return {};
  return { stack: pop(ctx.stack), game: game.resolve(ctx.game, item, ctx.opening.options), resolved: item };
}

/** A phase begins: the active seat receives priority. */
export function enterPhase(ctx: TableContext, phase: string): Change {
  return { phase, ...priorityToActiveSeat(ctx) };
}

/** Runs a game's housekeeping routine for the active seat. */
export function housekeeping(game: AnyGame, ctx: TableContext, routine: string): Change {
  const run = game.housekeeping[routine];
  if (run === undefined) return {};
  return { game: run(ctx.game, { activeSeat: ctx.turn.activeSeat, turn: ctx.turn.number, seats: ctx.opening.seats }, ctx.opening.options) };
}

/**
 * The turn passes to the next seat and the turn counter goes up; when the
 * turn comes back to the seat that opened the round, a new round begins.
 */
export function passTurn(ctx: TableContext): Change {
  const activeSeat = nextSeat(ctx.opening.seats, ctx.turn.activeSeat, ctx.turn.direction);
  const newRound = activeSeat === ctx.turn.roundOpener;
  return {
    turn: { ...ctx.turn, activeSeat, number: ctx.turn.number + 1, round: newRound ? ctx.turn.round + 1 : ctx.turn.round },
    playOrder: newRound ? 0 : ctx.playOrder,
  };
}

/** The game is over: nobody holds priority and the winners are named. */
export function finishGame(game: AnyGame, ctx: TableContext): Change {
  return { status: 'over', prioritySeat: null, passes: 0, winners: game.winners(ctx.game, ctx.opening.seats) };
}
