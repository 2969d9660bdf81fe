/**
 * What a game may read of the turn structure at a table, as its callbacks (and
 * its hints for bots) get it. A module of its own that imports nothing at run
 * time: plystack/bots reads it without loading the engine.
 */

import type { SeatingView } from '../definition/records.js';
import type { TableContext } from './context.js';

/** What a game may read of the turn structure. */
export function seatingView(ctx: TableContext): SeatingView {
  return {
    seats: ctx.opening.seats,
    out: ctx.progression.out,
    activeSeat: ctx.turn.activeSeat,
    turn: ctx.turn.number,
    round: ctx.turn.round,
    movesThisTurn: ctx.progression.movesThisTurn,
    gamePhase: ctx.gamePhase,
    phase: ctx.phase,
    window: ctx.progression.window?.name ?? null,
  };
}
