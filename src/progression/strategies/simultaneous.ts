/**
 * Simultaneous: every seat in the game plays in the round and ends its own
 * turn; the round ends when no seat is waiting. A seat's moves count for
 * itself: one that made the phase's movesPerTurn (and owes no supplemental
 * plies) is done for the round. The chart's fragment is
 * machines/roundStates.ts.
 */
import type { Progression } from '../progression.js';
import { type StrategyModel, tableOrder } from './strategy.js';

/** `seat` is done for the round: it waits no more. */
const done = (progression: Progression, seat: string | null): Progression => ({
  ...progression,
  waiting: seat === null ? [] : progression.waiting.filter((s) => s !== seat),
});

export const simultaneous: StrategyModel = {
  name: 'Simultaneous',
  shape: 'rounds',
  delays: false,
  start: ({ base, eligible }) => ({ progression: { ...base, waiting: [...eligible] }, activeSeat: null }),
  next: () => ({
    ok: false,
    code: 'NO_ELIGIBLE_SEAT',
    message: 'Simultaneous has no single active seat to pass the turn from',
  }),
  holdsTurn: (progression, _activeSeat, seat) => progression.waiting.includes(seat),
  toAct: (progression) => [...progression.waiting],
  roundOrder: tableOrder,
  movesMade: (progression, seat) => progression.roundMoves?.[seat] ?? 0,
  countMove(progression, seat) {
    const made = (progression.roundMoves?.[seat] ?? 0) + 1;
    const counted = {
      ...progression,
      movesThisTurn: progression.movesThisTurn + 1,
      roundMoves: { ...progression.roundMoves, [seat]: made },
    };
    const limit = progression.rules.movesPerTurn;
    return limit !== undefined && made >= limit && progression.obligation === null ? done(counted, seat) : counted;
  },
  round: {
    endSeat: done,
    next: (progression, eligible) => ({ ...progression, waiting: eligible, movesThisTurn: 0, roundMoves: {} }),
  },
};
