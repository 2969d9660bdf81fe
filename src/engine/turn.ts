/**
 * The turn passes on: the next seat under the phase's strategy, a seat's part of a simultaneous round, the next round, and the flags a move leaves for the turn's course.
 */

import { last } from '../log/plyLog.js';
import { strategyOf } from '../progression/strategies/index.js';
import { eligibleSeats, nextTurn } from '../progression/turns.js';
import { type Change, seatingOf, type TableContext } from './context.js';
import { clearStops } from './moves/autoPass.js';

/**
 * The turn passes on under the game phase's strategy and the turn counter
 * goes up; when the round ends, a new round begins and its play order restarts.
 */
export function passTurn(ctx: TableContext): Change {
  const next = nextTurn(ctx.progression, seatingOf(ctx));
  if (!next.ok) return {};
  const autoPass = clearStops(
    ctx.autoPass,
    (seat, stop) => stop.until === 'end-of-turn' || (stop.until === 'my-turn' && seat === next.activeSeat),
  );
  return {
    progression: next.progression,
    turn: {
      ...ctx.turn,
      activeSeat: next.activeSeat,
      number: ctx.turn.number + 1,
      round: next.roundEnded ? ctx.turn.round + 1 : ctx.turn.round,
    },
    playOrder: next.roundEnded ? 0 : ctx.playOrder,
    autoPass,
    undo: null,
  };
}

/** In a round where every seat ends its own turn, `seat` is done (no seat: the table ends it for everyone). */
export function endSeatTurn(ctx: TableContext, seat: string | undefined): Change {
  const round = strategyOf(ctx.progression.rules).round;
  return round === undefined ? {} : { progression: round.endSeat(ctx.progression, seat ?? null) };
}

/** Such a round ends and the next one begins with every seat still in the game: one turn more, one round more. */
export function nextSimultaneousRound(ctx: TableContext): Change {
  const round = strategyOf(ctx.progression.rules).round;
  if (round === undefined) return {};
  return {
    progression: round.next(ctx.progression, eligibleSeats(ctx.opening.seats, ctx.progression)),
    turn: { ...ctx.turn, number: ctx.turn.number + 1, round: ctx.turn.round + 1 },
    playOrder: 0,
    undo: null,
  };
}

/** Whether the turn that is ending ends its round: the next turn would start a new one (or no seat can take it). */
export function roundEndsWithTurn(ctx: TableContext): boolean {
  const next = nextTurn(ctx.progression, seatingOf(ctx));
  return !next.ok || next.roundEnded;
}

/** Whether a ply was recorded in the current turn: end conditions are asked only after a move made in it. */
export function movedThisTurn(ctx: TableContext): boolean {
  const ply = last(ctx.plies);
  return ply !== undefined && ply.turn === ctx.turn.number;
}

/** The chart took the move's flow request. */
export function clearFlow(): Change {
  return { flow: null };
}
