/**
 * `engine.undo`: a seat takes back its own last ply while it is the table's
 * last and nothing has resolved, ended or been played since (the game
 * declares which moves are undoable).
 */
import { type Refusal, refusal } from '../../core/errors.js';
import type { Move } from '../../core/move.js';
import { type AnyGame, gameMove } from '../../definition/game.js';
import { last } from '../../log/plyLog.js';
import type { Checked } from '../checked.js';
import type { Change, TableContext } from '../context.js';
import { type EngineMoveModel, parsePayload, plain } from './engineMove.js';

/**
 * Why `seat` may not take back its last ply now, or null.
 *
 * @example
 * undoRefusal(ctx, 'seat:bob') // { code: 'REFUSED', reason: 'NOT_YOUR_PLY', ... } right after seat:ann passed
 */
export function undoRefusal(ctx: TableContext, seat: string): Refusal | null {
  const ply = last(ctx.plies);
  if (ply === undefined) return refusal('REFUSED', 'no ply to take back yet', 'NOTHING_TO_UNDO');
  if (ply.actor !== seat)
    return refusal(
      'REFUSED',
      `the last ply is ${ply.actor ?? 'the table'}'s (${ply.notation}); ${seat} can take back only its own, while nobody has acted since`,
      'NOT_YOUR_PLY',
    );
  if (ctx.undo === null || ctx.undo.seat !== seat) {
    return refusal(
      'REFUSED',
      `${seat}'s last ply (${ply.notation}) cannot be taken back: its move type is not undoable, or the table has moved on since (a resolution, a phase or a turn)`,
      'NOT_UNDOABLE',
    );
  }
  return null;
}

export const undo: EngineMoveModel = {
  ...plain,
  type: 'engine.undo',
  needsSeat: true,
  payloadRefusal(_game, ctx, move) {
    const read = parsePayload(null, move);
    return read.ok ? undoRefusal(ctx, move.seat as string) : read.refusal;
  },
  notation: () => 'undo',
};

/** Whether `move` can be taken back: the game declares its type undoable (passes, in a priority game). */
export function isUndoable(game: AnyGame, ctx: TableContext, move: Move): boolean {
  if (move.seat === undefined) return false;
  if (move.type === 'engine.pass') return ctx.opening.structure.priority && game.undoablePasses;
  return gameMove(game, move.type)?.undoable === true;
}

/** What an undo of `move` would restore: the table before it (to keep beside the change the move makes). */
export function undoRecord(game: AnyGame, ctx: TableContext, { move }: Checked): Change {
  if (!isUndoable(game, ctx, move)) return {};
  const { prioritySeat, passes, stack, game: pieces, progression, autoPass } = ctx;
  return {
    undo: { seat: move.seat as string, before: { prioritySeat, passes, stack, game: pieces, progression, autoPass } },
  };
}

/** The seat takes back its last ply: the table's pieces and turn return to before it (the log keeps both plies). */
export function takeBack(ctx: TableContext): Change {
  return ctx.undo === null ? {} : { ...ctx.undo.before, undo: null };
}
