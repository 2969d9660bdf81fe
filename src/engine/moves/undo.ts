/**
 * `engine.undo`: a seat takes back its own last ply while it is the table's
 * last and nothing has resolved, ended or been played since (the game
 * declares which moves are undoable).
 */
import { type Refusal, refusal } from '../../core/errors.js';
import { last } from '../../log/plyLog.js';
import type { TableContext } from '../context.js';
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
