/**
 * A move's ply: what an accepted move (or an automatic pass) records, and its place at the end of the log.
 */

import type { Move } from '../core/move.js';
import type { Ply } from '../definition/records.js';
import { append } from '../log/plyLog.js';
import type { Checked } from './checked.js';
import { type Change, movesMade, type TableContext } from './context.js';
import type { EngineMoveModel } from './moves/engineMove.js';
import { pass } from './moves/pass.js';
import { actingSeat } from './rules.js';

/**
 * The ply an accepted move becomes. The actor is the seat that submitted it,
 * read from the state before the move.
 */
export function plyFor(ctx: TableContext, checked: Checked): Ply {
  const { move, definition, engine } = checked;
  const notation =
    definition !== undefined
      ? definition.notation({ payload: checked.parsed, options: ctx.opening.options })
      : (engine?.notation(move) ?? move.type);
  return {
    actor: move.seat ?? null,
    seat: plySeat(ctx, move, engine),
    move,
    notation,
    round: ctx.turn.round,
    playOrder: ctx.playOrder + 1,
    turn: ctx.turn.number,
    phase: ctx.phase,
    moveIndex: movesMade(ctx),
  };
}

/**
 * The seat whose column a ply takes: a game move's own seat (none for the
 * application's); an engine move's seat, or without one the seat holding
 * priority or the turn; none for an engine move of the table as a whole.
 */
function plySeat(ctx: TableContext, move: Move, engine: EngineMoveModel | undefined): string | null {
  if (engine === undefined) return move.seat ?? null;
  return engine.column === 'table' ? null : actingSeat(ctx, move);
}

/** The ply of a pass the engine makes for the seat holding priority. */
export function autoPassPly(ctx: TableContext): Ply {
  const move = { type: 'engine.pass', seat: ctx.prioritySeat as string };
  return {
    ...plyFor(ctx, { move, definition: undefined, engine: pass, parsed: undefined }),
    moveIndex: movesMade(ctx) - 1,
    automatic: true,
  };
}

/** Appends `ply` to the log: O(1), the history shared. */
export function recordPly(ctx: TableContext, ply: Ply): Change {
  return { plies: append(ctx.plies, ply), playOrder: ctx.playOrder + 1, undo: null };
}
