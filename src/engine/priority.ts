/**
 * Priority: the consecutive passes counted, and priority moving on to the next seat or back to the active one.
 */

import { nextEligibleSeat } from '../order/seatOrder.js';
import type { Change, TableContext } from './context.js';

/** The consecutive-pass counter goes up by one. */
export function countPass(ctx: TableContext): Change {
  return { passes: ctx.passes + 1 };
}

/** Priority moves to the next seat still in the game, in the table's direction. */
export function priorityToNextSeat(ctx: TableContext): Change {
  if (ctx.prioritySeat === null) return {};
  const next = nextEligibleSeat(
    ctx.opening.seats,
    ctx.prioritySeat,
    ctx.turn.direction,
    (seat) => !ctx.progression.out.includes(seat),
  );
  return { prioritySeat: next ?? ctx.prioritySeat };
}

/** The active seat receives priority and the consecutive-pass counter resets. */
export function priorityToActiveSeat(ctx: TableContext): Change {
  return { prioritySeat: ctx.turn.activeSeat, passes: 0 };
}
