/**
 * The game's routines (a phase's onEnter, onLeave, onTurnStart, onTurnEnd, onMove) and what they read, and the rule for a seat game code names to act.
 */

import { GameCodeError } from '../core/errors.js';
import type { Move } from '../core/move.js';
import { type AnyGame, ownEntry } from '../definition/game.js';
import { phasePlan } from '../definition/structure.js';
import type { Change, TableContext } from './context.js';
import { eliminated } from './elimination.js';
import { seatingView } from './seatingView.js';

/** What a routine reads: the pieces, the options and the seating. */
export function routineContext(ctx: TableContext) {
  return { game: ctx.game, options: ctx.opening.options, seating: seatingView(ctx) };
}

/**
 * Runs one of the game's routines (a phase's onEnter, onLeave, onTurnStart, onTurnEnd, or after `move`, its onMove):
 * its pieces change, and seats it eliminates are out.
 */
export function runRoutine(game: AnyGame, ctx: TableContext, routine: string, move?: Move): Change {
  const run = ownEntry(game.routines, routine);
  if (run === undefined) return {};
  const base = routineContext(ctx);
  const outcome = run(move === undefined ? base : { ...base, move: { type: move.type, seat: move.seat ?? null } });
  return { game: outcome.game, progression: eliminated(ctx, ctx.progression, outcome) };
}

/** After `move`, the onMove routine of the game phase it was made in, if that phase names one; the routine reads the move. */
export function runOnMove(game: AnyGame, ctx: TableContext, move: Move): Change {
  const routine = phasePlan(ctx.opening.structure, ctx.gamePhase).onMove;
  return routine === undefined ? {} : runRoutine(game, ctx, routine, move);
}

/** `seat`, which game code at `where` named to act: it must be at the table and still in the game. */
export function seatInGame(ctx: TableContext, seat: unknown, where: string): string {
  if (typeof seat !== 'string' || !ctx.opening.seats.includes(seat) || ctx.progression.out.includes(seat))
    throw new GameCodeError(where, new Error(`${JSON.stringify(seat)?.slice(0, 80)} is not a seat still in the game`));
  return seat;
}
