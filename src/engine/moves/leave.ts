/** `engine.leave`: a seat leaves (no payload), or the application removes one (`{ seat }`); the order skips it from now on. */

import { refusal } from '../../core/errors.js';
import { idSchema } from '../../core/move.js';
import { parseSchema, z } from '../../core/schema.js';
import type { Change, TableContext } from '../context.js';
import { withSeatsOut } from '../elimination.js';
import { priorityToNextSeat } from '../priority.js';
import { type EngineMoveModel, plain } from './engineMove.js';

const removal = z.strictObject({ seat: idSchema });

export const leave: EngineMoveModel = {
  ...plain,
  column: 'table',
  type: 'engine.leave',
  obligation: 'never',
  unused: (game) =>
    game.leaving ? null : refusal('REFUSED', `${game.id} has no leaving: every seat plays to the end`, 'NO_LEAVING'),
  payloadRefusal(_game, ctx, move) {
    if (move.seat !== undefined)
      return move.payload === undefined ? null : refusal('INVALID_PAYLOAD', 'a seat leaves with no payload');
    const parsed = parseSchema(removal, move.payload);
    if (!parsed.success) return refusal('INVALID_PAYLOAD', 'the table removes a seat with { seat }');
    if (!ctx.opening.seats.includes(parsed.data.seat))
      return refusal('UNKNOWN_SEAT', `${parsed.data.seat} is not at ${ctx.opening.table}`);
    return ctx.progression.out.includes(parsed.data.seat)
      ? refusal('REFUSED', `${parsed.data.seat} is already out`, 'SEAT_OUT')
      : null;
  },
  notation: (move) => (move.seat !== undefined ? 'leaves' : `removes ${(move.payload as { seat: string }).seat}`),
};

/** A seat leaves (or is removed): the order skips it from now on. */
export function removeSeat(ctx: TableContext, seat: string): Change {
  if (ctx.progression.out.includes(seat)) return {};
  const progression = withSeatsOut(ctx.progression, [seat]);
  return {
    progression,
    ...(ctx.prioritySeat === seat && ctx.prioritySeat !== ctx.turn.activeSeat
      ? priorityToNextSeat({ ...ctx, progression })
      : {}),
  };
}
